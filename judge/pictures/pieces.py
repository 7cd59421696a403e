"""A phase's layer of a picture (render.py's SVG drawn without the map), cut
into pieces that are rasterised apart, each at its own small size.

resvg hands back PNG bytes only, so a full-size layer costs a full-size
PNG encode and decode just to move its pixels, and its text is shaped again
for every picture.  Cut up instead:

* the title band, drawn on a canvas of the band's size (and kept by its
  text: the next game's results often share it);
* each centre and unit, a small sprite kept by its SVG text (the same
  marker on the same spot is the same pixels), so their letters are shaped
  once per process;
* each other element (orders, dislodged units' rings and retreat lines) on
  a canvas the size of its box, read from its own coordinates.

Every piece is laid over the picture in the SVG's own order, so the result
is the SVG's painting: compositing each element over what lies under it,
one after the other, is what the SVG does.  An element whose box cannot be
read from its text is drawn over the whole map, which is slow but right.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from xml.sax.saxutils import unescape

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in the picture's pixels

_NUMBER = r"-?(?:\d+\.?\d*|\.\d+)"
_PAIR = re.compile(rf"({_NUMBER})[ ,]({_NUMBER})")
_CIRCLE = re.compile(rf'cx="({_NUMBER})" cy="({_NUMBER})" r="({_NUMBER})"')
_LINE = re.compile(
    rf'x1="({_NUMBER})" y1="({_NUMBER})" x2="({_NUMBER})" y2="({_NUMBER})"'
)
_PATH = re.compile(r' d="([^"]*)"')
_POINTS = re.compile(r' points="([^"]*)"')
_WIDTH = re.compile(rf'stroke-width="({_NUMBER})"')
_TRANSLATE = re.compile(rf'^<g [^>]*transform="translate\(({_NUMBER}),({_NUMBER})\)"')
_CONTAINER = re.compile(r'^<g class="[\w-]+">$')
_SIZE = re.compile(
    rf'width="({_NUMBER})" height="({_NUMBER})" viewBox="({_NUMBER}) ({_NUMBER})'
)
# What a path may hold for its box to be read from its points: moves, lines,
# and Bézier curves (which lie inside their points' hull).
_PATH_LETTERS = set("MLlmZzQqTtCcSs")
UNIT_REACH = 24.0  # a unit's marker, its letter and stroke, from its spot
SPRITES = ('<g class="unit"', '<g class="centre"')


@dataclass(frozen=True)
class Piece:
    svg: str  # the element's own SVG text
    box: Box | None  # None for a sprite: found when it is first drawn
    sprite: bool  # a marker: kept by its text


@dataclass(frozen=True)
class Layer:
    width: int
    height: int
    band: int  # the title band's height: the map starts this far down
    root: str  # the root element's start tag
    defs: str
    title: str  # an SVG document of the title band alone
    pieces: tuple[Piece, ...]
    # The title band cut up (its ground, heading, each power's count), in
    # the band's own pixels; empty when it is not laid out as expected.
    title_pieces: tuple[Piece, ...] = ()


def split(svg: str) -> Layer:
    """Cut render.py's phase layer (one element per line) into its pieces."""
    lines = svg.split("\n")
    root = lines[0]
    size = _SIZE.search(root)
    if size is None:
        raise ValueError("the layer's root has no size and view box")
    width, height = round(float(size[1])), round(float(size[2]))
    band = round(-float(size[4]))
    try:
        start = lines.index('<g class="map">')
    except ValueError:
        raise ValueError("the layer has no map group") from None
    defs = next((line for line in lines[1:start] if line.startswith("<defs>")), "")
    head = [line for line in lines[1:start] if not line.startswith(("<title", "<desc"))]
    title = "".join([root, *head, "</svg>"])
    pieces = []
    for line in lines[start + 1 :]:
        if (
            not line
            or line in ("</g>", "</g></svg>", "</svg>")
            or _CONTAINER.match(line)
        ):
            continue
        if not whole_element(line):
            raise ValueError(f"not one element a line: {line[:60]}")
        if line.startswith(SPRITES):
            pieces.append(Piece(line, None, True))  # its box: when drawn
            continue
        box = pixel_box(line, width, height, band)
        if box is not None:
            pieces.append(Piece(line, box, False))
    band_pieces = title_pieces(lines[1:start], width, band)
    return Layer(width, height, band, root, defs, title, tuple(pieces), band_pieces)


