"""ANY DISBAND (njudge's SET ANY DISBAND): in an adjustment phase a power
may disband any of its units, owed or not, and build again where the rules
let it build (a home centre it has just emptied included): it may end the
phase with as many units as it has centres.  The winter is played every
year, as njudge plays it under this rule.

Disbands are taken first, then builds and waives in the order given (the
first legal ones count, as in the standard rules); a power still over its
centres loses units by the civil-disorder rule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.adjustments import _buildable, _centres_for_builds, _civil_disorder
from judge.engine.board import Board
from judge.engine.kinds import OrderKind
from judge.engine.orders import Order, Unit, kind_of
from judge.engine.results import OrderResult, Outcome, Rules
from judge.engine.state import Position
from judge.engine.tables import tables


def adjudicate_any_disband(
    board: Board,
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    rules: Rules,
) -> tuple[list[OrderResult], dict[str, tuple[str, Unit]]]:
    t = tables(board)
    units = dict(position.units)
    centres = dict.fromkeys(board.powers, 0)
    for power in position.centres.values():
        if power in centres:
            centres[power] += 1
    results: list[OrderResult] = []
    for power in sorted(set(orders) | set(centres)):
        given = list(orders.get(power, ()))
        outcome: dict[int, OrderResult] = {}
        for i, order in enumerate(given):  # disbands first: any unit of its own
            if kind_of(order) == OrderKind.DISBAND:
                entry = units.get(order.unit.province)
                if entry and entry[0] == power and entry[1].kind == order.unit.kind:
                    del units[order.unit.province]
                    outcome[i] = OrderResult(power, entry[1], order)
                else:
                    outcome[i] = OrderResult(power, order.unit, order, (Outcome.VOID,))
        left = centres.get(power, 0) - sum(1 for p, _u in units.values() if p == power)
        sites = _centres_for_builds(board, position, power, rules)
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
        if left < 0:
            for unit in _civil_disorder(t, position, units, power, rules)[:-left]:
                del units[unit.province]
                results.append(OrderResult(power, unit, None, (Outcome.DISBAND,)))
    return results, units
