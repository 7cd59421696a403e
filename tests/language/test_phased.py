"""PHASE lines and IF/ELSE/ENDIF blocks (njudge's data/syntax)."""

import pytest

from judge.engine.orders import Unit as EngineUnit
from judge.engine.state import Phase, Position
from judge.language.phased import PhasedError, read_block, read_condition, read_phase
from judge.variants import load_variant

BOARD = load_variant("standard")[0]


@pytest.mark.parametrize(
    "text, phase",
    [
        ("Fall 1902 Movement", "F1902M"),
        ("F1902M", "F1902M"),
        ("f 1902 m", "F1902M"),
        ("Spring 1903 Retreat", "S1903R"),
        ("Summer 1903 Retreat", "S1903R"),  # njudge: the first letter counts
        ("Winter 1902 Build", "W1902A"),
        ("Winter 1902 Adjustment", "W1902A"),
        ("W1902B", "W1902A"),
        ("Fall 1902 Build", "W1902A"),
    ],
)
def test_phase_lines(text, phase):
    assert str(read_phase(text)) == phase


@pytest.mark.parametrize(
    "text", ["1902", "Fall Movement 1902", "Autumn 1902 X", "Winter 1902 M"]
)
def test_bad_phase_lines(text):
    with pytest.raises(PhasedError):
        read_phase(text)


def position(units):
    table = {}
    for power, text in units:
        kind, where = text.split()
        table[where.split("/")[0]] = (power, EngineUnit(kind, where))
    return Position(Phase.parse("F1905M"), table, {})


def test_njudge_example_condition():
    cond = read_condition(
        BOARD, "NOT French Army Ruhr AND (Russian Prussia OR Russian Silesia) THEN"
    )
    assert cond.holds(position([("RUSSIA", "A SIL")]))
    assert not cond.holds(position([("RUSSIA", "A SIL"), ("FRANCE", "A RUH")]))
    assert cond.holds(position([("RUSSIA", "A SIL"), ("FRANCE", "F RUH")]))  # type
    assert not cond.holds(position([("GERMANY", "A PRU")]))  # power


def test_any_order_and_abbreviations():
    here = position([("FRANCE", "A RUH")])
    for text in ("Ruhr French A", "Fr Ruh", "army ruh", "Ruh", "France Army Ruhr"):
        assert read_condition(BOARD, text).holds(here), text
    assert not read_condition(BOARD, "Fleet Ruhr").holds(here)
    assert read_condition(BOARD, "North Sea OR Ruh").holds(here)


def test_left_to_right():
    # (A or B) and C, not A or (B and C)
    cond = read_condition(BOARD, "Ruh OR Mun AND Ber")
    assert not cond.holds(position([("FRANCE", "A RUH")]))
    assert cond.holds(position([("FRANCE", "A RUH"), ("GERMANY", "A BER")]))


@pytest.mark.parametrize("text", ["Xanadu", "", "French", "Ruh AND", "Ruh Mun)"])
def test_bad_conditions(text):
    with pytest.raises(PhasedError):
        read_condition(BOARD, text)


LINES = [
    "A Par - Bur",
    "IF French Army Ruhr",
    "  A Mar - Spa",
    "  IF German Munich",
    "    A Bre - Pic",
    "  ENDIF",
    "ELSE IF Kiel",
    "  A Mar - Pie",
    "ELSE",
    "  A Mar H",
    "ENDIF",
    "F Bre - Mid",
]


def test_block_selects_by_the_position():
    block, refused = read_block(BOARD, LINES)
    assert refused == []
    assert block.lines == LINES
    chosen, decided = block.select(position([("FRANCE", "A RUH")]))
    assert chosen == ["A Par - Bur", "  A Mar - Spa", "F Bre - Mid"]
    assert decided == [("IF French Army Ruhr", True), ("  IF German Munich", False)]
    chosen, _ = block.select(position([("GERMANY", "F KIE")]))
    assert chosen == ["A Par - Bur", "  A Mar - Pie", "F Bre - Mid"]
    chosen, _ = block.select(position([]))
    assert chosen == ["A Par - Bur", "  A Mar H", "F Bre - Mid"]


def test_unreadable_if_refuses_its_construct_only():
    lines = ["A Par - Bur", "IF Atlantis", "A Mar - Spa", "ELSE", "A Mar H",
             "ENDIF", "F Bre - Mid"]  # fmt: skip
    block, refused = read_block(BOARD, lines)
    assert refused[0][0] == "IF Atlantis"
    assert "the condition cannot be read" in refused[0][1]
    assert [line for line, _ in refused] == lines[1:6]
    assert block.lines == ["A Par - Bur", "F Bre - Mid"]
    assert block.select(position([]))[0] == ["A Par - Bur", "F Bre - Mid"]


def test_structure_errors_and_unclosed_if():
    block, refused = read_block(BOARD, ["ELSE", "ENDIF", "IF Ruh", "A Mar H"])
    assert [why for _, why in refused] == ["ELSE follows no IF", "ENDIF closes no IF"]
    assert block.lines == ["IF Ruh", "A Mar H", "ENDIF"]  # closed at the end