_TITLE_OPEN = re.compile(rf'^<g class="title" transform="translate\(0,({_NUMBER})\)">')
_HEADING = re.compile(r'<text class="heading"[^>]*>[^<]*</text>')
_BADGE_Y = re.compile(rf'<rect x="{_NUMBER}" y="({_NUMBER})"')


_HEADING_PARTS = re.compile(
    rf'^<text class="heading" x="({_NUMBER})" y="({_NUMBER})" '
    rf'font-size="({_NUMBER})" font-weight="bold" fill="(#[0-9A-Fa-f]{{6}})">'
    r"([^<]*)</text>$"
)


def heading_parts(svg: str) -> tuple[float, float, float, str, str] | None:
    """A heading's left end and baseline, size, colour and text (unescaped),
    when it is a plain bold line of text as render.py writes it."""
    parts = _HEADING_PARTS.match(svg)
    if parts is None:
        return None
    x, y, size = float(parts[1]), float(parts[2]), float(parts[3])
    return x, y, size, parts[4], unescape(parts[5], {"&quot;": '"', "&apos;": "'"})


def title_pieces(head: list[str], width: int, band: int) -> tuple[Piece, ...]:
    """The title band as pieces drawn apart: its ground (the band and the
    rule under it, the same for every picture of a map), the heading (each
    game's and phase's own), and each power's count (shared by any picture
    where that power has that count): so a new game's title shapes only its
    heading's text.  Empty when the band is not as render.py draws it."""
    try:
        first = next(
            i for i, line in enumerate(head) if line.startswith('<g class="title"')
        )
    except StopIteration:
        return ()
    opening, *counts, closing = head[first:]
    moved = _TITLE_OPEN.match(opening)
    heading = _HEADING.search(opening)
    if moved is None or heading is None or round(-float(moved[1])) != band:
        return ()
    ground = opening[moved.end() : heading.start()] + opening[heading.end() :]
    if not closing.endswith("</g>") or not ground.startswith("<rect"):
        return ()
    rule = closing[: -len("</g>")]
    if not (whole_element(ground) and whole_element(rule)):
        return ()
    out = [
        Piece(ground + rule, (0, 0, width, band), True),
        Piece(heading[0], (0, 0, width, min(band, 34)), False),
    ]
    for line in counts:
        y = _BADGE_Y.search(line)
        if not line.startswith('<g class="count"') or not whole_element(line) or not y:
            return ()
        top = max(0, math.floor(float(y[1])) - 3)
        out.append(Piece(line, (0, top, width, min(band, top + 21)), True))
    return tuple(out)


_GROUP_TAGS = re.compile(r"</?g(?: [^>]*)?>")
_DATA = re.compile(r' data-[\w-]+="[^"]*"')


def moved_sprite(layer: Layer, line: str) -> tuple[object, Box] | None:
    """For a unit's marker (drawn about its spot by a translation): a key
    it shares with every marker that looks the same at the same fraction of
    a pixel, wherever it stands, and its box in the picture; None for
    another element, or one whose box the picture's edge cuts."""
    moved = _TRANSLATE.match(line)
    if moved is None or not line.startswith('<g class="unit"'):
        return None
    if line.count("translate(") > 1:
        return None
    x, y = float(moved[1]), float(moved[2])
    reach = round(UNIT_REACH)
    x0, y0 = math.floor(x) - reach, math.floor(y) - reach + layer.band
    box = (x0, y0, x0 + 2 * reach, y0 + 2 * reach)
    if x0 < 0 or y0 < 0 or box[2] > layer.width or box[3] > layer.height:
        return None
    look = _DATA.sub("", line[: moved.start(1)] + line[moved.end(2) :])
    return (look, round(x - math.floor(x), 2), round(y - math.floor(y), 2)), box


def whole_element(line: str) -> bool:
    """Is this line one element, closed, with all it holds?"""
    if not line.startswith("<") or line.startswith("</"):
        return False
    tag = re.match(r"<([a-z]+)", line)
    if tag is None:
        return False
    name = tag[1]
    if line.endswith("/>") and line.count("<") == 1:
        return True
    opened = len(re.findall(rf"<{name}[ >]", line))
    return line.endswith(f"</{name}>") and opened == line.count(f"</{name}>")


