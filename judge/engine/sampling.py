"""Random positions and orders, for property tests and benchmarks.

Busy boards on purpose: most units move, support a neighbour's actual order
or convoy an army next to them, and a few orders are plain wrong, so every
rule of the adjudicator gets exercised.  Deterministic for a given
`random.Random`.
"""

from __future__ import annotations

import random

from judge.engine.board import Board, province_of
from judge.engine.orders import (
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
)
from judge.engine.state import Phase, Position
from judge.engine.tables import tables


def random_position(
    board: Board, rng: random.Random, n_units: int = 34, phase: str = "S1901M"
) -> Position:
    t = tables(board)
    provinces = sorted(p for p, k in t.kind.items() if k != "impassable")
    powers = sorted(board.powers)
    units = {}
    for prov in rng.sample(provinces, min(n_units, len(provinces))):
        kind = t.kind[prov]
        if kind == "sea" or (kind == "coast" and rng.random() < 0.4):
            location = rng.choice(t.coasts[prov]) if prov in t.coasts else prov
            if location not in t.fleet:
                continue
            unit = Unit("F", location)
        else:
            unit = Unit("A", prov)
        units[prov] = (rng.choice(powers), unit)
    centres = {c: rng.choice(powers) for c in sorted(t.centres) if rng.random() < 0.8}
    return Position(Phase.parse(phase), units, centres)


def random_orders(
    board: Board, position: Position, rng: random.Random, wrong: float = 0.05
) -> dict[str, list[Order]]:
    """Movement orders for (almost) every unit of `position`."""
    t = tables(board)
    units = position.units
    chosen: dict[str, Order] = {}

    # Convoys first: a fleet at sea carries a neighbouring army to a coast.
    for prov in sorted(units):
        power, unit = units[prov]
        if unit.kind != "F" or prov not in t.sea or rng.random() < 0.6:
            continue
        armies = [
            p
            for p in sorted(t.fleet_reach[prov])
            if p in units and units[p][1].kind == "A" and p not in chosen
        ]
        coasts = [p for p in sorted(t.fleet_reach[prov]) if t.kind[p] == "coast"]
        if not armies or len(coasts) < 2:
            continue
        army = rng.choice(armies)
        dest = rng.choice([c for c in coasts if c != army])
        chosen[army] = Move(units[army][1], dest, rng.random() < 0.3)
        chosen[prov] = Convoy(unit, units[army][1], dest)

    # Moves and holds.
    for prov in sorted(units):
        if prov in chosen:
            continue
        unit = units[prov][1]
        roll = rng.random()
        if roll < wrong:
            dest = rng.choice(sorted(t.kind))
            chosen[prov] = Move(unit, dest)
        elif roll < 0.55:
            options = (
                sorted(t.army[prov])
                if unit.kind == "A"
                else sorted(t.fleet[unit.location])
            )
            if options:
                chosen[prov] = Move(unit, rng.choice(options))

    # Supports: of a neighbour's actual order, where the supporter can reach.
    for prov in sorted(units):
        if prov in chosen or rng.random() < 0.2:
            continue
        unit = units[prov][1]
        reach = (
            t.army[prov] if unit.kind == "A" else t.fleet_reach.get(unit.location, ())
        )
        helped = []
        for other in sorted(units):
            if other == prov:
                continue
            order = chosen.get(other)
            if isinstance(order, Move):
                dest = province_of(order.dest)
                if dest in reach and dest != prov:
                    helped.append(SupportMove(unit, units[other][1], dest))
            elif other in reach:
                helped.append(SupportHold(unit, units[other][1]))
        if helped:
            chosen[prov] = rng.choice(helped)

    orders: dict[str, list[Order]] = {}
    for prov in sorted(units):
        order = chosen.get(prov, Hold(units[prov][1]))
        if rng.random() < 0.05:
            continue  # no order: the unit holds
        orders.setdefault(units[prov][0], []).append(order)
    return orders


def random_retreats(position: Position, rng: random.Random) -> dict[str, list[Order]]:
    orders: dict[str, list[Order]] = {}
    for prov in sorted(position.dislodged):
        d = position.dislodged[prov]
        roll = rng.random()
        if roll < 0.1:
            continue
        if roll < 0.25 or not d.retreats:
            order: Order = Disband(d.unit)
        else:
            order = Retreat(d.unit, rng.choice(d.retreats))
        orders.setdefault(d.power, []).append(order)
    return orders
