"""ANY DISBAND, STRICT CONVOY and BLANK BOARD set by mail and followed: the
orders they allow are taken on arrival, those they forbid refused with the
reason, and the phase is adjudicated by the rule."""

from harness import HOLDS, MASTER, PLAYERS, form_game, password, signon

from judge.engine.serialize import position_from_json
from judge.service.queries import load_game, save_position, stored_orders


def master(judge, commands):
    return judge.send(MASTER, "SIGNON Malpha pw-master\n" + commands)


def orders(judge, power: str, text: str) -> str:
    return judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")[0].body


def place(judge, state: dict) -> None:
    game = load_game(judge.db, "alpha")
    with judge.db.conn:
        save_position(
            judge.db, "alpha", game.board, position_from_json(game.board, state)
        )


def units(judge) -> dict:
    return {
        prov: f"{power} {unit.kind}"
        for prov, (power, unit) in load_game(judge.db, "alpha")
        .current(load_game(judge.db, "alpha").board)
        .units.items()
    }


def test_blank_board_starts_in_a_build_phase_with_no_units(judge):
    judge.send(MASTER, "CREATE ?alpha pw-master standard\nBECOME MASTER")
    body = master(judge, "SET BLANK BOARD")[0].body
    assert "The game starts with no units, in a build phase the winter before." in body
    for address in PLAYERS:
        judge.send(address, f"SIGNON ?alpha {password(address)}")
    assert judge.phase() == "W1900A"
    assert units(judge) == {}
    body = orders(judge, "FRANCE", "BUILD F MAR\nBUILD F BRE\nBUILD A PAR")
    assert "Refused" not in body
    judge.tick(judge.grace_end())
    assert judge.phase() == "S1901M"
    placed = units(judge)
    assert placed["MAR"] == "FRANCE F" and placed["BRE"] == "FRANCE F"
    assert not any(u.startswith("GERMANY") for u in placed.values())  # no builds sent


def test_strict_convoy_refuses_an_implausible_convoy_on_arrival(judge):
    form_game(judge)
    place(judge, {
        "phase": "S1901M",
        "units": {"ENGLAND": ["F NTH", "F ENG"], "GERMANY": ["A MUN"],
                  "FRANCE": ["A BEL"]},
        "centers": {"ENGLAND": ["LON"], "GERMANY": ["MUN"], "FRANCE": ["PAR"]},
    })  # fmt: skip
    body = orders(judge, "ENGLAND", "F NTH C A MUN - HOL\nF ENG C A BEL - PAR")
    assert "Refused" not in body  # njudge's default takes any convoy order
    assert "STRICTCONVOY" in master(judge, "SET STRICT CONVOY")[0].body.replace(" ", "")
    body = orders(judge, "ENGLAND", "F NTH C A MUN - HOL\nF ENG C A BEL - PAR")
    assert "the unit in Munich is landlocked and cannot be convoyed" in body
    assert "the destination Paris is landlocked and cannot be convoyed to" in body
    body = orders(judge, "ENGLAND", "F NTH C A BEL - NWY")
    assert "Refused" not in body


def test_any_disband_a_balanced_power_turns_its_fleet_into_an_army(judge):
    form_game(judge)
    assert "every winter is played" in master(judge, "SET ANY DISBAND")[0].body
    for power, text in HOLDS.items():
        orders(judge, power, text)
    judge.tick(judge.deadline())  # spring: all hold
    for power, text in HOLDS.items():
        orders(judge, power, text)
    judge.tick(judge.deadline())  # fall: all hold; the winter is still played
    assert judge.phase() == "W1901A"
    body = orders(judge, "FRANCE", "REMOVE F BRE\nBUILD A BRE")
    assert "Refused" not in body, body
    assert len(stored_orders(judge.db, "alpha")["FRANCE"]) == 2
    judge.tick(judge.deadline())
    assert judge.phase() == "S1902M"
    assert units(judge)["BRE"] == "FRANCE A"
