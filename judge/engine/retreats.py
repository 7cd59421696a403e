"""Retreat phases: dislodged units retreat or disband.

A retreat must go to one of the places listed for the unit when it was
dislodged; two retreats to the same province both fail and disband; a unit
without a (legal) order disbands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.board import Board, province_of
from judge.engine.orders import Order, Retreat, Unit, retreat_of
from judge.engine.results import OrderResult, Outcome
from judge.engine.state import Position


def adjudicate_retreats(
    board: Board, position: Position, orders: Mapping[str, Sequence[Order]]
) -> tuple[list[OrderResult], dict[str, tuple[str, Unit]]]:
    given: dict[str, list[tuple[str, Order]]] = {}
    results: list[OrderResult] = []
    for power in sorted(orders):
        for order in orders[power]:
            unit = getattr(order, "unit", None)
            entry = position.dislodged.get(unit.province) if unit else None
            if (
                not retreat_of(order)[0]
                or entry is None
                or entry.power != power
                or entry.unit.kind != unit.kind
            ):
                results.append(OrderResult(power, unit, order, (Outcome.VOID,)))
                continue
            received = given.setdefault(unit.province, [])
            if (power, order) not in received:
                received.append((power, order))

    # Where each unit tries to go (None: it disbands).
    target: dict[str, str | None] = {}
    void: set[str] = set()
    for prov, entry in position.dislodged.items():
        received = given.get(prov, [])
        target[prov] = None
        dest = retreat_of(received[0][1])[1] if len(received) == 1 else None
        if dest is not None:
            loc = _retreat_location(entry.retreats, dest, entry.unit)
            if loc is None:
                void.add(prov)
            else:
                target[prov] = loc
        elif len(received) > 1:
            void.add(prov)

    arrivals: dict[str, int] = {}
    for loc in target.values():
        if loc is not None:
            arrivals[province_of(loc)] = arrivals.get(province_of(loc), 0) + 1

    units = dict(position.units)
    for prov in sorted(position.dislodged):
        entry = position.dislodged[prov]
        loc = target[prov]
        if prov in void:
            codes: tuple[str, ...] = (Outcome.VOID, Outcome.DISBAND)
        elif loc is None:
            codes = (Outcome.DISBAND,)
        elif arrivals[province_of(loc)] > 1:
            codes = (Outcome.BOUNCE, Outcome.DISBAND)
        else:
            codes = ()
            units[province_of(loc)] = (entry.power, Unit(entry.unit.kind, loc))
        received = given.get(prov)
        if not received:
            results.append(OrderResult(entry.power, entry.unit, None, codes))
        for power, order in sorted(received or (), key=lambda e: e[1].canonical()):
            results.append(OrderResult(power, entry.unit, order, codes))
    return results, units


def _retreat_location(options: Sequence[str], dest: str, unit: Unit) -> str | None:
    if dest in options:
        return dest
    province = province_of(dest)
    matches = [loc for loc in options if province_of(loc) == province]
    if len(matches) == 1 and (unit.kind == "A" or dest == province):
        return matches[0]
    return None


def retreat_target(position: Position, order: Retreat) -> str | None:
    """Where this retreat order would take its dislodged unit if no other
    unit retreats there (None: it is void).  For refusing it on arrival."""
    entry = position.dislodged.get(order.unit.province)
    if entry is None or entry.unit.kind != order.unit.kind:
        return None
    return _retreat_location(entry.retreats, order.dest, entry.unit)
