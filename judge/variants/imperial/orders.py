"""Imperial Diplomacy's own orders and how they are read from text: JOIN,
multi-step fleet moves, FEDERATE / ACCEPT / LEAVE FEDERATION, GIVE, RAISE and
RELEASE.  The order language reads everything else."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from judge.engine.board import Board
from judge.engine.kinds import Arrow, OrderKind
from judge.engine.orders import STAYING, Unit, kind_of
from judge.engine.state import Position
from judge.variants.imperial.garrisons import GARRISON
from judge.variants.imperial.map import empire_of, place_of


@dataclass(frozen=True, slots=True)
class Join:
    """`JOIN <city> [NAME <text>]`: found an empire with this Imperial City."""

    city: str
    name: str = ""
    unit = None  # names no unit
    standing = True  # one stands per power: a later one replaces it

    def canonical(self) -> str:
        return f"JOIN {self.city}" + (f" NAME {self.name}" if self.name else "")


@dataclass(frozen=True, slots=True)
class MultiMove:
    """`F MAO - WES - TYS`: a fleet's move of several steps."""

    unit: Unit
    steps: tuple[str, ...]
    words: ClassVar[str] = " -> {steps}"  # in the results' words
    arrow: ClassVar[Arrow] = Arrow.ROUTE  # on the map: through every step

    def canonical(self) -> str:
        return f"{self.unit} - " + " - ".join(self.steps)


@dataclass(frozen=True, slots=True)
class Federate:
    """`FEDERATE WITH <empire>`: form a federation, or ask to join one."""

    empire: str
    unit = None

    def canonical(self) -> str:
        return f"FEDERATE WITH {self.empire}"


@dataclass(frozen=True, slots=True)
class Accept:
    """`ACCEPT <empire>`: a member agrees that the empire joins."""

    empire: str
    unit = None

    def canonical(self) -> str:
        return f"ACCEPT {self.empire}"


@dataclass(frozen=True, slots=True)
class LeaveFederation:
    unit = None
    standing = True  # one stands per power: a later one replaces it

    def canonical(self) -> str:
        return "LEAVE FEDERATION"


@dataclass(frozen=True, slots=True)
class Give:
    """`GIVE SC <p> TO <Y>`, `GIVE UNIT <type> <p> TO <Y>`,
    `GIVE BUILDS <n> TO <Y>`: kind "sc", "unit" or "builds"."""

    kind: str
    what: str  # "BEL", "A BUR", "2"
    to: str
    unit = None

    def canonical(self) -> str:
        label = {"sc": "SC", "unit": "UNIT", "builds": "BUILDS"}[self.kind]
        return f"GIVE {label} {self.what} TO {self.to}"


@dataclass(frozen=True, slots=True)
class Raise:
    """`RAISE B <p>`: a barbarian army in a vacant barbarian province."""

    province: str
    unit = None

    def canonical(self) -> str:
        return f"RAISE B {self.province}"


@dataclass(frozen=True, slots=True)
class Release:
    """`RELEASE B <p>`: let a barbarian army go (any phase)."""

    province: str
    unit = None

    def canonical(self) -> str:
        return f"RELEASE B {self.province}"


def garrison_named(position: Position, power: str, order):
    """`A BRE` where only a garrison stands means the garrison, `IG BRE`
    (the army it looks like when alone): as the piece ordered (when it is
    the power's own) and as the piece a hold-support names."""
    garrisons = (position.extra or {}).get("garrisons", {})
    if not garrisons or kind_of(order) not in STAYING | {OrderKind.MOVE}:
        return order

    def alone(unit: Unit, owner: str | None = None) -> bool:
        city = unit.province
        return (
            unit.kind == "A"
            and city in garrisons
            and owner in (None, garrisons[city])
            and city not in position.units
        )

    if alone(order.unit, power):
        order = replace(order, unit=Unit(GARRISON, order.unit.province))
    if kind_of(order) == OrderKind.SUPPORT_HOLD and alone(order.target):
        order = replace(order, target=Unit(GARRISON, order.target.province))
    return order


def parse_join(board: Board, text: str) -> Join | None:
    words = text.split()
    if len(words) < 2 or words[0].upper() != "JOIN":
        return None
    name = ""
    if len(words) > 3 and words[2].upper() == "NAME":
        name = " ".join(words[3:])
    elif len(words) != 2:
        return None
    word = words[1].upper()
    for pid, prov in board.provinces.items():
        if word in {pid, prov.name.upper(), *(a.upper() for a in prov.aliases)}:
            return Join(pid, name)
    return None


def parse_multimove(board: Board, text: str) -> MultiMove | None:
    """'F MAO - WES - TYS' (two steps or more) -> MultiMove; else None."""
    parts = [p.strip() for p in text.split("-")]
    head = parts[0].split()
    if len(parts) < 3 or len(head) != 2 or head[0].upper() != "F":
        return None
    places = [place_of(board, p) for p in [head[1], *parts[1:]]]
    if None in places:
        return None
    return MultiMove(Unit("F", places[0]), tuple(places[1:]))


def parse_federation(board: Board, text: str, names=None):
    """`names`: the players' names for their empires (empire_names)."""
    words = text.upper().split()
    if words == ["LEAVE", "FEDERATION"]:
        return LeaveFederation()
    if len(words) >= 3 and words[:2] == ["FEDERATE", "WITH"]:
        empire = empire_of(board, " ".join(words[2:]), names)
        return Federate(empire) if empire else None
    if len(words) >= 2 and words[0] == "ACCEPT":
        empire = empire_of(board, " ".join(words[1:]), names)
        return Accept(empire) if empire else None
    return None


def parse_give(board: Board, text: str, names=None) -> Give | None:
    words = text.upper().split()
    if len(words) < 5 or words[0] != "GIVE" or "TO" not in words:
        return None
    at = words.index("TO")
    to = empire_of(board, " ".join(words[at + 1 :]), names)
    what = words[2:at]
    if to is None:
        return None
    if words[1] == "SC" and len(what) == 1:
        place = place_of(board, what[0])
        return Give("sc", place, to) if place else None
    if words[1] == "UNIT" and len(what) == 2 and what[0] in ("A", "F"):
        place = place_of(board, what[1])
        return Give("unit", f"{what[0]} {place}", to) if place else None
    if words[1] == "BUILDS" and len(what) == 1 and what[0].isdigit():
        return Give("builds", what[0], to)
    return None


def parse_barbarian(board: Board, text: str):
    words = text.upper().split()
    if len(words) != 3 or words[1] != "B" or words[0] not in ("RAISE", "RELEASE"):
        return None
    place = place_of(board, words[2])
    if place is None:
        return None
    return Raise(place) if words[0] == "RAISE" else Release(place)
