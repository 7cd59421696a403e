"""Every variant's adjudication gives one answer whatever order the powers,
units and orders are listed in (issue 13), with the same check as the
standard game's (tests/engine/test_order_independence.py): random games of
each variant through `judge adjudicate`'s request handler, movement phases
mostly convoy-rich, each phase relisted and adjudicated again."""

from __future__ import annotations

import random

import pytest

from judge.engine.api import initial_position, orders_needed
from judge.engine.sampling import add_convoy_scenes
from judge.engine.serialize import position_from_json, position_to_json
from judge.variants import load_variant
from judge.variants.imperial.rules import Join, coastal_centres
from tests.engine.listings import check_relisted, request_of
from tests.strength import quick_first
from tests.variants.test_random_games import VARIANTS, _head_start, random_orders

GAMES = 12
PHASES = 30
RELISTINGS = 2


def _phase(board, pos, rng):
    """The random games' orders; in most movement phases a convoy or two is
    added to the position (armies on coasts, fleets at sea, attackers and
    supporters around them, for the powers who play) and the units' orders
    are convoy-rich instead, the variant's own orders kept (garrisons,
    federations, designations ...)."""
    orders = random_orders(board, pos, rng)
    if pos.phase.type != "M" or rng.random() < 0.25:
        return pos, orders
    powers = sorted(orders_needed(board, pos))
    pos, convoys = add_convoy_scenes(board, pos, rng, powers, rng.randint(1, 3), 0)
    for power in set(orders) | set(convoys):
        own = [
            o
            for o in orders.get(power, [])
            if getattr(o, "unit", None) is None or o.unit.kind == "IG"
        ]
        orders[power] = convoys.get(power, []) + own
    return pos, orders


@pytest.mark.parametrize(
    "variant", quick_first(VARIANTS, quick=lambda v: v in ("1913", "imperial"))
)
def test_variant_phases_give_one_answer_whatever_the_listing(variant):
    board, _rules = load_variant(variant)
    for game in range(GAMES):
        rng = random.Random(game)
        pos = initial_position(board)
        if variant == "imperial":  # as the random games: empires join
            cities = rng.sample(coastal_centres(board), 4)
            joins = {f"EMPIRE_{c}": [Join(c)] for c in cities}
            request = request_of(variant, position_to_json(board, pos), joins)
            first = check_relisted(request, rng, RELISTINGS)
            pos = _head_start(board, position_from_json(board, first["state"]), rng)
        for _ in range(PHASES):
            if pos.winner:
                break
            pos, orders = _phase(board, pos, rng)
            request = request_of(variant, position_to_json(board, pos), orders)
            first = check_relisted(request, rng, RELISTINGS)
            pos = position_from_json(board, first["state"])
