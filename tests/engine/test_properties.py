"""Properties of the adjudicator over random positions and random orders.

Each example is a seed: judge.engine.sampling builds a busy board (34 units,
moves, supports, convoys, some wrong orders) from it.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.engine.api import Rules, adjudicate
from judge.engine.board import load_board, province_of
from judge.engine.orders import Move, Retreat, Unit
from judge.engine.sampling import (
    random_convoy_phase,
    random_orders,
    random_position,
    random_retreats,
)
from judge.engine.state import Phase, Position
from tests.strength import examples

BOARD = load_board("standard")
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
RULES = st.sampled_from([Rules(), Rules(options={"rules": "2023"})])


def _phase(seed: int, n_units: int = 34, season: str = "S"):
    rng = random.Random(seed)
    position = random_position(BOARD, rng, n_units, f"{season}1901M")
    return rng, position, random_orders(BOARD, position, rng)


def _shuffled(orders, rng: random.Random):
    powers = list(orders)
    rng.shuffle(powers)
    out = {}
    for power in powers:
        mine = list(orders[power])
        rng.shuffle(mine)
        out[power] = mine
    return out


def _check_accounted(before: Position, result) -> None:
    """Every unit moved, held or was dislodged; never two in a province."""
    after = result.position
    outcome = {}
    for r in result.results:
        if r.order is not None and r.unit is not None:
            outcome.setdefault(r.unit.province, []).append(r)
    dislodged = {d.unit.province: d for d in result.dislodged}
    expected_after = len(before.units) - len(dislodged)
    assert len(after.units) == expected_after
    for prov, (power, unit) in before.units.items():
        if prov in dislodged:
            assert dislodged[prov].unit == unit
            assert dislodged[prov].power == power
            for loc in dislodged[prov].retreats:
                assert province_of(loc) not in after.units
            continue
        entries = outcome.get(prov, [])
        moved = [r for r in entries if isinstance(r.order, Move) and r.outcomes == ()]
        if moved:
            dest = province_of(moved[0].order.dest)
            assert after.units[dest][0] == power
            assert after.units[dest][1].kind == unit.kind
        else:
            assert after.units[prov] == (power, unit)
    for prov, (_power, unit) in after.units.items():
        assert unit.province == prov
        assert BOARD.can_hold(unit.kind, unit.location)


@settings(max_examples=examples(60), deadline=None)
@given(seed=SEEDS, rules=RULES)
def test_movement_accounts_for_every_unit(seed, rules):
    _rng, position, orders = _phase(seed)
    result = adjudicate(BOARD, position, orders, rules)
    _check_accounted(position, result)
    for d in result.position.dislodged.values():
        assert d.retreats  # units with nowhere to go were disbanded at once
    assert result.position.phase in (Phase(1901, "S", "R"), Phase(1901, "F", "M"))


def shuffled(position: Position, orders, rng: random.Random):
    """The same position and orders, listed in another order: powers, the
    units of the position, and each power's orders."""
    units = list(position.units.items())
    rng.shuffle(units)
    reordered = Position(
        position.phase, dict(units), position.centres, position.dislodged
    )
    return reordered, _shuffled(orders, rng)


@settings(max_examples=examples(1000), deadline=None)
@given(seed=SEEDS, rules=RULES)
def test_result_does_not_depend_on_the_order_of_units_and_orders(seed, rules):
    """Most examples are convoy-rich (armies on coasts, fleets at sea,
    supported attacks on convoying fleets), where orders depend on each
    other in circles; one in four is a busy board of 34 units."""
    if seed % 4:
        rng = random.Random(seed)
        position, orders = random_convoy_phase(BOARD, rng)
    else:
        rng, position, orders = _phase(seed)
    first = adjudicate(BOARD, position, orders, rules)
    for _ in range(4):
        again = adjudicate(BOARD, *shuffled(position, orders, rng), rules)
        assert again == first


@settings(max_examples=examples(30), deadline=None)
@given(seed=SEEDS, rules=RULES)
def test_retreats_and_adjustments_keep_the_board_sound(seed, rules):
    rng, position, orders = _phase(seed, n_units=10 + seed % 25, season="F")
    result = adjudicate(BOARD, position, orders, rules)
    after = result.position
    if after.phase.type == "R":
        retreat_orders = random_retreats(after, rng)
        retreated = adjudicate(BOARD, after, retreat_orders, rules)
        for r in retreated.results:
            if isinstance(r.order, Retreat) and r.outcomes == ():
                there = retreated.position.units[province_of(r.order.dest)]
                assert there[1] == Unit(r.unit.kind, r.order.dest)
        assert len(retreated.position.units) <= len(after.units) + len(after.dislodged)
        assert not retreated.position.dislodged
        after = retreated.position
    # After Fall: centres follow the units standing on them.
    for prov, (power, _unit) in after.units.items():
        if prov in BOARD.supply_centres():
            assert after.centres[prov] == power
    if after.phase.type == "A":
        # No orders: nobody builds; whoever must remove does so by civil disorder.
        winter = adjudicate(BOARD, after, {}, rules)
        for power in BOARD.powers:
            had = sum(p == power for p, _u in after.units.values())
            centres = sum(p == power for p in after.centres.values())
            left = sum(p == power for p, _u in winter.position.units.values())
            assert left == min(had, centres) if had > centres else left == had
        assert winter.position.phase == Phase(1902, "S", "M")
