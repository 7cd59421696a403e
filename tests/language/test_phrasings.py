"""The table of real-world phrasings (phrasings.txt): each is read exactly as
the table says, accepted as its canonical form or refused with its message."""

from pathlib import Path

import pytest

from judge.language.order_parser import parse_orders
from tests.language import positions

TABLE = Path(__file__).with_name("phrasings.txt")


def load_table():
    cases = []
    position_name = power = None
    for number, line in enumerate(TABLE.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or (line.startswith("#") and not line.startswith("## ")):
            continue
        if line.startswith("## "):
            _, position_name, power = line.split()
            power = None if power == "-" else power
            continue
        if " !! " in line:
            text, _, message = line.rpartition(" !! ")
            expected = ("refused", message)
        else:
            text, _, canonical = line.rpartition(" => ")
            expected = ("read", canonical)
        cases.append(
            pytest.param(position_name, power, text, expected, id=f"{number}:{text}")
        )
    return cases


CASES = load_table()


def test_the_table_is_large_enough():
    accepted = [c for c in CASES if c.values[3][0] == "read"]
    refused = [c for c in CASES if c.values[3][0] == "refused"]
    assert len(accepted) >= 300
    assert len(refused) >= 60


@pytest.mark.parametrize("position_name, power, text, expected", CASES)
def test_phrasing(position_name, power, text, expected):
    position = getattr(positions, position_name)
    results = parse_orders(positions.BOARD, position, power, text)
    kind, value = expected
    if kind == "refused":
        assert len(results) == 1
        assert results[0].order is None
        assert results[0].error == value
    else:
        readings = [
            r.order.canonical() if r.order else f"!! {r.error}" for r in results
        ]
        assert "; ".join(readings) == value
