"""Mail in, mails out: press, a missed deadline, a takeover, a rollback,
wrong passwords and unknown commands, master powers."""

from datetime import timedelta

import pytest
from harness import (
    HOLDS,
    MASTER,
    PLAYERS,
    check_golden,
    form_game,
    hold_all_but,
    password,
    signon,
)

OBSERVER = "watcher@example.org"
STRANGER = "newcomer@example.org"


def bodies(out, to):
    return [m.body for m in out if m.to == (to,)]


def test_press_white_private_and_broadcast(judge, update_golden):
    form_game(judge)
    judge.observe(OBSERVER)
    england, france = judge.seat("ENGLAND"), judge.seat("FRANCE")
    out = judge.send(
        england,
        f"{signon(judge, 'ENGLAND')}\nPRESS TO France\nShall we share the Channel?\n"
        "ENDPRESS\nBROADCAST\nPeace to all.\nEND BROADCAST",
    )
    # France only: the master sees private press only under SET ALL PRESS
    assert "Message sent to France (1 recipient)." in out[0].body
    assert "Broadcast message sent (" in out[0].body
    assert not any("Channel" in b for b in bodies(out, MASTER))
    private = bodies(out, france)
    assert any("Message from England to France:" in b for b in private)
    assert not any("Channel" in b for b in bodies(out, OBSERVER))  # observers: no
    assert any("Peace to all." in b for b in bodies(out, OBSERVER))
    assert len([m for m in out if "Broadcast message from England" in m.body]) == 8
    history = judge.send(OBSERVER, "HISTORY alpha")[0].body
    assert "Peace to all." in history and "Channel" not in history
    # an observer cannot press
    out = judge.send(OBSERVER, "PRESS TO England\nhello\nENDPRESS")
    assert "Sign on first" in out[0].body
    check_golden("press", "\n".join(judge.transcript[-12:]) + "\n", update_golden)


def test_grey_and_no_press(judge):
    form_game(judge, options="greypress")
    out = judge.send(
        judge.seat("ITALY"),
        f"{signon(judge, 'ITALY')}\nPRESS TO A\nwho am I?\nENDPRESS",
    )
    to_austria = bodies(out, judge.seat("AUSTRIA"))
    assert (
        to_austria and "Message from someone (grey press) to Austria" in to_austria[0]
    )
    master = "SIGNON Malpha pw-master\nSET NO PRESS"
    assert "Press is now None." in judge.send(MASTER, master)[0].body
    out = judge.send(
        judge.seat("ITALY"), f"{signon(judge, 'ITALY')}\nBROADCAST\nhi\nENDBROADCAST"
    )
    assert "game 'alpha' does not allow press" in out[0].body and len(out) == 1
    out = judge.send(
        judge.seat("ITALY"), f"{signon(judge, 'ITALY')}\nPRESS TO M\nhelp\nENDPRESS"
    )
    assert bodies(out, MASTER)


def test_missed_deadline_with_civil_disorder(judge, update_golden):
    form_game(judge)
    # everyone but Russia orders; SET WAIT keeps the phase for the deadline
    hold_all_but(judge, {"RUSSIA"}, "\nSET WAIT")
    start = len(judge.transcript)
    deadline = judge.deadline()
    reminders = judge.tick(deadline - timedelta(hours=7))
    assert [m.to for m in reminders] == [(judge.seat("RUSSIA"),)]
    assert judge.tick(deadline - timedelta(hours=6)) == []  # once only
    late = judge.tick(deadline)
    assert any("You are late!" in b for b in bodies(late, judge.seat("RUSSIA")))
    assert any("Still waiting for orders from: Russia" in m.body for m in late)
    assert judge.tick(deadline + timedelta(hours=1)) == []  # repeats after 24 h
    assert judge.phase() == "S1901M"
    out = judge.tick(judge.grace_end())
    assert any("In civil disorder: Russia" in m.body for m in out)
    results = [m for m in out if m.subject.endswith("S1901M Results")]
    assert len(results) == 8
    assert "Russia: Army Moscow, No Order Processed." in results[0].body
    assert judge.phase() == "F1901M"
    check_golden(
        "civil_disorder", "\n".join(judge.transcript[start:]) + "\n", update_golden
    )
    # in later phases a power in civil disorder does not hold the game up
    hold_all_but(judge, {"RUSSIA"})
    assert judge.tick(judge.now + timedelta(hours=13))
    assert judge.phase() == "S1902M"  # no centre changed: no adjustments


