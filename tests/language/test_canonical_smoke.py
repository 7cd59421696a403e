import pytest

from judge.language.order_parser import parse_orders
from tests.language.positions import BOARD, position

START = position(
    units={"ENGLAND": ["F NTH", "A LON"], "FRANCE": ["A PAR"], "GERMANY": ["A MUN"]}
)


@pytest.mark.parametrize(
    "text",
    [
        "A PAR H",
        "A PAR - BUR",
        "A LON - BEL VIA",
        "A MUN S A BUR",
        "A MUN S A PAR - BUR",
        "F NTH C A LON - BEL",
    ],
)
def test_canonical_movement_orders_read_back_to_themselves(text):
    [parsed] = parse_orders(BOARD, START, None, text)
    assert parsed.error is None
    assert parsed.order.canonical() == text


def test_fleet_on_a_coast():
    [parsed] = parse_orders(BOARD, position(), "RUSSIA", "F STP/SC - BOT")
    assert parsed.order.canonical() == "F STP/SC - BOT"


@pytest.mark.parametrize(
    "phase, units, dislodged, text",
    [
        ("F1901R", {}, {"ENGLAND": [("F NTH", ["EDI"])]}, "F NTH R EDI"),
        ("F1901R", {}, {"ENGLAND": [("F NTH", ["EDI"])]}, "F NTH D"),
        ("W1901A", {"GERMANY": ["F KIE"]}, {}, "F KIE D"),
        ("W1901A", {}, {}, "A PAR B"),
        ("W1901A", {}, {}, "F STP/NC B"),
        ("W1901A", {}, {}, "WAIVE"),
    ],
)
def test_canonical_retreat_and_adjustment_orders(phase, units, dislodged, text):
    pos = position(phase, units=units, dislodged=dislodged)
    [parsed] = parse_orders(BOARD, pos, None, text)
    assert parsed.error is None
    assert parsed.order.canonical() == text
