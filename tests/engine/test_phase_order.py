"""Phases compare by time, not by their letters."""

from hypothesis import given
from hypothesis import strategies as st

from judge.engine.state import Phase

IN_A_YEAR = ["S{}M", "S{}R", "F{}M", "F{}R", "W{}A"]


def test_a_year_runs_spring_fall_winter_movement_retreat_adjustment():
    phases = [Phase.parse(p.format(1901)) for p in IN_A_YEAR]
    assert sorted(reversed(phases)) == phases
    assert Phase.parse("S1901M") < Phase.parse("F1901M") < Phase.parse("W1901A")
    assert Phase.parse("F1901M") < Phase.parse("F1901R")
    assert Phase.parse("W1901A") < Phase.parse("S1902M")
    assert Phase.parse("F1901R") >= Phase.parse("F1901M")
    assert max(phases) == Phase.parse("W1901A")


@given(
    st.integers(1, 3000),
    st.integers(0, 4),
    st.integers(1, 3000),
    st.integers(0, 4),
)
def test_order_is_the_order_of_year_then_place_in_the_year(y1, i1, y2, i2):
    a = Phase.parse(IN_A_YEAR[i1].format(y1))
    b = Phase.parse(IN_A_YEAR[i2].format(y2))
    assert (a < b) == ((y1, i1) < (y2, i2))
    assert (a <= b) == ((y1, i1) <= (y2, i2))
    assert (a == b) == ((y1, i1) == (y2, i2))
