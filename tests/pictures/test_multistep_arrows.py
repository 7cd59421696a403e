"""Imperial Diplomacy's multi-step fleet moves on the map, played through the
engine: one arrow through every step, solid when the fleet went all the way,
solid then dashed where it stopped early, dashed when its first step failed;
and Imperial Garrisons ("IG" units) in the results do not break a picture."""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
import xml.etree.ElementTree as ET

import pytest

from judge.engine.api import OrderResult, adjudicate, initial_position
from judge.engine.board import load_board
from judge.engine.orders import Hold, Move, SupportHold, SupportMove, Unit
from judge.engine.state import Dislodged
from judge.pictures import render_png, render_svg
from judge.pictures.geometry import load_geometry
from judge.pictures.multistep import steps_travelled
from judge.pictures.render import UNIT_RADIUS, drawable
from judge.variants import load_variant
from judge.variants.imperial.rules import Join, MultiMove

BOARD, RULES = load_variant("imperial")
GEO = load_geometry(load_board("standard"))  # Imperial is played on it
GAUL, FRANK = "EMPIRE_BRE", "EMPIRE_MAR"
ROUTE = "F MAO - WES - TYS"


def play(pos, given):
    for empire in pos.extra.get("empires", {}):
        given.setdefault(empire, [])
    return adjudicate(BOARD, pos, given, RULES)


def fleets(**placed):
    """Gaul (Bre) and Frank (Mar) joined, their armies gone, units placed:
    fleets(mao=(GAUL, "F MAO"))."""
    start = initial_position(BOARD)
    pos = play(start, {GAUL: [Join("BRE")], FRANK: [Join("MAR")]}).position
    units = {p: e for p, e in pos.units.items() if p not in ("BRE", "MAR")}
    for prov, (power, text) in placed.items():
        units[prov.upper()] = (power, Unit.parse(text))
    return dataclasses.replace(pos, units=units)


def multi(*steps):
    return MultiMove(Unit("F", "MAO"), steps)


def draw(position, result):
    return ET.fromstring(render_svg(BOARD, position, result, geometry=GEO))


def order_element(root, text):
    found = [
        e
        for e in root.iter()
        if e.get("class") == "order" and e.get("data-order") == text
    ]
    assert len(found) == 1, f"{text} drawn {len(found)} times"
    return found[0]


def legs(order):
    """(status, line vertices, arrow tip, dashed) of each leg of an order."""
    out = []
    for leg in order.iter():
        if leg.get("class") != "leg":
            continue
        paths = [e for e in leg.iter() if e.tag.endswith("path")]
        nums = re.findall(r"-?[\d.]+", paths[-1].get("d"))
        pairs = zip(nums[::2], nums[1::2], strict=True)
        vertices = [(float(x), float(y)) for x, y in pairs]
        head = next(e for e in leg.iter() if e.tag.endswith("polygon"))
        tip = tuple(float(v) for v in head.get("points").split()[0].split(","))
        dashed = any(e.get("stroke-dasharray") for e in leg.iter())
        out.append((leg.get("data-status"), vertices, tip, dashed))
    return out


