"""Orders as data, one class per order kind, and the kinds of units.

The engine never sees text; the order language builds these, and
`canonical()` is the one written form every tool echoes back (see
docs/contracts/adjudicate.md: `A PAR - BUR`, `F NTH C A LON - BEL`, ...).

Each order kind is one class that knows itself (`BaseOrder`): its kind and
the phases it is given in, its canonical text, what it means in a movement
phase (`settle`: its legality and the resolver's node it makes), which
canonical texts fit a board (`fits`), its description in the results' words
(`words`, `adjustment_words`: templates the reports fill in), the outcome
codes it may get, and its arrow on the map.  The reports and the pictures
read these facts; they name no order class.  An order kind from outside the
judge subclasses `BaseOrder` and calls `register_order_kind` (docs/variants.md,
"Adding an order kind").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from judge.engine.board import Board, province_of
from judge.engine.kinds import Arrow, OrderKind, Outcome, PhaseKind, Route

# A movement phase's effective orders (judge.engine.legality.OrderSet, which
# imports this module: named here without importing it).
OrderSet = Any

M, R, A = PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT
# What `settle` writes in the effective orders' tables: plain strings, read in
# the resolver's innermost loops.
_MOVE, _SUPPORT_HOLD = OrderKind.MOVE.value, OrderKind.SUPPORT_HOLD.value
_SUPPORT_MOVE, _CONVOY = OrderKind.SUPPORT_MOVE.value, OrderKind.CONVOY.value
_LAND, _BY_CONVOY = Route.LAND.value, Route.CONVOY.value


@dataclass(frozen=True)
class UnitKind:
    """A kind of unit: the standard army and fleet, or one a variant
    declares (through its hooks, judge.engine.hooks) with its properties."""

    code: str  # as orders write it: "A", "F"
    word: str  # "army", "fleet"
    name: str = ""  # its full name in a reader's messages (default: word)
    only_holds_and_supports: bool = False  # other orders for it are void
    # A guard: a piece standing beside another unit in its province, told
    # apart from it by its text ("X BRE": its code and province).
    beside: bool = False
    holds_silently: bool = False  # unordered, it holds without a results line
    never_built: bool = False

    @property
    def full_name(self) -> str:
        return self.name or self.word


ARMY = UnitKind("A", "army")
FLEET = UnitKind("F", "fleet")
_unit_kinds: dict[str, UnitKind] = {"A": ARMY, "F": FLEET}


def unit_kind(code: str) -> UnitKind:
    """The kind of unit a code names (one nobody declared: a plain kind)."""
    kind = _unit_kinds.get(code)
    return kind if kind is not None else UnitKind(code, code.lower())


def unit_kinds_where(prop: str) -> frozenset[str]:
    """The codes of the unit kinds with this property (for tables made once
    per phase instead of a look-up per order)."""
    return frozenset(code for code, k in _unit_kinds.items() if getattr(k, prop))


def register_unit_kind(kind: UnitKind) -> None:
    """Declare a variant's unit kind (judge.engine.hooks.install calls it)."""
    if _unit_kinds.get(kind.code, kind) != kind:
        raise ValueError(f"unit kind {kind.code!r} is declared already")
    _unit_kinds[kind.code] = kind
    _compile()


@dataclass(frozen=True, slots=True)
class Unit:
    kind: str  # "A" or "F" (or a code of a variant's UnitKind)
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


class Winter(Protocol):
    """What an adjustment order is settled against: one power's winter
    (judge.engine.adjustments keeps it)."""

    builds_left: bool  # the power is owed builds it has not used yet
    removals_left: bool  # the power must still remove units

    def build(self, unit: Unit) -> Unit | None:
        """Place `unit` if it may be built there (None: it may not)."""

    def remove(self, unit: Unit) -> Unit | None:
        """Take the power's unit off the board (None: it has none there)."""


