"""Pictures of the board: SVG and PNG maps of any game state.

render.py      a game state as SVG (and PNG): provinces, units, orders
geometry.py    a map's drawing, read from maps/<name>.geometry.toml
tessellate.py  province outlines from hand-placed points (Voronoi)
style.py       colours and sizes (a colour-blind-safe palette)
multistep.py   multi-step fleet moves drawn as the path they took
raster.py      the PNG: cached map layers and the phase's pieces (resvg, Pillow)
pieces.py      the phase's SVG layer cut into pieces drawn apart
paint.py       plain SVG shapes painted straight onto pixels (aggdraw)
territory.py   who holds each territory, for the tints
static.py      what depends on the map only, made once per map
response.py    a `judge adjudicate` response read back to draw
"""

from judge.pictures.geometry import GeometryError
from judge.pictures.render import render_png, render_svg

__all__ = ["GeometryError", "render_png", "render_svg"]
