"""The values an adjudication returns (re-exported by judge.engine.api)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

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
