"""Pictures as PNG: resvg (the `resvg` wheel: no system libraries needed)
for what needs an SVG renderer, Pillow for the pixels.

A map with real geography is put together (compose): the map's own layers,
rasterised once per process (MapLayers), coloured through a palette; this
phase's title band, centres, units and orders laid over them piece by piece
(pieces.py: sprites kept by their SVG text, plain shapes painted straight
onto the pixels by paint.py, anything else through resvg on a canvas the
size of its box).  The binding hands back PNG bytes only, so nothing is
rasterised at the map's full size per picture.  A schematic map goes whole
through resvg (svg_to_png).

A board has a few flat colours, the power tints and the lines' soft edges:
a 48-colour palette keeps it clear and the file a quarter of the
full-colour one's size (each results mail carries a copy; docs/pictures.md).

resvg turns text into outlines with the system's fonts.  The font database
is loaded once per process (scanning it costs more than drawing a map); the
pictures name DejaVu Sans first, and it is also the default family.  Without
any font the picture is still drawn, only without its lettering.
"""

from __future__ import annotations

import io
import re
import threading
from collections.abc import Iterable

import resvg
from PIL import Image, ImageDraw, ImageFont

IDENTITY = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0)
PALETTE_COLOURS = 48  # more on a map of many powers (encode)
SOFT_COLOURS = 16  # at least, for the soft edges
SAMPLE = 4  # the palette's soft edges are chosen from one pixel in 4 x 4
_HEX = re.compile(r'(?:fill|stroke)="(#[0-9A-Fa-f]{6})"')
COMPRESS_LEVEL = 5  # measured: 6 saves 6 % for 60 % more time, 4 is 5 % bigger

# The binding's objects belong to the thread that made them (using one from
# another thread raises), and the daemon draws on more than one thread.
_per_thread = threading.local()


def _options() -> resvg.usvg.Options:
    options = getattr(_per_thread, "options", None)
    if options is None:
        options = resvg.usvg.Options.default()
        options.load_system_fonts()
        options.font_family = "DejaVu Sans"
        _per_thread.options = options
    return options


def svg_to_png(svg: str) -> bytes:
    """Rasterise an SVG document at its own size (ValueError if it is bad)."""
    try:
        tree = resvg.usvg.Tree.from_str(svg, _options())
    except Exception as e:  # the binding raises its own error types
        raise ValueError(f"cannot rasterise the SVG: {e}") from e
    return to_palette(bytes(resvg.render(tree, IDENTITY)))


