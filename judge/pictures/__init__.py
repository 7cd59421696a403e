"""Pictures of the board: SVG and PNG maps of any game state."""

from judge.pictures.geometry import GeometryError
from judge.pictures.render import render_png, render_svg

__all__ = ["GeometryError", "render_png", "render_svg"]
