"""Budgets per message and per sender (issue 19): a small mail never makes
the judge do or send a lot, nobody is subscribed by someone else, and
guessing passwords is told to the seat's holder and slowed, then stopped."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from harness import HOLDS, MASTER, PLAYERS, Judge, form_game, password, signon

from judge.config import Budgets

ATTACKER = "eve@evil.example"
VICTIM = "victim@example.net"


def budgeted(tmp_path, **changes) -> Judge:
    judge = Judge(tmp_path / "judge.db")
    judge.service.budgets = Budgets(**changes)
    return judge


def reply_to(out, address):
    return next(m for m in out if m.to == (address,))


# -- commands, reply size, repeated answers --


def test_a_message_is_read_up_to_its_budget_of_commands(judge):
    form_game(judge)
    body = "\n".join(f"WHOGAME alpha {i}" for i in range(80))
    out = judge.send(ATTACKER, body)
    assert len(out) == 1
    text = out[0].body
    assert text.count("> WHOGAME alpha") == 51  # 50 read, the 51st named
    assert "Only the first 50 commands of a message are read" in text
    assert "WHOGAME alpha 50\n" in text and "WHOGAME alpha 51" not in text


def test_orders_do_not_count_against_the_budget_of_commands(judge):
    form_game(judge)
    orders = "\n".join([HOLDS["FRANCE"]] * 30)  # 90 order lines
    out = judge.send(judge.seat("FRANCE"), f"{signon(judge, 'FRANCE')}\n{orders}")
    assert "Only the first" not in out[0].body
    stored = judge.row("SELECT count(*) FROM svc_orders WHERE power = 'FRANCE'")
    assert stored == (3,)


@pytest.mark.parametrize("times", [2, 1000])
def test_help_is_answered_once_however_often_asked(judge, times):
    out = judge.send(ATTACKER, "HELP\n" * times)
    body = out[0].body
    assert len(out) == 1
    assert body.count("This is the Diplomacy judge") == 1
    assert len(body) < 12_000


def test_unknown_lines_by_the_thousand_make_a_short_reply(judge):
    body = "\n".join(f"xyzzy{i} plugh" for i in range(85_000))
    out = judge.send(ATTACKER, body)
    assert len(out[0].body) < 20_000
    assert "Only the first 50 commands" in out[0].body


def test_junk_after_a_signon_is_counted_not_listed(judge):
    form_game(judge)
    junk = "\n".join(f"frobnicate the {i}" for i in range(20_000))
    out = judge.send(judge.seat("FRANCE"), f"{signon(judge, 'FRANCE')}\n{junk}")
    body = out[0].body
    assert len(body) < 30_000
    assert "Only the first 400 order lines of a message are read" in body
    assert "300 more lines for FRANCE were not taken as orders" in body
    assert ":: Deadline: S1901M" in body  # the order report is still there


def test_a_reply_beyond_its_size_says_what_was_left_out(tmp_path):
    judge = budgeted(tmp_path, reply_bytes=4000)
    out = judge.send(ATTACKER, "HELP\nGET MASTER\nGET DEADLINES\nGET VARIANTS")
    body = out[0].body
    assert len(body) < 4000 + 500
    assert re.search(
        r"\d+ more answer\(s\) were left out: a reply holds at most 4000", body
    )


# -- password hashes --


def test_a_message_costs_at_most_its_budget_of_password_hashes(judge):
    form_game(judge)
    address = judge.seat("FRANCE")
    lines = "\n".join(f"SET PASSWORD new{i}" for i in range(12))
    out = judge.send(address, f"{signon(judge, 'FRANCE')}\n{lines}")
    body = out[0].body
    changed = body.count("Your password has been changed.")
    assert 1 <= changed <= 3  # the sign-on may have cost one of the three
    assert "password checks; send the rest in another message" in body
    assert "The rest of your message was not read." in body


def test_the_hash_budget_never_leaves_a_command_half_done(judge):
    body = "\n".join(f"CREATE ?h{i} pw{i}" for i in range(10))
    out = judge.send(ATTACKER, body)
    assert "password checks" in out[0].body
    games = judge.row("SELECT count(*) FROM svc_games")[0]
    seats = judge.row("SELECT count(DISTINCT game) FROM svc_members")[0]
    assert 1 <= games == seats <= Budgets().hashes_per_message
    used = judge.row("SELECT count FROM svc_quota WHERE kind = 'create'")[0]
    assert used == games


def test_hashes_stop_before_the_message_passes_its_time(tmp_path):
    judge = budgeted(tmp_path, hashes_per_message=100, hash_seconds_per_message=0.0)
    form_game(judge)
    address = judge.seat("FRANCE")
    lines = "\n".join(f"SET PASSWORD new{i}" for i in range(5))
    out = judge.send(address, f"{signon(judge, 'FRANCE')}\n{lines}")
    # the first hash is always made (the sign-on, unless remembered)
    assert out[0].body.count("Your password has been changed.") <= 1
    assert "password checks; send the rest in another message" in out[0].body


def test_observing_costs_no_hash_without_a_password(judge):
    form_game(judge)
    out = judge.send(ATTACKER, "\n".join(f"OBSERVE alpha{i}" for i in range(40)))
    assert "password checks" not in out[0].body


# -- mails one message may cause --


def test_sixty_broadcasts_do_not_send_four_hundred_mails(judge):
    form_game(judge)
    blocks = "".join(f"BROADCAST\nHello {i}.\nENDBROADCAST\n" for i in range(60))
    out = judge.send(MASTER, f"SIGNON Malpha {password(MASTER)}\n{blocks}")
    assert len(out) <= 1 + Budgets().mails_per_message
    body = out[0].body
    assert "Press not sent: one message may cause at most 30 mails" in body
    assert body.count("Broadcast message sent (") == len(out[1:]) // 7


def test_the_results_of_a_processing_are_not_cut(tmp_path):
    judge = budgeted(tmp_path, mails_per_message=1)
    form_game(judge)
    for power, holds in HOLDS.items():
        judge.send(judge.seat(power), f"{signon(judge, power)}\nSET WAIT\n{holds}")
    out = judge.send(MASTER, f"SIGNON Malpha {password(MASTER)}\nPROCESS")
    results = [
        m
        for m in out[1:]
        if "Movement results" in m.body
        or "F1901M" in m.subject
        or "Results" in m.subject
    ]
    assert len(out) >= 9 and len(results) >= 8, [m.subject for m in out]


def test_maps_by_mail_go_only_to_the_games_own_addresses(judge):
    form_game(judge)
    out = judge.send(ATTACKER, "\n".join(["MAP alpha"] * 30))
    assert len(out) == 1 and not out[0].attachments
    assert "Maps by mail go to the players, master and observers" in out[0].body
    judge.observe(ATTACKER)
    assert [m for m in judge.send(ATTACKER, "MAP alpha") if m.attachments]


def test_maps_by_mail_are_limited_per_sender_and_hour(judge):
    form_game(judge)
    judge.observe(ATTACKER)
    out = judge.send(ATTACKER, "\n".join(["MAP alpha"] * 30))
    maps = [m for m in out if m.attachments]
    assert len(maps) == Budgets().maps_per_hour
    assert "Maps by mail: at most 5 in an hour from one address" in out[0].body
    judge.later(minutes=30)
    assert not [m for m in judge.send(ATTACKER, "MAP alpha") if m.attachments]
    judge.later(minutes=31)
    assert [m for m in judge.send(ATTACKER, "MAP alpha") if m.attachments]


def test_games_created_per_sender_and_day(judge):
    limit = Budgets().creates_per_day
    for i in range(limit + 2):  # one message each
        judge.send(ATTACKER, f"CREATE ?g{i} pw")
    assert judge.row("SELECT count(*) FROM svc_games")[0] == limit
    body = "\n".join(f"CREATE ?h{i} pw" for i in range(150))  # one message
    out = judge.send(ATTACKER, body)
    assert f"New games: at most {limit} in a day from one address" in out[0].body
    assert judge.row("SELECT count(*) FROM svc_games")[0] == limit
    judge.later(days=1, minutes=1)
    judge.send(ATTACKER, body)  # as many as the message's password hashes
    created = judge.row("SELECT count(*) FROM svc_games")[0] - limit
    assert 1 <= created <= Budgets().hashes_per_message


def test_a_refused_create_does_not_count(judge):
    for i in range(5):
        judge.send(ATTACKER, f"CREATE ?bad{i} pw nosuch")
    judge.send(ATTACKER, "CREATE ?good pw")
    assert judge.row("SELECT count(*) FROM svc_games")[0] == 1


# -- OBSERVE: once, and confirmed --


def test_observe_is_idempotent_and_waits_for_confirmation(judge):
    form_game(judge)
    out = judge.send(VICTIM, "\n".join(["OBSERVE alpha"] * 20))
    asking = [m for m in out if "(CONFIRM " in m.subject]
    assert len(asking) == 1 and asking[0].to == (VICTIM,)
    assert "waits for its confirmation" in out[0].body
    rows = judge.row(
        "SELECT count(*) FROM svc_members WHERE address = ? AND role = 'observer'",
        [VICTIM],
    )
    assert rows == (1,)
    # nothing reaches an unconfirmed observer
    hold = judge.send(MASTER, f"SIGNON Malpha {password(MASTER)}\nPAUSE")
    assert not [m for m in hold if m.to == (VICTIM,)]
    assert "Observers: 1" not in judge.send(ATTACKER, "WHOGAME alpha")[0].body
    # a confirmation from another address does nothing
    token = re.search(r"CONFIRM ([0-9a-f]{16})", asking[0].body).group(1)
    out = judge.send(ATTACKER, f"CONFIRM {token}")
    assert "Nothing waits for the confirmation" in out[0].body
    # the line itself, from the address asked, confirms
    out = judge.send(VICTIM, f"CONFIRM {token}")
    assert "You are observing game 'alpha'" in out[0].body
    resumed = judge.send(MASTER, f"SIGNON Malpha {password(MASTER)}\nRESUME")
    assert [m for m in resumed if m.to == (VICTIM,)]
    again = judge.send(VICTIM, "OBSERVE alpha")
    assert "You already observe game 'alpha'" in again[0].body
    assert len(again) == 1


def test_an_unconfirmed_request_may_be_made_again_a_day_later(judge):
    form_game(judge)
    first = judge.send(VICTIM, "OBSERVE alpha")
    assert len([m for m in first if "(CONFIRM " in m.subject]) == 1
    judge.later(hours=23)
    assert len(judge.send(VICTIM, "OBSERVE alpha")) == 1
    judge.later(hours=2)
    again = judge.send(VICTIM, "OBSERVE alpha")
    asking = [m for m in again if "(CONFIRM " in m.subject]
    assert len(asking) == 1 and asking[0].subject != first[1].subject
    old = re.search(r"CONFIRM ([0-9a-f]{16})", first[1].subject).group(1)
    assert "Nothing waits" in judge.send(VICTIM, f"CONFIRM {old}")[0].body
    rows = judge.row("SELECT count(*) FROM svc_members WHERE address = ?", [VICTIM])
    assert rows == (1,)


def test_a_reply_keeping_the_subject_confirms(judge):
    form_game(judge)
    out = judge.observe("watcher@example.org")  # the reply says "Yes, please."
    assert "You are observing game 'alpha'" in out[0].body
    assert "is not a command" not in out[0].body  # the words are the answer
    # a command in such a reply is still read
    out = judge.send("fan@example.org", "OBSERVE alpha")
    asking = next(m for m in out if "(CONFIRM " in m.subject)
    out = judge.send("fan@example.org", "LIST", subject="Re: " + asking.subject)
    assert "You are observing game 'alpha'" in out[0].body
    assert "> LIST" in out[0].body and "alpha" in out[0].body.split("> LIST")[1]


def test_new_subscriptions_are_limited_per_sender_and_day(judge):
    limit = Budgets().subscriptions_per_day
    for i in range(limit + 3):
        judge.send(f"maker{i}@example.org", f"CREATE ?o{i} pw")
    out = judge.send(ATTACKER, "\n".join(f"OBSERVE o{i}" for i in range(limit + 3)))
    assert len([m for m in out if "(CONFIRM " in m.subject]) == limit
    assert f"New subscriptions: at most {limit} in a day" in out[0].body


# -- absences and press --


def test_absences_are_capped_per_player_and_granted_beyond_by_the_master(judge):
    form_game(judge)
    address = judge.seat("FRANCE")
    lines = "\n".join(
        f"SET ABSENCE 2026-02-{1 + 2 * i:02d} TO 2026-02-{2 + 2 * i:02d}"
        for i in range(12)
    )  # twelve absences of two days
    out = judge.send(address, f"{signon(judge, 'FRANCE')}\n{lines}")
    body = out[0].body
    assert body.count("Absence noted") == 7  # 14 days; the 8th would make 16
    assert "a player's absences in a game total at most 15 days" in body
    out = judge.send(
        MASTER,
        f"SIGNON Malpha {password(MASTER)}\nBECOME France\n"
        "SET ABSENCE 2026-03-10 TO 2026-03-14",
    )
    assert "Absence noted" in out[0].body


def test_absences_are_capped_per_game(judge):
    form_game(judge)
    noted = 0
    for power in ("FRANCE", "ENGLAND", "GERMANY"):
        out = judge.send(
            judge.seat(power),
            f"{signon(judge, power)}\nSET ABSENCE 2026-02-01 TO 2026-02-12",
        )
        noted += "Absence noted" in out[0].body
    assert noted == 2  # 24 days; a third would make 36 > 30
    assert "absences of game 'alpha' total at most 30 days" in out[0].body


def test_press_has_a_rate_per_player(tmp_path):
    judge = budgeted(tmp_path, press_per_hour=2)
    form_game(judge)
    address = judge.seat("FRANCE")
    press = "PRESS TO England\nhello\nENDPRESS\n"
    out = judge.send(address, f"{signon(judge, 'FRANCE')}\n{press * 3}")
    assert out[0].body.count("Message sent to England (") == 2
    assert "Press not sent: at most 2 press messages an hour." in out[0].body
    judge.later(hours=1, minutes=1)
    out = judge.send(address, f"{signon(judge, 'FRANCE')}\n{press}")
    assert "Message sent to England (1 recipient)." in out[0].body


# -- identity --


def test_a_wrong_master_password_is_copied_to_the_master(judge):
    form_game(judge)
    out = judge.send(ATTACKER, "SIGNON Malpha guess")
    copy = reply_to(out, MASTER)
    assert ATTACKER in copy.body and "Wrong master password" in copy.body


def test_a_wrong_player_password_is_copied_to_the_player(judge):
    form_game(judge)
    out = judge.send(ATTACKER, "SIGNON Falpha guess")
    copy = reply_to(out, judge.seat("FRANCE"))
    assert ATTACKER in copy.body and "Wrong password for France" in copy.body


def test_guessing_is_slowed_then_stopped_for_an_hour(judge):
    form_game(judge)
    for i in range(3):
        judge.send(ATTACKER, f"SIGNON Malpha guess{i}")
    out = judge.send(ATTACKER, "SIGNON Falpha a")
    assert "Wrong password for France" in out[0].body  # the 4th is checked
    out = judge.send(ATTACKER, "SIGNON Ealpha b")
    assert "one password every 5 minutes is checked" in out[0].body
    assert "Wrong password" not in out[0].body
    for i in range(10):
        judge.later(minutes=5, seconds=1)
        judge.send(ATTACKER, f"SIGNON Malpha again{i}")
    out = judge.send(ATTACKER, f"SIGNON Malpha {password(MASTER)}")
    assert "Too many wrong passwords from eve@evil.example" in out[0].body
    assert "Signed on" not in out[0].body
    # the holder is not locked out; the guesser is, for the hour
    out = judge.send(MASTER, f"SIGNON Malpha {password(MASTER)}")
    assert "Signed on as master" in out[0].body
    judge.later(hours=1, minutes=1)
    out = judge.send(ATTACKER, f"SIGNON Malpha {password(MASTER)}")
    assert "Signed on as master" in out[0].body


def test_set_timezone_needs_the_seats_password(judge):
    form_game(judge)
    address = judge.seat("FRANCE")
    out = judge.send(address, "SET TIMEZONE Asia/Tokyo")  # a forged From
    assert "Sign on first" in out[0].body
    tz = judge.row("SELECT tz FROM svc_members WHERE address = ?", [address])[0]
    assert tz is None
    out = judge.send(address, f"{signon(judge, 'FRANCE')}\nSET TIMEZONE Asia/Tokyo")
    assert "Your time zone is now Asia/Tokyo" in out[0].body
    tz = judge.row("SELECT tz FROM svc_members WHERE address = ?", [address])[0]
    assert tz == "Asia/Tokyo"


def test_register_without_password_changes_no_players_profile(judge):
    form_game(judge)
    address = judge.seat("FRANCE")
    out = judge.send(address, "REGISTER\nName: Mallory\nTimezone: Asia/Tokyo\nEND")
    assert "already known to the judge" in out[0].body
    assert judge.row("SELECT count(*) FROM svc_accounts")[0] == 0
    tz = judge.row("SELECT tz FROM svc_members WHERE address = ?", [address])[0]
    assert tz is None
    # signed on, the player changes their own profile
    form = "Email: x@example.org\nLevel: Novice\nAddress: Paris\nCountry: France"
    out = judge.send(
        address,
        f"{signon(judge, 'FRANCE')}\nREGISTER\nName: F\nTimezone: Asia/Tokyo\n"
        f"{form}\nEND",
    )
    assert "Registration processed." in out[0].body
    # a newcomer registers freely, once
    out = judge.send("new@example.org", f"REGISTER\nName: New\n{form}\nEND")
    assert "Registration processed." in out[0].body
    out = judge.send("new@example.org", "REGISTER\nName: Forged\nEND")
    assert "already known" in out[0].body


def test_the_whole_class_stays_within_amplification(judge):
    """Bytes mailed for a hostile message over its size stay under 50."""
    form_game(judge)
    attacks = [
        "HELP\n" * 1000,
        "MAP alpha\n" * 30,
        "\n".join(f"OBSERVE alpha {i}" for i in range(800)),
        "".join(f"BROADCAST\nx{i}\nENDBROADCAST\n" for i in range(60)),
        "\n".join(f"junk line {i}" for i in range(85_000)),
    ]
    for i, body in enumerate(attacks):
        judge.later(hours=2)
        sender = f"attacker{i}@evil.example"
        if "BROADCAST" in body:
            sender = MASTER
            body = f"SIGNON Malpha {password(MASTER)}\n{body}"
        out = judge.send(sender, body)
        sent = sum(len(m.body) + sum(len(a.data) for a in m.attachments) for m in out)
        assert sent / len(body) < 50, (i, sent, len(body))


_ = (PLAYERS, timedelta)
