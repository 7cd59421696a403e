"""The reply to a message with orders: the power's whole current order set,
in the results layout, what was refused and why, what is still missing, the
deadline and the grace period (docs/contracts/results-format.md)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from judge.engine.any_disband import winter_orders
from judge.engine.board import Board
from judge.engine.orders import Order, Unit, unit_kind
from judge.engine.state import Position
from judge.reports import describe
from judge.reports.dates import judge_date
from judge.reports.header import header_context
from judge.reports.results import phase_title
from judge.reports.templating import render
from judge.variants import variant_for


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _by_province(orders: Sequence[Order]) -> dict[str, Order]:
    """The order standing for each unit: the last one given wins.  (A
    variant's guard, beside the unit in its province, is known by its text,
    "X <province>".)"""
    return {piece_key(o.unit): o for o in orders if getattr(o, "unit", None)}


def piece_key(unit: Unit) -> str:
    """What tells the pieces apart: the province, or a guard's text."""
    return str(unit) if unit_kind(unit.kind).beside else unit.province


def movement_lines(board, position, power, orders) -> tuple[list[str], int]:
    given = _by_province(orders)
    units = position.units_of(power)
    lines = [
        describe.unit_line(board, power, u, given.get(u.province), (), position.units)
        for u in units
    ]
    for order in given.values():  # an ordered guard (it holds unordered)
        if unit_kind(order.unit.kind).beside:
            lines.append(
                describe.unit_line(board, power, order.unit, order, (), position.units)
            )
    return lines, sum(1 for u in units if u.province not in given)


def retreat_lines(board, position, power, orders) -> tuple[list[str], int]:
    given = _by_province(orders)
    mine = [d.unit for d in position.dislodged.values() if d.power == power]
    lines = [
        describe.unit_line(board, power, u, given.get(u.province), retreat=True)
        for u in mine
    ]
    return lines, sum(1 for u in mine if u.province not in given)


def adjustment_lines(board, power, orders, needed) -> tuple[list[str], int]:
    lines = [
        describe.adjustment_line(board, power, getattr(o, "unit", None), o)
        for o in orders
    ]
    sign = 1 if needed > 0 else -1  # builds (and waives), or removals
    done = sum(1 for o in orders if getattr(o, "adjusts", 0) == sign)
    return lines, max(abs(needed) - done, 0)


def any_disband_lines(board, position, power, orders) -> tuple[list[str], int]:
    """Under SET ANY DISBAND: each of the power's units with its MAINTAIN or
    DISBAND (or njudge's "No order ... (maintain)"), then its builds and
    waives; and how many orders are missing (judge.engine.any_disband)."""
    given = _by_province(orders)
    lines = []
    for unit in position.units_of(power):
        order = given.get(unit.province)
        lines.append(
            describe.adjustment_line(board, power, unit, order)
            if order is not None
            else describe.unordered_unit_line(board, power, unit)
        )
    lines += [
        describe.adjustment_line(board, power, getattr(o, "unit", None), o)
        for o in orders
        if getattr(o, "adjusts", 0) > 0  # builds and waives
    ]
    return lines, winter_orders(board, position, power, orders).missing


def any_disband_status(board, position, power, orders) -> list[str]:
    """What an ANY DISBAND winter still wants of the power (njudge counts the
    units kept, built and waived against the centres, st_build.c)."""
    count = winter_orders(board, position, power, orders)
    if not count.missing:
        return ["Your adjustment orders are complete."]
    out = []
    if count.unordered:
        out.append(
            f"{_plural(len(count.unordered), 'unit')} without orders: under ANY"
            " DISBAND each unit is kept (MAINTAIN) or removed (DISBAND) every"
            " winter; one left without orders stays."
        )
    if count.surplus > 0:
        out.append(
            f"{_plural(count.surplus, 'unit')} too many for your centres:"
            " DISBAND more, or build less."
        )
    elif count.surplus < 0:
        out.append(
            f"{_plural(-count.surplus, 'unit')} too few for your centres:"
            " MAINTAIN, BUILD or WAIVE to make them up."
        )
    return out


