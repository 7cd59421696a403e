"""Pictures of every phase of a complete test game: valid SVG with exactly
one symbol per unit and one element per drawn order, and PNGs whose pixels
show the right colours where the provinces are."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from judge.engine.api import initial_position
from judge.engine.state import Phase, Position
from judge.pictures import render_png, render_svg
from judge.pictures.geometry import load_geometry
from judge.pictures.render import drawable
from judge.pictures.style import LAND, SEA, TINT, WAVES, power_colours, tint
from judge.variants import load_variant, variant_names
from tests.pictures.game import BOARD, play
from tests.pictures.pngread import pixel, read_png

PHASES = play()
SVG = "{http://www.w3.org/2000/svg}"


def with_class(root, name: str) -> list:
    """Elements whose class is exactly `name` (what tools are promised)."""
    return [e for e in root.iter() if e.get("class") == name]


def test_the_test_game_covers_every_kind_of_picture():
    kinds = {type(r.order).__name__ for _, res in PHASES for r in res.results}
    assert {"Move", "SupportMove", "SupportHold", "Convoy", "Hold"} <= kinds
    assert {"Retreat", "Build", "Waive"} <= kinds
    assert any(res.position.dislodged for _, res in PHASES)
    assert any(r.outcomes for _, res in PHASES for r in res.results)


@pytest.mark.parametrize("n", range(len(PHASES)), ids=lambda n: str(PHASES[n][1].phase))
def test_every_phase_draws_each_unit_and_order_once(n):
    before, result = PHASES[n]
    for position in (before, result.position):  # old and new board, same orders
        root = ET.fromstring(render_svg(BOARD, position, result, title="Game x"))
        units = with_class(root, "unit")
        expected = [str(u) for _, u in position.units.values()]
        expected += [str(d.unit) for d in position.dislodged.values()]
        assert sorted(e.get("data-unit") for e in units) == sorted(expected)
        orders = with_class(root, "order")
        drawn = [r.order.canonical() for r in result.results if drawable(r)]
        assert sorted(e.get("data-order") for e in orders) == sorted(drawn)
        # Failed orders are dashed, successful ones are not.
        for e in orders:
            dashed = any(c.get("stroke-dasharray") for c in e.iter())
            failed = e.get("data-status") == "failed"
            assert dashed == failed, e.get("data-order")


def test_title_names_game_phase_and_centre_counts():
    _, result = PHASES[3]  # the winter adjustments
    position = result.position
    root = ET.fromstring(render_svg(BOARD, position, result, title="Game x"))
    title = "".join(with_class(root, "title")[0].itertext())
    assert "Game x" in title and "Spring 1902" in title and "S1902M" in title
    counts = {
        e.get("data-power"): int(e.get("data-centres"))
        for e in root.iter()
        if e.get("class") == "count"
    }
    for power in BOARD.powers:
        assert counts[power] == len(position.centres_of(power))
        assert f"{BOARD.powers[power].name} {counts[power]}" in title


def test_units_carry_their_powers_letter_and_home_centres_are_marked():
    position = PHASES[0][0]
    root = ET.fromstring(render_svg(BOARD, position))
    for e in with_class(root, "unit"):
        letter = BOARD.powers[e.get("data-power")].letter
        assert letter in "".join(e.itertext())
    centres = {e.get("data-centre"): e for e in with_class(root, "centre")}
    assert len(centres) == sum(1 for p in BOARD.provinces.values() if p.centre)
    for pid, e in centres.items():
        assert e.get("data-owner") == position.centres.get(pid)
        home = bool(BOARD.provinces[pid].home)
        assert (e.get("data-home") == "yes") == home, pid
        assert len(list(e.iter(f"{SVG}circle"))) == (2 if home else 1), pid


def test_split_coast_fleets_stand_on_their_coast():
    position = PHASES[0][0]  # F STP/SC
    root = ET.fromstring(render_svg(BOARD, position))
    (fleet,) = [e for e in with_class(root, "unit") if e.get("data-unit") == "F STP/SC"]
    x, y = load_geometry(BOARD).location_point("STP/SC")
    assert fleet.get("transform") == f"translate({x:.1f},{y:.1f})".replace(".0,", ",")
    stp = load_geometry(BOARD).provinces["STP"]
    assert (x, y) != stp.unit and (x, y) == stp.coasts["SC"]


def test_dislodged_units_show_their_retreat_options():
    before, result = PHASES[2]  # F1901R: A VIE dislodged, may go to BOH BUD TRI
    root = ET.fromstring(render_svg(BOARD, before, result))
    (unit,) = [e for e in with_class(root, "unit") if e.get("data-dislodged")]
    assert unit.get("data-unit") == "A VIE"
    (options,) = with_class(root, "retreat-options")
    geo = load_geometry(BOARD)
    ends = {
        (float(c.get("cx")), float(c.get("cy"))) for c in options.iter(f"{SVG}circle")
    }
    for dest in before.dislodged["VIE"].retreats:
        x, y = geo.location_point(dest)
        assert any(abs(x - a) < 0.1 and abs(y - b) < 0.1 for a, b in ends), dest


def test_convoyed_move_follows_the_convoy_route():
    before, result = PHASES[1]  # A YOR - NWY VIA, F NTH convoys
    root = ET.fromstring(render_svg(BOARD, before, result))
    (move,) = [
        e for e in with_class(root, "order") if e.get("data-order") == "A YOR - NWY VIA"
    ]
    d = next(move.iter(f"{SVG}path")).get("d")
    x, y = load_geometry(BOARD).location_point("NTH")
    assert f"{x:.1f},{y:.1f}".replace(".0,", ",") in d


def empty_board(centres: dict[str, str]) -> Position:
    return Position(Phase.parse("S1901M"), {}, centres)


def close(a, b, tolerance=6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def test_png_pixels_show_owners_land_and_sea():
    position = initial_position(BOARD)
    centres = dict(position.centres)
    centres["SPA"] = "FRANCE"  # a neutral centre taken
    board = empty_board(centres)
    image = read_png(render_png(BOARD, board))
    band = -float(ET.fromstring(render_svg(BOARD, board)).get("viewBox").split()[1])
    width, height = image.size
    geo = load_geometry(BOARD)
    assert (width, height) == (round(geo.width), round(geo.height + band))
    colours = power_colours(list(BOARD.powers))

    def at(pid):
        x, y = geo.provinces[pid].unit
        return pixel(image, x, y + band)

    for pid in ("PAR", "SPA", "LON", "MOS", "ANK", "VIE"):
        owner = centres[pid]
        assert close(at(pid), rgb(tint(colours[owner], TINT))), pid
    # A home province without a centre has its country's colour.
    home = (
        ("BUR", "FRANCE"),
        ("UKR", "RUSSIA"),
        ("PRU", "GERMANY"),
        ("BOH", "AUSTRIA"),
    )
    for pid, owner in home:
        assert close(at(pid), rgb(tint(colours[owner], TINT))), pid
    for pid in ("TUN", "BEL", "ALB", "NAF"):  # unowned, or neutral: plain land
        assert close(at(pid), rgb(LAND)), pid
    for pid in ("NTH", "BLA", "MAO", "ION"):
        assert any(close(at(pid), rgb(c), 40) for c in (SEA, WAVES)), pid


@pytest.mark.parametrize("name", variant_names())
def test_every_variant_renders(name):
    board, _ = load_variant(name)
    position = initial_position(board)
    root = ET.fromstring(render_svg(board, position))
    assert len(with_class(root, "unit")) == len(position.units)
    assert len(with_class(root, "province")) == len(board.provinces)


def test_png_drawn_on_several_threads():
    """The daemon's worker and scheduler both draw: resvg's objects must not
    cross threads (they did once, and results went out without a map)."""
    import threading

    position = initial_position(BOARD)
    pictures: list[bytes] = [render_png(BOARD, position)]
    threads = [
        threading.Thread(target=lambda: pictures.append(render_png(BOARD, position)))
        for _ in range(2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(pictures) == 3 and len(set(pictures)) == 1


def test_a_variant_order_without_a_unit_is_not_drawn():
    """Imperial's JOIN names a city, no unit: the map is drawn without it
    (it once raised, and the results went out without their map)."""
    import dataclasses

    from judge.engine.api import adjudicate
    from judge.engine.results import OrderResult
    from judge.variants import parse_variant_order

    board, rules = load_variant("imperial")
    start = initial_position(board)
    result = adjudicate(board, start, {}, rules)
    join = OrderResult("FRANCE", None, parse_variant_order(board, "JOIN BRE"), ())
    with_join = dataclasses.replace(result, results=(*result.results, join))
    root = ET.fromstring(render_svg(board, result.position, with_join))
    drawn = [e for e in root.iter() if e.get("class") == "order"]
    assert all("JOIN" not in (e.get("data-order") or "") for e in drawn)
    assert render_png(board, result.position, with_join).startswith(b"\x89PNG")


def test_the_busiest_standard_png_is_a_small_palette_picture():
    """Every results mail carries it: at most 80 KB for a board of 34 units
    and 34 orders, as a palette PNG whose colours still tell powers apart."""
    import io

    from PIL import Image

    from benchmarks.render import ORDERS, board_position
    from judge.engine.api import adjudicate
    from judge.pictures.response import parse_canonical

    board, position = board_position()
    orders = {p: [parse_canonical(t) for t in ts] for p, ts in ORDERS.items()}
    result = adjudicate(board, position, orders)
    png = render_png(board, position, result, title="busy")
    assert len(png) <= 80_000, len(png)
    with Image.open(io.BytesIO(png)) as image:
        assert image.mode == "P"
        colours = {c for _, c in image.convert("RGB").getcolors(256)}
    for power, colour in power_colours(list(board.powers)).items():
        assert any(close(c, rgb(colour), 12) for c in colours), power
        assert any(close(c, rgb(tint(colour, TINT)), 12) for c in colours), power
