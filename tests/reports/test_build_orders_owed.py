"""The order reply of a winter names the orders a power's builds are made up
of, as its variant has them: Imperial's surplus may raise barbarian armies
(RAISE B, IMP-10) as well as build."""

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from judge.engine.state import Phase
from judge.engine.variant_loader import load_variant
from judge.reports.order_report import order_reply
from judge.variants import variant_for


@pytest.mark.parametrize(
    "variant, power, owed",
    [
        ("standard", "FRANCE", "1 build pending: BUILD or WAIVE each."),
        ("imperial", "EMPIRE_BRE", "1 build pending: BUILD, RAISE B <province> or"
         " WAIVE each."),
    ],
)  # fmt: skip
def test_a_winters_owed_builds_are_named_as_the_variant_has_them(variant, power, owed):
    board, _rules = load_variant(variant)
    start = variant_for(board).start(board)
    body = order_reply(
        board,
        judge_code="PYJ",
        game="g",
        variant_label=variant,
        position=replace(start, phase=Phase.parse("W1901A")),
        power=power,
        orders=[],
        turn_number=3,
        deadline=datetime(2026, 1, 8, 23, 30, tzinfo=UTC),
        grace_end=None,
        tz="UTC",
        needed=1,
    )
    assert owed in body, body
