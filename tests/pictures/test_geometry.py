"""The drawings match the maps: the standard board's real geography (its
provinces touch where the map makes them adjacent, every spot for a unit,
label or centre lies inside its province), every variant has a drawing, and
a malformed drawing (schematic or geography) says what is wrong."""

from __future__ import annotations

import copy
import json

import pytest

from judge.engine.board import Board, load_board
from judge.pictures.geometry import (
    GeometryError,
    geography_path,
    load_geometry,
    parse_geography,
    parse_geometry,
)
from judge.variants import load_variant, variant_names
from judge.worlds.generate import generate
from tests.pictures.svgmap import inside

BOARD = load_board("standard")
GEO = load_geometry(BOARD)


def adjacent_pairs(board: Board) -> set[frozenset[str]]:
    pairs = set()
    for p, dests in board.army_adjacency.items():
        pairs |= {frozenset((p, q)) for q in dests}
    for loc, dests in board.fleet_adjacency.items():
        pairs |= {frozenset((loc.split("/")[0], q.split("/")[0])) for q in dests}
    return pairs


@pytest.mark.parametrize("name", ["standard", "1913"])
def test_touching_provinces_are_exactly_the_adjacent_ones(name):
    board = load_variant(name)[0]
    geo = load_geometry(board)
    drawn = {pair for pair in geo.touching if "SWI" not in pair}
    adjacent = adjacent_pairs(board)
    assert sorted(map(sorted, adjacent - drawn)) == []  # adjacent but apart
    assert sorted(map(sorted, drawn - adjacent)) == []  # touching, not adjacent


def test_switzerland_is_drawn_impassable_among_its_neighbours():
    neighbours = {p for pair in GEO.touching if "SWI" in pair for p in pair}
    assert {"BUR", "MUN", "TYR", "PIE", "MAR"} <= neighbours


@pytest.mark.parametrize("pid", sorted(BOARD.provinces))
def test_points_lie_in_their_province(pid):
    shape = GEO.provinces[pid]
    loops = shape.region.loops
    assert inside(shape.unit, loops)
    assert inside(shape.label, loops), "label"
    assert inside(shape.dislodged, loops), "dislodged"
    if BOARD.provinces[pid].centre:
        assert inside(shape.centre, loops), "centre"
    for coast, point in shape.coasts.items():
        assert inside(point, loops), coast


def test_split_coasts_each_have_their_own_point():
    for pid in ("STP", "SPA", "BUL"):
        coasts = GEO.provinces[pid].coasts
        assert set(coasts) == set(BOARD.provinces[pid].coasts)
        assert len(set(coasts.values())) == len(coasts)
    assert GEO.location_point("STP/NC") != GEO.location_point("STP/SC")
    assert GEO.location_point("STP") == GEO.provinces["STP"].unit


def test_a_map_without_drawing_is_a_clear_error():
    data = dict(BOARD.data, map=dict(BOARD.data["map"], name="nowhere"))
    with pytest.raises(GeometryError, match="nowhere.*no drawing"):
        load_geometry(Board(data))


GEOGRAPHY = json.loads(geography_path("standard").read_text())


@pytest.mark.parametrize(
    "mangle, message",
    [
        (lambda d: d["provinces"].pop("PAR"), "no drawing for provinces PAR"),
        (lambda d: d["provinces"]["PAR"].__setitem__("unit", [1]), "provinces.PAR"),
        (lambda d: d["provinces"]["STP"]["coasts"].pop("NC"), "STP: a point"),
        (lambda d: d["provinces"]["PAR"].__setitem__("loops", [[1]]), "PAR: loops"),
        (lambda d: d.__setitem__("transform", [1, 2]), "six numbers"),
        (lambda d: d.pop("projection"), "malformed geography"),
    ],
)
def test_malformed_geography_says_what_is_wrong(mangle, message):
    data = copy.deepcopy(GEOGRAPHY)
    mangle(data)
    with pytest.raises(GeometryError, match=message):
        parse_geography(BOARD, data)


WORLD = generate(11, powers=5)
WORLD_BOARD = Board(WORLD.data)
FIRST = sorted(WORLD.geometry["provinces"])[0]


@pytest.mark.parametrize(
    "mangle, message",
    [
        (lambda d: d.pop("canvas"), "canvas"),
        (lambda d: d["canvas"].__setitem__("width", 0), "positive"),
        (lambda d: d["provinces"].__setitem__("XYZ", {"unit": [0, 0]}), "XYZ"),
        (lambda d: d["provinces"][FIRST].__setitem__("unit", [1]), FIRST),
        (lambda d: d["provinces"].__setitem__(FIRST, 5), "expected a table"),
        (lambda d: d["provinces"][FIRST].__setitem__("seeds", "x"), "expected a list"),
    ],
)
def test_malformed_schematic_drawing_says_what_is_wrong(mangle, message):
    data = copy.deepcopy(WORLD.geometry)
    mangle(data)
    with pytest.raises(GeometryError, match=message):
        parse_geometry(WORLD_BOARD, data)


@pytest.mark.parametrize("name", variant_names())
def test_every_variant_has_a_drawing(name):
    board, _ = load_variant(name)
    geo = load_geometry(board)
    assert set(geo.provinces) == set(board.provinces)