def to_segment(p, a, b) -> float:
    """Distance from p to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)
    t = max(0.0, min(1.0, t))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def assert_follows(vertices, tip, locations):
    """The line runs from near the first location through every one in
    between (exactly) and its head points at the last."""
    points = [GEO.location_point(loc) for loc in locations]
    for middle in points[1:-1]:
        assert any(math.dist(v, middle) < 0.11 for v in vertices), middle
    assert math.dist(vertices[0], points[0]) == pytest.approx(UNIT_RADIUS, abs=0.2)
    for v in vertices:  # nowhere off the route
        assert min(to_segment(v, a, b) for a, b in itertools.pairwise(points)) < 0.2
    assert math.dist(tip, points[-1]) < UNIT_RADIUS
    assert to_segment(tip, points[-2], points[-1]) < 0.2


def test_a_move_all_the_way_is_one_solid_arrow_through_every_step():
    pos = fleets(mao=(GAUL, "F MAO"), eng=(GAUL, "F ENG"))
    result = play(pos, {GAUL: [multi("WES", "TYS")]})
    [r] = [r for r in result.results if isinstance(r.order, MultiMove)]
    assert r.outcomes == () and drawable(r)
    for position in (pos, result.position):  # before and after the phase
        order = order_element(draw(position, result), ROUTE)
        assert order.get("data-status") == "succeeded"
        assert order.get("data-power") == GAUL
        [(status, vertices, tip, dashed)] = legs(order)
        assert status == "succeeded" and not dashed
        assert_follows(vertices, tip, ["MAO", "WES", "TYS"])


def test_a_move_stopped_early_is_solid_as_far_as_it_went_and_dashed_beyond():
    pos = fleets(mao=(GAUL, "F MAO"), eng=(GAUL, "F ENG"), tys=(FRANK, "F TYS"))
    result = play(pos, {GAUL: [multi("WES", "TYS")]})
    [r] = [r for r in result.results if isinstance(r.order, MultiMove)]
    assert r.outcomes == ("bounce",)
    assert steps_travelled(r, result) == 1
    for position in (pos, result.position):
        order = order_element(draw(position, result), ROUTE)
        assert order.get("data-status") == "failed"
        assert order.get("data-result") == "bounce"
        went, beyond = legs(order)
        assert went[0] == "succeeded" and not went[3]
        assert beyond[0] == "failed" and beyond[3]
        assert_follows(went[1], went[2], ["MAO", "WES"])
        assert_follows(beyond[1], beyond[2], ["WES", "TYS"])


def test_a_failed_first_step_dashes_the_whole_route():
    pos = fleets(mao=(GAUL, "F MAO"), eng=(GAUL, "F ENG"), lyo=(FRANK, "F LYO"))
    given = {GAUL: [multi("WES", "TYS")], FRANK: [Move(Unit("F", "LYO"), "WES")]}
    result = play(pos, given)
    [r] = [r for r in result.results if isinstance(r.order, MultiMove)]
    assert r.outcomes == ("bounce",)
    assert steps_travelled(r, result) == 0
    order = order_element(draw(result.position, result), ROUTE)
    assert order.get("data-status") == "failed"
    [(status, vertices, tip, dashed)] = legs(order)
    assert status == "failed" and dashed
    assert_follows(vertices, tip, ["MAO", "WES", "TYS"])


def test_where_it_stopped_is_not_guessed_without_the_position_after():
    pos = fleets(mao=(GAUL, "F MAO"), eng=(GAUL, "F ENG"), tys=(FRANK, "F TYS"))
    result = play(pos, {GAUL: [multi("WES", "TYS")]})
    # As results read back from text are: over the drawn position itself.
    read_back = dataclasses.replace(result, position=pos)
    [r] = [r for r in read_back.results if isinstance(r.order, MultiMove)]
    assert steps_travelled(r, read_back) == 0
    order = order_element(draw(pos, read_back), ROUTE)
    [(status, vertices, tip, dashed)] = legs(order)
    assert status == "failed" and dashed
    assert_follows(vertices, tip, ["MAO", "WES", "TYS"])


def test_another_own_fleet_on_the_route_is_not_taken_for_the_mover():
    # Gaul's own fleet in the Tyrrhenian holds: the mover stops in the West.
    pos = fleets(mao=(GAUL, "F MAO"), eng=(GAUL, "F ENG"), tys=(GAUL, "F TYS"))
    result = play(pos, {GAUL: [multi("WES", "TYS", "ION")]})
    [r] = [r for r in result.results if isinstance(r.order, MultiMove)]
    assert r.outcomes == ("bounce",)
    assert result.position.units["WES"] == (GAUL, Unit("F", "WES"))
    assert result.position.units["TYS"] == (GAUL, Unit("F", "TYS"))
    assert steps_travelled(r, result) == 1


def test_a_three_step_move_stopped_at_the_second():
    pos = fleets(
        mao=(GAUL, "F MAO"),
        eng=(GAUL, "F ENG"),
        iri=(GAUL, "F IRI"),
        ion=(FRANK, "F ION"),
    )
    result = play(pos, {GAUL: [multi("WES", "TYS", "ION")]})
    [r] = [r for r in result.results if isinstance(r.order, MultiMove)]
    assert r.outcomes == ("bounce",)
    assert result.position.units["TYS"] == (GAUL, Unit("F", "TYS"))
    assert steps_travelled(r, result) == 2
    order = order_element(draw(result.position, result), "F MAO - WES - TYS - ION")
    went, beyond = legs(order)
    assert went[0] == "succeeded" and beyond[0] == "failed"
    assert_follows(went[1], went[2], ["MAO", "WES", "TYS"])
    assert_follows(beyond[1], beyond[2], ["TYS", "ION"])


def test_imperial_garrison_results_are_drawn_like_an_army():
    pos = fleets(mao=(GAUL, "F MAO"), eng=(GAUL, "F ENG"), pic=(GAUL, "A PIC"))
    result = play(pos, {GAUL: [multi("WES", "TYS")]})
    garrison = Unit("IG", "BRE")
    extra = (
        OrderResult(GAUL, garrison, Hold(garrison)),
        OrderResult(GAUL, garrison, SupportHold(garrison, Unit("A", "PIC")), ("cut",)),
        OrderResult(GAUL, garrison, SupportMove(garrison, Unit("A", "PIC"), "PAR"), ()),
    )
    struck = Dislodged(FRANK, Unit("IG", "MAR"), ())
    with_ig = dataclasses.replace(
        result, results=result.results + extra, dislodged=(struck,)
    )
    # Should an IG ever stand among the units, it is a disc.
    units = {**pos.units, "MAR": (FRANK, Unit("IG", "MAR"))}
    shown = dataclasses.replace(pos, units=units)
    root = draw(shown, with_ig)
    for r in extra:
        assert drawable(r)
        order_element(root, r.order.canonical())
    order_element(root, ROUTE)
    symbols = [e for e in root.iter() if e.get("data-unit") == "IG MAR"]
    assert symbols and any(e.tag.endswith("circle") for e in symbols[-1].iter())
    assert render_png(BOARD, shown, with_ig, geometry=GEO)[:4] == b"\x89PNG"
