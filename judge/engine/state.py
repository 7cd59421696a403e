"""Game state: the phase and the position (units, centres, dislodged units).

Immutable values; every adjudication returns a new `Position`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.engine.kinds import PhaseKind
from judge.engine.orders import Unit

SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter"}
PHASE_TYPES = {"M": "Movement", "R": "Retreat", "A": "Adjustment"}
_PHASE_RE = re.compile(r"^([SFW])(\d{1,4})([MRA])$")
_SEASON_ORDER = {"S": 0, "F": 1, "W": 2}
_TYPE_ORDER = {"M": 0, "R": 1, "A": 2}


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase, e.g. F1901R; phases compare by time (S1901M < F1901M)."""

    year: int
    season: str  # "S", "F", "W"
    type: str  # a PhaseKind: "M", "R", "A"

    @property
    def key(self) -> tuple[int, int, int]:
        """Chronological sort key."""
        return (self.year, _SEASON_ORDER[self.season], _TYPE_ORDER[self.type])

    def __lt__(self, other: Phase) -> bool:
        return self.key < other.key

    def __le__(self, other: Phase) -> bool:
        return self.key <= other.key

    def __gt__(self, other: Phase) -> bool:
        return self.key > other.key

    def __ge__(self, other: Phase) -> bool:
        return self.key >= other.key

    @classmethod
    def parse(cls, text: str) -> Phase:
        m = _PHASE_RE.match(text.strip().upper())
        if not m:
            raise ValueError(f"not a phase: {text!r} (expected e.g. S1901M)")
        season, year, kind = m.group(1), int(m.group(2)), m.group(3)
        if (season == "W") != (kind == "A"):
            raise ValueError(f"not a phase: {text!r} (adjustments are in Winter only)")
        return cls(year, season, PhaseKind(kind))

    def __str__(self) -> str:
        return f"{self.season}{self.year}{self.type}"

    @property
    def season_name(self) -> str:
        return SEASONS[self.season]

    @property
    def type_name(self) -> str:
        return PHASE_TYPES[self.type]


@dataclass(frozen=True, slots=True)
class Dislodged:
    power: str
    unit: Unit
    retreats: tuple[str, ...]  # locations it may retreat to


@dataclass(frozen=True, slots=True)
class Position:
    phase: Phase
    units: dict[str, tuple[str, Unit]]  # province -> (power, unit)
    centres: dict[str, str]  # centre province -> owning power
    dislodged: dict[str, Dislodged] = field(default_factory=dict)  # by province
    winner: str | None = None  # the power that won outright, if any
    # Variant state the standard rules do not use (judge/engine/hooks.py):
    # JSON-able, carried from phase to phase by the variant's hooks.
    extra: dict = field(default_factory=dict)
    # HOME TRANSFER (judge/engine/home_transfer.py): centre -> power for the
    # centres whose home is not the map's, and the provinces whose unit has
    # stood since the last winter (None: not tracked yet).
    homes: dict[str, str] = field(default_factory=dict)
    held: frozenset[str] | None = None

    def power_at(self, province: str) -> str | None:
        entry = self.units.get(province)
        return entry[0] if entry else None

    def units_of(self, power: str) -> list[Unit]:
        return sorted(
            (u for p, u in self.units.values() if p == power),
            key=lambda u: u.location,
        )

    def centres_of(self, power: str) -> list[str]:
        return sorted(c for c, p in self.centres.items() if p == power)
