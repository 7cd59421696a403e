"""The parts the fast PNG is made of: the phase layer cut into pieces, plain
shapes painted without resvg, and the fallbacks when either cannot be used."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from judge.pictures import paint, pieces, raster, render, static, style
from judge.pictures.geometry import load_geometry
from tests.pictures.pngread import read_png
from tests.pictures.test_fast_png import LIMIT, busy, worst_square


def layer_svg():
    board, position, result = busy()
    geo = load_geometry(board)
    return board, position, render._picture(board, position, result, "t", geo, False)


def test_every_element_of_the_layer_is_one_piece():
    board, position, top = layer_svg()
    layer = pieces.split(top)
    sprites = [p for p in layer.pieces if p.sprite]
    centres = sum(1 for p in board.provinces.values() if p.centre)
    assert len(sprites) == len(position.units) + centres
    drawn = [p for p in layer.pieces if not p.sprite]
    assert len(drawn) == top.count('<g class="order"')
    assert all(p.box[2] > p.box[0] and p.box[3] > p.box[1] for p in drawn)
    assert 0 < layer.band < layer.height


def test_an_arrows_box_holds_its_ends_and_its_stroke():
    line = (
        '<g class="order"><path d="M10,20 L110,70" fill="none" stroke="#222222" '
        'stroke-width="4.2"/><polygon points="110,70 100,60 104,76" fill="#D55E00" '
        'stroke="#222222" stroke-width="1"/></g>'
    )
    x0, y0, x1, y1 = pieces.element_box(line)
    assert x0 <= 10 - 2.1 and y0 <= 20 - 2.1 and x1 >= 110 + 2.1 and y1 >= 76 + 0.5


@pytest.mark.parametrize(
    "line",
    [
        '<g class="order"><text x="1" y="2">A</text></g>',
        '<g class="order" transform="rotate(3)"><circle cx="1" cy="2" r="3"/></g>',
        '<g class="order"><path d="M1,2 A 3 3 0 0 1 9 9"/></g>',
        '<g class="order"><rect x="1" y="2" width="3" height="4"/></g>',
    ],
)
def test_what_cannot_be_read_is_drawn_over_the_whole_map(line):
    assert pieces.element_box(line) is None
    assert pieces.pixel_box(line, 300, 200, 20) == (0, 0, 300, 200)


def cut_inside_orders(top: str) -> str:
    """The layer with every order's element cut over two lines."""
    return "\n".join(
        line.replace('"/><path', '"/>\n<path', 1)
        if line.startswith('<g class="order"')
        else line
        for line in top.split("\n")
    )


def test_a_layer_not_cut_one_element_a_line_is_refused():
    _board, _position, top = layer_svg()
    with pytest.raises(ValueError):
        pieces.split(cut_inside_orders(top))


def test_compose_draws_a_layer_it_cannot_cut_whole():
    board, position, top = layer_svg()
    geo = load_geometry(board)
    layers = static.raster_layers(board, geo)
    colours = style.board_colours(board)
    tints = {
        pid: style.tint(colours[o], style.TINT)
        for pid, o in render.played_territories(board, position).items()
    }
    fast = read_png(raster.compose(layers, tints, top))
    whole = read_png(raster.compose(layers, tints, cut_inside_orders(top)))
    assert worst_square(fast, whole) < LIMIT


def blank(size=(60, 40)) -> Image.Image:
    return Image.new("RGB", size, "white")


def test_paint_draws_a_dashed_line_with_gaps():
    image = blank()
    line = (
        '<g class="order"><path d="M5,20 L55,20" fill="none" stroke="#000000" '
        'stroke-width="4" stroke-dasharray="6 4" stroke-linecap="butt"/></g>'
    )
    paint.paint(image, line, (0, 0, 60, 40), 0)
    row = [image.getpixel((x, 20))[0] for x in range(60)]
    assert row[7] < 50 and row[13] > 200 and row[17] < 50  # dash, gap, dash
    assert row[2] > 200 and row[58] > 200  # nothing past the ends


def test_paint_fills_and_strokes_a_circle_as_svg_does():
    image = blank()
    circle = (
        '<circle cx="30" cy="20" r="10" fill="#FF0000" stroke="#000000" '
        'stroke-width="2"/>'
    )
    paint.paint(image, circle, (0, 0, 60, 40), 0)
    assert image.getpixel((30, 20)) == (255, 0, 0)
    assert max(image.getpixel((40, 20))) < 80  # on the stroke
    assert image.getpixel((45, 20)) == (255, 255, 255)


def test_paint_moves_the_map_down_by_the_title_band():
    image = blank()
    dot = '<circle cx="10" cy="5" r="3" fill="#000000"/>'
    paint.paint(image, dot, (0, 0, 60, 40), 20)
    assert image.getpixel((10, 25)) == (0, 0, 0)
    assert image.getpixel((10, 5)) == (255, 255, 255)


@pytest.mark.parametrize(
    "svg",
    [
        '<g class="order"><text x="1" y="9">A</text></g>',
        '<g class="order"><circle cx="5" cy="5" r="3" fill="url(#sea)"/></g>',
        '<g class="order"><path d="M1,1 Q5,9 9,1" stroke="#000000"/></g>',
        '<g class="order" opacity="0.5"><circle cx="5" cy="5" r="3"/></g>',
        '<g class="order"><circle cx="5" cy="5" r="3" fill="#000000"/>'
        '<circle cx="9" cy="9" r="3" transform="scale(2)"/></g>',
    ],
)
def test_paint_refuses_what_it_does_not_draw_and_paints_nothing(svg):
    image = blank()
    with pytest.raises(paint.Refused):
        paint.paint(image, svg, (0, 0, 60, 40), 0)
    assert ImageChops.difference(image, blank()).getbbox() is None


