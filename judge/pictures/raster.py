"""SVG to PNG through resvg (the `resvg` wheel: no system libraries needed),
then to a palette PNG through Pillow.

A board has a few flat colours, the power tints and the lines' anti-aliased
edges: 64 colours keep it clear and the file a quarter of the full-colour
one's size (each results mail carries a copy; docs/pictures.md).

resvg turns text into outlines with the system's fonts.  The font database
is loaded once per process (scanning it costs more than drawing a map); the
pictures name DejaVu Sans first, and it is also the default family.  Without
any font the picture is still drawn, only without its lettering.
"""

from __future__ import annotations

import io
import threading

import resvg
from PIL import Image

IDENTITY = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0)
PALETTE_COLOURS = 64
COMPRESS_LEVEL = 6  # 9 saves a few per cent at eight times the time

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
    try:
        tree = resvg.usvg.Tree.from_str(svg, _options())
    except Exception as e:  # the binding raises its own error types
        raise ValueError(f"cannot rasterise the SVG: {e}") from e
    with Image.open(io.BytesIO(bytes(resvg.render(tree, IDENTITY)))) as image:
        return image.convert("RGBA")


class MapLayers:
    """A map's rasters, drawn once: `ids` says which land province each
    pixel is (its index; 0 water, 255 land of no province), `over` is what
    lies over the land's fills (seas, borders, labels), with its alpha."""

    def __init__(self, ids: Image.Image, over: Image.Image, land: list[str], fills):
        self.ids = ids
        self.over = over
        self.alpha = over.getchannel("A")
        self.over_rgb = over.convert("RGB")
        self.index = {pid: n for n, pid in enumerate(land, start=1)}
        self.fills = dict(fills)


def map_layers(ids_svg: str, over_svg: str, land, fills, width, height) -> MapLayers:
    ids = rasterise(ids_svg).getchannel("R").convert("P")
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


class _Kept:
    """Rasters kept by their SVG text, a bounded number (the markers of a
    few games' worth of positions; the last titles)."""

    def __init__(self, limit: int):
        self.limit = limit
        self.items: dict[str, Image.Image] = {}
        self.lock = threading.Lock()

    def get(self, key: str, make) -> Image.Image:
        with self.lock:
            hit = self.items.get(key)
        if hit is not None:
            return hit
        value = make()
        with self.lock:
            if len(self.items) >= self.limit:
                self.items.clear()  # rare: a process draws few maps
            self.items[key] = value
        return value


_sprites = _Kept(4096)
_titles = _Kept(64)


def _base(layers: MapLayers, tints: dict[str, str]) -> Image.Image:
    """The map's fills coloured by palette (each province its tint or plain
    land), the map's overlay (seas, borders, labels) laid on them."""
    from judge.pictures import style

    palette = [0] * 768
    palette[0:3] = _rgb(style.SEA)
    palette[255 * 3 : 256 * 3] = _rgb(style.FILLER_LAND)
    for pid, n in layers.index.items():
        palette[n * 3 : n * 3 + 3] = _rgb(tints.get(pid) or layers.fills[pid])
    fills = layers.ids.copy()
    fills.putpalette(palette)
    base = fills.convert("RGB")
    base.paste(layers.over_rgb, (0, 0), layers.alpha)
    return base


def compose(layers: MapLayers, tints: dict[str, str], top_svg: str) -> bytes:
    """The map's cached layers coloured by `tints`, then `top_svg` (this
    phase's title, centres, units and orders over a transparent ground, one
    element a line: render.py) laid over them piece by piece (pieces.py);
    as a palette PNG."""
    from judge.pictures import pieces

    layer = pieces.split(top_svg)
    picture = Image.new("RGB", (layer.width, layer.height), "white")
    picture.paste(_base(layers, tints), (0, layer.band))
    band = _titles.get(
        layer.title, lambda: _render(layer.title, (layer.width, layer.band))
    )
    picture.paste(band, (0, 0), band)
    for piece in layer.pieces:
        x0, y0, x1, y1 = piece.box

        def draw(piece=piece):
            return _render(pieces.tile_svg(layer, piece))

        tile = _sprites.get(piece.svg, draw) if piece.sprite else draw()
        picture.paste(tile, (x0, y0), tile)
    return encode(picture)


def encode(picture: Image.Image) -> bytes:
    """A full-colour picture as a palette PNG of PALETTE_COLOURS colours.

    The palette is chosen from every other pixel of every other row (a
    board's colours are in flat areas, so a quarter of the pixels holds
    them all, at a quarter of the cost), then each pixel takes the nearest
    of them."""
    w, h = picture.size
    sample = picture.resize((max(1, w // 2), max(1, h // 2)), Image.Resampling.NEAREST)
    palette = sample.quantize(
        colors=PALETTE_COLOURS,
        method=Image.Quantize.FASTOCTREE,
        dither=Image.Dither.NONE,  # dithering speckles flat areas: bigger files
    )
    quantised = picture.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    quantised.save(out, "PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()
