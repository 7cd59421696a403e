"""The classic judges' known pain points (njudge research notes, section 7),
one test each: a short scripted mail exchange that fails if our judge ever
behaves as njudge was reported to.  Then the leftovers of the variants work
(Imperial's opening, WHOGAME seats, WAIVE and headings in shared seats) and
replies that quote the judge's mail."""

import json
import re
from datetime import timedelta
from email.message import EmailMessage

from harness import HOLDS, MASTER, PLAYERS, form_game, hold_all_but, password, signon

from judge.mail import decode, quotes
from judge.service.variant_orders import _header
from judge.variants import load_variant

STRANGER = "newcomer@example.org"
OBSERVER = "watcher@example.org"
SMALL = [f"p{i}@example.org" for i in range(1, 5)]


def to(out, address):
    return [m.body for m in out if m.to == (address,)]


def order(judge, power: str, text: str, name="alpha"):
    return judge.send(judge.seat(power, name), f"{signon(judge, power, name)}\n{text}")


def set_position(judge, phase, units, centres, name="alpha"):
    """Put the game at a position of our own (the engine's JSON form)."""
    position = {"phase": phase, "units": units, "centers": centres, "dislodged": {}}
    judge.db.execute(
        "UPDATE svc_games SET position = ? WHERE name = ?",
        [json.dumps(position), name],
    )
    judge.db.conn.commit()


def seat_signon(judge, country: str, name="four") -> str:
    address = judge.seat(country, name)
    return f"SIGNON {country[0]}{name} pw-{address.split('@')[0]}"


def small_game(judge, name="four"):
    judge.send(MASTER, f"CREATE ?{name} pw-master standard-4p\nBECOME MASTER")
    for address in SMALL:
        judge.send(address, f"SIGNON ?{name} pw-{address.split('@')[0]}")
    assert judge.game(name)["status"] == "active"


# -- usability -----------------------------------------------------------------


def test_1_newcomers_get_replies_that_say_what_is_missing(judge):
    form_game(judge)
    england = judge.seat("ENGLAND")
    # orders without SIGNON: told what is wrong, not silently dropped
    body = judge.send(england, "F LON - NTH")[0].body
    assert "orders need a SIGNON first" in body
    # a partial set: the reply names the units still without orders and the
    # deadline, so the player does not miss it
    body = order(judge, "ENGLAND", "F LON - NTH")[0].body
    assert "England: Fleet London -> North Sea." in body
    assert "Edinburgh" in body and "Liverpool" in body
    assert "The deadline for orders is" in body
    # in a gunboat game no address leaks through press
    judge.send(MASTER, "SIGNON Malpha pw-master\nSET GREY PRESS")
    out = order(judge, "FRANCE", "PRESS TO England\nguess who\nENDPRESS")
    assert all(judge.seat("FRANCE") not in m.body for m in out[1:])
    assert any("someone (grey press)" in m.body for m in out[1:])


def test_2_an_error_does_not_mean_not_submitted(judge):
    form_game(judge)
    out = order(
        judge, "ENGLAND", "F LON H\nF EDI H\nA LVP H\nA Xyz - Abc\n"
        "PRESS TO Nobody\nhi\nENDPRESS",
    )  # fmt: skip
    body = out[0].body
    assert "your other orders stand" in body
    assert "No press sent: 'Nobody' is not a power of this game." in body
    assert "Orders received for all your units." in body
    # everyone complete despite England's refused line and refused press: the
    # phase is processed early, nobody is late
    hold_all_but(judge, {"ENGLAND"})
    assert judge.game()["process_at"] is not None
    judge.tick(judge.now + timedelta(hours=13))
    assert judge.phase() == "F1901M"


