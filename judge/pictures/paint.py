"""Paint a plain SVG element straight onto a picture's pixels (aggdraw:
anti-aliased drawing on Pillow images), without resvg.

The orders and retreat lines of a picture are a few plain shapes each:
straight paths, polygons, circles and lines, filled or stroked in flat
colours, maybe dashed, with round or butt caps.  Painting those here costs
a fraction of a millisecond each, where resvg must encode its canvas as PNG
and Pillow decode it again.  Anything else (text, transforms, curves,
patterns, attributes not listed below) is refused, and the caller draws
that element through resvg: so the painting is the SVG's, only faster.
"""

from __future__ import annotations

import itertools
import math
import re
import threading
import xml.etree.ElementTree as ET

import aggdraw
from PIL import Image

_SVG = "{http://www.w3.org/2000/svg}"
_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")
_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)")
_MOVES = re.compile(r"[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)")
_NEUTRAL = {"class", "id"}  # attributes that change nothing painted
_SHAPE = {
    "fill",
    "stroke",
    "stroke-width",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-dasharray",
}
_GEOMETRY = {
    "path": {"d"},
    "polygon": {"points"},
    "circle": {"cx", "cy", "r"},
    "line": {"x1", "y1", "x2", "y2"},
}
Point = tuple[float, float]


class Refused(ValueError):
    """The element uses something this painter does not draw."""


def paint(
    image: Image.Image, svg: str, box: tuple[int, int, int, int], dy: int
) -> None:
    """Paint one element (its SVG text; the map's coordinates moved down
    `dy` pixels) onto `image` within `box`; Refused, with nothing painted,
    when it is not one this painter draws."""
    shapes = _shapes(svg)
    x0, y0, x1, y1 = box
    tile = image.crop(box)
    draw = aggdraw.Draw(tile)
    draw.settransform((1, 0, -x0, 0, 1, dy - y0))
    for kind, attrs in shapes:
        _shape(draw, kind, attrs)
    draw.flush()
    image.paste(tile, (x0, y0))


def _shapes(svg: str) -> list[tuple[str, dict[str, str]]]:
    try:
        root = ET.fromstring(svg.replace("<g ", f'<g xmlns="{_SVG[1:-1]}" ', 1))
    except ET.ParseError as e:
        raise Refused(str(e)) from e
    out = []
    for element in root.iter():
        kind = element.tag.removeprefix(_SVG)
        attrs = {k: v for k, v in element.attrib.items() if not k.startswith("data-")}
        if element.text and element.text.strip():
            raise Refused("text")
        if kind == "g":
            if set(attrs) - _NEUTRAL - {"xmlns"}:
                raise Refused("a group with attributes")
            continue
        allowed = _GEOMETRY.get(kind)
        if allowed is None or set(attrs) - allowed - _SHAPE - _NEUTRAL:
            raise Refused(kind)
        out.append((kind, attrs))
    return out


def _colour(value: str | None) -> str | None:
    if value is None or value == "none":
        return None
    if not _COLOUR.fullmatch(value):
        raise Refused(f"colour {value}")
    return value


def _points(kind: str, a: dict[str, str]) -> tuple[list[Point], bool]:
    """The shape's outline as points, and whether it is closed."""
    if kind == "path":
        d = a["d"].strip()
        closed = d.endswith(("Z", "z"))
        body = d[:-1] if closed else d
        pts = [(float(x), float(y)) for x, y in _MOVES.findall(body)]
        if (
            not pts
            or body[0] != "M"
            or "M" in body[1:]
            or len(_MOVES.sub("", body).strip())
        ):
            raise Refused("path")
        return pts, closed
    if kind == "polygon":
        nums = [float(n) for n in _NUMBER.findall(a["points"])]
        return list(zip(nums[0::2], nums[1::2], strict=True)), True
    if kind == "line":
        return [
            (float(a["x1"]), float(a["y1"])),
            (float(a["x2"]), float(a["y2"])),
        ], False
    cx, cy, r = float(a["cx"]), float(a["cy"]), float(a["r"])
    # Clockwise from three o'clock, as SVG starts a circle's dashes.
    n = max(24, round(2 * math.pi * r / 1.5))
    pts = [
        (cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n))
        for i in range(n)
    ]
    return pts, True


