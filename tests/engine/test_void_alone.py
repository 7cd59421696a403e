"""Orders void whatever anyone else orders (DATC 6.A.1-6.A.10, 6.D.32):
what the judge can refuse as they arrive."""

import pytest

from judge.engine.api import initial_position
from judge.engine.board import load_board
from judge.engine.legality import prepare, void_whatever_ordered
from judge.engine.state import Position
from judge.language.order_parser import parse_orders

BOARD = load_board()
START = initial_position(BOARD)


@pytest.mark.parametrize(
    "text, void",
    [
        ("A PAR - MOS", True),  # 6.A.1 not a neighbour
        ("F KIE - MUN", True),  # 6.A.2 a fleet inland
        ("A MAR - MAR", True),  # 6.A.5 its own province
        ("F BRE - PAR", True),
        ("F LON C A LVP - NWY", True),  # only fleets at sea convoy
        ("A LVP - NWY", True),  # 6.D.32: no fleet at sea could carry it
        ("A MAR S A PAR - PIC", True),  # 6.A.10 cannot reach Picardy
        ("A PAR - BUR", False),
        ("A LVP - EDI VIA", False),  # a neighbour: the land route remains
        ("A MAR S A PAR - BUR", False),  # Paris may yet move: not void alone
        ("F STP/SC - BOT", False),
        ("A PAR H", False),
    ],
)
def test_void_alone(text, void):
    (parsed,) = parse_orders(BOARD, START, None, text)
    order = parsed.order
    assert order is not None
    assert void_whatever_ordered(BOARD, START, order) is void


def test_agrees_with_the_adjudicator_for_every_order_void_alone():
    """An order called void alone is void in the phase whatever the others
    order: here, with every other unit holding."""
    at_sea = Position(START.phase, {**START.units}, START.centres)
    for text in ("A PAR - MOS", "A MAR S A PAR - PIC", "A LVP - NWY"):
        (parsed,) = parse_orders(BOARD, at_sea, None, text)
        order = parsed.order
        assert void_whatever_ordered(BOARD, at_sea, order)
        o = prepare(
            BOARD, at_sea, {"FRANCE" if "LVP" not in text else "ENGLAND": [order]}
        )
        assert o.codes[order.unit.province] == "void"