def test_3_html_mime_and_signatures_are_not_orders(judge):
    form_game(judge)
    mail = EmailMessage()
    mail["From"] = judge.seat("ENGLAND")
    mail["Subject"] = "orders"
    mail.set_content(f"{signon(judge, 'ENGLAND')}\nF LON H\n-- \nA PAR - BUR\n")
    mail.add_alternative(
        f"<html><body><p>{signon(judge, 'ENGLAND')}</p><p>F LON H</p></body></html>",
        subtype="html",
    )
    text = quotes.strip_quotes_and_signature(decode.body_text(mail))
    assert "PAR" not in text
    body = judge.send(judge.seat("ENGLAND"), text)[0].body
    assert "England: Fleet London HOLD." in body and "Refused" not in body
    # an HTML-only mail reads as its text
    html = EmailMessage()
    html["From"] = judge.seat("ENGLAND")
    html.set_content("<p>SIGNON Ealpha x</p><p>F EDI H</p>", subtype="html")
    assert decode.body_text(html).split() == ["SIGNON", "Ealpha", "x", "F", "EDI", "H"]
    # a signature in a body that reached the service unstripped
    body = judge.send(
        judge.seat("ENGLAND"),
        f"{signon(judge, 'ENGLAND')}\nA LVP H\n-- \nJohn, Paris - Burgundy",
    )[0].body
    assert "Burgundy" not in body and "Refused" not in body


def test_4_unusual_syntax_is_accepted(judge):
    form_game(judge)
    # spelled-out names with 'hold' (njudge bug 475), a bare 'to', a
    # nationality in a support
    body = order(
        judge, "FRANCE",
        "Army Paris hold\nFleet Brest to Mid-Atlantic Ocean\n"
        "A Mar S French A Par - Bur",
    )[0].body  # fmt: skip
    assert "France: Army Paris HOLD." in body
    assert "France: Fleet Brest -> Mid-Atlantic Ocean." in body
    assert "France: Army Marseilles SUPPORT Army Paris -> Burgundy." in body
    assert "Refused" not in body
    # PRESS TO Turkey names Turkey, not the powers T, U, R, K, E, Y
    out = order(judge, "FRANCE", "PRESS TO Turkey\nhello\nENDPRESS")
    assert to(out, judge.seat("TURKEY"))
    assert not to(out, judge.seat("RUSSIA")) and not to(out, judge.seat("ENGLAND"))


def test_5_every_mail_gets_one_reply(judge):
    form_game(judge)
    for body in ("HELP", "gibberish", "", "SIGNON Ealpha wrong"):
        out = judge.send(STRANGER, body)
        replies = [m for m in out if m.to == (STRANGER,)]
        assert len(replies) == 1 and replies[0].in_reply_to


def test_7_deadlines_in_the_players_time_zone(judge):
    form_game(judge)
    body = order(judge, "ENGLAND", "SET TIMEZONE America/New_York\nF LON H")[0].body
    assert "Your time zone is now America/New_York." in body
    assert "18:30 (America/New_York)" in body  # the deadline in the player's zone


# -- the master's workflow -------------------------------------------------------


def test_8_master_become_set_and_broadcast(judge):
    form_game(judge)
    judge.observe(OBSERVER)
    out = judge.send(
        MASTER,
        "SIGNON Malpha pw-master\nSET DEADLINE 2026-01-09 18:00\n"  # bug 218
        "BROADCAST\nWelcome.\nENDBROADCAST\n"  # bug 434
        f"BECOME England\n{HOLDS['ENGLAND']}\nBECOME France\n{HOLDS['FRANCE']}",
    )
    assert "Deadline: " in out[0].body
    assert judge.deadline().hour == 18
    assert len([m for m in out[1:] if "Welcome." in m.body]) == 8  # 7 + observer
    # both powers' orders count as submitted
    assert "England: Fleet London HOLD." in out[0].body
    assert "France: Army Paris HOLD." in out[0].body
    hold_all_but(judge, {"ENGLAND", "FRANCE"})
    assert judge.game()["process_at"] is not None
    # each power's player is told what was done in its name (njudge), and
    # sees nothing of the master's other commands nor the other power's
    told = [m for m in out if m.to == (judge.seat("ENGLAND"),) and "BECOME" in m.body]
    assert len(told) == 1
    assert "Master acted as England" in told[0].subject
    assert "England: Fleet London HOLD." in told[0].body
    for secret in ("SET DEADLINE", "Welcome.", "France: Army Paris", "BECOME France"):
        assert secret not in told[0].body