def test_takeover_of_an_abandoned_power(judge, update_golden):
    form_game(judge, options="nonmr")
    assert "NoNMR" in judge.send(MASTER, "LIST alpha")[0].body
    hold_all_but(judge, {"GERMANY"}, "\nSET WAIT")
    judge.tick(judge.deadline())
    out = judge.tick(judge.grace_end())
    assert any("Abandoned: Germany" in m.body for m in out)
    assert judge.phase() == "S1901M"  # NoNMR: waits for a replacement
    assert judge.tick(judge.grace_end() + timedelta(days=3)) == []
    start = len(judge.transcript)
    out = judge.send(STRANGER, "SIGNON Galpha fresh\nA MUN-RUH\nF KIE H\nA BER H")
    assert "You have taken over Germany in game 'alpha'." in out[0].body
    assert "Germany: Army Munich -> Ruhr." in out[0].body
    assert any("Germany has been taken over" in m.body for m in out[1:])
    assert judge.seat("GERMANY") == STRANGER
    for power in ("AUSTRIA", "ENGLAND", "FRANCE", "ITALY", "RUSSIA", "TURKEY"):
        judge.send(judge.seat(power), f"{signon(judge, power)}\nSET NOWAIT")
    results = judge.tick(judge.now + timedelta(hours=1))
    assert any("Germany: Army Munich -> Ruhr." in m.body for m in results)
    assert judge.phase() == "F1901M"
    check_golden("takeover", "\n".join(judge.transcript[start:]) + "\n", update_golden)
    # the old address and password no longer work
    others = {judge.seat(p) for p in HOLDS if p != "GERMANY"}
    old = next(a for a in PLAYERS if a not in others)
    body = judge.send(old, f"SIGNON Galpha {password(old)}")[0].body
    assert "Wrong password for Germany in game 'alpha'." in body


def test_master_rollback_and_process(judge, update_golden):
    form_game(judge)
    master = "SIGNON Malpha pw-master"
    out = judge.send(MASTER, f"{master}\nPROCESS F1901M")
    assert "PROCESS F1901M ignored: the current phase is S1901M." in out[0].body
    judge.send(judge.seat("FRANCE"), f"{signon(judge, 'FRANCE')}\nA PAR-BUR")
    out = judge.send(MASTER, f"{master}\nBECOME Germany\nA MUN-BUR\nPREDICT")
    assert "PREDICTION" in out[0].body
    assert "France: Army Paris -> Burgundy.  (*bounce*)" in out[0].body
    out = judge.send(MASTER, f"{master}\nPROCESS S1901M")
    assert len([m for m in out if m.subject.endswith("S1901M Results")]) == 8
    assert judge.phase() == "F1901M"
    judge.send(judge.seat("ITALY"), f"{signon(judge, 'ITALY')}\nSET DRAW\nSET WAIT")
    start = len(judge.transcript)
    out = judge.send(MASTER, f"{master}\nROLLBACK")
    assert "rolled back to S1901M" in out[0].body
    told = [m for m in out if m.subject == "PYJ:alpha - Rollback"]
    assert sorted(m.to[0] for m in told) == sorted([MASTER, *PLAYERS])
    for m in told:  # everyone learns the phase to order again, and its deadline
        assert "The master has rolled the game back to S1901M (turn 1)." in m.body
        assert "The orders it was processed with stand again" in m.body
        assert m.body.startswith(":: Judge: PYJ  Game: alpha  Variant: Standard\n")
        assert ":: Deadline: S1901M " in m.body
    assert judge.phase() == "S1901M"
    assert judge.game()["turn"] == 1
    # njudge: the rolled-back turn's orders stand, so PROCESS replays them
    assert judge.row("SELECT count(*) FROM svc_orders")[0] == 2
    # votes and WAIT belonged to the phase rolled away
    assert judge.row("SELECT sum(draw) + sum(wait) FROM svc_members")[0] == 0
    check_golden("rollback", "\n".join(judge.transcript[start:]) + "\n", update_golden)
    # a player cannot use master commands
    body = judge.send(judge.seat("FRANCE"), f"{signon(judge, 'FRANCE')}\nROLLBACK")[
        0
    ].body
    assert "Only the game's master may do that" in body