# A disc as an octagon: at a line's width (under 5 pixels) as round
# as a circle once anti-aliased.
_DISC = [
    (math.cos(2 * math.pi * i / 8), math.sin(2 * math.pi * i / 8)) for i in range(1, 8)
]
# Pens and brushes, kept per thread (the daemon draws on more than one, and
# aggdraw's objects are not said to be safe to share).
_kept = threading.local()


def _pen(colour: str, width: float):
    pens = _kept.__dict__.setdefault("pens", {})
    pen = pens.get((colour, width))
    if pen is None:
        pen = pens[(colour, width)] = aggdraw.Pen(colour, width)
    return pen


def _brush(colour: str):
    brushes = _kept.__dict__.setdefault("brushes", {})
    brush = brushes.get(colour)
    if brush is None:
        brush = brushes[colour] = aggdraw.Brush(colour)
    return brush


def _shape(draw, kind: str, a: dict[str, str]) -> None:
    """One shape: its fill, then its stroke, as SVG paints them."""
    fill = _colour(a.get("fill", "#000000"))
    stroke = _colour(a.get("stroke"))
    width = float(a.get("stroke-width", "1"))
    pattern = a.get("stroke-dasharray")
    if pattern == "none":
        pattern = None
    pen = _pen(stroke, width) if stroke is not None and width > 0 else None
    whole = pen is not None and not pattern  # the stroke drawn in one go
    if kind == "circle":
        cx, cy, r = float(a["cx"]), float(a["cy"]), float(a["r"])
        brush = _brush(fill) if fill is not None else None
        if brush or whole:
            draw.ellipse(
                (cx - r, cy - r, cx + r, cy + r), pen if whole else None, brush
            )
        if pen is None or whole:
            return
    pts, closed = _points(kind, a)
    if kind != "circle" and (closed or kind == "path"):
        # SVG fills an open path too, as if closed; a line never.
        brush = _brush(fill) if fill is not None and len(pts) > 2 else None
        if brush:
            draw.polygon(_flat(pts), pen if whole and closed else None, brush)
            if whole and closed:
                return
        elif whole and closed:
            draw.polygon(_flat(pts), pen, None)
            return
    if pen is None:
        return
    path = [*pts, pts[0]] if closed else pts
    round_cap = a.get("stroke-linecap") == "round"
    round_join = a.get("stroke-linejoin") == "round" and kind != "circle"
    strokes = aggdraw.Path()  # every dash, each with butt ends
    marks: list[Point] = []  # where round caps and joins add a disc
    for dash in _dashes(path, pattern):
        strokes.moveto(*dash[0])
        for x, y in dash[1:]:
            strokes.lineto(x, y)
        if round_cap:
            marks += (dash[0], dash[-1])
        if round_join:
            marks += dash[1:-1]
    draw.path(strokes, pen)
    if marks:  # all the discs in one path: one pass of the rasteriser
        discs = aggdraw.Path()
        h = width / 2
        for x, y in marks:
            discs.moveto(x + h, y)
            for cos, sin in _DISC:
                discs.lineto(x + h * cos, y + h * sin)
            discs.close()
        draw.path(discs, None, _brush(stroke))


def _dashes(path: list[Point], pattern: str | None) -> list[list[Point]]:
    """The stretches of `path` a dash pattern draws (all of it without one)."""
    if not pattern or pattern == "none":
        return [path]
    lengths = [float(n) for n in _NUMBER.findall(pattern)]
    if len(lengths) % 2:
        lengths *= 2
    if not lengths or sum(lengths) <= 0 or min(lengths) < 0:
        raise Refused("dash pattern")
    out: list[list[Point]] = []
    index, left, on = 0, lengths[0], True
    current: list[Point] = [path[0]]
    for p, q in itertools.pairwise(path):
        seg = math.dist(p, q)
        done = 0.0
        while seg - done > left:
            done += left
            t = done / seg
            at = (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
            if on:
                current.append(at)
                out.append(current)
            current = [at]
            on = not on
            index = (index + 1) % len(lengths)
            left = lengths[index]
        left -= seg - done
        if on:
            current.append(q)
        else:
            current = [q]
    if on and len(current) >= 2:
        out.append(current)
    return out


def _flat(points: list[Point]) -> list[float]:
    return [v for point in points for v in point]
