"""Random positions and orders, for property tests and benchmarks.

Busy boards on purpose: most units move, support a neighbour's actual order
or convoy an army next to them, and a few orders are plain wrong, so every
rule of the adjudicator gets exercised.  Deterministic for a given
`random.Random`.
"""

from __future__ import annotations

import dataclasses
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


# -- convoy-rich phases ----------------------------------------------------
#
# Orders that depend on each other in circles are where an adjudicator goes
# wrong, and convoys make the tangled ones: an army carried to a coast whose
# unit supports an attack on a fleet of the army's own convoy, convoys
# beleaguered by supported attacks, armies that swap by convoy.  A scene is
# one convoy (army on a coast, fleets at sea, a destination coast) with units
# placed around it; the orders then favour attacks on the convoying fleets,
# supports of those attacks, of the convoyed army and of the fleets.


def random_convoy_phase(
    board: Board,
    rng: random.Random,
    scenes: int | None = None,
    filler: int | None = None,
    phase: str = "S1901M",
) -> tuple[Position, dict[str, list[Order]]]:
    """A busy position around `scenes` convoys, and orders for its units."""
    everyone = sorted(board.powers)
    powers = rng.sample(everyone, min(len(everyone), rng.randint(2, 4)))
    empty = Position(Phase.parse(phase), {}, {})
    return add_convoy_scenes(board, empty, rng, powers, scenes, filler)


def add_convoy_scenes(
    board: Board,
    position: Position,
    rng: random.Random,
    powers: list[str],
    scenes: int | None = None,
    filler: int | None = None,
) -> tuple[Position, dict[str, list[Order]]]:
    """`position` with `scenes` convoys of `powers` added in free provinces
    (and `filler` more units near them), and convoy-rich orders for every
    unit of `powers`."""
    t = tables(board)
    units = dict(position.units)
    chosen: dict[str, Order] = {}
    convoyed: list[tuple[str, str]] = []  # (army province, destination)
    fleets: set[str] = set()  # convoying fleets' provinces
    for _ in range(rng.randint(1, 5) if scenes is None else scenes):
        _convoy_scene(t, rng, powers, units, chosen, convoyed, fleets)
    for _ in range(rng.randint(0, 6) if filler is None else filler):
        _place_near(t, rng, powers, units, sorted(units) or sorted(t.kind))
    keys = {dest for _army, dest in convoyed} | fleets
    ours = [p for p in sorted(units) if units[p][0] in powers]
    waiting = [p for p in ours if p not in chosen]
    rng.shuffle(waiting)
    for prov in waiting:  # later units may support earlier units' moves
        chosen[prov] = _biased_order(t, rng, units, chosen, prov, fleets, keys)
    orders: dict[str, list[Order]] = {}
    for prov in ours:
        if rng.random() < 0.03:
            continue  # no order: the unit holds
        orders.setdefault(units[prov][0], []).append(chosen[prov])
    return dataclasses.replace(position, units=units), orders


def _fleet_spot(t, prov: str, towards: str | None = None) -> str | None:
    """A location for a fleet in `prov` (reaching `towards` if given)."""
    for loc in t.coasts.get(prov, (prov,)):
        if loc in t.fleet and (towards is None or towards in t.fleet_reach[loc]):
            return loc
    return None


