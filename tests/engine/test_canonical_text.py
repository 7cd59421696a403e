"""The one reading of canonical order text (judge.engine.orders), which
`judge adjudicate`, the order language and the pictures share."""

from hypothesis import given
from hypothesis import strategies as st

from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Maintain,
    Move,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    Waive,
    read_canonical,
)
from judge.variants.imperial.garrisons import GARRISON  # a variant's unit kind

provinces = st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=3, max_size=3)
locations = st.one_of(
    provinces, st.builds(lambda p, c: f"{p}/{c}C", provinces, st.sampled_from("NSEW"))
)
units = st.builds(Unit, st.sampled_from(["A", "F", GARRISON]), locations)
armies = st.builds(Unit, st.just("A"), locations)
orders = st.one_of(
    st.builds(Hold, units),
    st.builds(Move, units, locations, st.booleans()),
    st.builds(SupportHold, units, units),
    st.builds(SupportMove, units, units, locations),
    st.builds(Convoy, units, armies, locations),
    st.builds(Retreat, units, locations),
    st.builds(Disband, units),
    st.builds(Build, units),
    st.builds(Maintain, units),
    st.just(Waive()),
)


@given(orders)
def test_every_order_reads_back_from_its_canonical_text(order):
    assert read_canonical(order.canonical()) == order


@given(orders, st.sampled_from(["lower", "extra space", "trailing"]))
def test_only_the_exact_canonical_text_is_read(order, change):
    text = order.canonical()
    if change == "extra space" and " " not in text:
        text = "WAIVE X"  # WAIVE has no space to double
    changed = {
        "lower": text.lower(),
        "extra space": text.replace(" ", "  ", 1),
        "trailing": text + " X",
    }[change]
    assert read_canonical(changed) is None


def test_a_garrison_is_read_as_a_unit_of_its_own_kind():
    order = read_canonical("IG ROM S A NAP - ROM")
    assert order == SupportMove(Unit(GARRISON, "ROM"), Unit("A", "NAP"), "ROM")
