"""The parts of a picture that depend on the map only, written once per map.

The outlines (as compact SVG path data), the water and the land that is no
province, the provinces' labels: every picture of a map repeats them, so
they are made the first time and kept (a few maps at a time).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from xml.sax.saxutils import escape

from judge.engine.board import Board
from judge.pictures import marks, style
from judge.pictures.geometry import Geometry

_KEEP = 8
_cache: OrderedDict[tuple[int, str], tuple[Geometry, object]] = OrderedDict()
_lock = threading.Lock()


def _cached(geo: Geometry, key: str, make):
    """make() once per drawing (the drawing is kept with the value, so its
    id stays its own while cached)."""
    k = (id(geo), key)
    with _lock:
        hit = _cache.get(k)
        if hit is not None and hit[0] is geo:
            _cache.move_to_end(k)
            return hit[1]
    value = make()
    with _lock:
        _cache[k] = (geo, value)
        while len(_cache) > _KEEP * 4:
            _cache.popitem(last=False)
    return value


def _num(v: float) -> str:
    text = f"{v:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    if text.startswith("0."):
        text = text[1:]
    elif text.startswith("-0."):
        text = "-" + text[2:]
    return "0" if text in ("-0", "") else text


def path_data(loops) -> str:
    """Loops of points as short SVG path data: the first point absolute,
    the rest relative, to a tenth of a pixel."""
    out = []
    for loop in loops:
        pts = [(round(x * 10), round(y * 10)) for x, y in loop]
        x0, y0 = pts[0]
        seq = [f"M{_num(x0 / 10)} {_num(y0 / 10)}l"]
        px, py = x0, y0
        first = True
        for x, y in pts[1:]:
            dx, dy = x - px, y - py
            if dx == 0 and dy == 0:
                continue
            a, b = _num(dx / 10), _num(dy / 10)
            sep = "" if first or a.startswith("-") else " "
            seq.append(f"{sep}{a}{'' if b.startswith('-') else ' '}{b}")
            first = False
            px, py = x, y
        seq.append("z")
        out.append("".join(seq))
    return "".join(out)


def province_paths(geo: Geometry) -> dict[str, str]:
    """Province id -> its outline's path data."""
    return _cached(
        geo,
        "paths",
        lambda: {pid: path_data(s.region.loops) for pid, s in geo.provinces.items()},
    )


def raster_layers(board: Board, geo: Geometry):
    """The map's raster layers (raster.MapLayers), drawn on first use."""
    from judge.pictures import raster

    def make():
        land = [pid for pid in geo.provinces if not board.provinces[pid].is_sea]
        fills = {}
        for pid in land:
            kind = board.provinces[pid].kind
            fills[pid] = style.IMPASSABLE if kind == "impassable" else style.LAND
        ids = _index_svg(geo, land)
        over = _overlay_svg(board, geo, land)
        return raster.map_layers(ids, over, land, fills, geo.width, geo.height)

    return _cached(geo, f"raster:{board.name}", make)


def _index_svg(geo: Geometry, land: list[str]) -> str:
    """Each land province filled with its own index as its red (1, 2, ...),
    land of no province with 255, water 0: which pixel is whose."""
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'width="{geo.width:g}" height="{geo.height:g}" '
        'shape-rendering="crispEdges">'
        f'<rect width="{geo.width:g}" height="{geo.height:g}" fill="#000000"/>'
    ]
    for filler in geo.fillers:
        if filler.kind == "land":
            out.append(f'<path d="{path_data(filler.region.loops)}" fill="#FF0000"/>')
    paths = province_paths(geo)
    for n, pid in enumerate(land, start=1):
        out.append(f'<path d="{paths[pid]}" fill="#{n:02X}0000"/>')
    out.append("</svg>")
    return "".join(out)


def _overlay_svg(board: Board, geo: Geometry, land: list[str]) -> str:
    """What lies over the land's fills: the seas, the borders and coasts,
    the labels (transparent elsewhere)."""
    paths = province_paths(geo)
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'width="{geo.width:g}" height="{geo.height:g}" '
        f'font-family="{style.FONT}">{defs()}'
        f'<g stroke="{style.BORDER}" stroke-width="0.6" shape-rendering="crispEdges">'
    ]
    for filler in geo.fillers:
        if filler.kind == "sea":
            out.append(
                f'<path d="{path_data(filler.region.loops)}" fill="{style.SEA}"/>'
            )
    out.append("</g>")
    # Crisp one-pixel lines: as clear, and far fewer colours to the PNG.
    out.append(
        f'<g stroke="{style.BORDER}" stroke-width="1" shape-rendering="crispEdges">'
    )
    water = {"fill": "url(#sea)"}
    for pid, d in paths.items():
        fill = water["fill"] if board.provinces[pid].is_sea else "none"
        out.append(f'<path d="{d}" fill="{fill}"/>')
    for filler in geo.fillers:
        if filler.kind == "land":
            d = path_data(filler.region.loops)
            out.append(f'<path d="{d}" fill="none"/>')
    out.append("</g>")
    out.append(over(board, geo))
    out.append("</svg>")
    return "".join(out)


def defs() -> str:
    # Seas are hatched with waves, so no power's tint is mistaken for water.
    return (
        '<defs><pattern id="sea" width="24" height="12" patternUnits="userSpaceOnUse">'
        f'<rect width="24" height="12" fill="{style.SEA}"/>'
        f'<path d="M0,7 Q6,4 12,7 T24,7" fill="none" stroke="{style.WAVES}" '
        'stroke-width="0.8"/></pattern></defs>'
    )


def under(board: Board, geo: Geometry) -> str:
    """Water everywhere, then the land that is no province."""

    def make() -> str:
        out = [
            f'<rect class="water" width="{geo.width:g}" height="{geo.height:g}" '
            f'fill="{style.SEA}"/><g class="fillers" stroke="{style.BORDER}" '
            'stroke-width="0.6">'
        ]
        for filler in geo.fillers:
            fill = style.FILLER_LAND if filler.kind == "land" else style.SEA
            out.append(
                f'<path class="filler" data-kind="{filler.kind}" '
                f'd="{path_data(filler.region.loops)}" fill="{fill}"/>'
            )
        out.append("</g>")
        return "".join(out)

    return _cached(geo, "under", make)


def over(board: Board, geo: Geometry) -> str:
    """The provinces' labels: land ones upright, seas in italics."""

    def make() -> str:
        out = [f'<g class="labels" text-anchor="middle" fill="{style.INK}">']
        for pid, shape in geo.provinces.items():
            x, y = shape.label
            sea = board.provinces[pid].is_sea
            size = marks.label_font_size(sea)
            base = y + size * 0.36
            extra = (
                f' fill="{style.SEA_INK}" font-style="italic"'
                if sea
                else ' font-weight="bold"'
            )
            out.append(
                f'<text x="{x:.1f}" y="{base:.1f}" font-size="{size:g}"{extra}>'
                f"{escape(pid)}</text>"
            )
        out.append("</g>")
        return "".join(out)

    return _cached(geo, f"over:{board.name}", make)