class BaseOrder:
    """What every order kind knows of itself.  The defaults suit an order
    the standard rules do not know: void in a movement phase, not drawn,
    described by its canonical text."""

    __slots__ = ()
    order_kind: ClassVar[str] = ""  # its OrderKind (or, from outside, its own name)
    phases: ClassVar[frozenset[str]] = frozenset()  # the PhaseKinds it is for
    arrow: ClassVar[Arrow] = Arrow.NONE
    outcomes: ClassVar[frozenset[Outcome]] = frozenset({Outcome.VOID})
    # What follows the unit in the results ("Army Paris -> Burgundy."), and an
    # adjustment's sentence: templates the reports fill in (judge.reports.
    # describe says with what: {dest}, {target}, {a_unit}, {place}...).
    words: ClassVar[str] = " {canonical}"
    adjustment_words: ClassVar[str] = "{canonical}."
    adjusts: ClassVar[int] = 0  # +1: counts as a build (or waive); -1: a removal
    # Listed in the results (False: only in the order reply, as njudge lists
    # a maintained unit, st_build.c).
    in_results: ClassVar[bool] = True
    # Patterns of its canonical text, read back by `read_canonical` once the
    # kind is registered: `from_text(match)` makes the order.
    pattern: ClassVar[str] = ""

    def canonical(self) -> str:
        raise NotImplementedError

    def settle(self, o: OrderSet, prov: str) -> bool:
        """Record what the order means in the movement phase's effective
        orders (its node for the resolver); False: it is illegal (void)."""
        return False

    def fits(self, board: Board) -> bool:
        """Do the places its canonical text names exist on `board` as the
        order needs them (its unit's place is checked by the caller)?"""
        return True

    def in_phase(self, phase: str) -> BaseOrder | None:
        """The order its canonical text means in a phase of this kind, or
        None when it is no order of that phase."""
        return self if phase in self.phases else None

    def retreat(self) -> tuple[bool, str | None]:
        """In a retreat phase: is it an order for a dislodged unit, and
        where does it send it (None: the unit disbands)?"""
        return False, None

    def adjust(self, winter: Winter) -> tuple[bool, Unit | None]:
        """In an adjustment phase: is it carried out, and the unit its
        result names."""
        return False, getattr(self, "unit", None)


def _plain_destination(board: Board, kind: str, dest: str) -> bool:
    """A real location, with a coast exactly when a fleet needs one."""
    if not board.is_location(dest):
        return False
    if kind == "A":
        return "/" not in dest
    return bool(board.provinces[province_of(dest)].coasts) == ("/" in dest)


def _stands(board: Board, unit: Unit) -> bool:
    return unit.kind in ("A", "F") and board.can_hold(unit.kind, unit.location)


@dataclass(frozen=True, slots=True)
class Hold(BaseOrder):
    unit: Unit
    order_kind: ClassVar[str] = OrderKind.HOLD
    phases: ClassVar[frozenset[str]] = frozenset({M})
    arrow: ClassVar[Arrow] = Arrow.HOLD
    words: ClassVar[str] = " HOLD"

    def canonical(self) -> str:
        return f"{self.unit} H"

    def settle(self, o: OrderSet, prov: str) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class Move(BaseOrder):
    unit: Unit
    dest: str
    via_convoy: bool = False
    order_kind: ClassVar[str] = OrderKind.MOVE
    phases: ClassVar[frozenset[str]] = frozenset({M})
    outcomes: ClassVar[frozenset[Outcome]] = frozenset(
        {Outcome.VOID, Outcome.BOUNCE, Outcome.NO_CONVOY, Outcome.DISRUPTED}
    )
    words: ClassVar[str] = " -> {dest}"

    def canonical(self) -> str:
        return f"{self.unit} - {self.dest}" + (" VIA" if self.via_convoy else "")

    @property
    def arrow(self) -> Arrow:  # type: ignore[override]
        return Arrow.CONVOYED if self.via_convoy else Arrow.MOVE

    def settle(self, o: OrderSet, prov: str) -> bool:
        t = o.t
        unit = o.unit[prov]  # as it stands (the order may name another coast)
        dest = province_of(self.dest)
        kinds = t.kind
        dest_kind = kinds.get(dest, "impassable")
        if dest == prov or dest_kind == "impassable":
            return False
        if unit.kind == "A":
            if dest_kind == "sea":
                return False
            coastal = dest_kind == "coast" and kinds[prov] == "coast"
            if dest in t.army[prov]:
                mode = _BY_CONVOY if self.via_convoy and coastal else _LAND
            elif coastal:
                mode = _BY_CONVOY
            else:
                return False
            o.kind[prov], o.dest[prov], o.dest_loc[prov] = _MOVE, dest, dest
            o.mode[prov] = mode
            return True
        if self.via_convoy:
            return False  # only armies are convoyed
        loc = o.fleet_destination(unit.location, self.dest)
        if loc is None:
            return False
        o.kind[prov], o.dest[prov], o.dest_loc[prov] = _MOVE, dest, loc
        return True

    def fits(self, board: Board) -> bool:
        return _plain_destination(board, self.unit.kind, self.dest)

    def in_phase(self, phase: str) -> BaseOrder | None:
        if phase == R and not self.via_convoy:
            return Retreat(self.unit, self.dest)  # `-` retreats in a retreat phase
        return self if phase == M else None


