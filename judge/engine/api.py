"""The engine's entry points: `adjudicate` a phase, `orders_needed`, the
`initial_position`, and the values they return.

Above the engine (the order language, `judge adjudicate`, the game service,
pictures, the variants) code uses these and the engine's value modules:
`board` (maps), `kinds` (the named kinds), `orders`, `state`, `results`,
`serialize` (the JSON state), `variants` (variant names and map data),
`hooks` (for the variants), and, to refuse an order as it arrives (or
count what a power still owes), `adjustments` and `legality` (and the rule
options' own modules, such as `any_disband` for a winter's orders and
`home_transfer` for the homes as they stand).  The resolver's
own modules (`movement`, `resolver`, `retreats`, `phases`, `tables`) are the
engine's alone: an import-linter contract in pyproject.toml says so.

Pure functions over immutable values: no I/O, no clock, no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.adjustments import (
    adjudicate_adjustments,
    adjustment_counts,
    build_sites,
)
from judge.engine.any_disband import adjudicate_any_disband, any_disband_needed
from judge.engine.board import Board
from judge.engine.home_transfer import track
from judge.engine.hooks import hooks_for
from judge.engine.kinds import OrderKind, PhaseKind
from judge.engine.movement import adjudicate_movement
from judge.engine.orders import Order, Unit
from judge.engine.phases import advance
from judge.engine.results import DEFAULT_RULES, OrderResult, Outcome, PhaseResult, Rules
from judge.engine.retreats import adjudicate_retreats
from judge.engine.state import Dislodged, Phase, Position
from judge.engine.strict_convoy import reported_void, without_implausible

__all__ = [
    "DEFAULT_RULES",
    "OrderResult",
    "Outcome",
    "PhaseResult",
    "Rules",
    "adjudicate",
    "initial_position",
    "orders_needed",
]


def initial_position(board: Board) -> Position:
    units = {}
    for power, starts in board.start_units.items():
        for kind, location in starts:
            unit = Unit(kind, location)
            units[unit.province] = (power, unit)
    centres = {c: power for power, cs in board.start_centres.items() for c in cs}
    return Position(Phase.parse(board.first_phase), units, centres)


def adjudicate(
    board: Board,
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    rules: Rules = DEFAULT_RULES,
) -> PhaseResult:
    """Resolve one phase.  Orders are per power; units without an order hold
    (movement) or disband (retreat); missing removals follow civil disorder."""
    hooks = hooks_for(board)  # a variant's rules wrap the standard ones
    if hooks is not None:
        return hooks.adjudicate(
            board, position, orders, rules, standard_adjudicate, standard_orders_needed
        )
    return standard_adjudicate(board, position, orders, rules)


def _retreats(retreating: Mapping[str, Dislodged], unit: Unit) -> bool:
    """Is this dislodged unit one with somewhere to go?  (Not a variant's
    beaten second piece in the province, though the unit beside it may
    retreat.)"""
    d = retreating.get(unit.province)
    return d is not None and d.unit == unit


def standard_adjudicate(
    board: Board,
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    rules: Rules = DEFAULT_RULES,
) -> PhaseResult:
    unknown = sorted(p for p in orders if p not in board.powers)
    if unknown:
        raise ValueError(f"no power called {unknown[0]!r} on this map")
    phase = position.phase
    dislodged: tuple[Dislodged, ...] = ()
    if phase.type == PhaseKind.MOVEMENT:
        disbanding = (
            _movement_disbands(position, orders) if rules.movement_disband else {}
        )
        if disbanding:  # they hold while the phase is fought
            orders = {
                p: [o for o in os if not _disbands(o)] for p, os in orders.items()
            }
        implausible = {}
        if rules.strict_convoy:  # void: the fleet holds
            orders, implausible = without_implausible(board, orders)
        out = adjudicate_movement(board, position, orders, rules)
        dislodged = tuple(out.dislodged)
        if rules.auto_disband:
            dislodged = tuple(Dislodged(d.power, d.unit, ()) for d in dislodged)
        retreating = {
            d.unit.province: d
            for d in dislodged
            if d.retreats and d.unit.province not in disbanding
        }
        results = [
            OrderResult(r.power, r.unit, r.order, r.outcomes + (Outcome.DISBAND,))
            if Outcome.DISLODGED in r.outcomes and not _retreats(retreating, r.unit)
            else r
            for r in out.results
        ]
        if implausible:
            results = reported_void(results, implausible)
        units = out.units
        if disbanding:
            results, units = _disbanded(results, units, disbanding)
        after = Position(phase, units, position.centres, retreating)
    elif phase.type == PhaseKind.RETREAT:
        results, units = adjudicate_retreats(board, position, orders)
        after = Position(phase, units, position.centres)
    else:
        adjudicate_winter = (
            adjudicate_any_disband if rules.any_disband else adjudicate_adjustments
        )
        results, units = adjudicate_winter(board, position, orders, rules)
        after = Position(phase, units, position.centres)
    after = track(board, position, after, results, rules)  # HOME TRANSFER
    results.sort(key=_result_key)
    return PhaseResult(
        phase,
        tuple(results),
        dislodged,
        advance(board, after, position.winner, rules),
    )


def _movement_disbands(position: Position, orders) -> dict[str, tuple[str, Order]]:
    """Province -> (power, order) of the units ordered to disband in a
    movement phase (the power's own units; the last order for a unit wins)."""
    out = {}
    for power, given in orders.items():
        for order in given:
            entry = position.units.get(
                getattr(order, "unit", None) and order.unit.province
            )
            if _disbands(order) and entry and entry == (power, order.unit):
                out[order.unit.province] = (power, order)
    return out


def _disbands(order: Order) -> bool:
    return getattr(order, "order_kind", None) == OrderKind.DISBAND


def _disbanded(results, units, disbanding):
    """Remove the units that disband in a movement phase (unless they were
    dislodged: then they are gone already), and report their orders."""
    units = dict(units)
    out = []
    for r in results:
        ordered = disbanding.get(r.unit.province) if r.unit else None
        if ordered and r.order is None and Outcome.DISLODGED not in r.outcomes:
            units.pop(r.unit.province, None)
            out.append(OrderResult(r.power, r.unit, ordered[1], (Outcome.DISBAND,)))
        else:
            out.append(r)
    return out, units


def _result_key(r: OrderResult):
    # Stable: several orders for one unit keep the order the phase gave them.
    return (r.power, r.unit.location if r.unit else "~")


def orders_needed(
    board: Board, position: Position, rules: Rules = DEFAULT_RULES
) -> dict[str, int]:
    """Power -> how many orders it owes this phase: units to order in movement,
    dislodged units in retreats, builds (positive) or removals (negative) in
    adjustments (under ANY DISBAND: an order for each unit and centre, all
    positive).  Powers owing nothing are left out."""
    hooks = hooks_for(board)
    if hooks is not None:
        return hooks.orders_needed(board, position, standard_orders_needed)
    return standard_orders_needed(board, position, rules)


def standard_orders_needed(
    board: Board, position: Position, rules: Rules = DEFAULT_RULES
) -> dict[str, int]:
    needed: dict[str, int] = {}
    kind = position.phase.type
    if kind == "M":
        for power, _unit in position.units.values():
            needed[power] = needed.get(power, 0) + 1
    elif kind == "R":
        for d in position.dislodged.values():
            needed[d.power] = needed.get(d.power, 0) + 1
    elif rules.any_disband:  # every unit is ordered (judge/engine/any_disband.py)
        needed = any_disband_needed(board, position)
    else:
        for power, n in adjustment_counts(board, position).items():
            if n > 0:
                n = min(n, len(build_sites(board, position, power, rules)))
            if n:
                needed[power] = n
    return needed
