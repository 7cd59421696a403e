"""What the board must never do: hide a province's label under a unit, cut
off its title, let a legend's name overflow its place, or show an empire's
old name after its player renamed it (JOIN ... NAME).  Checked on the drawn
SVG (and the PNG for the title's pixels)."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from benchmarks.render import ORDERS, board_position
from judge.adjudicate import handle_request
from judge.engine.api import adjudicate, initial_position
from judge.engine.orders import Unit
from judge.engine.serialize import position_from_json
from judge.engine.state import Dislodged, Phase, Position
from judge.pictures import render_png, render_svg
from judge.pictures.geometry import load_geometry
from judge.pictures.marks import (
    ARMY_RADIUS,
    label_box,
    label_font_size,
    overlap,
    unit_box,
)
from judge.pictures.render import text_width
from judge.pictures.response import parse_canonical
from judge.variants import load_variant

SVG = "{http://www.w3.org/2000/svg}"


def with_class(root, name):
    return [e for e in root.iter() if e.get("class") == name]


def label_boxes(root):
    boxes = {}
    for group in with_class(root, "labels"):
        for t in group.iter(f"{SVG}text"):
            size = float(t.get("font-size"))
            x, baseline = float(t.get("x")), float(t.get("y"))
            sea = t.get("font-style") == "italic"
            assert size == label_font_size(sea)
            boxes[t.text] = label_box((x, baseline - size * 0.36), t.text, sea)
    return boxes


def unit_boxes(root):
    boxes = []
    for u in with_class(root, "unit"):
        x, y = map(
            float,
            re.match(r"translate\(([-\d.]+),([-\d.]+)\)", u.get("transform")).groups(),
        )
        boxes.append((u.get("data-unit"), unit_box((x, y), u.get("data-unit")[0])))
    return boxes


def crowded(board) -> Position:
    """A unit in every province (fleets on every coast of a split one, in
    turn) and one dislodged from each: every spot a unit can take."""
    units, dislodged = {}, {}
    power = next(iter(board.powers))
    geo = load_geometry(board)
    for pid, prov in board.provinces.items():
        if prov.kind == "impassable":
            continue
        kind = "F" if prov.is_sea else "A"
        units[pid] = (power, Unit(kind, pid))
        dislodged[pid] = Dislodged(power, Unit(kind, pid), ())
    for pid, shape in geo.provinces.items():
        for coast in shape.coasts:
            units[pid] = (power, Unit("F", f"{pid}/{coast}"))
    return Position(Phase.parse("F1901R"), units, {}, dislodged)


@pytest.mark.parametrize("variant", ["standard", "1913"])
def test_no_unit_hides_a_label_wherever_units_stand(variant):
    board = load_variant(variant)[0]
    root = ET.fromstring(render_svg(board, crowded(board)))
    labels = label_boxes(root)
    assert set(labels) == set(board.provinces)
    clashes = [
        (unit, pid)
        for unit, ub in unit_boxes(root)
        for pid, lb in labels.items()
        if overlap(ub, lb)
    ]
    assert clashes == []


def test_no_unit_hides_a_label_on_a_split_coast_or_the_main_spot():
    board = load_variant("standard")[0]
    geo = load_geometry(board)
    labels = {
        pid: label_box(s.label, pid, board.provinces[pid].is_sea)
        for pid, s in geo.provinces.items()
    }
    spots = []
    for pid, s in geo.provinces.items():
        prov = board.provinces[pid]
        kinds = "F" if prov.is_sea else ("AF" if prov.kind == "coast" else "A")
        spots += [unit_box(at, k) for k in kinds for at in (s.unit, s.dislodged)]
        spots += [unit_box(p, "F") for p in s.coasts.values()]
    assert not [(b, pid) for b in spots for pid, lb in labels.items() if overlap(b, lb)]


def busy():
    board, position = board_position()
    orders = {p: [parse_canonical(t) for t in ts] for p, ts in ORDERS.items()}
    return board, position, adjudicate(board, position, orders)


def title_band_right_margin(png: bytes, band: int, margin: int = 10) -> set:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    w = image.width
    return {
        image.getpixel((x, y)) for x in range(w - margin, w) for y in range(2, band - 2)
    }


def test_the_title_of_a_results_picture_is_never_cut_off():
    board, position, result = busy()
    after = result.position  # drawn after the phase: "with the orders of S1905M"
    long_title = "a game with a rather long name for its title band"
    svg = render_svg(board, after, result, title=long_title)
    root = ET.fromstring(svg)
    heading = with_class(root, "heading")[0]
    assert heading.text.endswith("with the orders of S1905M")
    width = float(root.get("width"))
    size = float(heading.get("font-size"))
    assert 12 + text_width(heading.text, size, bold=True) <= width - 12
    png = render_png(board, after, result, title=long_title)
    band = int(-float(root.get("viewBox").split()[1]))
    assert title_band_right_margin(png, band) == {(0xFA, 0xF8, 0xF2)}


def imperial_after_joins(names: dict[str, str]) -> Position:
    orders = {slot: [f"JOIN {slot[-3:]} NAME {name}"] for slot, name in names.items()}
    response = handle_request({"orders": orders}, "imperial")
    assert response.get("errors", []) == [], response
    board = load_variant("imperial")[0]
    return position_from_json(board, response["state"])


def legend(root):
    out = []
    for g in with_class(root, "count"):
        rect = g.find(f"{SVG}rect")
        texts = g.findall(f"{SVG}text")
        out.append(
            (
                g.get("data-power"),
                float(rect.get("x")),
                float(rect.get("y")),
                float(texts[1].get("x")),
                float(texts[1].get("font-size")),
                texts[1].text,
            )
        )
    return out


def test_the_legend_shows_the_name_set_with_join_name():
    board = load_variant("imperial")[0]
    position = imperial_after_joins({"EMPIRE_BRE": "Gaul"})
    root = ET.fromstring(render_svg(board, position))
    names = {power: text for power, *_rest, text in legend(root)}
    assert names["EMPIRE_BRE"].startswith("Gaul ")
    assert not any("Empire of Brest" in t for t in names.values())


def test_imperial_legend_names_stay_within_their_places():
    board = load_variant("imperial")[0]
    long = {
        "EMPIRE_BRE": "The Most Serene Republic of Armorica",
        "EMPIRE_CON": "Sublime State of the Golden Horn",
        "EMPIRE_LON": "United Kingdom of the Northern Isles",
        "EMPIRE_ROM": "Holy Empire of the Seven Hills",
        "EMPIRE_SEV": "Tsardom of the Black Sea",
    }
    position = imperial_after_joins(long)
    root = ET.fromstring(render_svg(board, position))
    width = float(root.get("width"))
    entries = legend(root)
    shown = {power for power, *_ in entries}
    assert set(long) <= shown
    rows: dict[float, list] = {}
    for power, bx, by, tx, size, text in entries:
        rows.setdefault(by, []).append((bx, tx + text_width(text, size), power))
    for row in rows.values():
        row.sort()
        for (_bx, end, power), (next_x, _e, _p) in zip(row, row[1:], strict=False):
            assert end <= next_x, power  # a name never runs into the next badge
        assert row[-1][1] <= width - 6, row[-1][2]  # nor past the edge
    # The band grows with the rows, and the map starts below it.
    band = -float(root.get("viewBox").split()[1])
    assert max(rows) + 16 <= band


def test_the_start_of_imperial_draws_every_empire_in_the_band():
    board = load_variant("imperial")[0]
    root = ET.fromstring(render_svg(board, initial_position(board)))
    assert legend(root)


def test_imperial_codes_stay_inside_their_badges_and_markers():
    """Imperial's powers go by three-letter codes ("BRE"): each fits its
    legend square and its unit's marker."""
    board = load_variant("imperial")[0]
    position = imperial_after_joins({"EMPIRE_BRE": "Gaul", "EMPIRE_CON": "Byzantium"})
    root = ET.fromstring(render_svg(board, position))
    for g in with_class(root, "count"):
        rect = g.find(f"{SVG}rect")
        code = g.findall(f"{SVG}text")[0]
        size = float(code.get("font-size"))
        assert text_width(code.text, size, bold=True) <= float(rect.get("width")), (
            code.text
        )
    for u in with_class(root, "unit"):
        code = u.find(f"{SVG}text")
        width = text_width(code.text, float(code.get("font-size")), bold=True)
        assert width <= 2 * ARMY_RADIUS, code.text


def test_imperial_neutral_garrisons_tint_nothing():
    board = load_variant("imperial")[0]
    position = imperial_after_joins({"EMPIRE_BRE": "Gaul"})
    root = ET.fromstring(render_svg(board, position))
    owners = {e.get("data-owner") for e in with_class(root, "province")}
    assert owners == {None, "EMPIRE_BRE"}