def test_9_a_replacement_signs_on_without_forged_headers(judge):
    form_game(judge)
    judge.send(MASTER, "SIGNON Malpha pw-master\nEJECT Germany")
    out = judge.send(
        STRANGER, "Reply-To: someone@example.org\nSIGNON Galpha fresh\nA MUN H"
    )
    assert "You have taken over Germany in game 'alpha'." in out[0].body
    assert judge.seat("GERMANY") == STRANGER
    assert all("someone@example.org" not in m.to for m in out)


def test_10_only_the_master_resumes_a_terminated_game(judge):
    """njudge lets any player RESUME a terminated game unless SET NO RESUME
    (its known complaint: ended games came back unasked).  Here a player
    may resume a paused game (unless SET NO RESUME) but never an ended one;
    the master may, as njudge's help says, and play goes on."""
    form_game(judge)
    judge.send(MASTER, "SIGNON Malpha pw-master\nSET NO RESUME\nPAUSE")
    body = order(judge, "ENGLAND", "RESUME")[0].body
    assert "Only the master may resume game 'alpha' (SET NO RESUME)." in body
    assert judge.game()["status"] == "paused"
    judge.send(MASTER, "SIGNON Malpha pw-master\nSET RESUME\nTERMINATE")
    assert judge.game()["status"] == "finished"
    body = order(judge, "ENGLAND", "RESUME")[0].body
    assert "Game 'alpha' is over." in body  # a player's SIGNON stops there
    assert judge.game()["status"] == "finished"
    out = judge.send(MASTER, "SIGNON Malpha pw-master\nRESUME")
    assert "You have resumed game 'alpha': S1901M, deadline" in out[0].body
    game = judge.game()
    assert (game["status"], game["result"]) == ("active", None)
    assert game["deadline"] is not None
    told = [m for m in out if "Game Resumed" in m.subject]
    assert {m.to[0] for m in told} == {*PLAYERS, MASTER}
    assert all("terminated by the master" in m.body for m in told)
    # play goes on: orders are taken and the phase is processed
    hold_all_but(judge)
    judge.tick(judge.now + timedelta(hours=13))
    assert judge.phase() == "F1901M"


def test_10b_the_master_resumes_a_game_won_outright(judge):
    """njudge's RESUME of a completed game: the victory is undone and play
    goes on from the phase after the win."""
    from judge.engine.serialize import position_from_json
    from judge.service.queries import load_game, save_position

    form_game(judge)
    loaded = load_game(judge.db, "alpha")
    centres = "ANK BEL BER BRE BUD BUL CON DEN EDI GRE HOL KIE LON LVP MAR MOS MUN NAP"
    centres = centres.split()
    state = {
        "phase": "F1905M",
        "units": {"FRANCE": ["A BUR"], "RUSSIA": ["A UKR"]},
        "centers": {"FRANCE": centres, "RUSSIA": ["STP", "SEV", "WAR"]},
    }
    with judge.db.conn:
        save_position(
            judge.db, "alpha", loaded.board, position_from_json(loaded.board, state)
        )
    judge.tick(judge.grace_end())
    game = judge.game()
    assert game["status"] == "finished" and "France" in game["result"]
    body = judge.send(MASTER, "SIGNON Malpha pw-master")[0].body
    assert "RESUME (or ROLLBACK) would bring it back into play." in body
    out = judge.send(MASTER, "SIGNON Malpha pw-master\nRESUME")
    assert "You have resumed game 'alpha': W1905A" in out[0].body
    assert judge.game()["status"] == "active"
    loaded = load_game(judge.db, "alpha")
    assert loaded.current(loaded.board).winner is None
    told = [m.body for m in out if "Game Resumed" in m.subject]
    assert told and "(it had ended: " in told[0]


# -- privacy -------------------------------------------------------------------------


