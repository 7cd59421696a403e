"""Duplex games (SET PLAYERS) and takeovers by a newcomer, by mail, after
njudge's regression scenario (tests/input/Bug91-*.in): a master (the
creator, as njudge's AUTO_MASTER makes it), four players sharing the seven
powers by their preference lists, observers and their press, press from
the master, a wrong master password, a resignation, a return and a
takeover.  tests/njudge_suite/ replays the scenario mail by mail."""

from harness import MASTER, PLAYERS, form_game, password, signon

OBSERVER = "observer1@example.org"
LISTS = ["FRIGATE", "IGATEFR", "ATEFRIG", "EFRIGAT"]  # njudge's Bug91 lists
NAMES = {"A": "AUSTRIA", "E": "ENGLAND", "F": "FRANCE", "G": "GERMANY",
         "I": "ITALY", "R": "RUSSIA", "T": "TURKEY"}  # fmt: skip


def powers_of(judge, address, game="dt"):
    return sorted(
        p
        for (p,) in judge.db.execute(
            "SELECT power FROM svc_members WHERE game = ? AND address = ?"
            " AND role = 'player' AND state != 'resigned'",
            [game, address],
        ).fetchall()
    )


REGISTRATION = """REGISTER
Name: Master One
Email: master@example.org
Level: Expert
Address: Springfield
Country: USA
Timezone: Eastern
END"""


def start_duplex(judge):
    out = judge.send(MASTER, REGISTRATION)  # a registered master, as njudge's
    assert "Registration processed." in out[0].body
    out = judge.send(MASTER, "CREATE ?dt pass standard\nSET PLAYERS 4")
    assert "has been created and you are its master" in out[0].body
    assert "starts with 4 players, who share its 7 powers" in out[0].body
    judge.observe(OBSERVER, "dt")
    for address, wanted in zip(PLAYERS[:4], LISTS, strict=True):
        out = judge.send(
            address, f"SIGNON ?dt {password(address)}\nSET PREFERENCE {wanted}"
        )
    return out


def test_four_players_share_seven_powers(judge):
    out = start_duplex(judge)
    assert judge.game("dt")["status"] == "active"
    # round one: every first choice (F, I, A, E); round two: the three left
    # go to three of the four players, by their lists over what is left
    held = {address: powers_of(judge, address) for address in PLAYERS[:4]}
    for address, wanted in zip(PLAYERS[:4], LISTS, strict=True):
        assert NAMES[wanted[0]] in held[address]
        assert 1 <= len(held[address]) <= 2
    assert sorted(p for ps in held.values() for p in ps) == sorted(NAMES.values())
    starting = [m for m in out if "Game Starting" in m.subject]
    assert sorted(m.to[0] for m in starting) == sorted(
        [*PLAYERS[:4], MASTER, OBSERVER]
    )  # one mail each, whatever the powers held
    two = next(a for a in PLAYERS[:4] if len(held[a]) == 2)
    mail = next(m for m in starting if m.to == (two,))
    names = " and ".join(p.capitalize() for p in held[two])
    assert "You have been selected as P" in mail.body and f"({names})" in mail.body
    assert "Sign on with SIGNON " in mail.body
    # one password, either letter: orders for both powers in one message
    first, second = held[two]
    out = judge.send(two, f"SIGNON {first[0]}dt {password(two)}\nSET WAIT")
    assert "Wrong password" not in out[0].body
    out = judge.send(two, f"SIGNON {second[0]}dt {password(two)}")
    assert "Wrong password" not in out[0].body
    out = judge.send(MASTER, "SIGNON Mdt wrong")
    assert "Wrong master password for game 'dt'." in out[0].body
    out = judge.send(
        MASTER, "SIGNON Mdt pass\nBROADCAST\nPress from the master!\nENDBROADCAST"
    )
    assert any("Press from the master!" in m.body for m in out[1:])
    press = [m for m in out[1:] if "Press from the master!" in m.body]
    assert len({m.to for m in press}) == len(press)  # a duplex player once
    body = judge.send(OBSERVER, "LIST dt\nWHOGAME dt FULL")[0].body
    assert "Master     Master One" in body  # the registered master's name


def receivers(out, text: str) -> list[str]:
    return sorted(a for m in out if text in m.body for a in m.to)


