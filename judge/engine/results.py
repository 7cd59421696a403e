"""The values an adjudication returns (re-exported by judge.engine.api)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from judge.engine.kinds import Outcome
from judge.engine.orders import Order, Unit
from judge.engine.state import Dislodged, Phase, Position


@dataclass(frozen=True)
class Rules:
    """Rule options of a game (`standard:rules=2023` and variant options):
    the one value the rules' choices travel in, from the game to every
    function that makes one."""

    variant: str = "standard"
    options: Mapping[str, str] = field(default_factory=dict)

    @property
    def rules_2023(self) -> bool:
        return self.options.get("rules") == "2023"

    # The game's settings (njudge's SET options) arrive as these values.
    @property
    def victory_centres(self) -> int | None:
        """Centres that win (SET CENTERS n); None: the map's number."""
        value = self.options.get("centres")
        return int(value) if value else None

    @property
    def coastal_convoys(self) -> bool:
        """Fleets on coasts convoy as fleets at sea do (SET COASTAL
        CONVOYS)."""
        return self.options.get("coastal_convoys") == "True"

    @property
    def auto_disband(self) -> bool:
        """Dislodged units are disbanded at once: no retreats (SET AUTO
        DISBAND)."""
        return self.options.get("auto_disband") == "True"

    @property
    def movement_disband(self) -> bool:
        """A unit may be ordered to disband in a movement phase (SET
        DISBAND): it holds, then is removed."""
        return self.options.get("movement_disband") == "True"

    @property
    def strict_convoy(self) -> bool:
        """Implausible convoy orders are void (SET STRICT CONVOY;
        judge/engine/strict_convoy.py)."""
        return self.options.get("strict_convoy") == "True"

    @property
    def any_disband(self) -> bool:
        """Any unit may be disbanded in an adjustment phase, each unit is
        ordered MAINTAIN or DISBAND every winter (SET ANY DISBAND;
        judge/engine/any_disband.py)."""
        return self.options.get("any_disband") == "True"

    @property
    def blank_board(self) -> bool:
        """The game starts with no units, in a build phase (SET BLANK BOARD;
        judge/engine/blank_board.py)."""
        return self.options.get("blank_board") == "True"

    @property
    def home_transfer(self) -> bool:
        """A centre held by one unit for a year becomes its power's home
        (SET HOME TRANSFER; judge/engine/home_transfer.py)."""
        return self.options.get("home_transfer") == "True"

    @property
    def build_sites(self) -> str:
        """Where builds may go: "home" (the rule), "any" owned centre, or
        "one": any owned centre while one home centre is still owned."""
        return self.options.get("build_sites", "home")


DEFAULT_RULES = Rules()

__all__ = ["DEFAULT_RULES", "OrderResult", "Outcome", "PhaseResult", "Rules"]


@dataclass(frozen=True)
class OrderResult:
    power: str
    unit: Unit | None  # the unit ordered (or built); None for WAIVE
    order: Order | None  # None: the unit had no order and defaulted
    outcomes: tuple[str, ...] = ()  # Outcome codes; () means it succeeded


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