def _convoy_scene(t, rng, powers, units, chosen, convoyed, fleets) -> None:
    seas = [s for s in sorted(t.sea) if s not in units and s in t.fleet]
    if not seas:
        return
    first = rng.choice(seas)
    origins = [
        p
        for p in sorted(t.fleet_reach[first])
        if t.kind[p] == "coast" and p not in units and p in t.army
    ]
    if not origins:
        return
    origin = rng.choice(origins)
    chain = [first]
    while rng.random() < 0.45:
        nexts = [
            s
            for s in sorted(t.fleet_reach[chain[-1]])
            if s in t.sea and s not in units and s not in chain and s in t.fleet
        ]
        if not nexts:
            break
        chain.append(rng.choice(nexts))
    dests = [
        p
        for p in sorted(t.fleet_reach[chain[-1]])
        if t.kind[p] == "coast" and p != origin and p in t.army
    ]
    if not dests:
        return
    dest = rng.choice(dests)
    owner = rng.choice(powers)
    army = Unit("A", origin)
    units[origin] = (owner, army)
    if origin not in chosen:
        chosen[origin] = Move(army, dest, rng.random() < 0.5)
    for sea in chain:
        fleet_owner = owner if rng.random() < 0.75 else rng.choice(powers)
        fleet = Unit("F", sea)
        units[sea] = (fleet_owner, fleet)
        chosen[sea] = Convoy(fleet, army, dest)
        fleets.add(sea)
    convoyed.append((origin, dest))
    # Someone at the destination, often a fleet that can reach the convoy.
    if dest not in units and rng.random() < 0.85:
        loc = _fleet_spot(t, dest, rng.choice(chain))
        kind = "F" if loc is not None and rng.random() < 0.8 else "A"
        units[dest] = (rng.choice(powers), Unit(kind, loc if kind == "F" else dest))
    # Attackers beside the convoying fleets.
    for sea in chain:
        if rng.random() < 0.6:
            placed = _place_near(t, rng, powers, units, [sea], fleet_to=sea)
            if placed is not None and rng.random() < 0.8:
                chosen[placed] = Move(units[placed][1], sea)
    # And a few more units around the destination and the fleets.
    for _ in range(rng.randint(0, 3)):
        _place_near(t, rng, powers, units, [dest, *chain])


def _place_near(
    t, rng, powers, units, around, fleet_to: str | None = None
) -> str | None:
    """A unit in a free province next to one of `around` (a fleet able to
    sail to `fleet_to` when given); its province, or None if none is free."""
    spots = sorted(
        {
            p
            for a in around
            for p in t.any_graph.get(a, ())
            if p not in units and t.kind.get(p) != "impassable"
        }
    )
    rng.shuffle(spots)
    for prov in spots:
        loc = _fleet_spot(t, prov, fleet_to)
        if fleet_to is not None:
            if loc is None:
                continue
            units[prov] = (rng.choice(powers), Unit("F", loc))
            return prov
        if t.kind[prov] == "sea" or (loc is not None and rng.random() < 0.5):
            if loc is None:
                continue
            units[prov] = (rng.choice(powers), Unit("F", loc))
        elif prov in t.army:
            units[prov] = (rng.choice(powers), Unit("A", prov))
        else:
            continue
        return prov
    return None


def _biased_order(t, rng, units, chosen, prov, fleets, keys) -> Order:
    """An order for the unit at `prov`, weighted toward the convoys' fights."""
    unit = units[prov][1]
    if unit.kind == "A":
        reach = t.army.get(prov, frozenset())
        moves = [(d, d) for d in sorted(reach)]
    else:
        reach = t.fleet_reach.get(unit.location, frozenset())
        moves = [(province_of(d), d) for d in sorted(t.fleet.get(unit.location, ()))]
    options: list[tuple[float, Order]] = [(0.5, Hold(unit))]
    for dest, loc in moves:
        weight = 4.0 if dest in keys else 1.0
        options.append((weight, Move(unit, loc)))
    for other in sorted(units):
        if other == prov:
            continue
        target = units[other][1]
        order = chosen.get(other)
        if isinstance(order, Move):
            dest = province_of(order.dest)
            if dest in reach and dest != prov:
                weight = 6.0 if dest in fleets else 4.0 if dest in keys else 1.0
                options.append((weight, SupportMove(unit, target, dest)))
        elif other in reach:
            weight = 3.0 if other in fleets else 0.7
            options.append((weight, SupportHold(unit, target)))
    if rng.random() < 0.04:  # now and then an order for a move nobody made
        other = rng.choice(sorted(units))
        dest = rng.choice(sorted(reach)) if reach else prov
        return SupportMove(unit, units[other][1], dest)
    total = sum(w for w, _ in options)
    roll = rng.random() * total
    for weight, order in options:
        roll -= weight
        if roll < 0:
            return order
    return options[-1][1]
