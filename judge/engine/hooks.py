"""The engine's one door for variants: rule hooks around the standard rules.

The engine imports no variant.  A variant's map file names its rules
(`[variant] rules = "small"`), and the variants' registry (judge.variants)
installs an object with these hooks under that name.  `judge.engine.api`
hands such a board's phases to its hooks, which wrap the standard calls:
they may set orders aside before the standard rules run (reporting them
"void"), and fix up the next position after them (neutral units disbanded,
phases nobody has to order played at once, variant victory).

Variant state the standard position has no room for (a coin toss, designated
home centres) travels in `Position.extra`, a plain JSON-able mapping, and
the hooks check it when a state is read (`check_state`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from judge.engine.board import Board
from judge.engine.orders import Order, register_unit_kind
from judge.engine.results import Outcome
from judge.engine.state import Phase, Position

Standard = Callable[..., Any]  # the standard adjudicate(board, position, orders, rules)


class RuleHooks(Protocol):
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

    def check_state(self, board: Board, extra: Mapping) -> None:
        """Raise ValueError naming the first field of the variant's state
        (`state.variant`) that is unknown or of the wrong shape."""


class GuardRules(Protocol):
    """How a guard fights: a second piece in a province, beside any unit
    there, that only holds or supports (`Position.extra["guards"]`: province
    -> power, put there by a variant's hooks for one phase)."""

    # The code of the guards' unit kind (one the variant declares in its
    # `unit_kinds`).
    unit_kind: str

    def stops(self, resolution: Any, attacker: str, guard: str) -> bool:
        """Does the guard (its key) stop the move from `attacker` into its
        province, whatever happens to the unit there?"""

    def enters_beside(self, orders: Any, attacker: str, guarded: str) -> bool:
        """May the unit from `attacker` enter `guarded` beside its guard
        (neither beating nor being stopped by it)?"""


def guard_rules(board: Board) -> GuardRules:
    """The rules of the guards a board's variant places."""
    rules = getattr(hooks_for(board), "guard_rules", None)
    if rules is None:
        raise ValueError(f"map {board.name!r}: guards, but no rules for them")
    return rules


_installed: dict[str, RuleHooks] = {}


def install(rules: str, hooks: RuleHooks) -> None:
    """Make `hooks` the rules of boards whose map names `rules` (called by
    the variants' registry), and declare the unit kinds of its own they list
    in `unit_kinds` (judge.engine.orders.UnitKind values)."""
    for kind in getattr(hooks, "unit_kinds", ()):
        register_unit_kind(kind)
    _installed[rules] = hooks


def rules_name(board: Board) -> str | None:
    """The rules the board's map names; None for the standard rules."""
    return board.data.get("variant", {}).get("rules")


def hooks_for(board: Board) -> RuleHooks | None:
    """The rule hooks a board's variant needs; None for the standard rules."""
    kind = board.data.get("variant", {}).get("rules")
    if kind is None:
        return None
    hooks = _installed.get(kind)
    if hooks is None:
        raise ValueError(
            f"map {board.name!r} follows the rules {kind!r}, which no variant"
            " provides (is judge.variants imported?)"
        )
    return hooks


# -- helpers shared by the hook modules ---------------------------------------


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
                out[i] = result_type(power, unit, order, (Outcome.VOID,))
                break
        else:
            out.append(result_type(power, unit, order, (Outcome.VOID,)))
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
