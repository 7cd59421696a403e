"""ANY DISBAND (njudge's SET ANY DISBAND): in an adjustment phase a power
may disband any of its units, owed or not, and build where the rules let it
build: it may end the phase with as many units as it has centres.  The
winter is played every year, as njudge plays it under this rule.

Every unit is ordered each winter (njudge st_build.c): MAINTAIN keeps it,
DISBAND removes it; the last of these given for a unit counts.  A unit
without either stays (njudge's "No order for ... (maintain)").  A power's
orders are complete when every unit has one and the units it keeps, its
builds and its waives make exactly its centres (`winter_orders`); then the
winter need not wait for its deadline.

A build goes only to a centre that was empty when the winter began: njudge
refuses one where a unit stands, even one being disbanded ("already has a
unit present").  Disbands are taken first, then builds and waives in the
order given (the first legal ones count, as in the standard rules); a power
still over its centres loses first the units off its own centres, each group
in the civil-disorder rule's order (njudge's default, `_defaults`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judge.engine.adjustments import _buildable, _centres_for_builds, _civil_disorder
from judge.engine.board import Board
from judge.engine.kinds import OrderKind
from judge.engine.orders import Order, Unit, kind_of
from judge.engine.results import OrderResult, Outcome, Rules
from judge.engine.state import Position
from judge.engine.tables import tables

_KEEP_OR_GO = frozenset({OrderKind.DISBAND, OrderKind.MAINTAIN})


def adjudicate_any_disband(
    board: Board,
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    rules: Rules,
) -> tuple[list[OrderResult], dict[str, tuple[str, Unit]]]:
    t = tables(board)
    units = dict(position.units)
    centres = _centre_counts(board, position)
    results: list[OrderResult] = []
    for power in sorted(set(orders) | set(centres)):
        given = list(orders.get(power, ()))
        outcome: dict[int, OrderResult] = {}
        standing = _standing(given)
        for i, order in enumerate(given):  # MAINTAIN and DISBAND first
            if kind_of(order) not in _KEEP_OR_GO:
                continue
            entry = units.get(order.unit.province)
            if standing.get(order.unit.province) != i or not _own(entry, power, order):
                outcome[i] = OrderResult(power, order.unit, order, (Outcome.VOID,))
                continue
            if kind_of(order) == OrderKind.DISBAND:
                del units[order.unit.province]
            outcome[i] = OrderResult(power, entry[1], order)
        left = centres.get(power, 0) - sum(1 for p, _u in units.values() if p == power)
        sites = [
            c
            for c in _centres_for_builds(board, position, power, rules)
            if c not in position.units  # empty when the winter began (njudge)
        ]
        for i, order in enumerate(given):
            if i in outcome:
                continue
            unit = getattr(order, "unit", None)
            ok = False
            if left > 0 and kind_of(order) == OrderKind.WAIVE:
                ok = True
            elif left > 0 and kind_of(order) == OrderKind.BUILD:
                built = _buildable(board, units, sites, order.unit)
                if built is not None:
                    unit, ok = built, True
                    units[built.province] = (power, built)
            if ok:
                left -= 1
            outcome[i] = OrderResult(power, unit, order, () if ok else (Outcome.VOID,))
        results += [outcome[i] for i in range(len(given))]
        removed = []
        if left < 0:
            removed = _defaults(t, position, units, power, rules)[:-left]
            for unit in removed:
                del units[unit.province]
                results.append(OrderResult(power, unit, None, (Outcome.DISBAND,)))
        ordered = {
            order.unit.province for order in given if kind_of(order) in _KEEP_OR_GO
        }
        for province, (owner, unit) in sorted(position.units.items()):
            if owner == power and province not in ordered and unit not in removed:
                results.append(OrderResult(power, unit, None))  # stays, unordered
    return results, units


def _defaults(t, position: Position, units, power: str, rules: Rules) -> list[Unit]:
    """The units a power over its centres loses, in order: njudge's default
    under this rule (st_build.c, "Defaults, removing ...") takes first the
    units not standing on one of the power's own centres; within each
    group, the civil-disorder rule's order."""
    order = _civil_disorder(t, position, units, power, rules)
    return sorted(order, key=lambda u: position.centres.get(u.province) == power)


def _centre_counts(board: Board, position: Position) -> dict[str, int]:
    centres = dict.fromkeys(board.powers, 0)
    for power in position.centres.values():
        if power in centres:
            centres[power] += 1
    return centres


def _standing(given: Sequence[Order]) -> dict[str, int]:
    """Province -> the index of the MAINTAIN or DISBAND that counts for the
    unit there: the last one given (njudge: a later order changes the mind)."""
    return {
        order.unit.province: i
        for i, order in enumerate(given)
        if kind_of(order) in _KEEP_OR_GO
    }


def _own(entry, power: str, order: Order) -> bool:
    return entry is not None and entry[0] == power and entry[1].kind == order.unit.kind


def any_disband_needed(board: Board, position: Position) -> dict[str, int]:
    """Power -> the orders it owes this winter: one for each unit (MAINTAIN
    or DISBAND), and a build or waive for each centre beyond its units.
    Every power with a unit or a centre owes them (njudge orders all)."""
    centres = _centre_counts(board, position)
    units = dict.fromkeys(board.powers, 0)
    for power, _unit in position.units.values():
        if power in units:
            units[power] += 1
    return {
        p: max(units[p], centres[p]) for p in board.powers if units[p] or centres[p]
    }


@dataclass(frozen=True)
class WinterOrders:
    """One power's orders for an ANY DISBAND winter as they stand, as
    njudge counts them (st_build.c buildout)."""

    unordered: tuple[Unit, ...]  # units with neither MAINTAIN nor DISBAND
    # units kept (the unordered ones too) + builds + waives - centres:
    # > 0, that many too many units; < 0, too few
    surplus: int

    @property
    def missing(self) -> int:
        return len(self.unordered) + abs(self.surplus)


def winter_orders(
    board: Board, position: Position, power: str, orders: Sequence[Order]
) -> WinterOrders:
    standing = {o.unit.province: o for o in orders if kind_of(o) in _KEEP_OR_GO}
    mine_units = [u for _p, (p, u) in sorted(position.units.items()) if p == power]
    gone = sum(
        1 for u in mine_units if kind_of(standing.get(u.province)) == OrderKind.DISBAND
    )
    added = sum(1 for o in orders if kind_of(o) in (OrderKind.BUILD, OrderKind.WAIVE))
    surplus = len(mine_units) - gone + added - _centre_counts(board, position)[power]
    unordered = tuple(u for u in mine_units if u.province not in standing)
    return WinterOrders(unordered, surplus)
