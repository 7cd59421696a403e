"""njudge's HOME TRANSFER as the engine's rule value (Rules.options), in the
DATC's manner: a position, the orders, the outcome.  A centre held by one
unit from one winter to the next becomes its power's home, and stops being
the former owner's."""

from __future__ import annotations

import dataclasses

import pytest

from judge.engine.api import Rules, adjudicate, initial_position, orders_needed
from judge.engine.board import load_board
from judge.engine.home_transfer import home_centres
from judge.engine.orders import Unit
from judge.engine.serialize import position_from_json, position_to_json
from judge.engine.state import Phase
from tests.engine.canon import orders, position

BOARD = load_board("standard")
TRANSFER = Rules(options={"home_transfer": "True"})
START_CENTRES = {
    p: sorted(c for c, o in initial_position(BOARD).centres.items() if o == p)
    for p in BOARD.powers
}


def german_in_warsaw(phase: str, **kw):
    """Germany: A WAR besides its home units, owning Warsaw and Denmark (so
    it has a build and the winter is played); Russia without Warsaw."""
    centres = {**START_CENTRES}
    centres["GERMANY"] = ["BER", "DEN", "KIE", "MUN", "WAR"]
    centres["RUSSIA"] = ["MOS", "SEV", "STP"]
    units = {
        "GERMANY": ["A WAR", "A MUN", "F KIE"],
        "RUSSIA": ["A MOS", "F SEV", "F STP/SC"],
    }
    return dataclasses.replace(position(phase, units, centres), **kw)


def play(start, *turns, rules=TRANSFER):
    """Adjudicate one phase per orders mapping given; the last result."""
    now, out = start, None
    for given in turns:
        out = adjudicate(BOARD, now, orders(given), rules)
        now = out.position
    return out


def test_a_centre_held_a_whole_year_becomes_a_home_at_the_winter():
    # held since the last winter (the mark every unit gets there)
    spring = german_in_warsaw("S1902M", held=frozenset({"WAR", "MUN", "KIE"}))
    fall = play(spring, {}).position
    assert fall.held == frozenset({"WAR", "MUN", "KIE"})  # Russia's: unmarked
    winter = play(fall, {}).position
    assert winter.phase == Phase(1902, "W", "A")  # Germany builds in Berlin
    assert winter.homes == {}  # not yet: the winter ends the year
    spring = play(winter, {"GERMANY": ["A BER B"]}).position
    assert spring.homes == {"WAR": "GERMANY"}
    assert "WAR" in home_centres(BOARD, spring, "GERMANY", TRANSFER)
    assert "WAR" not in home_centres(BOARD, spring, "RUSSIA", TRANSFER)
    assert spring.held == frozenset(spring.units)  # every unit marked anew


def test_without_the_rule_nothing_is_tracked_and_the_map_homes_stay():
    spring = german_in_warsaw("S1902M")
    out = play(spring, {}, {}, {"GERMANY": ["A BER B"]}, rules=Rules())
    assert out.position.homes == {} and out.position.held is None
    # a position carrying transfers, read by a game without the rule
    moved = dataclasses.replace(out.position, homes={"WAR": "GERMANY"})
    assert "WAR" not in home_centres(BOARD, moved, "GERMANY", Rules())


def test_the_new_home_takes_builds_and_the_former_owner_may_not_build_there():
    # Winter 1903: Warsaw is German by transfer, vacant; Germany builds there
    winter = german_in_warsaw("W1903A", homes={"WAR": "GERMANY"}, held=frozenset())
    del winter.units["WAR"]
    assert orders_needed(BOARD, winter, TRANSFER)["GERMANY"] == 2  # BER, WAR
    assert orders_needed(BOARD, winter)["GERMANY"] == 1  # BER alone
    out = play(winter, {"GERMANY": ["A WAR B"]})
    assert out.results[0].outcomes == ()
    assert out.position.units["WAR"] == ("GERMANY", out.results[0].unit)
    # the same build without the rule: Warsaw is no German home
    plain = adjudicate(BOARD, winter, orders({"GERMANY": ["A WAR B"]}))
    assert plain.results[0].outcomes == ("void",)
    # Russia retakes Warsaw: it is no longer a Russian home to build in
    russian = dataclasses.replace(
        winter,
        centres={**winter.centres, "WAR": "RUSSIA", "DEN": "RUSSIA"},
    )
    out = adjudicate(BOARD, russian, orders({"RUSSIA": ["A WAR B"]}), TRANSFER)
    assert [r.outcomes for r in out.results if r.power == "RUSSIA"] == [("void",)]
    plain = adjudicate(BOARD, russian, orders({"RUSSIA": ["A WAR B"]}))
    assert [r.outcomes for r in plain.results if r.power == "RUSSIA"] == [()]


def test_a_unit_that_arrived_in_the_spring_has_not_held_a_year():
    spring = german_in_warsaw("S1902M", held=frozenset({"MUN", "KIE"}))
    spring.units.pop("WAR")
    spring.units["SIL"] = ("GERMANY", Unit("A", "SIL"))
    del spring.units["MUN"]
    out = play(spring, {"GERMANY": ["A SIL - WAR"]}, {}, {"GERMANY": ["A MUN B"]})
    assert out.position.phase == Phase(1903, "S", "M")
    assert out.position.homes == {}
    assert "WAR" in out.position.held  # a year from now it will count
    later = play(out.position, {}, {}, {"GERMANY": ["A BER B"]})
    assert later.position.homes == {"WAR": "GERMANY"}