def test_11_results_go_to_the_game_only(judge):
    form_game(judge)
    judge.observe(OBSERVER)
    hold_all_but(judge)
    out = judge.tick(judge.now + timedelta(hours=13))
    assert judge.phase() == "F1901M"
    members = {*PLAYERS, MASTER, OBSERVER}
    assert {m.to[0] for m in out} == members
    assert all(len(m.to) == 1 for m in out)


def test_12_the_message_is_not_echoed_back(judge):
    form_game(judge)
    secret = "the whole plan against Germany"
    out = order(
        judge, "FRANCE",
        f"PRESS TO England\n{secret}\nENDPRESS\nSIGNOFF\nbinary junk \x00\x01 here",
    )  # fmt: skip
    assert secret not in out[0].body
    assert "junk" not in out[0].body
    assert to(out, judge.seat("ENGLAND"))


# -- njudge's open bugs (1.7.5 BUGS) ---------------------------------------------------


def test_bug_382_resign_works(judge):
    form_game(judge)
    out = order(judge, "ITALY", "RESIGN")
    assert any("Italy has resigned." in m.body for m in out[1:])
    assert (
        judge.row("SELECT state FROM svc_members WHERE power = 'ITALY'")[0]
        == "resigned"
    )
    body = judge.send(STRANGER, "SIGNON Ialpha fresh")[0].body
    assert "You have taken over Italy" in body


def test_bug_447_eject_sets_resign(judge):
    form_game(judge)
    ejected = judge.seat("GERMANY")
    old = signon(judge, "GERMANY")
    judge.send(MASTER, "SIGNON Malpha pw-master\nEJECT Germany")
    assert (
        judge.row("SELECT state FROM svc_members WHERE power = 'GERMANY'")[0]
        == "resigned"
    )
    # the ejected player cannot sign back on with the old password
    body = judge.send(ejected, f"{old}\nA MUN H")[0].body
    assert "You have taken over" not in body and "is no longer" not in body
    assert "You were ejected from game" in body
    # and gets no more of the game's mail
    out = judge.send(MASTER, "SIGNON Malpha pw-master\nBROADCAST\nhi\nENDBROADCAST")
    assert not to(out, ejected)


def test_bug_463_a_taken_over_power_is_not_shown_in_cd(judge):
    form_game(judge)
    hold_all_but(judge, {"RUSSIA"}, "\nSET WAIT")
    judge.tick(judge.deadline())
    judge.tick(judge.grace_end())
    assert judge.phase() == "F1901M"
    assert "[cd]" in judge.send(OBSERVER, "WHOGAME alpha")[0].body
    judge.send(STRANGER, "SIGNON Ralpha fresh")
    for command in ("WHOGAME alpha", "LIST alpha"):
        body = judge.send(OBSERVER, command)[0].body
        assert "[cd]" not in body and "civil disorder" not in body
        assert STRANGER in body


def test_bug_448_a_broadcast_reaches_each_player_once(judge):
    small_game(judge)
    p1 = judge.seat("ENGLAND", "four")
    out = judge.send(
        p1, seat_signon(judge, "ENGLAND") + "\nBROADCAST\nhello\nENDBROADCAST"
    )
    addresses = [m.to[0] for m in out[1:]]
    assert sorted(addresses) == sorted({*SMALL, MASTER} - {p1})
    # a duplex seat (P2: two countries) gets one copy
    assert len(addresses) == len(set(addresses))


def test_bug_437_deadline_advances_when_a_replacement_signs_on(judge):
    form_game(judge, options="nonmr")
    hold_all_but(judge, {"GERMANY"}, "\nSET WAIT")
    judge.tick(judge.deadline())
    judge.tick(judge.grace_end())
    judge.later(days=2)
    body = judge.send(STRANGER, "SIGNON Galpha fresh")[0].body
    assert "You have taken over Germany" in body
    # at least a day to look at the board, on the game's clock (23:30)
    assert judge.deadline() >= judge.now + timedelta(hours=24)
    assert judge.deadline().strftime("%H:%M") == "23:30"
    assert judge.grace_end() > judge.deadline()
    assert "The deadline for orders is" in body
    assert judge.tick(judge.now + timedelta(hours=1)) == []
    # a takeover long before the deadline leaves it alone
    judge.send(MASTER, "SIGNON Malpha pw-master\nEJECT France")
    before = judge.deadline()
    judge.send("other@example.org", "SIGNON Falpha fresh")
    assert judge.deadline() == before


