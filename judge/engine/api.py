"""The engine's public face: everything above the engine (the order language,
`judge adjudicate`, the game service, pictures) uses only these names.

Pure functions over immutable values: no I/O, no clock, no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from judge.engine.board import Board
from judge.engine.orders import Order, Unit
from judge.engine.state import Dislodged, Phase, Position


@dataclass(frozen=True)
class Rules:
    """Rule options of a game (`standard:rules=2023` and variant options)."""

    variant: str = "standard"
    options: Mapping[str, str] = field(default_factory=dict)

    @property
    def rules_2023(self) -> bool:
        return self.options.get("rules") == "2023"


@dataclass(frozen=True)
class OrderResult:
    power: str
    unit: Unit | None  # the unit ordered (or built); None for WAIVE
    order: Order | None  # None: the unit had no order and defaulted
    outcomes: tuple[str, ...] = ()  # contract codes; () means it succeeded


@dataclass(frozen=True)
class PhaseResult:
    phase: Phase  # the phase adjudicated
    # One entry per unit of every power (defaulted ones with order=None),
    # plus builds and waives in adjustment phases.
    results: tuple[OrderResult, ...]
    # Units dislodged this phase with their retreat options; those with no
    # option are destroyed at once and are not in position.dislodged.
    dislodged: tuple[Dislodged, ...]
    position: Position  # the next position, at the next phase needing orders


def initial_position(board: Board) -> Position:
    raise NotImplementedError


def adjudicate(
    board: Board,
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    rules: Rules = Rules(),
) -> PhaseResult:
    """Resolve one phase.  Orders are per power; units without an order hold
    (movement) or disband (retreat); missing removals follow civil disorder."""
    raise NotImplementedError


def orders_needed(board: Board, position: Position) -> dict[str, int]:
    """Power -> how many orders it owes this phase: units to order in movement,
    dislodged units in retreats, builds (positive) or removals (negative) in
    adjustments.  Powers owing nothing are left out."""
    raise NotImplementedError
