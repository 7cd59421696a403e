"""The tints of the map at the start and as the game goes on: home countries
whole in their power's colour, neutral land plain until someone holds it."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

import pytest

from judge.engine.api import initial_position
from judge.engine.board import Board, load_board
from judge.engine.orders import Unit
from judge.pictures import render_svg
from judge.pictures.territory import home_countries, territories
from judge.variants import load_variant

STANDARD_HOMES = {
    "AUSTRIA": {"VIE", "BUD", "TRI", "BOH", "GAL", "TYR"},
    "ENGLAND": {"LON", "EDI", "LVP", "CLY", "WAL", "YOR"},
    "FRANCE": {"PAR", "BRE", "MAR", "BUR", "GAS", "PIC"},
    "GERMANY": {"BER", "KIE", "MUN", "PRU", "RUH", "SIL"},
    "ITALY": {"ROM", "NAP", "VEN", "APU", "PIE", "TUS"},
    "RUSSIA": {"MOS", "SEV", "STP", "WAR", "FIN", "LVN", "UKR"},
    "TURKEY": {"ANK", "CON", "SMY", "ARM", "SYR"},
}
NEUTRAL = {"ALB", "NAF", "BEL", "HOL", "DEN", "NWY", "SWE", "SPA", "POR"}
NEUTRAL |= {"TUN", "SER", "RUM", "BUL", "GRE"}


def by_power(held: dict[str, str]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for pid, power in held.items():
        out.setdefault(power, set()).add(pid)
    return out


def test_standard_start_tints_every_home_province_and_no_neutral():
    board = load_board("standard")
    held = territories(board, initial_position(board))
    assert by_power(held) == STANDARD_HOMES
    assert not NEUTRAL & set(held)


def test_the_svg_marks_the_same_owners():
    board = load_board("standard")
    root = ET.fromstring(render_svg(board, initial_position(board)))
    owners = {
        e.get("data-province"): e.get("data-owner")
        for e in root.iter()
        if e.get("class") == "province" and e.get("data-owner")
    }
    assert by_power(owners) == STANDARD_HOMES


def test_1913_start_tints_the_great_powers_countries_and_the_minors_centres():
    board, _rules = load_variant("1913")
    position = initial_position(board)
    held = territories(board, position)
    groups = by_power(held)
    for power, provinces in STANDARD_HOMES.items():
        assert groups[power] == provinces, power
    for power, provinces in groups.items():
        if power not in STANDARD_HOMES:  # a minor: its own centres only
            assert provinces == {
                c for c, p in position.centres.items() if p == power
            }, power
            assert all(board.provinces[c].centre for c in provinces)
    assert "ALB" not in held and "IRE" not in held and "NAF" not in held


def test_a_unit_holds_the_land_it_stands_in_and_neutral_land_stays_plain():
    board = load_board("standard")
    start = initial_position(board)
    units = dict(start.units)
    units["PRU"] = ("RUSSIA", Unit.parse("A PRU"))
    units["ALB"] = ("AUSTRIA", Unit.parse("A ALB"))
    held = territories(board, dataclasses.replace(start, units=units))
    assert held["PRU"] == "RUSSIA" and held["ALB"] == "AUSTRIA"
    assert held["SIL"] == "GERMANY"
    assert "NAF" not in held


@pytest.mark.parametrize(
    ("lost", "expected"),
    [
        ({"BER": "RUSSIA", "KIE": "RUSSIA", "MUN": "RUSSIA"}, "RUSSIA"),
        ({"BER": "RUSSIA", "KIE": "RUSSIA"}, "RUSSIA"),  # most of them
        ({"BER": "RUSSIA"}, "GERMANY"),
        ({"BER": "RUSSIA", "KIE": "FRANCE"}, "GERMANY"),  # a tie keeps it home
    ],
)
def test_a_home_country_goes_with_its_centres(lost, expected):
    board = load_board("standard")
    start = initial_position(board)
    centres = {**start.centres, **lost}
    held = territories(board, dataclasses.replace(start, units={}, centres=centres))
    assert {held.get(p) for p in ("PRU", "RUH", "SIL")} == {expected}


def test_a_tie_without_the_home_power_tints_nothing():
    board = load_board("standard")
    start = initial_position(board)
    centres = {**start.centres, "BER": "RUSSIA", "KIE": "FRANCE"}
    del centres["MUN"]
    held = territories(board, dataclasses.replace(start, units={}, centres=centres))
    assert not {"PRU", "RUH", "SIL"} & set(held)


def test_a_map_without_country_lists_derives_them_from_home_centres():
    data = dict(load_board("standard").data)
    data["powers"] = {
        p: {k: v for k, v in d.items() if k != "country"}
        for p, d in data["powers"].items()
    }
    derived = home_countries(Board(data))
    # Two home centres of one power next to it, and none of another's.
    assert derived.get("YOR") == "ENGLAND" and derived.get("PIC") == "FRANCE"
    assert "PRU" not in derived and "BOH" not in derived and "ALB" not in derived