def test_bug_362_set_draw_says_who_is_in_the_draw(judge):
    form_game(judge)
    body = order(judge, "ITALY", "SET DRAW")[0].body
    assert (
        "You vote for a draw of all survivors: Austria, England, France, Germany,"
        " Italy, Russia, Turkey." in body
    )


def test_bug_398_reminders(judge):
    form_game(judge)
    hold_all_but(judge, {"RUSSIA", "TURKEY"}, "\nSET WAIT")
    order(judge, "TURKEY", "F ANK H")  # incomplete
    deadline = judge.deadline()
    out = judge.tick(deadline - timedelta(hours=7))
    assert sorted(m.to[0] for m in out) == sorted(
        [judge.seat("RUSSIA"), judge.seat("TURKEY")]
    )
    assert all("Reminder" in m.subject for m in out)
    turkey = next(m.body for m in out if m.to == (judge.seat("TURKEY"),))
    assert "Turkey: Fleet Ankara HOLD." in turkey  # a copy of the orders so far
    assert "Turkey: Army Smyrna, No Order Processed." in turkey
    assert "Turkey: 2 order(s) missing." in turkey
    assert judge.tick(deadline - timedelta(hours=6)) == []  # once
    # a new deadline from the master: a new reminder before it
    judge.send(MASTER, "SIGNON Malpha pw-master\nSET DEADLINE 2026-01-12 23:30")
    assert judge.tick(judge.deadline() - timedelta(hours=20)) == []
    out = judge.tick(judge.deadline() - timedelta(hours=7))
    assert len(out) == 2
    # no reminders in a paused game
    order(judge, "RUSSIA", HOLDS["RUSSIA"])
    judge.send(MASTER, "SIGNON Malpha pw-master\nPAUSE")
    assert judge.tick(judge.deadline() + timedelta(days=3)) == []


def test_bug_356_nobody_is_late_in_a_finished_game(judge):
    form_game(judge)
    judge.send(MASTER, "SIGNON Malpha pw-master\nTERMINATE")
    assert judge.tick(judge.now + timedelta(days=20)) == []
    body = order(judge, "ENGLAND", "F LON H")[0].body
    assert "is over" in body and "late" not in body.lower()


def test_bug_443_a_failed_create_stops_reading(judge):
    form_game(judge)
    out = judge.send(STRANGER, "CREATE ?alpha secret\nSET PASSWORD other\nLIST")
    body = out[0].body
    assert "There is already a game named 'alpha'." in body
    assert "The rest of your message was not read." in body
    assert "password" not in body.split("not read.")[-1].lower()
    assert "Games on this judge" not in body


def test_bug_422_a_two_way_draw_is_a_draw(judge):
    form_game(judge)
    set_position(
        judge, "S1905M",
        {"ENGLAND": ["F LON", "A LVP"], "FRANCE": ["A PAR", "A MAR"]},
        {"ENGLAND": ["LON", "LVP", "EDI"], "FRANCE": ["PAR", "MAR", "BRE"]},
    )  # fmt: skip
    order(judge, "ENGLAND", "SET DRAW")
    out = order(judge, "FRANCE", "SET DRAW")
    assert judge.game()["status"] == "finished"
    result = judge.game()["result"]
    assert result == "The game has ended in a draw between England and France."
    assert any(result in m.body for m in out[1:])
    assert not any("conce" in m.body.lower() for m in out)