def test_a_unit_that_leaves_and_comes_back_has_not_held_the_centre():
    spring = german_in_warsaw("S1902M", held=None)
    out = play(spring, {"GERMANY": ["A WAR - SIL"]}, {"GERMANY": ["A SIL - WAR"]})
    assert out.position.units["WAR"][0] == "GERMANY"
    assert "WAR" not in out.position.held
    out = play(out.position, {"GERMANY": ["A BER B"]})
    assert out.position.homes == {}


def test_a_conqueror_does_not_inherit_the_year_of_the_unit_it_dislodged():
    # Russia has held Warsaw since the winter; Germany dislodges it in the fall
    centres = {**START_CENTRES, "RUSSIA": ["MOS", "SEV", "STP", "WAR"]}
    centres["GERMANY"] = ["BER", "DEN", "KIE", "MUN"]
    fall = position(
        "F1902M",
        {"GERMANY": ["A SIL", "A PRU", "F KIE"], "RUSSIA": ["A WAR", "F SEV"]},
        centres,
    )
    fall = dataclasses.replace(fall, held=frozenset({"WAR", "KIE", "SEV"}))
    out = play(fall, {"GERMANY": ["A SIL - WAR", "A PRU S A SIL - WAR"]})
    assert out.position.phase.type == "R"
    assert "WAR" not in out.position.held
    out = play(out.position, {})  # the Russian army is disbanded
    assert out.position.centres["WAR"] == "GERMANY"
    assert out.position.phase == Phase(1902, "W", "A")
    out = play(out.position, {"GERMANY": ["A BER B"]})
    assert out.position.homes == {}  # it stood there for the fall only


def test_a_winter_nobody_plays_still_ends_the_year():
    # nothing to build or remove: the winter is skipped, the transfer made
    centres = {"GERMANY": ["BER", "KIE", "MUN", "WAR"], "RUSSIA": ["MOS", "SEV", "STP"]}
    fall = position(
        "F1902M",
        {"GERMANY": ["A WAR", "A MUN", "F KIE", "A BER"],
         "RUSSIA": ["A MOS", "F SEV", "F STP/SC"]},
        centres,
    )  # fmt: skip
    out = play(fall, {})
    assert out.position.phase == Phase(1903, "S", "M")
    assert out.position.homes == {"WAR": "GERMANY"}


def test_a_neutral_centre_becomes_a_home_and_an_old_home_comes_back():
    spring = german_in_warsaw("S1902M", held=None, homes={"WAR": "GERMANY"})
    spring.units["DEN"] = ("GERMANY", Unit("A", "DEN"))
    del spring.units["MUN"]
    spring.units["WAR"] = ("RUSSIA", spring.units["WAR"][1])
    spring.centres["WAR"] = "RUSSIA"
    out = play(spring, {}, {}, {"GERMANY": ["A MUN B"]})
    # Denmark, neutral on the map, is German; Warsaw is Russian again
    assert out.position.homes == {"DEN": "GERMANY"}
    assert "WAR" in home_centres(BOARD, out.position, "RUSSIA", TRANSFER)


def test_civil_disorder_measures_to_the_homes_as_they_stand():
    # Russia must remove one army; all stand in Russian homes on the map (the
    # first by name goes), but Warsaw's home is German now: it is the farthest
    centres = {**START_CENTRES, "RUSSIA": ["MOS", "SEV"]}
    winter = position("W1902A", {"RUSSIA": ["A WAR", "A MOS", "A SEV"]}, centres)
    plain = adjudicate(BOARD, winter, {})
    assert [r.unit.location for r in plain.results if r.power == "RUSSIA"] == ["MOS"]
    moved = dataclasses.replace(winter, homes={"WAR": "GERMANY"})
    out = adjudicate(BOARD, moved, {}, TRANSFER)
    assert [r.unit.location for r in out.results if r.power == "RUSSIA"] == ["WAR"]


def test_the_state_keeps_homes_and_marks_and_checks_them():
    spring = german_in_warsaw(
        "S1903M", homes={"WAR": "GERMANY"}, held=frozenset({"WAR", "KIE"})
    )
    data = position_to_json(BOARD, spring)
    assert data["homes"] == {"GERMANY": ["WAR"]}
    assert data["held"] == ["KIE", "WAR"]
    back = position_from_json(BOARD, data)
    assert back.homes == spring.homes and back.held == spring.held
    plain = position_to_json(BOARD, german_in_warsaw("S1903M"))
    assert "homes" not in plain and "held" not in plain
    assert position_from_json(BOARD, plain).held is None
    with pytest.raises(ValueError, match="BUR in state.homes is no supply centre"):
        position_from_json(BOARD, {**data, "homes": {"GERMANY": ["BUR"]}})
    with pytest.raises(ValueError, match="state.held must be a list"):
        position_from_json(BOARD, {**data, "held": "WAR"})
