"""njudge's rules options as the engine's rule values (Rules.options), in
the DATC's manner: a position, the orders, the outcome.  The engine names
no variant: the service turns SET CENTERS / ANY CENTRES / AUTO DISBAND /
DISBAND into these values."""

from __future__ import annotations

from judge.engine.api import Rules, adjudicate, initial_position, orders_needed
from judge.engine.board import load_board
from judge.engine.orders import Build, Disband, Unit
from judge.engine.state import Phase, Position
from tests.engine.canon import orders

BOARD = load_board("standard")
START = initial_position(BOARD)


def rules(**values) -> Rules:
    return Rules(options={k: str(v) for k, v in values.items()})


def winter(units, centres) -> Position:
    return Position(Phase(1901, "W", "A"), units, centres)


def test_centres_needed_to_win_end_the_game_at_that_count():
    # France takes Belgium and Spain in the fall: 5 centres
    spring = adjudicate(BOARD, START, orders({"FRANCE": ["A PAR - BUR",
                                                         "A MAR - GAS"]}))  # fmt: skip
    fall_orders = orders({"FRANCE": ["A BUR - BEL", "A GAS - SPA"]})
    plain = adjudicate(BOARD, spring.position, fall_orders)
    assert plain.position.winner is None
    five = adjudicate(BOARD, spring.position, fall_orders, rules(centres=5))
    assert five.position.winner == "FRANCE"
    six = adjudicate(BOARD, spring.position, fall_orders, rules(centres=6))
    assert six.position.winner is None


def test_home_centres_only_by_the_rule():
    centres = dict(START.centres, BEL="FRANCE")
    units = {p: u for p, u in START.units.items() if p != "PAR"}
    position = winter(units, centres)
    built = adjudicate(BOARD, position, {"FRANCE": [Build(Unit("A", "BEL"))]})
    assert built.results[0].outcomes == ("void",)


def test_any_centres_builds_in_an_owned_centre_abroad():
    centres = dict(START.centres, BEL="FRANCE")
    units = {p: u for p, u in START.units.items() if p != "PAR"}
    position = winter(units, centres)
    built = adjudicate(
        BOARD, position, {"FRANCE": [Build(Unit("A", "BEL"))]}, rules(build_sites="any")
    )
    assert built.position.units["BEL"] == ("FRANCE", Unit("A", "BEL"))


def test_one_centre_needs_a_home_centre_still_owned():
    centres = {c: p for c, p in START.centres.items() if p != "FRANCE"}
    centres.update(BEL="FRANCE", HOL="FRANCE")
    position = winter({}, centres)  # France: two centres abroad, no home
    one = rules(build_sites="one")
    assert "FRANCE" not in orders_needed(BOARD, position, one)
    centres["PAR"] = "FRANCE"
    position = winter({}, centres)
    assert orders_needed(BOARD, position, one)["FRANCE"] == 3
    built = adjudicate(BOARD, position, {"FRANCE": [Build(Unit("A", "HOL"))]}, one)
    assert built.position.units["HOL"] == ("FRANCE", Unit("A", "HOL"))


def test_no_build_phase_without_a_site_unless_any_centres():
    # France gains Belgium with its homes full: no site by the rule, so the
    # winter is skipped; under ANY CENTRES it is played (Spain is free)
    units = {p: u for p, u in START.units.items() if u[0] == "FRANCE"}
    units["BUR"] = ("FRANCE", Unit("A", "BUR"))
    french = {c: p for c, p in START.centres.items() if p == "FRANCE"}
    fall = Position(Phase(1901, "F", "M"), units, dict(french, SPA="FRANCE"))
    given = orders({"FRANCE": ["A BUR - BEL"]})
    assert adjudicate(BOARD, fall, given).position.phase == Phase(1902, "S", "M")
    anywhere = adjudicate(BOARD, fall, given, rules(build_sites="any"))
    assert anywhere.position.phase == Phase(1901, "W", "A")


