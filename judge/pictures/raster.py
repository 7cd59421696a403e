"""SVG to PNG through resvg (the `resvg` wheel: no system libraries needed).

resvg turns text into outlines with the system's fonts.  The font database
is loaded once per process (scanning it costs more than drawing a map); the
pictures name DejaVu Sans first, and it is also the default family.  Without
any font the picture is still drawn, only without its lettering.
"""

from __future__ import annotations

import functools

import resvg

IDENTITY = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0)


@functools.cache
def _options() -> resvg.usvg.Options:
    options = resvg.usvg.Options.default()
    options.load_system_fonts()
    options.font_family = "DejaVu Sans"
    return options


def svg_to_png(svg: str) -> bytes:
    """Rasterise an SVG document at its own size (ValueError if it is bad)."""
    try:
        tree = resvg.usvg.Tree.from_str(svg, _options())
    except Exception as e:  # the binding raises its own error types
        raise ValueError(f"cannot rasterise the SVG: {e}") from e
    return bytes(resvg.render(tree, IDENTITY))