def test_bug_35_unusable_builds_need_no_waive(judge):
    form_game(judge)
    # England owns Norway and Belgium but has one free home centre
    set_position(
        judge, "W1901A",
        {"ENGLAND": ["F NTH", "A LVP", "F EDI"], "FRANCE": ["A PAR", "A MAR", "F BRE"],
         "GERMANY": ["A BER", "A MUN", "F KIE"], "AUSTRIA": ["A VIE"],
         "ITALY": ["A ROM"], "RUSSIA": ["A MOS"], "TURKEY": ["A CON"]},
        {"ENGLAND": ["LON", "LVP", "EDI", "NWY", "BEL"],
         "FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["BER", "MUN", "KIE"],
         "AUSTRIA": ["VIE"], "ITALY": ["ROM"], "RUSSIA": ["MOS"],
         "TURKEY": ["CON"]},
    )  # fmt: skip
    body = order(judge, "ENGLAND", "BUILD F LON")[0].body
    assert "Builds a fleet in London" in body
    assert "WAIVE" not in body.upper().replace("WAIVED", "")
    judge.tick(judge.now + timedelta(hours=13))
    assert judge.phase() == "S1902M"  # nobody late: processed early


def test_bug_131_an_empty_message_gets_a_reply(judge):
    out = judge.send(STRANGER, "", subject="")
    assert len(out) == 1
    assert "Your message had no commands" in out[0].body
    out = judge.send(STRANGER, "\n\n   \n", subject="Re: something")
    assert "Your message had no commands" in out[0].body


# -- leftovers of the variants work ------------------------------------------------


def test_imperial_opening_waits_for_its_deadline(judge):
    judge.send(MASTER, "CREATE ?imp pw-master imperial\nBECOME MASTER")
    judge.send(SMALL[0], "SIGNON ?imp pw-p1\nSET PREFERENCE BRE")
    judge.send(MASTER, "SIGNON Mimp pw-master\nFORCE BEGIN")
    assert judge.phase("imp") == "W1900A"
    judge.send(SMALL[0], "SIGNON BREimp pw-p1\nJOIN BRE NAME Gaul")
    assert judge.game("imp")["process_at"] is None
    assert judge.tick(judge.now + timedelta(hours=20)) == []
    assert judge.phase("imp") == "W1900A"
    # a newcomer still has time to join
    judge.send(SMALL[1], "SIGNON ROMimp pw-p2")
    assert judge.seat("EMPIRE_ROM", "imp") == SMALL[1]
    judge.tick(judge.deadline("imp"))
    assert judge.phase("imp") == "S1901M"


def test_imperial_opening_processed_by_the_master(judge):
    judge.send(MASTER, "CREATE ?imp pw-master imperial\nBECOME MASTER")
    judge.send(SMALL[0], "SIGNON ?imp pw-p1\nSET PREFERENCE BRE")
    judge.send(MASTER, "SIGNON Mimp pw-master\nFORCE BEGIN")
    judge.send(MASTER, "SIGNON Mimp pw-master\nPROCESS")
    assert judge.phase("imp") == "S1901M"


def test_whogame_lists_seats_in_small_games(judge):
    small_game(judge)
    body = judge.send(OBSERVER, "WHOGAME four")[0].body
    p2 = judge.seat("FRANCE", "four")
    assert "P2: Austria, France" in body
    line = next(line for line in body.splitlines() if "P2: " in line)
    assert p2 in line
    assert body.count(p2) == 1