def pixel_box(line: str, width: int, height: int, band: int) -> Box | None:
    """Where one element is drawn in the picture, in whole pixels (the whole
    picture when its text does not say; None when it is off the picture or
    draws nothing, as a group with nothing in it)."""
    if not _GROUP_TAGS.sub("", line):
        return None
    box = element_box(line)
    if box is None:
        return (0, 0, width, height)
    x0, y0, x1, y1 = box
    clipped = (
        max(0, math.floor(x0)),
        max(0, math.floor(y0) + band),
        min(width, math.ceil(x1)),
        min(height, math.ceil(y1) + band),
    )
    if clipped[0] >= clipped[2] or clipped[1] >= clipped[3]:
        return None
    return clipped


def element_box(line: str) -> tuple[float, float, float, float] | None:
    """The box, in the map's coordinates, that one element's drawing lies
    in (strokes included), or None when its text does not say."""
    moved = _TRANSLATE.match(line)
    if moved is not None:
        if not line.startswith('<g class="unit"') or line.count("translate(") > 1:
            return None
        x, y = float(moved[1]), float(moved[2])
        return (x - UNIT_REACH, y - UNIT_REACH, x + UNIT_REACH, y + UNIT_REACH)
    if "transform=" in line or "<text" in line or "<use" in line:
        return None
    points: list[tuple[float, float]] = []
    for d in _PATH.findall(line):
        if not set(re.sub(rf"{_NUMBER}|[\s,]", "", d)) <= _PATH_LETTERS:
            return None
        if re.search(r"[a-z]", d.replace("z", "")):
            return None  # relative steps: not read here
        points += [(float(a), float(b)) for a, b in _PAIR.findall(d)]
    for text in _POINTS.findall(line):
        points += [(float(a), float(b)) for a, b in _PAIR.findall(text)]
    for cx, cy, r in _CIRCLE.findall(line):
        x, y, radius = float(cx), float(cy), float(r)
        points += [(x - radius, y - radius), (x + radius, y + radius)]
    for x1, y1, x2, y2 in _LINE.findall(line):
        points += [(float(x1), float(y1)), (float(x2), float(y2))]
    shapes = line.count("<path") + line.count("<polygon") + line.count("<circle")
    shapes += line.count("<line")
    if not points or shapes != line.count("/>"):
        return None  # a shape whose points were not all read
    pad = max((float(w) for w in _WIDTH.findall(line)), default=1.0) + 3
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def tile_svg(layer: Layer, svg: str, box: Box, in_band: bool = False) -> str:
    """An SVG document drawing one element on a canvas the size of `box`
    (`in_band`: an element of the title band, in the band's own pixels)."""
    x0, y0, x1, y1 = box
    top = y0 if in_band else y0 - layer.band
    w, h = x1 - x0, y1 - y0
    font = re.search(r' font-family=("[^"]*"|\'[^\']*\')', layer.root)
    family = f" font-family={font[1]}" if font else ""
    defs = layer.defs if "url(#" in svg else ""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'width="{w}" height="{h}" viewBox="{x0} {top} {w} {h}"{family}>'
        f"{defs}{svg}</svg>"
    )


_SHEET_SIZE = re.compile(r'^<svg [^>]*width="(\d+)" height="(\d+)"')


def sheet_svg(tiles: list[str]) -> tuple[str, list[tuple[int, int, int, int]]]:
    """Tile documents (tile_svg's) laid side by side on one sheet, each a
    nested SVG keeping its own view (and clipped to it), in rows of at most
    SHEET_WIDTH pixels; the sheet, and where each tile is on it."""
    places = []
    body = []
    x = y = row = 0
    head = None
    for tile in tiles:
        size = _SHEET_SIZE.match(tile)
        if size is None:
            raise ValueError("not a tile document")
        w, h = int(size[1]), int(size[2])
        if x and x + w > SHEET_WIDTH:
            x, y, row = 0, y + row + 1, 0
        places.append((x, y, w, h))
        inner = tile.replace("<svg ", f'<svg x="{x}" y="{y}" ', 1)
        if head is None:
            family = re.search(r' font-family=("[^"]*"|\'[^\']*\')', tile)
            head = f" font-family={family[1]}" if family else ""
        body.append(inner)
        x, row = x + w + 1, max(row, h)
    width = max((px + w for px, _py, w, _h in places), default=1)
    height = y + row
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
        f"{head or ''}>{''.join(body)}</svg>",
        places,
    )


SHEET_WIDTH = 1024