def status_lines(
    phase_type: str,
    owes: bool,
    missing: int,
    needed: int,
    build_orders: str = "BUILD or WAIVE",
) -> list[str]:
    """What the power still owes; `build_orders`: the orders a winter's
    builds are made up of, as the variant names them."""
    if not owes:
        return ["No orders are required from you this phase."]
    if phase_type == "A":
        if not missing:
            return ["Your adjustment orders are complete."]
        if needed > 0:
            return [f"{_plural(missing, 'build')} pending: {build_orders} each."]
        return [
            f"{_plural(missing, 'removal')} pending: if none are given, units "
            "are removed by the civil disorder rules."
        ]
    if not missing:
        return ["Orders received for all your units."]
    if phase_type == "R":
        return [
            f"Orders not received for {_plural(missing, 'dislodged unit')}: "
            "a unit without orders is disbanded."
        ]
    return [
        f"Orders not received for {_plural(missing, 'unit')}. If complete orders "
        "are not received by the deadline you will be considered late."
    ]


def order_reply(
    board: Board,
    *,
    judge_code: str,
    game: str,
    variant_label: str,
    position: Position,
    power: str,
    orders: Sequence[Order],
    refused: Sequence[tuple[str, str]] = (),
    readings: Sequence[str] = (),
    turn_number: int,
    deadline: datetime,
    grace_end: datetime | None,
    tz: str,
    player_tz: str | None = None,
    needed: int | None = None,
    nmr: bool = False,
    any_disband: bool = False,
) -> str:
    """Body of the reply to a power's orders for `position.phase`.

    orders: the power's complete current order set (engine orders; for a unit
    the last one wins).  refused: (text as written, reason) pairs.  readings:
    names read as near misses of the map's ("Warshaw read as Warsaw").  needed:
    what `orders_needed` says this power owes (builds > 0, removals < 0 in
    adjustments); None works it out from the position.  nmr: the game
    processes partial orders when grace ends (else the power is abandoned).
    any_disband: the winter is played under SET ANY DISBAND (every unit is
    ordered)."""
    phase = position.phase
    if phase.type == "M":
        lines, missing = movement_lines(board, position, power, orders)
        owes = bool(lines) if needed is None else needed != 0
    elif phase.type == "R":
        lines, missing = retreat_lines(board, position, power, orders)
        owes = bool(lines) if needed is None else needed != 0
    elif any_disband:
        lines, missing = any_disband_lines(board, position, power, orders)
        owes = (
            needed != 0
            if needed is not None
            else bool(lines) or bool(position.centres_of(power))
        )
    else:
        if needed is None:
            needed = len(position.centres_of(power)) - len(position.units_of(power))
        lines, missing = adjustment_lines(board, power, orders, needed)
        owes = needed != 0
    if phase.type != "A":  # a variant's orders naming no unit (DESIGNATE, JOIN...)
        lines += [
            describe.variant_line(board, power, o)
            for o in orders
            if getattr(o, "unit", None) is None and describe.is_variant_order(o)
        ]
    grace_note = None
    if owes and missing and grace_end is not None:
        grace_note = (
            "If orders are still missing then, the phase is processed with the "
            "orders received."
            if nmr
            else "If orders are still missing then, your power will be "
            "considered abandoned."
        )
    return render(
        "orders.txt",
        **header_context(
            judge_code=judge_code,
            game=game,
            variant_label=variant_label,
            phase=str(phase),
            deadline=deadline,
            tz=tz,
            player_tz=player_tz,
        ),
        title=phase_title(phase, "orders", game, turn_number),
        unit_lines=lines or [f"{board.powers[power].name}: No orders."],
        refused=list(refused),
        readings=list(readings),
        status_lines=(
            any_disband_status(board, position, power, orders)
            if any_disband and phase.type == "A" and owes
            else status_lines(
                phase.type, owes, missing, needed or 0, variant_for(board).build_orders
            )
        ),
        deadline=judge_date(deadline, tz),
        grace=judge_date(grace_end, tz) if grace_end else None,
        grace_note=grace_note,
    )
