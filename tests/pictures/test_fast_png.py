"""The PNG is put together from cached layers and small pieces
(raster.py, pieces.py): it must show what the SVG shows.  Each picture is
compared pixel by pixel with the same SVG drawn whole by resvg."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat

from benchmarks.render import ORDERS, board_position
from judge.engine.api import adjudicate, initial_position
from judge.pictures import raster, render_png, render_svg
from judge.pictures.response import parse_canonical
from judge.variants import load_variant
from tests.pictures.game import BOARD, play
from tests.pictures.pngread import read_png

PHASES = play()


def busy():
    board, position = board_position()
    orders = {p: [parse_canonical(t) for t in ts] for p, ts in ORDERS.items()}
    return board, position, adjudicate(board, position, orders)


def phase(kind: str):
    """The first phase of the test game of a kind (M, R, A) that has orders."""
    for position, result in PHASES:
        if position.phase.type == kind and result is not None and result.results:
            return BOARD, position, result
    raise AssertionError(kind)


def start_of(variant: str):
    board, _rules = load_variant(variant)
    return board, initial_position(board), None


CASES = {
    "busy movement": busy,
    "1913 start": lambda: start_of("1913"),
    "imperial start": lambda: start_of("imperial"),
    "retreat": lambda: phase("R"),
    "builds": lambda: phase("A"),
    "start": lambda: (BOARD, PHASES[0][0], None),
}


BLOCK = 16  # pixels a side of the squares compared
LIMIT = 30  # the largest mean difference (0-255) a square may have


def worst_square(fast, whole) -> int:
    """The largest mean difference over any BLOCK x BLOCK square: crisp
    borders and a 64-colour palette differ a little everywhere, a unit or
    an arrow drawn wrong or not at all differs a lot in its square."""
    assert fast.size == whole.size
    diff = ImageChops.difference(fast, whole).convert("L")
    return diff.reduce(BLOCK).getextrema()[1]


def pictures(board, position, result, drawn=None):
    """The fast PNG, and the SVG drawn whole by resvg in full colour."""
    fast = read_png(render_png(board, position, result, title="t"))
    drawn = drawn or position
    full = raster.rasterise(render_svg(board, drawn, result, "t"))
    whole = Image.new("RGB", full.size, "white")
    whole.paste(full, (0, 0), full)
    return fast, whole


@pytest.mark.parametrize("case", list(CASES))
def test_fast_png_matches_the_svg(case):
    fast, whole = pictures(*CASES[case]())
    assert worst_square(fast, whole) < LIMIT
    mean = sum(ImageStat.Stat(ImageChops.difference(fast, whole)).mean) / 3
    assert mean < 4, mean


@pytest.mark.parametrize("gone", ["VIE", "NTH", "SEV"])
def test_the_comparison_sees_a_missing_unit(gone):
    """The measure fails a picture that lost a unit (and the arrows that
    start from it still drawn)."""
    import dataclasses

    board, position, result = busy()
    units = dict(position.units)
    del units[gone]
    other = dataclasses.replace(position, units=units)
    assert worst_square(*pictures(board, position, result, other)) >= LIMIT


def test_the_busy_png_is_the_same_drawn_on_several_threads_at_once():
    """Sprites, pens and fonts are kept per process or per thread: threads
    drawing at once get the same picture as one alone."""
    import threading

    board, position, result = busy()
    alone = render_png(board, position, result, title="t")
    pictures: list[bytes] = []
    gate = threading.Barrier(3)

    def draw():
        gate.wait()
        for _ in range(3):
            pictures.append(render_png(board, position, result, title="t"))

    threads = [threading.Thread(target=draw) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(pictures) == 9 and set(pictures) == {alone}
