"""Imperial Diplomacy's agreed endings by mail (IMP-14(e)): SET END <text>
from every current player ends the game with that text; SET NOEND
withdraws; other variants refuse it."""

from harness import MASTER, form_game, hold_all_but, signon

FIRST, SECOND, THIRD = (f"e{i}@example.org" for i in range(1, 4))
CITIES = {FIRST: "BRE", SECOND: "ROM", THIRD: "NAP"}


def pw(address: str) -> str:
    return "pw-" + address.split("@")[0]


def imperial_game(judge, name="imp", options=""):
    """Three empires (Brest, Rome, Naples) that have joined: Spring 1901."""
    judge.send(MASTER, f"CREATE ?{name} pw-master imperial {options}\nBECOME MASTER")
    for address, city in CITIES.items():
        judge.send(address, f"SIGNON ?{name} {pw(address)}\nSET PREFERENCE {city}")
    judge.send(MASTER, f"SIGNON M{name} pw-master\nFORCE BEGIN")
    advance(judge, name)
    assert judge.phase(name) == "S1901M"


def advance(judge, name="imp"):
    """Process the current phase: at the deadline, or when grace ends."""
    before = judge.phase(name)
    judge.tick(judge.deadline(name))
    if judge.phase(name) == before:
        judge.tick(judge.grace_end(name))
    assert judge.phase(name) != before


def vote(judge, address, line, name="imp"):
    city = CITIES[address]
    return judge.send(address, f"SIGNON {city}{name} {pw(address)}\n{line}")


def status(judge, name="imp"):
    return judge.game(name)["status"]


def test_a_unanimous_ending_finishes_the_game_with_its_text(judge):
    imperial_game(judge)
    reply = vote(judge, FIRST, "SET END Gaul and Rome share the  world").pop(0)
    assert 'You propose to end the game with: "Gaul and Rome share the world".' in (
        reply.body
    )
    assert "(1 of 3 players)" in reply.body
    assert '"Gaul and Rome share the world": Empire of Brest' in reply.body
    reply = vote(judge, SECOND, "SET END gaul AND rome share the world").pop(0)
    assert "(2 of 3 players)" in reply.body
    assert "Empire of Brest, Empire of Rome" in reply.body
    assert "Not voted: Empire of Naples" in reply.body
    assert status(judge) == "active"
    out = vote(judge, THIRD, "SET END Gaul and Rome share the world")
    assert status(judge) == "finished"
    assert "Gaul and Rome share the world" in judge.game("imp")["result"]
    over = [m for m in out if "Game Over" in m.subject]
    for address in (FIRST, SECOND, THIRD, MASTER):
        mails = [m for m in over if address in m.to]
        assert mails, address
        assert "The game is over." in mails[0].body
        assert "Gaul and Rome share the world" in mails[0].body


def test_a_differing_text_or_a_missing_vote_does_not_end_it(judge):
    imperial_game(judge)
    vote(judge, FIRST, "SET END Rome wins")
    vote(judge, SECOND, "SET END Rome wins")
    assert status(judge) == "active"  # Naples has not voted
    reply = vote(judge, THIRD, "SET END Naples wins").pop(0)
    assert status(judge) == "active"
    assert '"Rome wins": Empire of Brest, Empire of Rome' in reply.body
    assert '"Naples wins": Empire of Naples' in reply.body
    # a phase processed clears the proposals, as it clears draw votes
    for address, city in CITIES.items():
        vote(judge, address, f"A {city} H")
    advance(judge)
    reply = vote(judge, THIRD, "SET END Rome wins").pop(0)
    assert "(1 of 3 players)" in reply.body
    assert status(judge) == "active"


def test_set_noend_withdraws_a_proposal(judge):
    imperial_game(judge)
    vote(judge, FIRST, "SET END Peace")
    vote(judge, SECOND, "SET END Peace")
    reply = vote(judge, FIRST, "SET NOEND").pop(0)
    assert "Your proposed ending is withdrawn." in reply.body
    assert '"Peace": Empire of Rome' in reply.body
    vote(judge, THIRD, "SET END Peace")
    assert status(judge) == "active"
    vote(judge, FIRST, "SET END peace")
    assert status(judge) == "finished"


def test_anonymous_games_count_the_votes(judge):
    imperial_game(judge, options="anonymous")
    reply = vote(judge, FIRST, "SET END Peace").pop(0)
    assert '"Peace": 1' in reply.body
    tally = reply.body.split("Endings proposed")[1].split("\n\n")[0]
    assert "(1 of 3 players)" in tally
    assert "Empire of" not in tally and "Not voted" not in tally


def test_endings_are_refused_outside_imperial_and_when_too_long(judge):
    form_game(judge)
    address = judge.seat("FRANCE")
    reply = judge.send(address, f"{signon(judge, 'FRANCE')}\nSET END France wins")
    assert (
        "agreed endings are not a rule of this game's variant (standard);"
        " use SET DRAW" in reply[0].body
    )
    hold_all_but(judge)
    assert judge.game()["status"] == "active"
    imperial_game(judge)
    reply = vote(judge, FIRST, "SET END " + "x" * 201).pop(0)
    assert "at most 200 characters" in reply.body
    reply = vote(judge, FIRST, "SET END").pop(0)
    assert "Use: SET END <the ending" in reply.body
