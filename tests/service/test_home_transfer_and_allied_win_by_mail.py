"""njudge 1.7's SET HOME TRANSFER and SET ALLIED WIN set by mail and
followed: a centre held a year becomes a home the power builds in, and a
duplex player whose powers together hold 4/3 of the winning centres wins
with them."""

from harness import MASTER, PLAYERS, form_game, password, signon

from judge.engine.serialize import position_from_json
from judge.service.queries import load_game, save_position


def master(judge, commands, game="alpha", pw="pw-master"):
    return judge.send(MASTER, f"SIGNON M{game} {pw}\n" + commands)


def orders(judge, power: str, text: str) -> str:
    return judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")[0].body


def place(judge, state: dict, game="alpha") -> None:
    loaded = load_game(judge.db, game)
    with judge.db.conn:
        save_position(
            judge.db, game, loaded.board, position_from_json(loaded.board, state)
        )


def results(out) -> str:
    return next(m.body for m in out if "results for" in m.body)


def current(judge, game="alpha"):
    loaded = load_game(judge.db, game)
    return loaded.current(loaded.board)


def test_set_home_transfer_and_a_build_in_the_transferred_home(judge):
    form_game(judge)
    body = master(judge, "SET HOME TRANSFER")[0].body
    assert "becomes its power's home centre (and no longer the former" in body
    assert '"home_transfer": true' in judge.game()["settings"]
    listed = judge.send("x@example.org", "LIST alpha")[0].body
    assert "Home Transfer" in listed
    assert "\nWinning Centers: 18.\n" in listed  # no allied goal to show
    # Fall 1902: Germany's army has stood in Warsaw since the last winter
    place(judge, {
        "phase": "F1902M",
        "units": {"GERMANY": ["A WAR", "A MUN"], "RUSSIA": ["A MOS", "F SEV"]},
        "centers": {"GERMANY": ["BER", "DEN", "KIE", "MUN", "WAR"],
                    "RUSSIA": ["MOS", "SEV", "STP"]},
        "held": ["MOS", "MUN", "SEV", "WAR"],
    })  # fmt: skip
    fall = results(judge.tick(judge.grace_end()))
    # the centres show their homes, as njudge's do under the rule
    assert "Berlin*(G), Denmark, Kiel*(G), Munich*(G), Warsaw(R)." in fall
    assert judge.phase() == "W1902A"
    body = orders(judge, "GERMANY", "BUILD A BER\nBUILD F KIE\nWAIVE")
    assert "Refused" not in body
    winter = results(judge.tick(judge.grace_end()))
    # njudge's line, the power padded to its column as for a waived build
    assert "\n\nGermany:                  Assumes Warsaw as a home centre.\n" in winter
    assert current(judge).homes == {"WAR": "GERMANY"}
    # Spring 1903 the army leaves; the winter after, Germany builds in Warsaw
    assert judge.phase() == "S1903M"
    orders(judge, "GERMANY", "A WAR - SIL")
    judge.tick(judge.grace_end())
    judge.tick(judge.grace_end())  # Fall 1903: everything holds
    assert judge.phase() == "W1903A"
    body = orders(judge, "GERMANY", "BUILD A WAR")
    assert "Refused" not in body
    winter = results(judge.tick(judge.grace_end()))
    assert "Germany: Builds an army in Warsaw." in winter
    assert current(judge).units["WAR"][0] == "GERMANY"


def test_set_no_home_transfer_gives_back_the_maps_homes(judge):
    form_game(judge)
    master(judge, "SET HOME TRANSFER")
    place(judge, {
        "phase": "W1903A",
        "units": {"GERMANY": ["A MUN"], "RUSSIA": ["A MOS", "F SEV"]},
        "centers": {"GERMANY": ["BER", "MUN", "WAR"], "RUSSIA": ["MOS", "SEV"]},
        "homes": {"GERMANY": ["WAR"]},
        "held": ["MOS", "MUN", "SEV"],
    })  # fmt: skip
    body = orders(judge, "GERMANY", "BUILD A WAR")
    assert "Germany: Builds an army in Warsaw." in body and "Refused" not in body
    body = master(judge, "SET NO HOME TRANSFER")[0].body
    assert "Home centres stay the map's." in body
    body = orders(judge, "GERMANY", "BUILD A WAR")
    assert "BUILD A WAR: Warsaw is not a centre Germany may build in" in body