def test_auto_disband_destroys_dislodged_units_that_could_retreat():
    # Germany dislodges the Russian army in Warsaw, which could retreat
    spring = Position(
        Phase(1901, "S", "M"),
        {"WAR": ("RUSSIA", Unit("A", "WAR")), "SIL": ("GERMANY", Unit("A", "SIL")),
         "PRU": ("GERMANY", Unit("A", "PRU"))},
        dict(START.centres),
    )  # fmt: skip
    given = orders({"GERMANY": ["A SIL - WAR", "A PRU S A SIL - WAR"]})
    normal = adjudicate(BOARD, spring, given)
    assert normal.position.phase.type == "R"
    auto = adjudicate(BOARD, spring, given, rules(auto_disband=True))
    assert auto.position.phase == Phase(1901, "F", "M")
    assert all(u != Unit("A", "WAR") for _, u in auto.position.units.values()
               if _ == "RUSSIA")  # fmt: skip
    war = [r for r in auto.results if r.unit == Unit("A", "WAR")][0]
    assert "dislodged" in war.outcomes and "disband" in war.outcomes


def test_a_unit_disbands_in_a_movement_phase_only_when_the_game_allows():
    given = {"FRANCE": [Disband(Unit("A", "PAR"))]}
    plain = adjudicate(BOARD, START, given)
    assert "PAR" in plain.position.units  # not an order of this phase: it holds
    allowed = adjudicate(BOARD, START, given, rules(movement_disband=True))
    assert "PAR" not in allowed.position.units
    par = [r for r in allowed.results if r.unit == Unit("A", "PAR")][0]
    assert par.order == Disband(Unit("A", "PAR")) and par.outcomes == ("disband",)


def test_a_disbanding_unit_holds_while_the_phase_is_fought():
    # the German army ordered to disband still stops the French move
    position = Position(
        Phase(1901, "S", "M"),
        {"MUN": ("GERMANY", Unit("A", "MUN")), "BUR": ("FRANCE", Unit("A", "BUR"))},
        dict(START.centres),
    )
    given = {"GERMANY": [Disband(Unit("A", "MUN"))],
             **orders({"FRANCE": ["A BUR - MUN"]})}  # fmt: skip
    out = adjudicate(BOARD, position, given, rules(movement_disband=True))
    assert out.position.units.get("BUR") == ("FRANCE", Unit("A", "BUR"))
    assert "MUN" not in out.position.units


def test_coastal_convoys_a_fleet_in_holland_convoys_belgium_to_kiel():
    position = Position(
        Phase(1901, "S", "M"),
        {"BEL": ("FRANCE", Unit("A", "BEL")), "HOL": ("FRANCE", Unit("F", "HOL"))},
        dict(START.centres),
    )
    given = orders({"FRANCE": ["A BEL - KIE", "F HOL C A BEL - KIE"]})
    plain = adjudicate(BOARD, position, given)
    assert "BEL" in plain.position.units  # a fleet on a coast convoys nobody
    assert (
        "void" in [r for r in plain.results if r.unit == Unit("F", "HOL")][0].outcomes
    )
    coastal = adjudicate(BOARD, position, given, rules(coastal_convoys=True))
    assert coastal.position.units.get("KIE") == ("FRANCE", Unit("A", "KIE"))
    assert all(r.outcomes == () for r in coastal.results)


def test_coastal_convoys_still_need_a_route():
    # Picardy's fleet does not touch Kiel: no route from Belgium
    position = Position(
        Phase(1901, "S", "M"),
        {"BEL": ("FRANCE", Unit("A", "BEL")), "PIC": ("FRANCE", Unit("F", "PIC"))},
        dict(START.centres),
    )
    given = orders({"FRANCE": ["A BEL - KIE", "F PIC C A BEL - KIE"]})
    out = adjudicate(BOARD, position, given, rules(coastal_convoys=True))
    assert "BEL" in out.position.units
