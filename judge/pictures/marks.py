"""The sizes of the marks drawn on a map, as boxes: a unit, a province's
label, a supply centre.

One place for them, so the drawing (render.py), the placement of the marks
when a map's geography is built (scripts/build_geography.py) and the tests
that no mark hides another all agree.
"""

from __future__ import annotations

Box = tuple[float, float, float, float]  # x0, y0, x1, y1

ARMY_RADIUS = 7.5
FLEET_SCALE = 0.62  # of the fleet's outline, drawn 28 x 21 units
LABEL_SIZE = 8.5  # font size of a land province's label
SEA_LABEL_SIZE = 9.0
CHAR_WIDTH = 0.64  # of the font size, for capitals in DejaVu Sans
CENTRE_RADIUS = 4.0


def unit_box(at: tuple[float, float], kind: str) -> Box:
    """The box a unit's marker covers (a fleet's includes its coast tag)."""
    x, y = at
    if kind == "F":
        return (x - 9.5, y - 8.5, x + 9.5, y + 6.0)
    r = ARMY_RADIUS + 0.8
    return (x - r, y - r, x + r, y + r)


def label_font_size(sea: bool) -> float:
    return SEA_LABEL_SIZE if sea else LABEL_SIZE


def label_box(at: tuple[float, float], text: str, sea: bool) -> Box:
    """The box of a province's label, written centred on `at`."""
    size = label_font_size(sea)
    half = len(text) * size * CHAR_WIDTH / 2 + 1
    return (at[0] - half, at[1] - size * 0.5, at[0] + half, at[1] + size * 0.5)


def centre_box(at: tuple[float, float]) -> Box:
    r = CENTRE_RADIUS + 1
    return (at[0] - r, at[1] - r, at[0] + r, at[1] + r)


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