@dataclass(frozen=True, slots=True)
class SupportHold(BaseOrder):
    unit: Unit
    target: Unit
    order_kind: ClassVar[str] = OrderKind.SUPPORT_HOLD
    phases: ClassVar[frozenset[str]] = frozenset({M})
    arrow: ClassVar[Arrow] = Arrow.SUPPORT_HOLD
    outcomes: ClassVar[frozenset[Outcome]] = frozenset({Outcome.VOID, Outcome.CUT})
    words: ClassVar[str] = " SUPPORT {target}"

    def canonical(self) -> str:
        return f"{self.unit} S {self.target}"

    def settle(self, o: OrderSet, prov: str) -> bool:
        where = self.target.province
        if where == self.unit.province or not o.reaches(prov, where):
            return False
        o.kind[prov], o.target[prov] = _SUPPORT_HOLD, o.piece(self.target)
        return True

    def fits(self, board: Board) -> bool:
        return _stands(board, self.target)


@dataclass(frozen=True, slots=True)
class SupportMove(BaseOrder):
    unit: Unit
    target: Unit
    # A province; or a location when the supporter named a coast, which then
    # has to match the supported move (DATC 6.B.9).
    dest: str
    order_kind: ClassVar[str] = OrderKind.SUPPORT_MOVE
    phases: ClassVar[frozenset[str]] = frozenset({M})
    arrow: ClassVar[Arrow] = Arrow.SUPPORT_MOVE
    outcomes: ClassVar[frozenset[Outcome]] = frozenset({Outcome.VOID, Outcome.CUT})
    words: ClassVar[str] = " SUPPORT {target} -> {dest}"

    def canonical(self) -> str:
        return f"{self.unit} S {self.target} - {self.dest}"

    def settle(self, o: OrderSet, prov: str) -> bool:
        here, where = self.unit.province, self.target.province
        dest = province_of(self.dest)
        if here in (where, dest) or where == dest or not o.reaches(prov, dest):
            return False
        o.kind[prov], o.target[prov] = _SUPPORT_MOVE, o.piece(self.target)
        o.dest[prov] = dest
        if dest != self.dest:
            o.support_coast[prov] = self.dest  # must match the move (6.B.9)
        return True

    def fits(self, board: Board) -> bool:
        return _stands(board, self.target) and board.is_location(self.dest)