def test_wrong_passwords_and_unknown_commands(judge, update_golden):
    form_game(judge)
    start = len(judge.transcript)
    france = judge.seat("FRANCE")
    out = judge.send(france, "SIGNON Falpha wrong\nA PAR-BUR")
    assert "Wrong password for France in game 'alpha'." in out[0].body
    assert "The rest of your message was not read." in out[0].body
    assert judge.row("SELECT count(*) FROM svc_orders")[0] == 0
    out = judge.send(france, "FROBNICATE now\nA PAR-BUR")
    assert '"FROBNICATE" is not a command this judge knows' in out[0].body
    assert "orders need a SIGNON first" in out[0].body
    out = judge.send(MASTER, "SIGNON Malpha pw-player1\nTERMINATE")
    assert "Wrong master password for game 'alpha'." in out[0].body
    assert judge.game()["status"] == "active"
    out = judge.send(france, "SIGNON Xalpha pw\nSIGNON ?nosuch pw\nSET NOWAIT")
    assert "There is no power 'X'" in out[0].body
    out = judge.send(france, "signon\nlist nosuch\nget nothing\nset wait")
    assert "Use: SIGNON ?<game>" in out[0].body
    assert "There is no game named 'nosuch'." in out[0].body
    assert "There is no help topic 'nothing'." in out[0].body
    assert "Sign on first" in out[0].body
    # a signon from another address: the address of record gets a copy
    out = judge.send(STRANGER, f"SIGNON Falpha {password(france)}\nA PAR-BUR")
    assert [m.to for m in out] == [(STRANGER,), (france,)]
    assert "who signed on as you" in out[1].body
    check_golden("errors", "\n".join(judge.transcript[start:]) + "\n", update_golden)


def test_orders_reply_lists_everything(judge):
    form_game(judge)
    out = judge.send(
        judge.seat("ENGLAND"),
        f"{signon(judge, 'ENGLAND')}\nF LON-NTH\nA LVP-YOR\nF EDI-XYZ\nA LVP-WAL",
        subject="my moves",
    )
    reply = out[0]
    assert reply.subject == "Re: PYJ:alpha - S1901M my moves"
    assert "England: Army Liverpool -> Wales." in reply.body  # the last order wins
    assert "England: Fleet Edinburgh, No Order Processed." in reply.body
    assert "F EDI-XYZ: " in reply.body  # refused, the other orders stand
    assert "Orders not received for 1 unit." in reply.body
    out = judge.send(
        judge.seat("ENGLAND"),
        f"{signon(judge, 'ENGLAND')}\nSET TIMEZONE America/New_York\nCANCEL ORDERS",
    )
    assert "Deadline in your time zone: Thursday 8 January 2026, 18:30" in out[0].body
    assert "England: Fleet London, No Order Processed." in out[0].body


def test_information_commands(judge):
    form_game(judge)
    body = judge.send(OBSERVER, "LIST\nLIST alpha\nWHOGAME alpha\nSUMMARY alpha")[
        0
    ].body
    assert "alpha        standard   active   S1901M" in body
    assert "Phase S1901M, deadline Thu Jan 08 2026 23:30:00 +0000." in body
    assert "Status of the Movement phase for Spring of 1901.  (alpha.001)" in body
    assert "Russia:  Fleet St Petersburg (south coast)." in body
    assert "Summary of game 'alpha' through S1901M." in body
    assert "Power    1900\nAustria     3\nEngland     3\n" in body
    body = judge.send(OBSERVER, "HELP\nGET deadlines\nGET master")[0].body
    assert "CREATE ?<game>" in body and "GRACE" in body and "ROLLBACK" in body


def test_anonymous_games_reveal_no_addresses(judge):
    out = form_game(judge, options="gunboat")
    assert not any("@" in m.body for m in out)
    body = judge.send(OBSERVER, "WHOGAME alpha\nLIST alpha")[0].body
    assert "@" not in body and "(anonymous)" in body


