"""The standard map's drawing matches the map: the provinces that touch are
exactly the adjacent ones, each province is one piece, and every unit, label
and coast point lies inside its own province."""

from __future__ import annotations

import pytest

from judge.engine.board import Board, load_board
from judge.pictures.geometry import GeometryError, load_geometry, parse_geometry
from judge.variants import load_variant, variant_names

BOARD = load_board("standard")
GEO = load_geometry(BOARD)


def adjacent_pairs(board: Board) -> set[frozenset[str]]:
    pairs = set()
    for p, dests in board.army_adjacency.items():
        pairs |= {frozenset((p, q)) for q in dests}
    for loc, dests in board.fleet_adjacency.items():
        pairs |= {frozenset((loc.split("/")[0], q.split("/")[0])) for q in dests}
    return pairs


def inside(point, loops) -> bool:
    """Even-odd rule over all loops of a region."""
    x, y = point
    hit = False
    for loop in loops:
        n = len(loop)
        for k in range(n):
            (x1, y1), (x2, y2) = loop[k], loop[(k + 1) % n]
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
    return hit


def test_touching_provinces_are_exactly_the_adjacent_ones():
    drawn = {
        pair
        for pair in GEO.touching
        if all(p in BOARD.provinces and p != "SWI" for p in pair)
    }
    adjacent = adjacent_pairs(BOARD)
    assert sorted(map(sorted, adjacent - drawn)) == []  # adjacent but apart
    assert sorted(map(sorted, drawn - adjacent)) == []  # touching, not adjacent


def test_switzerland_is_drawn_impassable_among_its_neighbours():
    neighbours = {p for pair in GEO.touching if "SWI" in pair for p in pair}
    assert {"BUR", "MUN", "TYR", "PIE"} <= neighbours


def test_every_province_is_one_piece():
    for pid, shape in GEO.provinces.items():
        assert len(shape.region.loops) == 1, pid


@pytest.mark.parametrize("pid", sorted(BOARD.provinces))
def test_points_lie_in_their_province(pid):
    shape = GEO.provinces[pid]
    loops = shape.region.loops
    assert inside(shape.unit, loops)
    assert inside(shape.label, loops), "label"
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


@pytest.mark.parametrize(
    "mangle, message",
    [
        (lambda d: d.pop("canvas"), "canvas"),
        (lambda d: d["provinces"].pop("PAR"), "no drawing for provinces PAR"),
        (lambda d: d["provinces"].__setitem__("XYZ", {"unit": [0, 0]}), "XYZ"),
        (lambda d: d["provinces"]["PAR"].__setitem__("unit", [1]), "provinces.PAR"),
        (lambda d: d["provinces"]["STP"].pop("coasts"), "STP: needs a point"),
        (lambda d: d["fillers"][0].__setitem__("kind", "lava"), "land or sea"),
        (lambda d: d["provinces"].__setitem__("PAR", 5), "PAR: expected a table"),
        (lambda d: d["provinces"]["PAR"].__setitem__("seeds", "x"), "expected a list"),
        (lambda d: d["provinces"]["SPA"].__setitem__("coasts", []), "expected a table"),
        (
            lambda d: (
                d.pop("projection"),
                d["provinces"]["PAR"].update(unit=[-5000, -5000], seeds=[]),
            ),
            "provinces .*PAR.*have no area",
        ),
        (lambda d: d["provinces"]["BUR"].__setitem__("unit", [2.2, 48.3]), "same"),
        (lambda d: d["projection"].__setitem__("focus", "x"), "focus"),
        (lambda d: d["projection"].__setitem__("magnify", 0.5), "magnify"),
        (lambda d: d["canvas"].__setitem__("width", 0), "positive"),
    ],
)
def test_malformed_geometry_says_what_is_wrong(mangle, message):
    import copy
    import tomllib

    from judge.pictures.geometry import geometry_path

    data = tomllib.loads(geometry_path("standard").read_text())
    data = copy.deepcopy(data)
    mangle(data)
    with pytest.raises(GeometryError, match=message):
        parse_geometry(BOARD, data)


@pytest.mark.parametrize("name", variant_names())
def test_every_variant_has_a_drawing(name):
    board, _ = load_variant(name)
    geo = load_geometry(board)
    assert set(geo.provinces) == set(board.provinces)