def test_the_title_band_is_cut_into_ground_heading_and_counts():
    board, _position, top = layer_svg()
    layer = pieces.split(top)
    assert len(layer.title_pieces) == 2 + top.count('<g class="count"')
    ground, heading, *counts = layer.title_pieces
    assert ground.box == (0, 0, layer.width, layer.band)
    assert 'class="heading"' in heading.svg
    assert all(c.svg.startswith('<g class="count"') for c in counts)


def test_a_title_band_laid_out_otherwise_is_drawn_whole():
    board, position, top = layer_svg()
    odd = top.replace('<text class="heading"', '<text class="headline"')
    assert pieces.split(odd).title_pieces == ()
    geo = load_geometry(board)
    layers = static.raster_layers(board, geo)
    tints = {}
    cut = read_png(raster.compose(layers, tints, top))
    whole = read_png(raster.compose(layers, tints, odd))
    assert worst_square(cut, whole) < LIMIT


def test_units_that_look_the_same_share_one_sprite():
    _board, _position, top = layer_svg()
    layer = pieces.split(top)

    def unit(where: str, x: float, y: float, power: str = "FRANCE") -> str:
        return (
            f'<g class="unit" data-unit="A {where}" data-power="{power}" '
            f'transform="translate({x},{y})"><circle r="7.5" fill="#0072B2"/></g>'
        )

    par = pieces.moved_sprite(layer, unit("PAR", 341.3, 500.2))
    bur = pieces.moved_sprite(layer, unit("BUR", 401.3, 520.2))
    off = pieces.moved_sprite(layer, unit("BUR", 401.6, 520.2))
    assert par[0] == bur[0] != off[0]
    assert par[1] == (341 - 24, 500 - 24 + layer.band, 341 + 24, 500 + 24 + layer.band)
    assert pieces.moved_sprite(layer, unit("BRE", 5.0, 500.0)) is None  # at the edge


def test_paint_fills_an_open_path_as_svg_does_but_not_a_line():
    image = blank()
    shapes = (
        '<g class="order"><path d="M5,5 L55,5 L30,35" fill="#FF0000"/>'
        '<line x1="5" y1="38" x2="55" y2="38" stroke="#0000FF" stroke-width="2"/></g>'
    )
    paint.paint(image, shapes, (0, 0, 60, 40), 0)
    assert image.getpixel((30, 15)) == (255, 0, 0)
    assert image.getpixel((30, 38))[2] > 200 and image.getpixel((30, 38))[0] < 60


def test_an_empty_group_is_no_piece():
    empty = '<g class="retreat-options" data-unit="A VIE"></g>'
    assert pieces.pixel_box(empty, 300, 200, 20) is None


def test_a_heading_is_read_back_unescaped():
    line = (
        '<text class="heading" x="12" y="22" font-size="15" font-weight="bold" '
        'fill="#222222">A &amp; B &lt;c&gt;: Spring 1901</text>'
    )
    assert pieces.heading_parts(line) == (
        12.0,
        22.0,
        15.0,
        "#222222",
        "A & B <c>: Spring 1901",
    )
    assert pieces.heading_parts(line.replace('font-weight="bold" ', "")) is None


@pytest.mark.parametrize("title", ["Spiel & Spaß — Ærø", "東京 game"])
def test_a_heading_looks_as_the_svg_draws_it(title):
    """Latin text is drawn by Pillow with the SVG's font, other scripts by
    resvg (which finds a font that has them): both as the SVG shows it."""
    from judge.engine.api import initial_position
    from tests.pictures.game import BOARD

    position = initial_position(BOARD)
    fast = read_png(render.render_png(BOARD, position, None, title=title))
    full = raster.rasterise(render.render_svg(BOARD, position, None, title))
    whole = Image.new("RGB", full.size, "white")
    whole.paste(full, (0, 0), full)
    assert worst_square(fast, whole) < LIMIT
    heading = fast.crop((0, 0, fast.width, 30))
    assert heading.convert("L").getextrema()[0] < 80  # the text is there


def test_markers_drawn_on_one_sheet_are_the_markers_drawn_alone():
    _board, _position, top = layer_svg()
    layer = pieces.split(top)
    tiles = [svg for _key, svg, _box in raster._markers(layer).values()][:40]
    tiles += [
        pieces.tile_svg(layer, p.svg, p.box, True)
        for p in layer.title_pieces
        if p.sprite
    ]
    sheet, places = pieces.sheet_svg(tiles)
    drawn = raster.rasterise(sheet)
    for tile, (x, y, w, h) in zip(tiles, places, strict=True):
        alone = raster.rasterise(tile)
        assert alone.size == (w, h)
        on_sheet = drawn.crop((x, y, x + w, y + h))
        bands = ImageChops.difference(alone, on_sheet).getextrema()
        assert max(hi for _lo, hi in bands) <= 2


def test_a_picture_drawn_cold_is_the_picture_drawn_warm():
    board, position, result = busy()
    raster.forget()
    cold = render.render_png(board, position, result, title="t")
    warm = render.render_png(board, position, result, title="t")
    assert cold == warm
