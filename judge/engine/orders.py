"""Orders as data.  The engine never sees text; the order language builds
these, and `canonical()` is the one written form every tool echoes back
(see docs/contracts/adjudicate.md: `A PAR - BUR`, `F NTH C A LON - BEL`, ...)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.engine.board import province_of

# The kind of Imperial Diplomacy's garrison: a piece that only holds or
# supports, beside any unit in its city (the engine's guard).
GARRISON = "IG"


@dataclass(frozen=True, slots=True)
class Unit:
    kind: str  # "A" or "F" (or GARRISON)
    location: str  # "PAR", "STP/SC"
    # "STP" for "STP/SC" and "F STP/SC": asked for constantly, so kept.
    province: str = field(init=False, repr=False, compare=False)
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.location))
        object.__setattr__(self, "text", f"{self.kind} {self.location}")

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> Unit:
        """'A PAR' / 'F STP/SC' (canonical form only)."""
        kind, location = text.split()
        return cls(kind.upper(), location.upper())


@dataclass(frozen=True, slots=True)
class Hold:
    unit: Unit

    def canonical(self) -> str:
        return f"{self.unit} H"


@dataclass(frozen=True, slots=True)
class Move:
    unit: Unit
    dest: str
    via_convoy: bool = False

    def canonical(self) -> str:
        return f"{self.unit} - {self.dest}" + (" VIA" if self.via_convoy else "")


@dataclass(frozen=True, slots=True)
class SupportHold:
    unit: Unit
    target: Unit

    def canonical(self) -> str:
        return f"{self.unit} S {self.target}"


@dataclass(frozen=True, slots=True)
class SupportMove:
    unit: Unit
    target: Unit
    # A province; or a location when the supporter named a coast, which then
    # has to match the supported move (DATC 6.B.9).
    dest: str

    def canonical(self) -> str:
        return f"{self.unit} S {self.target} - {self.dest}"


@dataclass(frozen=True, slots=True)
class Convoy:
    unit: Unit
    target: Unit  # the army being convoyed
    dest: str

    def canonical(self) -> str:
        return f"{self.unit} C {self.target} - {self.dest}"


@dataclass(frozen=True, slots=True)
class Retreat:
    unit: Unit
    dest: str

    def canonical(self) -> str:
        return f"{self.unit} R {self.dest}"


@dataclass(frozen=True, slots=True)
class Disband:
    unit: Unit

    def canonical(self) -> str:
        return f"{self.unit} D"


@dataclass(frozen=True, slots=True)
class Build:
    unit: Unit

    def canonical(self) -> str:
        return f"{self.unit} B"


@dataclass(frozen=True, slots=True)
class Waive:
    def canonical(self) -> str:
        return "WAIVE"


MovementOrder = Hold | Move | SupportHold | SupportMove | Convoy
RetreatOrder = Retreat | Disband
AdjustmentOrder = Build | Disband | Waive
Order = MovementOrder | RetreatOrder | AdjustmentOrder


_LOC = r"[A-Z]{3}(?:/[NSEW]C)?"
_UNIT = rf"(?:[AF]|{GARRISON}) {_LOC}"
# Every order's canonical() text, and nothing else: upper case, one space.
CANONICAL = re.compile(
    rf"(?P<unit>{_UNIT}) (?:"
    r"(?P<hold>H)"
    rf"|- (?P<dest>{_LOC})(?P<via> VIA)?"
    rf"|S (?P<sunit>{_UNIT})(?: - (?P<sdest>{_LOC}))?"
    rf"|C (?P<cunit>A {_LOC}) - (?P<cdest>{_LOC})"
    rf"|R (?P<rdest>{_LOC})"
    r"|(?P<disband>D)"
    r"|(?P<build>B)"
    r")"
)


def read_canonical(text: str) -> Order | None:
    """The order a canonical text writes, as written, or None.

    The reading knows no board and no phase: `-` is a Move (a retreat phase
    reads it as a Retreat), and whether the places exist, and the unit may
    stand there, is for the caller to check.  `order.canonical()` gives the
    text back.
    """
    if text == "WAIVE":
        return Waive()
    m = CANONICAL.fullmatch(text)
    if m is None:
        return None
    kind, _, location = m["unit"].partition(" ")
    unit = Unit(kind, location)
    if m["hold"]:
        return Hold(unit)
    if m["dest"]:
        return Move(unit, m["dest"], m["via"] is not None)
    if m["sunit"]:
        kind, _, location = m["sunit"].partition(" ")
        target = Unit(kind, location)
        if m["sdest"]:
            return SupportMove(unit, target, m["sdest"])
        return SupportHold(unit, target)
    if m["cunit"]:
        return Convoy(unit, Unit("A", m["cunit"][2:]), m["cdest"])
    if m["rdest"]:
        return Retreat(unit, m["rdest"])
    if m["disband"]:
        return Disband(unit)
    return Build(unit)
