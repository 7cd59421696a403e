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