def to_palette(png: bytes) -> bytes:
    """A full-colour PNG as a palette PNG of PALETTE_COLOURS colours, on
    white where the drawing is not opaque."""
    with Image.open(io.BytesIO(png)) as image:
        image = image.convert("RGBA")
    flat = Image.new("RGB", image.size, "white")
    flat.paste(image, mask=image.getchannel("A"))
    palette = flat.quantize(
        colors=PALETTE_COLOURS,
        method=Image.Quantize.FASTOCTREE,
        dither=Image.Dither.NONE,  # dithering speckles flat areas: bigger files
    )
    out = io.BytesIO()
    palette.save(out, "PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


# -- pictures put together from layers ------------------------------------------


def rasterise(svg: str) -> Image.Image:
    """An SVG document as an RGBA image at its own size."""
    return _render(svg)


_OVERLAY_COLOURS = 128  # of the overlay's opaque parts (seas, borders)
TILE = 32  # the squares in which the overlay's soft edges are kept


class MapLayers:
    """A map's rasters, drawn once.

    `cells` is one 8-bit image: each pixel's land province (its index, 1 to
    N), or water (0), land of no province (255), or where the overlay (seas,
    borders, labels) covers it whole, N + 1 + that colour's number; a
    picture gives the provinces' colours through the palette and has its
    base in one conversion.  Where the overlay is only partly opaque (the
    soft edges of the land's labels), `soft` keeps it as RGBA in TILE-sized
    squares, laid over the base after.
    """

    def __init__(self, ids: Image.Image, over: Image.Image, land: list[str], fills):
        self.index = {pid: n for n, pid in enumerate(land, start=1)}
        self.fills = dict(fills)
        alpha = over.getchannel("A")
        shift = len(land) + 1
        colours = min(_OVERLAY_COLOURS, 255 - shift)
        if colours < 16:
            raise ValueError(f"too many provinces for the map's raster: {len(land)}")
        solid = alpha.point(lambda a: 255 if a == 255 else 0)
        quantised = over.convert("RGB").quantize(
            colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
        self.overlay_palette = quantised.getpalette()[: colours * 3]
        self.shift = shift
        cells = ids.copy()
        numbers = Image.frombytes("L", quantised.size, quantised.tobytes())
        cells.paste(numbers.point(lambda v: v + shift), (0, 0), solid)
        self.cells = cells
        soft = alpha.point(lambda a: 255 if 0 < a < 255 else 0)
        self.soft = []
        for y in range(0, over.height, TILE):
            for x in range(0, over.width, TILE):
                box = (x, y, min(x + TILE, over.width), min(y + TILE, over.height))
                if soft.crop(box).getbbox() is not None:
                    self.soft.append((box[:2], over.crop(box)))


def map_layers(ids_svg: str, over_svg: str, land, fills, width, height) -> MapLayers:
    ids = rasterise(ids_svg).getchannel("R")
    return MapLayers(ids, rasterise(over_svg), list(land), fills)


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _render(svg: str, size: tuple[int, int] | None = None) -> Image.Image:
    """An SVG document as RGBA, on a canvas of `size` (its top left corner)
    or of its own size."""
    try:
        tree = resvg.usvg.Tree.from_str(svg, _options())
    except BaseException as e:  # the binding panics on what it cannot read
        if isinstance(e, KeyboardInterrupt | SystemExit):
            raise
        raise ValueError(f"cannot rasterise the SVG: {e}") from e
    png = bytes(resvg.render(tree, IDENTITY, bg_size=size))
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGBA")


_MISSING = object()


class _Kept:
    """Rasters kept by their SVG text, a bounded number (the markers of a
    few games' worth of positions; the last titles)."""

    def __init__(self, limit: int):
        self.limit = limit
        self.items: dict = {}
        self.lock = threading.Lock()

    def has(self, key) -> bool:
        with self.lock:
            return key in self.items

    def put(self, key, value) -> None:
        with self.lock:
            if len(self.items) >= self.limit:
                self.items.clear()  # rare: a process draws few maps
            self.items[key] = value

    def get(self, key, make):
        with self.lock:
            hit = self.items.get(key, _MISSING)
        if hit is not _MISSING:
            return hit
        value = make()
        with self.lock:
            if len(self.items) >= self.limit:
                self.items.clear()  # rare: a process draws few maps
            self.items[key] = value
        return value


# Markers are small (a unit's is under 30 pixels a side once trimmed); a
# heading is as wide as its text, a count as its badge and name.
_sprites = _Kept(4096)
_titles = _Kept(512)  # title bands' grounds and counts
_headings = _Kept(16)  # a game's heading, drawn again for the same game


def forget() -> None:
    """Drop the kept sprites and title bands (benchmarks: a picture whose
    markers and title this process has not drawn before)."""
    for kept in (_sprites, _titles, _headings):
        with kept.lock:
            kept.items.clear()


def _base(layers: MapLayers, tints: dict[str, str]) -> Image.Image:
    """The map's fills coloured by palette (each province its tint or plain
    land), the map's overlay (seas, borders, labels) laid on them."""
    from judge.pictures import style

    palette = [0] * 768
    palette[0:3] = _rgb(style.SEA)
    palette[255 * 3 : 256 * 3] = _rgb(style.FILLER_LAND)
    for pid, n in layers.index.items():
        palette[n * 3 : n * 3 + 3] = _rgb(tints.get(pid) or layers.fills[pid])
    over = layers.overlay_palette
    palette[layers.shift * 3 : layers.shift * 3 + len(over)] = over
    cells = layers.cells.copy()
    cells.putpalette(palette)
    base = cells.convert("RGB")
    for at, tile in layers.soft:
        base.paste(tile, at, tile)
    return base


def compose(layers: MapLayers, tints: dict[str, str], top_svg: str) -> bytes:
    """The map's cached layers coloured by `tints`, then `top_svg` (this
    phase's title, centres, units and orders over a transparent ground, one
    element a line: render.py) laid over them piece by piece (pieces.py);
    as a palette PNG."""
    from judge.pictures import paint, pieces

    try:
        layer = pieces.split(top_svg)
    except ValueError:  # not cut as pieces.py expects: laid whole, slower
        return _compose_whole(layers, tints, top_svg)
    picture = Image.new("RGB", (layer.width, layer.height), "white")
    picture.paste(_base(layers, tints), (0, layer.band))
    markers = _markers(layer)
    _draw_missing(layer, markers)
    for piece in layer.title_pieces:
        # The ground and counts recur from game to game; a heading is its own.
        kept = _titles if piece.sprite else _headings

        def draw(piece=piece):
            tile = None if piece.sprite else _heading(layer, piece)
            if tile is None:
                tile = _render(pieces.tile_svg(layer, piece.svg, piece.box, True))
            return _trim(tile)

        _lay(picture, kept.get((piece.box, piece.svg), draw), piece.box)
    if not layer.title_pieces:
        band = (0, 0, layer.width, layer.band)
        draw = lambda: _trim(_render(layer.title, band[2:]))  # noqa: E731
        _lay(picture, _headings.get(layer.title, draw), band)
    for piece in layer.pieces:
        if piece.sprite:
            marker = markers.get(id(piece))
            if marker is not None:
                key, svg, box = marker
                _lay(picture, _sprites.get(key, lambda s=svg: _trim(_render(s))), box)
            continue
        try:
            paint.paint(picture, piece.svg, piece.box, layer.band)
        except ValueError:  # paint.Refused, or numbers it cannot read: resvg
            tile = _render(pieces.tile_svg(layer, piece.svg, piece.box))
            picture.paste(tile, piece.box[:2], tile)
    return encode(picture, _drawn_colours(tints, top_svg))


def _markers(layer) -> dict[int, tuple[object, str, tuple[int, int, int, int]]]:
    """For each marker of the layer (by its piece's id): the key its sprite
    is kept by, an SVG document drawing it alone, and its box."""
    from judge.pictures import pieces

    out = {}
    for piece in layer.pieces:
        if not piece.sprite:
            continue
        moved = pieces.moved_sprite(layer, piece.svg)
        if moved is not None:  # a unit: the same look anywhere
            key, box = moved
        else:  # another marker, kept where it stands (its box found once)
            box = _sprites.get((layer.band, piece.svg), lambda p=piece: _box(layer, p))
            if box is None:
                continue
            key = ("drawn", box, piece.svg)
        out[id(piece)] = (key, pieces.tile_svg(layer, piece.svg, box), box)
    return out


def _draw_missing(layer, markers) -> None:
    """Draw the markers no picture of this process has drawn yet in one
    resvg call, side by side on one sheet (each call has a cost of its own,
    and a new position has dozens), and keep them."""
    from judge.pictures import pieces

    missing = {}  # (where it is kept, its key) -> its document
    for key, svg, _box in markers.values():
        if not _sprites.has(key):
            missing[(_sprites, key)] = svg
    for piece in layer.title_pieces:  # the band's ground and counts
        key = (piece.box, piece.svg)
        if piece.sprite and not _titles.has(key):
            missing[(_titles, key)] = pieces.tile_svg(layer, piece.svg, piece.box, True)
    if len(missing) < 2:
        return
    sheet, places = pieces.sheet_svg(list(missing.values()))
    drawn = _render(sheet)
    for (kept, key), (x, y, w, h) in zip(missing, places, strict=True):
        kept.put(key, _trim(drawn.crop((x, y, x + w, y + h))))


def _compose_whole(layers: MapLayers, tints: dict[str, str], top_svg: str) -> bytes:
    """compose() with the phase's layer drawn by resvg in one piece."""
    top = _render(top_svg)
    picture = Image.new("RGB", top.size, "white")
    base = _base(layers, tints)
    picture.paste(base, (0, top.height - base.height))
    picture.paste(top, (0, 0), top)
    return encode(picture, _drawn_colours(tints, top_svg))


def _drawn_colours(tints: dict[str, str], svg: str) -> list[str]:
    """The flat colours a picture is drawn with: the map's, the tints and
    every colour the SVG names."""
    from judge.pictures import style

    drawn = [style.SEA, style.WAVES, style.LAND, style.FILLER_LAND, style.BORDER]
    return drawn + [style.INK, style.SEA_INK, *tints.values(), *_HEX.findall(svg)]


HEADING_FONT = "DejaVuSans-Bold.ttf"  # what the SVG's title names first


def _font(size: float):
    """The heading's font at `size`, one per thread (a FreeType face is not
    to be used by two threads at once); None when it is not installed."""
    fonts = getattr(_per_thread, "fonts", None)
    if fonts is None:
        fonts = _per_thread.fonts = {}
    if size not in fonts:
        try:
            fonts[size] = ImageFont.truetype(HEADING_FONT, size)
        except OSError:
            fonts[size] = None  # resvg finds what there is
    return fonts[size]


def _heading(layer, piece) -> Image.Image | None:
    """A heading drawn by Pillow with the font the SVG names (FreeType: the
    same outlines as resvg's, in a tenth of a millisecond where resvg takes
    milliseconds to shape them); None when resvg must draw it: another
    font first in the SVG's list, no such font file, or letters outside the
    font's European alphabets and punctuation."""
    from judge.pictures import pieces

    parts = pieces.heading_parts(piece.svg)
    if parts is None or 'font-family="DejaVu Sans' not in layer.root:
        return None
    x, y, size, colour, text = parts
    if any(ord(c) >= 0x250 and not 0x2000 <= ord(c) < 0x2070 for c in text):
        return None
    font = _font(size)
    if font is None:
        return None
    x0, y0, x1, y1 = piece.box
    tile = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
    ImageDraw.Draw(tile).text(
        (x - x0, y - y0), text, font=font, fill=colour, anchor="ls"
    )
    return tile


def _box(layer, piece):
    from judge.pictures import pieces

    return pieces.pixel_box(piece.svg, layer.width, layer.height, layer.band)


Kept = tuple[Image.Image, int, int] | None  # a tile trimmed, and its offset


def _trim(tile: Image.Image) -> Kept:
    """A drawn tile cut to what it holds (kept tiles take memory), with
    where that starts in it; None when it holds nothing."""
    inked = tile.getchannel("A").getbbox()
    if inked is None:
        return None
    return tile.crop(inked), inked[0], inked[1]


def _lay(picture: Image.Image, kept: Kept, box) -> None:
    if kept is not None:
        tile, dx, dy = kept
        picture.paste(tile, (box[0] + dx, box[1] + dy), tile)


def encode(picture: Image.Image, colours: Iterable[str] = ()) -> bytes:
    """A full-colour picture as a palette PNG of PALETTE_COLOURS colours
    (more when `colours` needs them).

    `colours` (#RRGGBB) are kept exactly: the flat colours the picture was
    drawn with (a power's colour on its thin arrows covers too few pixels
    to win a place on its own).  The rest of the palette, for the soft
    edges, is chosen from one pixel in SAMPLE of one row in SAMPLE (a
    fraction of the cost); then each pixel takes the nearest colour."""
    kept = list(dict.fromkeys(c.upper() for c in colours))[:224]
    # A map of many powers gets more colours: each keeps its own, and the
    # soft edges keep SOFT_COLOURS at least.
    soft = max(SOFT_COLOURS, PALETTE_COLOURS - len(kept))
    w, h = picture.size
    sample = picture.resize(
        (max(1, w // SAMPLE), max(1, h // SAMPLE)), Image.Resampling.NEAREST
    )
    chosen = sample.quantize(
        colors=soft,
        method=Image.Quantize.FASTOCTREE,
        dither=Image.Dither.NONE,  # dithering speckles flat areas: bigger files
    )
    entries = [v for c in kept for v in _rgb(c)]
    entries += chosen.getpalette()[: soft * 3]
    palette = Image.new("P", (1, 1))
    palette.putpalette(entries)
    quantised = picture.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    quantised.save(out, "PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()