def test_observer_press_end_to_end_under_each_setting(judge):
    """The creator is the master without BECOME MASTER; an observer (signed
    on with a password of its own) writes press: to the master always, to
    everyone and to powers as SET OBSERVER allows."""
    start_duplex(judge)
    master = judge.row(
        "SELECT role, power FROM svc_members WHERE address = ?", [MASTER]
    )
    assert tuple(master) == ("master", None)  # the creator plays no power
    france = next(a for a in PLAYERS[:4] if "FRANCE" in powers_of(judge, a))
    writer = "observer2@example.org"  # njudge's second observer: a password
    out = judge.send(writer, "SIGNON Odt watch-pw")
    asking = next(m for m in out if "(CONFIRM " in m.subject)
    judge.send(writer, "Yes.", subject="Re: " + asking.subject)
    everyone = sorted([MASTER, *PLAYERS[:4], OBSERVER])

    def observer_says(press: str, text: str):
        out = judge.send(writer, f"SIGNON Odt watch-pw\n{press}\n{text}\nENDPRESS")
        return out[0].body, receivers(out[1:], text)

    body, got = observer_says("BROADCAST", "Any setting: to all")
    assert "Signed on as an observer of game 'dt'." in body
    assert got == everyone  # the master, every player and observer, each once
    assert observer_says("PRESS TO F", "Any: to France")[1] == [france]
    assert observer_says("PRESS TO M", "Any: to the master")[1] == [MASTER]
    judge.send(MASTER, "SIGNON Mdt pass\nSET OBSERVER WHITE")
    assert observer_says("BROADCAST", "White: to all")[1] == everyone
    body, got = observer_says("PRESS TO F", "White: to France")
    assert got == [] and "does not allow observer partial press" in body
    judge.send(MASTER, "SIGNON Mdt pass\nSET OBSERVER NO")
    body, got = observer_says("BROADCAST", "No: to all")
    assert got == [] and "does not allow observer press" in body
    assert observer_says("PRESS TO M", "No: to the master")[1] == [MASTER]
    # a player's broadcast reaches both observers
    player = PLAYERS[0]
    letter = powers_of(judge, player)[0][0]
    out = judge.send(player, f"SIGNON {letter}dt {password(player)}\nBROADCAST\n"
                     "From a player\nENDPRESS")  # fmt: skip
    assert {OBSERVER, writer} <= set(receivers(out[1:], "From a player"))


def test_takeover_with_the_old_password_makes_a_new_player_of_record(judge):
    form_game(judge)
    leaver = judge.seat("FRANCE")
    out = judge.send(leaver, f"{signon(judge, 'FRANCE')}\nRESIGN")
    assert any("France has resigned" in m.body for m in out)
    newcomer = "newcomer@example.org"
    # the old password, from a new address: a takeover, not the leaver's return
    out = judge.send(newcomer, f"SIGNON Falpha {password(leaver)}\nA PAR-BUR")
    assert "You have taken over France in game 'alpha'." in out[0].body
    assert judge.seat("FRANCE") == newcomer
    assert "France: Army Paris -> Burgundy." in out[0].body
    body = judge.send("someone@example.org", "WHOGAME alpha\nSUMMARY alpha")[0].body
    assert f"France: {leaver} from the start, then {newcomer} from S1901M" in body
    assert f"     from S1901M:  {newcomer}" in body  # SUMMARY, njudge's layout
    # results now go to the newcomer, not the player who left
    judge.later(days=30)
    out = judge.tick()
    results = [m for m in out if "Results" in m.subject or "S1901M" in m.subject]
    receivers = {m.to[0] for m in results}
    assert newcomer in receivers and leaver not in receivers


def test_returning_player_with_own_password_is_back(judge):
    form_game(judge)
    player = judge.seat("FRANCE")
    judge.send(player, f"{signon(judge, 'FRANCE')}\nRESIGN")
    out = judge.send(player, f"{signon(judge, 'FRANCE')}")
    assert judge.seat("FRANCE") == player
    assert "Wrong password" not in out[0].body


def test_duplex_resignation_return_and_takeover(judge):
    start_duplex(judge)
    held = {address: powers_of(judge, address) for address in PLAYERS[:4]}
    two = next(a for a in PLAYERS[:4] if len(held[a]) == 2)
    first, second = held[two]
    out = judge.send(two, f"SIGNON {first[0]}dt {password(two)}\nRESIGN")
    assert powers_of(judge, two) == []  # both powers go with the player
    out = judge.send(two, f"SIGNON {second[0]}dt {password(two)}")
    assert "Wrong password" not in out[0].body
    assert powers_of(judge, two) == held[two]  # the player is back, whole
    judge.send(two, f"SIGNON {first[0]}dt {password(two)}\nRESIGN")
    newcomer = "newcomer@example.org"
    out = judge.send(newcomer, f"SIGNON {second[0]}dt fresh-pw")
    assert f"You have taken over {second.capitalize()} in game 'dt'." in out[0].body
    assert powers_of(judge, newcomer) == held[two]  # every power of the seat
    out = judge.send(newcomer, f"SIGNON {first[0]}dt fresh-pw\nLIST dt")
    assert "Wrong password" not in out[0].body
    body = judge.send("x@example.org", "WHOGAME dt")[0].body
    assert f"then {newcomer} from S1901M" in body


def test_set_powers_leaves_the_undrawn_powers_out(judge):
    import json

    judge.send(MASTER, "CREATE ?five pw-master\nBECOME MASTER\nSET POWERS 5")
    out = []
    for address in PLAYERS[:5]:
        out = judge.send(address, f"SIGNON ?five {password(address)}")
    assert judge.game("five")["status"] == "active"
    held = [p for a in PLAYERS[:5] for p in powers_of(judge, a, "five")]
    assert len(held) == 5
    position = json.loads(judge.game("five")["position"])
    left_out = set(NAMES.values()) - set(held)
    assert len(left_out) == 2
    text = json.dumps(position)
    for power in held:
        assert power in text  # the powers played have their units
    for power in left_out:
        assert power not in text  # no units, no centres
    starting = [m for m in out if "Game Starting" in m.subject]
    assert len(starting) == 6  # five players and the master
    assert starting[0].body.count("(not in this game)") == 2