def start_duplex(judge):
    """Four players share the seven powers (SET PLAYERS 4)."""
    judge.send(MASTER, "CREATE ?dt pass standard\nSET PLAYERS 4")
    for address in PLAYERS[:4]:
        judge.send(address, f"SIGNON ?dt {password(address)}")
    assert judge.game("dt")["status"] == "active"
    seats = {}
    for address in PLAYERS[:4]:
        seats[address] = sorted(
            p
            for (p,) in judge.db.execute(
                "SELECT power FROM svc_members WHERE game = 'dt' AND address = ?"
                " AND role = 'player'",
                [address],
            ).fetchall()
        )
    return seats


def allied_fall(first: str, second: str, other: str) -> dict:
    """Fall 1905: `first` and `second` own twelve centres each (24, the
    allied goal on the standard map), `other` the ten left."""
    centres = ["ANK", "BEL", "BER", "BRE", "BUD", "BUL", "CON", "DEN", "EDI",
               "GRE", "HOL", "KIE", "LON", "LVP", "MAR", "MOS", "MUN", "NAP",
               "NWY", "PAR", "POR", "ROM", "RUM", "SER", "SEV", "SMY", "SPA",
               "STP", "SWE", "TRI", "TUN", "VEN", "VIE", "WAR"]  # fmt: skip
    return {
        "phase": "F1905M",
        "units": {first: ["A BUR"], second: ["A TYR"], other: ["A UKR"]},
        "centers": {first: centres[:12], second: centres[12:24], other: centres[24:]},
    }


def test_allied_win_ends_a_duplex_game_with_the_players_powers(judge):
    seats = start_duplex(judge)
    two = next(a for a, powers in seats.items() if len(powers) == 2)
    first, second = seats[two]
    other = next(p for a, ps in seats.items() if a != two for p in ps)
    # without the rule 24 centres between two powers win nothing
    place(judge, allied_fall(first, second, other), "dt")
    judge.tick(judge.grace_end("dt"))
    assert judge.game("dt")["status"] == "active"
    body = master(judge, "SET ALLIED WIN", "dt", "pass")[0].body
    assert "wins with them (a duplex game's allied win). Here that is 24" in body
    place(judge, allied_fall(first, second, other), "dt")
    out = judge.tick(judge.grace_end("dt"))
    game = judge.game("dt")
    assert game["status"] == "finished"
    names = sorted(p.capitalize() for p in (first, second))
    assert game["result"] == (
        f"The game has ended in a shared victory for {names[0]} and {names[1]}."
    )
    fall = results(out)
    assert fall.count("(* VICTORY!! *)") == 2
    over = [m for m in out if "Game Over" in m.subject]
    assert over and all(game["result"] in m.body for m in over)


def test_allied_win_needs_the_goal(judge):
    seats = start_duplex(judge)
    master(judge, "SET ALLIED WIN", "dt", "pass")
    body = master(judge, "SET CENTERS 17", "dt", "pass")[0].body
    assert "17 centres win the game. An allied win needs 23." in body
    # LIST says so in njudge's words (params.c)
    listed = judge.send("x@example.org", "LIST dt")[0].body
    assert "\nWinning Centers: 17, Allied Win: 23.\n" in listed
    master(judge, "SET CENTERS 18", "dt", "pass")
    two = next(a for a, powers in seats.items() if len(powers) == 2)
    first, second = seats[two]
    other = next(p for a, ps in seats.items() if a != two for p in ps)
    state = allied_fall(first, second, other)
    state["centers"][other] += state["centers"][second][:1]  # 23 left
    state["centers"][second] = state["centers"][second][1:]
    place(judge, state, "dt")
    judge.tick(judge.grace_end("dt"))
    assert judge.game("dt")["status"] == "active"


def test_a_duplex_players_build_goes_to_the_power_whose_home_it_is_now(judge):
    """A player of two powers writes BUILD with no country heading: the build
    goes to the power the centre is a home of, transfers counted."""
    seats = start_duplex(judge)
    master(judge, "SET HOME TRANSFER", "dt", "pass")
    two = next(a for a, powers in seats.items() if len(powers) == 2)
    first, second = seats[two]
    place(judge, {
        "phase": "W1903A",
        "units": {second: ["A BUR"]},
        "centers": {first: ["BEL"], second: ["HOL"]},
        "homes": {first: ["BEL"]},
        "held": ["BUR"],
    }, "dt")  # fmt: skip
    body = judge.send(two, f"SIGNON {first[0]}dt {password(two)}\nBUILD A BEL")[0].body
    assert "Refused" not in body
    assert f"{first.capitalize()}: Builds an army in Belgium." in body
