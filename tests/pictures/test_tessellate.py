"""The tessellation alone: cells split the canvas, same-owner cells merge."""

from __future__ import annotations

import math

from judge.pictures.tessellate import regions, voronoi_cells


def area(loop) -> float:
    return 0.5 * sum(
        x1 * y2 - x2 * y1
        for (x1, y1), (x2, y2) in zip(loop, loop[1:] + loop[:1], strict=True)
    )


def test_two_seeds_halve_the_canvas():
    cells = voronoi_cells([(25.0, 50.0), (75.0, 50.0)], 100, 100)
    areas = [abs(area(poly)) for poly, _ in cells]
    assert all(math.isclose(a, 5000.0) for a in areas)
    # Each cell knows its neighbour across the bisector.
    assert 1 in cells[0][1] and 0 in cells[1][1]


def test_cells_cover_the_canvas_exactly():
    seeds = [(x * 17.0 % 97 + 1, x * 31.0 % 89 + 3) for x in range(1, 30)]
    cells = voronoi_cells(seeds, 100, 100)
    assert math.isclose(sum(abs(area(p)) for p, _ in cells), 10000.0)


def test_cells_of_one_owner_merge_into_one_outline():
    seeds = [(25.0, 25.0), (75.0, 25.0), (25.0, 75.0), (75.0, 75.0)]
    owners = ["TOP", "TOP", "LEFT", "RIGHT"]
    outlines, touching = regions(seeds, owners, 100, 100)
    (top,) = outlines["TOP"].loops
    assert math.isclose(abs(area(list(top))), 5000.0)
    assert touching == {
        frozenset(("TOP", "LEFT")),
        frozenset(("TOP", "RIGHT")),
        frozenset(("LEFT", "RIGHT")),
    }


def test_corner_contact_is_not_touching():
    # A 2x2 chequerboard: diagonal cells meet at one point only.
    seeds = [(25.0, 25.0), (75.0, 25.0), (25.0, 75.0), (75.0, 75.0)]
    _, touching = regions(seeds, ["A", "B", "B2", "A2"], 100, 100)
    assert frozenset(("A", "A2")) not in touching
    assert frozenset(("B", "B2")) not in touching
