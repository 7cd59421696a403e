"""Engine rules beyond the DATC: phases, ownership, victory, civil disorder,
the JSON state form, and orders as data (no text)."""

from __future__ import annotations

import pytest

from judge.engine.api import Rules, adjudicate, initial_position, orders_needed
from judge.engine.board import load_board
from judge.engine.orders import Build, Hold, Move, Unit, Waive
from judge.engine.serialize import position_from_json, position_to_json
from judge.engine.state import Phase
from tests.engine.canon import order, orders, position

BOARD = load_board("standard")


def test_initial_position():
    start = initial_position(BOARD)
    assert start.phase == Phase(1901, "S", "M")
    assert len(start.units) == 22
    assert start.units["STP"] == ("RUSSIA", Unit("F", "STP/SC"))
    assert len(start.centres) == 22
    assert orders_needed(BOARD, start)["RUSSIA"] == 4


def test_a_year_without_orders_skips_retreats_and_adjustments():
    spring = adjudicate(BOARD, initial_position(BOARD), {})
    assert spring.position.phase == Phase(1901, "F", "M")
    fall = adjudicate(BOARD, spring.position, {})
    assert fall.position.phase == Phase(1902, "S", "M")
    assert all(r.order is None and r.outcomes == () for r in fall.results)


def test_centres_change_hands_after_fall_only_and_builds_follow():
    spring = adjudicate(
        BOARD,
        initial_position(BOARD),
        orders({"FRANCE": ["A PAR - BUR", "F BRE - MAO"]}),
    )
    assert spring.position.centres["BRE"] == "FRANCE"
    fall = adjudicate(
        BOARD, spring.position, orders({"FRANCE": ["A BUR - BEL", "F MAO - POR"]})
    )
    winter = fall.position
    assert winter.phase == Phase(1901, "W", "A")
    assert winter.centres["BEL"] == "FRANCE" and winter.centres["POR"] == "FRANCE"
    assert orders_needed(BOARD, winter) == {"FRANCE": 2}
    built = adjudicate(
        BOARD,
        winter,
        {"FRANCE": [Build(Unit("F", "BRE")), Waive(), Build(Unit("A", "PAR"))]},
    )
    codes = [(str(r.unit), r.outcomes) for r in built.results]
    assert codes == [("F BRE", ()), ("A PAR", ("void",)), ("None", ())]
    assert built.position.units["BRE"] == ("FRANCE", Unit("F", "BRE"))
    assert "PAR" not in built.position.units
    assert built.position.phase == Phase(1902, "S", "M")


def test_fall_retreats_come_before_ownership():
    before = position(
        "F1901M",
        {"GERMANY": ["A MUN", "A BOH"], "FRANCE": ["A BUR"], "AUSTRIA": ["A TYR"]},
        {"FRANCE": ["PAR"], "GERMANY": ["MUN"]},
    )
    moved = adjudicate(
        BOARD,
        before,
        orders({"FRANCE": ["A BUR - MUN"], "AUSTRIA": ["A TYR S A BUR - MUN"]}),
    )
    after = moved.position
    assert after.phase == Phase(1901, "F", "R")
    assert after.centres["MUN"] == "GERMANY"  # not yet
    retreated = adjudicate(BOARD, after, orders({"GERMANY": ["A MUN R RUH"]}))
    assert retreated.position.units["RUH"] == ("GERMANY", Unit("A", "RUH"))
    assert retreated.position.centres["MUN"] == "FRANCE"
    # Germany lost its only centre and has two units: it must remove both.
    assert retreated.position.phase == Phase(1901, "W", "A")
    assert orders_needed(BOARD, retreated.position) == {
        "AUSTRIA": -1,  # no centre at all
        "FRANCE": 1,  # Paris and Munich, one army
        "GERMANY": -2,
    }


def test_victory_is_reported():
    others = [c for c in sorted(BOARD.supply_centres()) if c != "LON"]
    owned = {"FRANCE": others[:17], "ENGLAND": ["LON", *others[17:]]}
    before = position("F1905M", {"FRANCE": ["F ENG"], "ENGLAND": ["A YOR"]}, owned)
    result = adjudicate(BOARD, before, orders({"FRANCE": ["F ENG - LON"]}))
    assert result.position.centres["LON"] == "FRANCE"
    assert result.position.winner == "FRANCE"
    assert position_to_json(BOARD, result.position)["winner"] == "FRANCE"


def test_contradictory_orders_for_one_unit_are_void_and_it_holds():
    before = position("S1901M", {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]})
    result = adjudicate(
        BOARD,
        before,
        {"FRANCE": [order("A PAR - BUR"), order("A PAR - PIC")], "GERMANY": []},
    )
    assert [r.outcomes for r in result.results if r.power == "FRANCE"] == [
        ("void",),
        ("void",),
    ]
    assert result.position.units["PAR"] == ("FRANCE", Unit("A", "PAR"))


def test_unknown_power_is_refused():
    with pytest.raises(ValueError, match="no power called 'ATLANTIS'"):
        adjudicate(
            BOARD, initial_position(BOARD), {"ATLANTIS": [Hold(Unit("A", "PAR"))]}
        )


def test_wrong_coast_of_the_ordered_fleet_is_ignored():
    before = position("S1901M", {"FRANCE": ["F SPA/SC"]})
    result = adjudicate(BOARD, before, {"FRANCE": [Move(Unit("F", "SPA/NC"), "LYO")]})
    assert result.position.units["LYO"] == ("FRANCE", Unit("F", "LYO"))


def test_a_missing_coast_is_filled_in_when_only_one_is_reachable():
    before = position("S1901M", {"FRANCE": ["F GAS"], "ITALY": ["F WES"]})
    result = adjudicate(
        BOARD,
        before,
        {
            "FRANCE": [Move(Unit("F", "GAS"), "SPA")],
            "ITALY": [Move(Unit("F", "WES"), "SPA")],
        },
    )
    # Gascony reaches only the north coast, the Western Med only the south.
    assert [r.outcomes for r in result.results] == [("bounce",), ("bounce",)]


def test_state_round_trip_and_case_insensitive_input():
    data = {
        "phase": "f1901r",
        "units": {"france": ["a par", "f stp/nc"]},
        "centers": {"France": ["par"]},
        "dislodged": {"GERMANY": [{"unit": "A BUR", "retreats": ["ruh", "mun"]}]},
    }
    pos = position_from_json(BOARD, data)
    assert pos.units["STP"] == ("FRANCE", Unit("F", "STP/NC"))
    assert pos.dislodged["BUR"].retreats == ("MUN", "RUH")
    back = position_to_json(BOARD, pos)
    assert back == {
        "phase": "F1901R",
        "units": {"FRANCE": ["A PAR", "F STP/NC"]},
        "centers": {"FRANCE": ["PAR"]},
        "dislodged": {"GERMANY": [{"unit": "A BUR", "retreats": ["MUN", "RUH"]}]},
    }
    assert position_from_json(BOARD, back) == pos


@pytest.mark.parametrize("rules", [Rules(), Rules(options={"rules": "2023"})])
def test_civil_disorder_removes_fleets_before_armies_at_equal_distance(rules):
    # Bohemia and the North Sea are both two from Warsaw / St Petersburg.
    before = position(
        "W1901A",
        {"RUSSIA": ["A BOH", "F NTH", "A UKR"]},
        {"RUSSIA": ["STP", "WAR"]},
    )
    after = adjudicate(BOARD, before, {}, rules).position
    assert sorted(str(u) for _p, u in after.units.values()) == ["A BOH", "A UKR"]