def test_register_and_resign(judge):
    body = judge.send(
        PLAYERS[0],
        "REGISTER\nName: Ann Example\nTimezone: Europe/Paris\nEmail: a@example.org"
        "\nLevel: Expert\nAddress: Lyon\nCountry: France\nEND",
    )[0].body
    assert "Registration processed." in body
    form_game(judge)
    member_tz = judge.row("SELECT tz FROM svc_members WHERE address = ?", [PLAYERS[0]])[
        0
    ]
    assert member_tz == "Europe/Paris"
    power = judge.row("SELECT power FROM svc_members WHERE address = ?", [PLAYERS[0]])[
        0
    ]
    out = judge.send(PLAYERS[0], f"{signon(judge, power)}\nRESIGN")
    assert any("has resigned" in m.body for m in out)
    out = judge.send(STRANGER, f"SIGNON {power[0]}alpha mine")
    assert "You have taken over" in out[0].body


def test_a_broken_game_does_not_stop_the_others(judge):
    form_game(judge, "alpha")
    form_game(judge, "beta")
    judge.db.execute("UPDATE svc_games SET position = '{}' WHERE name = 'alpha'")
    judge.db.conn.commit()
    out = judge.tick(judge.deadline("beta"))
    assert out and all("beta" in m.subject for m in out)
    assert judge.phase("alpha") is None


def test_signon_with_the_letter_apart_from_the_game(judge):
    """'SIGNON F alpha <password>', as players type it from memory, signs on
    as France; the reply does not quote the password."""
    form_game(judge)
    france = judge.seat("FRANCE")
    out = judge.send(france, f"SIGNON F alpha {password(france)}\nA Par - Bur")
    assert "France: Army Paris -> Burgundy." in out[0].body, out[0].body
    assert password(france) not in out[0].body
    assert "> SIGNON F ****" in out[0].body
    out = judge.send(france, "SIGNON F nosuchgame secret\nA Par - Pic")
    assert "Use: SIGNON <letter><game> <password>" in out[0].body
    assert "secret" not in out[0].body


def test_a_forming_games_deadline_is_refused_saying_what_sets_it(judge):
    judge.send(MASTER, "CREATE ?early pw-master standard")
    out = judge.send(MASTER, "SIGNON Mearly pw-master\nSET DEADLINE next friday")
    body = out[0].body
    assert "Game 'early' is forming: it has no deadline to set yet." in body
    assert "SET MOVE CLOCK <hh:mm>" in body
    assert judge.game("early")["deadline"] is None


@pytest.mark.parametrize(
    "written, zone, shown",
    [
        ("Eastern", "America/New_York", "18:30 (America/New_York)"),
        ("EST", "America/New_York", "18:30 (America/New_York)"),  # with DST
        ("Central European", "Europe/Paris", "00:30 (Europe/Paris)"),
        ("GMT+2", "Etc/GMT-2", "01:30 (UTC+2)"),
        ("UTC-5", "Etc/GMT+5", "18:30 (UTC-5)"),
        ("Asia/Tokyo", "Asia/Tokyo", "08:30 (Asia/Tokyo)"),
    ],
)
def test_set_timezone_reads_zones_as_the_registration_form_does(
    judge, written, zone, shown
):
    """njudge's names (Eastern, CET...), IANA names and UTC offsets, as the
    REGISTER form's Timezone line takes them; an offset is shown as UTC+2,
    never as IANA's reversed Etc/GMT-2."""
    form_game(judge)
    france = judge.seat("FRANCE")
    body = judge.send(france, f"{signon(judge, 'FRANCE')}\nSET TIMEZONE {written}")[
        0
    ].body
    assert "is not a time zone" not in body, body
    assert judge.row(
        "SELECT tz FROM svc_members WHERE game = 'alpha' AND power = 'FRANCE'"
    ) == (zone,)
    assert "Deadline in your time zone: " in body and shown in body, body
    assert "Etc/GMT" not in body


def test_set_timezone_refuses_what_is_no_zone(judge):
    form_game(judge)
    france = judge.seat("FRANCE")
    body = judge.send(france, f"{signon(judge, 'FRANCE')}\nSET TIMEZONE Mars/Olympus")[
        0
    ].body
    assert "'Mars/Olympus' is not a time zone (e.g. Europe/Paris, Eastern," in body


def test_orders_on_the_signon_line_are_said_to_be_unread(judge):
    form_game(judge)
    france = judge.seat("FRANCE")
    body = judge.send(france, f"SIGNON Falpha {password(france)} A Par - Bur")[0].body
    assert "The rest of the SIGNON line was not read: put each order on a line" in body
    assert "France: Army Paris, No Order Processed." in body
