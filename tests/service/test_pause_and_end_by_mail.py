"""PAUSE, RESUME, RESIGN and TERMINATE by mail: each answers its sender; a
resumed phase gets back the time it had left (not the clock's default, nor a
timing announced "from the next phase on"); the Paused and Game Over mails
carry no stale deadline; the end-of-game mail says how the game went."""

import re

from harness import MASTER, PLAYERS, form_game, signon

from judge.engine.serialize import position_from_json
from judge.service.queries import load_game, save_position

M = "SIGNON Malpha pw-master\n"


def test_each_command_answers_its_sender(judge):
    form_game(judge)
    for command, words in [
        ("PAUSE", "Game 'alpha' is paused"),
        ("RESUME", "Game 'alpha' is running again; the deadline is"),
    ]:
        reply = judge.send(MASTER, M + command)[0]
        assert words in reply.body.split(f"> {command}", 1)[1], reply.body
    player = judge.seat("FRANCE")
    reply = judge.send(player, f"{signon(judge, 'FRANCE')}\nRESIGN")[0]
    assert "You have resigned France in game 'alpha'" in reply.body
    reply = judge.send(MASTER, M + "TERMINATE")[0]
    assert "Game 'alpha' is over" in reply.body.split("> TERMINATE", 1)[1]


def test_resume_gives_back_the_time_left_under_the_masters_deadline(judge):
    form_game(judge)
    judge.send(MASTER, M + "SET DEADLINE 2026-01-20 18:00\nSET MOVE NEXT 24")
    set_by_master = judge.deadline()
    assert set_by_master.isoformat().startswith("2026-01-20T18:00")
    judge.later(days=2)
    paused_at = judge.now
    judge.send(MASTER, M + "PAUSE")
    judge.later(days=5)
    out = judge.send(MASTER, M + "RESUME")
    assert judge.deadline() == judge.now + (set_by_master - paused_at)
    told = [m.body for m in out if m.to == (PLAYERS[0],)]
    assert "The deadline for orders is Sun Jan 25 2026 18:00:00 +0000." in told[0]


def test_paused_and_game_over_mails_carry_no_stale_deadline(judge):
    form_game(judge)
    player = judge.seat("ENGLAND")
    judge.send(player, f"{signon(judge, 'ENGLAND')}\nSET TIMEZONE Europe/Paris")
    out = judge.send(MASTER, M + "PAUSE")
    paused = [m for m in out if m.to == (player,)][0].body
    assert ":: Deadline: S1901M Thu Jan 01 1970" in paused
    assert "Deadline in your time zone" not in paused
    judge.send(MASTER, M + "RESUME")
    out = judge.send(MASTER, M + "TERMINATE")
    over = [m for m in out if m.to == (player,)][0]
    assert ":: Deadline: S1901M Thu Jan 01 1970" in over.body
    assert "Deadline in your time zone" not in over.body
    assert judge.game()["deadline"] is None


def test_the_end_of_game_mail_tells_how_the_game_went(judge):
    form_game(judge)
    judge.send(MASTER, M + "EJECT France")
    newcomer = "newcomer@example.org"
    judge.send(newcomer, "SIGNON Falpha pw-new")
    out = judge.send(MASTER, M + "TERMINATE")
    over = [m for m in out if m.to == (newcomer,)]
    body = over[0].body
    assert "The game is over. Thank you for playing." in body
    assert "The game has been terminated by the master." in body
    france = body.split("  France:", 1)[1].splitlines()
    assert france[1].strip() == f"from S1901M:  {newcomer}"
    assert "History of Supply Center Counts" in body
    assert "Russia      4" in body
    assert "Ownership of supply centers:" in body.split("The final position:")[1]
    assert [a.filename for a in over[0].attachments] == ["alpha-final.png"]
    history = judge.send(MASTER, "HISTORY alpha")[0].body
    assert "Subject: PYJ:alpha - Game Over" in history


def test_a_solo_victory_is_followed_by_the_end_of_game_mail(judge):
    form_game(judge)
    centres = ["PAR", "MAR", "BRE", "SPA", "POR", "BEL", "HOL", "MUN", "KIE",
               "BER", "DEN", "NWY", "SWE", "LON", "LVP", "EDI", "TUN"]  # fmt: skip
    state = {
        "phase": "F1905M",
        "units": {"FRANCE": ["A BUR", "A PIE"], "ITALY": ["A ROM"]},
        "centers": {"FRANCE": centres, "ITALY": ["ROM", "NAP", "VEN"]},
    }
    game = load_game(judge.db, "alpha")
    with judge.db.conn:
        save_position(
            judge.db, "alpha", game.board, position_from_json(game.board, state)
        )
    judge.send(judge.seat("FRANCE"), f"{signon(judge, 'FRANCE')}\nA PIE-VEN\nA BUR H")
    out = judge.tick(judge.grace_end())
    to_france = [
        m
        for m in out
        if m.to == (judge.seat("FRANCE"),) and "Disorder" not in m.subject
    ]
    assert [m.subject for m in to_france] == [
        "PYJ:alpha - F1905M Results",
        "PYJ:alpha - Game Over",
    ]
    end = to_france[1].body
    assert "The game has ended in a victory for France." in end
    assert "History of Supply Center Counts" in end
    assert re.search(r"\nFrance +17 +18\n", end), end
    history = judge.send(MASTER, "HISTORY alpha")[0].body
    assert history.index("F1905M Results") < history.index(
        "Subject: PYJ:alpha - Game Over"
    )
