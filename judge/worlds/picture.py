"""A world's starting board as a picture (mailed with the join replies)."""

from __future__ import annotations

from judge.engine.api import initial_position
from judge.engine.board import Board
from judge.pictures import render_png, render_svg
from judge.pictures.geometry import parse_geometry
from judge.worlds.generate import World


def start_picture(world: World, png: bool = True) -> bytes | str:
    """The world before its first move: PNG bytes, or SVG text."""
    board = Board(world.data)
    geometry = parse_geometry(board, world.geometry)
    position = initial_position(board)
    draw = render_png if png else render_svg
    return draw(board, position, title=board.title, geometry=geometry)
