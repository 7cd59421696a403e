"""MAINTAIN, SET ANY DISBAND's order for a unit kept through the winter, as
njudge's players write it (po_get.c: "maintain" or "m" heading the order,
the unit's type optional), and refused where njudge has no such order."""

import pytest

from judge.engine.api import DEFAULT_RULES, Rules
from judge.language.order_parser import parse_orders
from tests.language import positions

ANY_DISBAND = Rules(options={"any_disband": "True"})
WINTER = positions.BUILDS  # Germany: A Mun, F Kie, A Ber, A Hol, A Den


def read(text, position=WINTER, power="GERMANY", rules=ANY_DISBAND):
    return [
        p.order.canonical() if p.order else f"!! {p.error}"
        for p in parse_orders(positions.BOARD, position, power, text, rules)
    ]


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("Maintain F Kie", "F KIE MAINTAIN"),
        ("maintain f kiel", "F KIE MAINTAIN"),
        ("MAINTAIN Kie", "F KIE MAINTAIN"),  # the type is optional (njudge)
        ("maintain Army Munich", "A MUN MAINTAIN"),
        ("M F Kie", "F KIE MAINTAIN"),  # njudge's "m": no move in a winter
        ("m Mun", "A MUN MAINTAIN"),
        ("Maintain German A Ber", "A BER MAINTAIN"),
        ("maintains A Hol", "A HOL MAINTAIN"),
        ("A Den maintain", "A DEN MAINTAIN"),  # after the unit, as D and B
        ("F KIE MAINTAIN", "F KIE MAINTAIN"),  # the canonical form
        ("1. Maintain A Mun", "A MUN MAINTAIN"),
    ],
)
def test_maintain_is_read_under_any_disband(text, canonical):
    assert read(text) == [canonical]


def test_several_on_a_line_and_the_verb_carried():
    assert read("Maintain: A Mun, F Kie; A Ber") == [
        "A MUN MAINTAIN", "F KIE MAINTAIN", "A BER MAINTAIN"
    ]  # fmt: skip
    assert read("Remove A Hol, maintain A Den") == ["A HOL D", "A DEN MAINTAIN"]


def test_a_maintain_naming_the_wrong_type_or_a_misspelling_is_explained():
    assert read("Maintain A Kie") == [
        "!! 'A Kie': there is a fleet in Kiel, not an army"
    ]  # fmt: skip
    assert read("maintian A Mun") == [
        "!! 'maintian' is neither a place nor an order word; did you mean 'maintain'?"
    ]


def test_maintain_is_refused_without_any_disband_naming_the_option():
    (why,) = read("Maintain A Mun", rules=DEFAULT_RULES)
    assert why.startswith("!! MAINTAIN is an order only in games with SET ANY DISBAND")
    (why,) = read("M A Mun", rules=DEFAULT_RULES)  # "m" there too
    assert "SET ANY DISBAND" in why


def test_maintain_and_m_in_a_movement_phase():
    assert read("Maintain A Par", positions.START, "FRANCE") == [
        "!! MAINTAIN is not an order for the movement phase (only in adjustment)"
    ]
    # "M" heading a movement order is still a move (or says one is missing)
    assert read("M A Par-Bur", positions.START, "FRANCE") == ["A PAR - BUR"]
    assert read("A Par M Bur", positions.START, "FRANCE") == ["A PAR - BUR"]
    (why,) = read("M A Par", positions.START, "FRANCE")
    assert "gives no order" in why
