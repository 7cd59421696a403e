"""SVG to PNG through resvg (the `resvg` wheel: no system libraries needed).

resvg turns text into outlines with the system's fonts.  The font database
is loaded once per process (scanning it costs more than drawing a map); the
pictures name DejaVu Sans first, and it is also the default family.  Without
any font the picture is still drawn, only without its lettering.
"""

from __future__ import annotations

import threading

import resvg

IDENTITY = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0)

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
    return bytes(resvg.render(tree, IDENTITY))