@dataclass(frozen=True, slots=True)
class Convoy(BaseOrder):
    unit: Unit
    target: Unit  # the army being convoyed
    dest: str
    order_kind: ClassVar[str] = OrderKind.CONVOY
    phases: ClassVar[frozenset[str]] = frozenset({M})
    arrow: ClassVar[Arrow] = Arrow.CONVOY
    outcomes: ClassVar[frozenset[Outcome]] = frozenset(
        {Outcome.VOID, Outcome.NO_CONVOY}
    )
    words: ClassVar[str] = " CONVOY {target} -> {dest}"

    def canonical(self) -> str:
        return f"{self.unit} C {self.target} - {self.dest}"

    def settle(self, o: OrderSet, prov: str) -> bool:
        target, dest = self.target.province, province_of(self.dest)
        if o.unit[prov].kind != "F" or prov not in o.waters or target == dest:
            return False
        o.kind[prov], o.target[prov], o.dest[prov] = _CONVOY, target, dest
        return True

    def fits(self, board: Board) -> bool:
        return self.target.location in board.provinces and self.dest in board.provinces


@dataclass(frozen=True, slots=True)
class Retreat(BaseOrder):
    unit: Unit
    dest: str
    order_kind: ClassVar[str] = OrderKind.RETREAT
    phases: ClassVar[frozenset[str]] = frozenset({R})
    arrow: ClassVar[Arrow] = Arrow.MOVE
    outcomes: ClassVar[frozenset[Outcome]] = frozenset(
        {Outcome.VOID, Outcome.BOUNCE, Outcome.DISBAND}
    )
    words: ClassVar[str] = " -> {dest}"

    def canonical(self) -> str:
        return f"{self.unit} R {self.dest}"

    def retreat(self) -> tuple[bool, str | None]:
        return True, self.dest

    def fits(self, board: Board) -> bool:
        return _plain_destination(board, self.unit.kind, self.dest)


@dataclass(frozen=True, slots=True)
class Disband(BaseOrder):
    unit: Unit
    order_kind: ClassVar[str] = OrderKind.DISBAND
    # In a movement phase too under SET DISBAND (judge.engine.api).
    phases: ClassVar[frozenset[str]] = frozenset({R, A})
    arrow: ClassVar[Arrow] = Arrow.DISBAND
    outcomes: ClassVar[frozenset[Outcome]] = frozenset({Outcome.VOID, Outcome.DISBAND})
    words: ClassVar[str] = " DISBAND"
    adjustment_words: ClassVar[str] = "Removes the {unit_word} {in_place}."
    adjusts: ClassVar[int] = -1

    def canonical(self) -> str:
        return f"{self.unit} D"

    def retreat(self) -> tuple[bool, str | None]:
        return True, None

    def adjust(self, winter: Winter) -> tuple[bool, Unit | None]:
        removed = winter.remove(self.unit) if winter.removals_left else None
        return (True, removed) if removed is not None else (False, self.unit)


@dataclass(frozen=True, slots=True)
class Build(BaseOrder):
    unit: Unit
    order_kind: ClassVar[str] = OrderKind.BUILD
    phases: ClassVar[frozenset[str]] = frozenset({A})
    arrow: ClassVar[Arrow] = Arrow.BUILD
    adjustment_words: ClassVar[str] = "Builds {a_unit} in {place}."
    adjusts: ClassVar[int] = 1

    def canonical(self) -> str:
        return f"{self.unit} B"

    def adjust(self, winter: Winter) -> tuple[bool, Unit | None]:
        if not winter.builds_left:
            return False, self.unit
        placed = winter.build(self.unit)  # a void build names no unit
        return placed is not None, placed


@dataclass(frozen=True, slots=True)
class Waive(BaseOrder):
    order_kind: ClassVar[str] = OrderKind.WAIVE
    phases: ClassVar[frozenset[str]] = frozenset({A})
    adjustment_words: ClassVar[str] = "Build waived."
    adjusts: ClassVar[int] = 1
    unit: ClassVar[None] = None  # names no unit

    def canonical(self) -> str:
        return "WAIVE"

    def adjust(self, winter: Winter) -> tuple[bool, Unit | None]:
        return winter.builds_left, None