def test_waive_from_a_shared_seat(judge):
    small_game(judge)
    p2 = judge.seat("FRANCE", "four")
    # Austria and France both owe builds: a bare WAIVE is refused
    set_position(
        judge, "W1901A",
        {"AUSTRIA": ["A BUD", "F ALB"], "FRANCE": ["A SPA", "F BRE"],
         "ENGLAND": ["F LON"], "GERMANY": ["A BER"], "TURKEY": ["A CON"],
         "ITALY": ["A ROM"], "RUSSIA": ["A MOS"]},
        {"AUSTRIA": ["VIE", "BUD", "TRI"], "FRANCE": ["PAR", "MAR", "BRE", "SPA"],
         "ENGLAND": ["LON"], "GERMANY": ["BER"], "TURKEY": ["CON"],
         "ITALY": ["ROM"], "RUSSIA": ["MOS"]},
        "four",
    )  # fmt: skip
    body = judge.send(p2, seat_signon(judge, "FRANCE") + "\nWAIVE")[0].body
    assert (
        "WAIVE: both Austria and France owe builds; head it with the country's" in body
    )
    body = judge.send(p2, seat_signon(judge, "FRANCE") + "\nFra:\nWAIVE\nA:\nWAIVE")[
        0
    ].body
    assert re.search(r"France: +Build waived\.", body), body
    assert "Refused" not in body, body
    # only France owes builds: a bare WAIVE is France's
    set_position(
        judge, "W1901A",
        {"AUSTRIA": ["A BUD", "F ALB", "A VIE"], "FRANCE": ["A SPA", "F BRE"],
         "ENGLAND": ["F LON"], "GERMANY": ["A BER"], "TURKEY": ["A CON"],
         "ITALY": ["A ROM"], "RUSSIA": ["A MOS"]},
        {"AUSTRIA": ["VIE", "BUD", "TRI"], "FRANCE": ["PAR", "MAR", "BRE", "SPA"],
         "ENGLAND": ["LON"], "GERMANY": ["BER"], "TURKEY": ["CON"],
         "ITALY": ["ROM"], "RUSSIA": ["MOS"]},
        "four",
    )  # fmt: skip
    judge.db.execute("DELETE FROM svc_orders")
    body = judge.send(p2, seat_signon(judge, "FRANCE") + "\nWAIVE")[0].body
    assert "Refused" not in body, body
    assert re.search(r"France: +Build waived\.", body), body


def test_headings_by_abbreviation_or_letter(judge):
    small_game(judge)
    p2 = judge.seat("FRANCE", "four")
    body = judge.send(
        p2, seat_signon(judge, "FRANCE") + "\nAus:\nA Vie H\nF:\nA Par H\nFra:\nF Bre H"
    )[0].body
    assert "Austria: Army Vienna HOLD." in body
    assert "France: Army Paris HOLD." in body
    assert "France: Fleet Brest HOLD." in body
    assert "Refused" not in body, body
    # a letter that is not one of the seat's countries is refused as a heading
    body = judge.send(p2, seat_signon(judge, "FRANCE") + "\nG:\nA Mun H")[0].body
    assert "Germany is not yours" in body


def test_headings_only_where_one_country_fits():
    board, _ = load_variant("1913")
    assert _header(board, "Ger:") == ("GERMANY", None)
    assert _header(board, "G:") == ("GERMANY", None)
    country, why = _header(board, "Gre:")  # Great Britain or Greece
    assert country is None and "Great Britain or Greece" in why
    assert _header(board, "Ger") == (None, None)  # no colon: an order line
    imperial, _ = load_variant("imperial")
    assert _header(imperial, "BRE:") == ("EMPIRE_BRE", None)
    assert _header(imperial, "Emp:")[0] is None


# -- replies that quote the judge ---------------------------------------------------


def test_a_reply_quoting_the_judge_is_not_read_as_orders(judge):
    form_game(judge)
    england = judge.seat("ENGLAND")
    quoted = (
        f"{signon(judge, 'ENGLAND')}\nF LON H\n"
        "> :: Judge: PYJ  Game: alpha  Variant: Standard\n"
        "> England: Fleet Edinburgh -> North Sea.\n"
        ":: Judge: PYJ  Game: alpha  Variant: Standard\n"
        ":: Deadline: S1901M Thu Jan 08 2026 23:30:00 +0000\n"
        "  :: Judge: PYJ  Game: alpha\n"
        "A LVP H\n"
    )
    body = judge.send(england, quoted)[0].body
    assert "Refused" not in body, body
    assert "England: Fleet London HOLD." in body
    assert "England: Army Liverpool HOLD." in body
    assert "Edinburgh -> North Sea" not in body
    # and before SIGNON they are not 'unknown commands' either
    body = judge.send(england, ":: Judge: PYJ  Game: alpha\n> LIST\nHELP")[0].body
    assert "not a command" not in body
    assert password(england) not in body
