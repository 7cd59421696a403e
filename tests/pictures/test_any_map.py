"""Any map with a drawing renders: a tiny made-up map drawn in plain pixel
coordinates (as a map generator would write it), and random positions on the
standard map (property test)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.engine.api import OrderResult, PhaseResult
from judge.engine.board import Board, load_board
from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    Waive,
)
from judge.engine.state import Dislodged, Phase, Position
from judge.pictures import render_png, render_svg
from judge.pictures.geometry import parse_geometry
from judge.pictures.render import drawable
from judge.pictures.response import parse_canonical
from tests.strength import examples

TINY = {
    "map": {"name": "tiny", "victory_centres": 2},
    "powers": {
        "NORTH": {
            "name": "North",
            "adjective": "Northern",
            "letter": "N",
            "units": ["A AAA"],
            "centres": ["AAA"],
        },
        "SOUTH": {
            "name": "South",
            "adjective": "Southern",
            "letter": "S",
            "units": ["F CCC"],
            "centres": ["CCC"],
        },
    },
    "provinces": {
        "AAA": {
            "name": "Aland",
            "kind": "coast",
            "centre": True,
            "home": "NORTH",
            "army": ["BBB", "CCC"],
            "fleet": ["SEA", "CCC"],
        },
        "BBB": {"name": "Bland", "kind": "land", "army": ["AAA", "CCC"]},
        "CCC": {
            "name": "Cland",
            "kind": "coast",
            "centre": True,
            "home": "SOUTH",
            "army": ["AAA", "BBB"],
            "fleet": ["SEA", "AAA"],
        },
        "SEA": {"name": "The Sea", "kind": "sea", "fleet": ["AAA", "CCC"]},
    },
}
TINY_DRAWING = {
    "canvas": {"width": 300, "height": 200},
    "provinces": {
        "AAA": {"unit": [60, 50]},
        "BBB": {"unit": [150, 50]},
        "CCC": {"unit": [240, 50]},
        "SEA": {"unit": [150, 160], "seeds": [[40, 170], [260, 170]]},
    },
}


def test_a_generated_map_in_pixel_coordinates_renders():
    board = Board(TINY)
    geometry = parse_geometry(board, TINY_DRAWING)
    touching = {tuple(sorted(pair)) for pair in geometry.touching}
    assert ("AAA", "BBB") in touching and ("AAA", "SEA") in touching
    position = Position(
        Phase.parse("S2001M"),
        {"AAA": ("NORTH", Unit("A", "AAA")), "SEA": ("SOUTH", Unit("F", "SEA"))},
        {"AAA": "NORTH", "CCC": "SOUTH"},
    )
    svg = render_svg(board, position, title="Tiny", geometry=geometry)
    root = ET.fromstring(svg)
    units = [e.get("data-unit") for e in root.iter() if e.get("class") == "unit"]
    assert sorted(units) == ["A AAA", "F SEA"]
    png = render_png(board, position, title="Tiny", geometry=geometry)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


BOARD = load_board("standard")
ARMY_SPOTS = sorted(
    p for p, v in BOARD.provinces.items() if v.kind in ("land", "coast")
)
FLEET_SPOTS = sorted(BOARD.fleet_adjacency)
POWERS = sorted(BOARD.powers)


@st.composite
def positions(draw):
    units, dislodged = {}, {}
    chosen = draw(
        st.lists(
            st.one_of(
                st.tuples(st.just("A"), st.sampled_from(ARMY_SPOTS)),
                st.tuples(st.just("F"), st.sampled_from(FLEET_SPOTS)),
            ),
            max_size=34,
        )
    )
    for kind, loc in chosen:
        unit = Unit(kind, loc)
        units.setdefault(unit.province, (draw(st.sampled_from(POWERS)), unit))
    retreat = draw(st.booleans())
    if retreat:
        for province, (power, unit) in list(units.items())[:3]:
            options = draw(st.lists(st.sampled_from(ARMY_SPOTS), max_size=3))
            dislodged[province] = Dislodged(power, unit, tuple(options))
    centres = {
        c: draw(st.sampled_from(POWERS))
        for c in draw(st.lists(st.sampled_from(BOARD.supply_centres())))
    }
    phase = Phase.parse("F1903R" if retreat else "F1903M")
    return Position(phase, units, centres, dislodged)


@settings(max_examples=examples(30), deadline=None)
@given(positions())
def test_any_position_renders_one_symbol_per_unit(position):
    root = ET.fromstring(render_svg(BOARD, position))
    drawn = sorted(e.get("data-unit") for e in root.iter() if e.get("class") == "unit")
    expected = [str(u) for _, u in position.units.values()]
    expected += [str(d.unit) for d in position.dislodged.values()]
    assert drawn == sorted(expected)


@settings(max_examples=examples(50), deadline=None)
@given(
    st.sampled_from(["A", "F"]),
    st.sampled_from(sorted(BOARD.locations())),
    st.sampled_from(sorted(BOARD.locations())),
    st.booleans(),
)
def test_canonical_orders_read_back(kind, here, there, via):
    unit, other = Unit(kind, here), Unit("A", there.split("/")[0])
    dest = there.split("/")[0]
    orders = [
        Hold(unit),
        Move(unit, there, via),
        SupportHold(unit, Unit(kind, there)),
        SupportMove(unit, other, dest),
        Convoy(unit, other, dest),
        Retreat(unit, there),
        Disband(unit),
        Build(unit),
        Waive(),
    ]
    for order in orders:
        assert parse_canonical(order.canonical()) == order


LOCATIONS = sorted(BOARD.locations())
OUTCOMES = ["void", "bounce", "cut", "no convoy", "disrupted", "dislodged", "disband"]


@st.composite
def any_order(draw):
    unit = Unit(draw(st.sampled_from("AF")), draw(st.sampled_from(LOCATIONS)))
    other = Unit(draw(st.sampled_from("AF")), draw(st.sampled_from(LOCATIONS)))
    dest = draw(st.sampled_from(LOCATIONS))
    return draw(
        st.sampled_from(
            [
                Hold(unit),
                Move(unit, dest, draw(st.booleans())),
                SupportHold(unit, other),
                SupportMove(unit, other, dest.split("/")[0]),
                Convoy(unit, other, dest.split("/")[0]),
                Retreat(unit, dest),
                Disband(unit),
                Build(unit),
                Waive(),
                None,
            ]
        )
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    positions(),
    st.lists(
        st.tuples(
            st.sampled_from(POWERS),
            any_order(),
            st.lists(st.sampled_from(OUTCOMES), max_size=2, unique=True),
        ),
        max_size=40,
    ),
)
def test_any_orders_draw_one_element_each(position, entries):
    """Even nonsense (a unit moving onto itself, supports across the map) is
    drawn, one element per order, never a crash."""
    results = tuple(
        OrderResult(power, getattr(order, "unit", None), order, tuple(outcomes))
        for power, order, outcomes in entries
    )
    phase_result = PhaseResult(position.phase, results, (), position)
    root = ET.fromstring(render_svg(BOARD, position, phase_result))
    drawn = [e for e in root.iter() if e.get("class") == "order"]
    assert len(drawn) == sum(1 for r in results if drawable(r))
    for e in drawn:
        failed = e.get("data-status") == "failed"
        assert failed == bool(e.get("data-result"))