@dataclass(frozen=True, slots=True)
class Maintain(BaseOrder):
    """Keep the unit through the winter: under njudge's SET ANY DISBAND every
    unit is ordered each winter, to stay (MAINTAIN) or go (DISBAND).  The
    winter's rules are judge.engine.any_disband; the standard rules have no
    such order, so it is void there."""

    unit: Unit
    order_kind: ClassVar[str] = OrderKind.MAINTAIN
    phases: ClassVar[frozenset[str]] = frozenset({A})
    arrow: ClassVar[Arrow] = Arrow.HOLD
    adjustment_words: ClassVar[str] = "Maintains the {unit_word} {in_place}."
    in_results: ClassVar[bool] = False  # njudge's results name it no more

    def canonical(self) -> str:
        return f"{self.unit} MAINTAIN"


MovementOrder = Hold | Move | SupportHold | SupportMove | Convoy
RetreatOrder = Retreat | Disband
AdjustmentOrder = Build | Disband | Waive | Maintain
Order = MovementOrder | RetreatOrder | AdjustmentOrder | BaseOrder


def retreat_of(order: object) -> tuple[bool, str | None]:
    """`order.retreat()`, for any order (a variant's own knows no retreat)."""
    retreat = getattr(order, "retreat", None)
    return retreat() if retreat is not None else (False, None)


def adjustment_of(order: object, winter: Winter) -> tuple[bool, Unit | None]:
    """`order.adjust(winter)`, for any order (a variant's own is void)."""
    adjust = getattr(order, "adjust", None)
    return (
        adjust(winter) if adjust is not None else (False, getattr(order, "unit", None))
    )


def kind_of(order: object) -> str | None:
    """An order's kind (an OrderKind for the standard ones); None for an
    order of a variant's that does not say."""
    return getattr(order, "order_kind", None)


# The kinds that keep their unit where it stands (all a guard may be given).
STAYING = frozenset({OrderKind.HOLD, OrderKind.SUPPORT_HOLD, OrderKind.SUPPORT_MOVE})


# -- reading canonical text back ------------------------------------------------

_LOC = r"[A-Z]{3}(?:/[NSEW]C)?"
CANONICAL: re.Pattern[str]
_UNIT = ""
# Order kinds registered from outside, with their compiled patterns.
_extra: list[tuple[type[BaseOrder], re.Pattern[str]]] = []


def _compile() -> None:
    """The canonical texts of the standard orders, for the unit kinds known."""
    global CANONICAL, _UNIT
    codes = "|".join(re.escape(c) for c in sorted(_unit_kinds, key=len, reverse=True))
    _UNIT = rf"(?:{codes}) {_LOC}"
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
        r"|(?P<maintain>MAINTAIN)"
        r")"
    )


_compile()


def register_order_kind(cls: type[BaseOrder]) -> None:
    """Make an order kind from outside the judge known: `read_canonical`
    reads its `pattern` (a regular expression whose groups `from_text`
    takes; `{unit}` and `{loc}` stand for a unit and a location)."""
    if any(known is cls for known, _ in _extra):
        return
    pattern = cls.pattern.replace("{unit}", f"(?P<unit>{_UNIT})")
    pattern = pattern.replace("{loc}", _LOC)
    _extra.append((cls, re.compile(pattern)))


def unregister_order_kind(cls: type[BaseOrder]) -> None:
    _extra[:] = [(known, p) for known, p in _extra if known is not cls]


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
        return _read_extra(text)
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
    if m["maintain"]:
        return Maintain(unit)
    return Build(unit)


def is_canonical(text: str) -> bool:
    """Is `text` some order's canonical text (of the kinds known now)?"""
    return CANONICAL.fullmatch(text) is not None or any(
        pattern.fullmatch(text) for _, pattern in _extra
    )


def _read_extra(text: str) -> Order | None:
    for cls, pattern in _extra:
        m = pattern.fullmatch(text)
        if m is not None:
            return cls.from_text(m)  # type: ignore[attr-defined]
    return None
