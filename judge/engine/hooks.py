"""Rule hooks for variants, around the standard adjudicator.

A variant's map file names its hooks (`[variant] rules = "small"` or "1913");
the standard resolver stays generic.  Each hook module wraps the three engine
calls: it may set orders aside before the standard rules run (reporting them
"void"), and fix up the next position after them (neutral units disbanded,
phases nobody has to order played at once, variant victory).

Variant state the standard position has no room for (a coin toss, designated
home centres) travels in `Position.extra`, a plain JSON-able mapping.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from judge.engine.board import Board
from judge.engine.orders import Order
from judge.engine.state import Phase, Position

Standard = Callable[..., Any]  # the standard adjudicate(board, position, orders, rules)


class VariantHooks(Protocol):
    def adjudicate(
        self,
        board: Board,
        position: Position,
        orders: Mapping[str, Sequence[Order]],
        rules: Any,
        standard: Standard,
        standard_needed: Callable[[Board, Position], dict[str, int]],
    ) -> Any: ...

    def orders_needed(
        self,
        board: Board,
        position: Position,
        standard_needed: Callable[[Board, Position], dict[str, int]],
    ) -> dict[str, int]: ...


def hooks_for(board: Board) -> VariantHooks | None:
    """The rule hooks a board's variant needs; None for the standard rules."""
    kind = board.data.get("variant", {}).get("rules")
    if kind == "small":
        from judge.variants.small.rules import SmallGameRules

        return SmallGameRules()
    if kind == "1913":
        from judge.variants.v1913.rules import Rules1913

        return Rules1913()
    if kind == "imperial":
        from judge.variants.imperial.rules import ImperialRules

        return ImperialRules()
    return None


# -- helpers shared by the hook modules ---------------------------------------


def phase_key(phase: Phase) -> tuple[int, int, int]:
    """Chronological sort key."""
    return phase.key


def before(phase: Phase, limit: str | None) -> bool:
    """Is `phase` earlier than the phase written `limit` (None: forever)?"""
    return limit is None or phase < Phase.parse(limit)


def extra_of(position: Position) -> dict:
    return dict(getattr(position, "extra", None) or {})


def with_extra(position: Position, extra: Mapping) -> Position:
    if not any(f.name == "extra" for f in dataclasses.fields(position)):
        return position  # an engine without variant state: nothing to carry
    return dataclasses.replace(position, extra=dict(extra))


def normalise(orders: Mapping[str, Sequence[Order]]) -> dict[str, list[Order]]:
    return {str(power).upper(): list(os) for power, os in orders.items()}


def void_results(result_type, results, voided: list[tuple[str, Order]]) -> tuple:
    """The standard results with the orders we set aside reported as void: a
    unit's defaulted entry is replaced, anything else is added."""
    out = list(results)
    for power, order in voided:
        unit = getattr(order, "unit", None)
        for i, r in enumerate(out):
            if r.power == power and r.unit == unit and r.order is None and unit:
                out[i] = result_type(power, unit, order, ("void",))
                break
        else:
            out.append(result_type(power, unit, order, ("void",)))
    return tuple(out)


def play_out(
    board: Board,
    result: Any,
    rules: Any,
    standard: Standard,
    standard_needed: Callable[[Board, Position], dict[str, int]],
    passive: Callable[[Position], set[str]],
    tidy: Callable[[Position], Position],
) -> Any:
    """Play the phases that need orders only from powers that give none
    (neutral countries), so the game waits only on real players.  `tidy`
    fixes each new position (carries variant state, strikes out retreats)."""
    position = result.position
    for _ in range(8):  # a year at most; a guard, not a rule
        position = tidy(position)
        if position.winner:
            break
        needed = standard_needed(board, position)
        empty_retreat = position.phase.type == "R" and not position.dislodged
        if not empty_retreat and (
            not needed or any(p not in passive(position) for p in needed)
        ):
            break
        position = standard(board, position, {}, rules).position
    return dataclasses.replace(result, position=position)


def parse_variant_order(board: Board, text: str, position=None) -> Order | None:
    """An order only a variant knows (1913's `DESIGNATE <centre>`), or None
    when the text is not one: the order language reads everything else.
    The position, when given, lends the names players gave their empires."""
    if board.data.get("variant", {}).get("rules") == "1913":
        from judge.variants.v1913.rules import parse_alliance, parse_designate

        return parse_designate(board, text) or parse_alliance(board, text)
    if board.data.get("variant", {}).get("rules") == "imperial":
        from judge.variants.imperial.map import empire_names
        from judge.variants.imperial.rules import (
            parse_barbarian,
            parse_federation,
            parse_give,
            parse_join,
            parse_multimove,
        )

        names = empire_names(position)
        return (
            parse_join(board, text)
            or parse_multimove(board, text)
            or parse_federation(board, text, names)
            or parse_give(board, text, names)
            or parse_barbarian(board, text)
        )
    return None
