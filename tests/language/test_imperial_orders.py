"""Imperial Diplomacy in the order language: the garrison (`IG Bre`, `G Bre`,
`Garrison Brest`, `Imperial Garrison Brest`), ordered and supported, and a
fleet's multi-step move however its route is written; neither means
anything on other boards."""

import dataclasses

import pytest

from judge.engine.api import adjudicate, initial_position
from judge.engine.orders import Unit
from judge.language.order_parser import parse_orders
from judge.variants import load_variant
from judge.variants.imperial.rules import Join

BOARD, RULES = load_variant("imperial")
GAUL, FRANK = "EMPIRE_BRE", "EMPIRE_MAR"


@pytest.fixture(scope="module")
def position():
    start = initial_position(BOARD)
    joins = {GAUL: [Join("BRE")], FRANK: [Join("MAR")]}
    pos = adjudicate(BOARD, start, joins, RULES).position
    units = {
        **pos.units,
        "PIC": (GAUL, Unit("A", "PIC")),
        "MAO": (GAUL, Unit("F", "MAO")),
        "NTH": (GAUL, Unit("F", "NTH")),
    }
    return dataclasses.replace(pos, units=units)


def read(position, text, power=GAUL):
    [parsed] = parse_orders(BOARD, position, power, text)
    return parsed.order.canonical() if parsed.order else parsed.error


@pytest.mark.parametrize(
    "text",
    [
        "IG BRE S A PIC - PAR",
        "G Bre S A Pic - Par",
        "ig brest supports picardy to paris",
        "Garrison Brest S Pic-Par",
        "Imperial Garrison Brest supports Army Picardy -> Paris",
    ],
)
def test_the_garrison_ordered(position, text):
    assert read(position, text) == "IG BRE S A PIC - PAR"


def test_the_garrison_supported_and_held(position):
    assert read(position, "A Pic S IG Bre") == "A PIC S IG BRE"
    assert read(position, "pic supports garrison brest") == "A PIC S IG BRE"
    assert read(position, "IG Bre H") == "IG BRE H"
    assert read(position, "IG Bre - Pic") == "IG BRE - PIC"  # the engine voids it


def test_garrisons_that_are_not_there_or_not_yours(position):
    assert "no Imperial Garrison in Paris" in read(position, "IG Par H")
    assert "Marseilles is not yours" in read(position, "IG Mar S A Pic - Bur")
    assert "only armies are convoyed" in read(position, "F MAO C IG BRE - PIC")
    # Supporting another empire's garrison is any unit's right.
    assert read(position, "A Pic S IG Mar") == "A PIC S IG MAR"


def test_garrison_words_belong_to_imperial_only():
    standard, _rules = load_variant("standard")
    [parsed] = parse_orders(standard, initial_position(standard), "FRANCE", "G Par H")
    assert parsed.order is None


@pytest.mark.parametrize(
    "text",
    [
        "F MAO-WES-TYS",
        "F Mid-Atlantic - Western Mediterranean - Tyrrhenian Sea",
        "F mao -> wes -> tys",
        "Fleet MAO to WES to TYS",
        "F Mid Atlantic Ocean - WES - Tyrr",
        "mao - wes - tys",
    ],
)
def test_multi_step_fleet_moves(position, text):
    assert read(position, text) == "F MAO - WES - TYS"


def test_multi_step_coasts_and_the_standard_board(position):
    assert read(position, "F MAO - Spa sc - WES") == "F MAO - SPA/SC - WES"
    assert read(position, "F NTH - Eng - Bre - Gas") == "F NTH - ENG - BRE - GAS"
    standard, _rules = load_variant("standard")
    [parsed] = parse_orders(standard, initial_position(standard), None, "F Bre-Mao-Spa")
    assert "only armies are convoyed" in parsed.error


def test_garrison_moves_read_as_an_army_and_never_built(position):
    assert read(position, "IG Bre - Spa") == "IG BRE - SPA"  # no coast asked
    winter = dataclasses.replace(
        position, phase=position.phase.__class__(1901, "W", "A")
    )
    assert "a garrison is never built" in read(winter, "Build IG Bre")
