"""The fast path: orders already written in canonical form.

`judge adjudicate` is driven by programs that send canonical orders
(`A PAR - BUR`, `F NTH C A LON - BEL`, ...) thousands of times a second, so a
precompiled regular expression reads those before the grammar is tried.  The
fast path only answers when the reading is certain (known ids, the unit there
is of the stated type, no coast to settle); anything else returns None and the
full grammar, with its error messages, takes over.  Both paths build the same
orders.
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from judge.engine.board import Board
from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    Waive,
)
from judge.engine.state import Position

_LOC = r"[A-Z]{3}(?:/[NSEW]C)?"
CANONICAL = _CANONICAL = re.compile(
    rf"(?P<kind>[AF]) (?P<loc>{_LOC}) (?:"
    r"(?P<hold>H)"
    rf"|- (?P<dest>{_LOC})(?P<via> VIA)?"
    rf"|S (?P<skind>[AF]) (?P<sloc>{_LOC})(?: - (?P<sdest>{_LOC}))?"
    rf"|C A (?P<cloc>[A-Z]{{3}}) - (?P<cdest>[A-Z]{{3}})"
    r"|R (?P<rdest>" + _LOC + r")"
    r"|(?P<disband>D)"
    r"|(?P<build>B)"
    r")"
)


class _Reading(NamedTuple):
    """What a canonical text says, worked out once per text and board."""

    unit: Unit
    province: str
    action: str  # "H", "-", "S", "C", "R", "D", "B"
    dest: str | None = None  # move/retreat location; support/convoy province
    target: Unit | None = None
    order: Order | None = None  # the order in its own phase (M, or R, or A)
    retreat: Order | None = None  # "-" read in a retreat phase


class _Tables:
    """Per board: where units can stand, and texts already read."""

    def __init__(self, board: Board):
        locations = board.locations()
        self.stands = {
            "A": frozenset(loc for loc in locations if board.can_hold("A", loc)),
            "F": frozenset(loc for loc in locations if board.can_hold("F", loc)),
        }
        self.provinces = frozenset(
            p for p, prov in board.provinces.items() if prov.kind != "impassable"
        )
        self.readings: dict[str, _Reading | None] = {}


@functools.cache
def _tables(board: Board) -> _Tables:
    return _Tables(board)


_CACHE_LIMIT = 50_000


def read_canonical(board: Board, position: Position, text: str) -> Order | None:
    """The order `text` is in canonical form, or None to use the grammar."""
    tables = _tables(board)
    try:
        reading = tables.readings[text]
    except KeyError:
        if len(tables.readings) >= _CACHE_LIMIT:
            tables.readings.clear()
        reading = tables.readings[text] = _read(tables, text)
    if reading is None:
        if len(text) == 5 and text.upper() == "WAIVE" and position.phase.type == "A":
            return _WAIVE
        return None
    return _check(reading, position)


_WAIVE = Waive()


def _same(a: Unit, b: Unit) -> bool:
    return a.kind == b.kind and a.location == b.location


def _check(r: _Reading, position: Position) -> Order | None:
    """The reading's order, if the position leaves nothing to explain."""
    phase = position.phase.type
    action = r.action
    if phase == "M":
        entry = position.units.get(r.province)
        if entry is not None and not _same(entry[1], r.unit):
            return None  # wrong type or coast: the grammar explains
        if action in "SC" and r.target is not None:
            there = position.units.get(r.target.province)
            if there is not None:
                if action == "S" and not _same(there[1], r.target):
                    return None
                if action == "C" and there[1].kind != "A":
                    return None
        return r.order if action in "H-SC" else None
    if phase == "R":
        entry = position.dislodged.get(r.province)
        if entry is None or not _same(entry.unit, r.unit):
            return None
        if action == "-":
            return r.retreat
        return r.order if action in "RD" else None
    if phase == "A":
        if action == "B":
            return r.order if r.province not in position.units else None
        if action == "D":
            entry = position.units.get(r.province)
            if entry is not None and _same(entry[1], r.unit):
                return r.order
    return None


def _read(tables: _Tables, text: str) -> _Reading | None:
    m = _CANONICAL.fullmatch(text.upper())
    if m is None:
        return None
    stands = tables.stands
    kind, loc = m["kind"], m["loc"]
    if loc not in stands[kind]:
        return None
    unit = Unit(kind, loc)
    province = unit.province
    if m["hold"]:
        return _Reading(unit, province, "H", order=Hold(unit))
    if m["build"]:
        return _Reading(unit, province, "B", order=Build(unit))
    if m["disband"]:
        return _Reading(unit, province, "D", order=Disband(unit))
    dest = m["dest"]
    if dest:
        via = m["via"] is not None
        if dest not in stands[kind] or (via and kind != "A"):
            return None
        retreat = None if via else Retreat(unit, dest)
        move = Move(unit, dest, via)
        return _Reading(unit, province, "-", dest, order=move, retreat=retreat)
    rdest = m["rdest"]
    if rdest:
        if rdest not in stands[kind]:
            return None
        return _Reading(unit, province, "R", rdest, order=Retreat(unit, rdest))
    if m["skind"]:
        target = Unit(m["skind"], m["sloc"])
        if target.location not in stands[target.kind]:
            return None
        sdest = m["sdest"]
        if sdest is None:
            order = SupportHold(unit, target)
        elif sdest in tables.provinces or (
            # a coast named in a support is kept for the engine (DATC 6.B.9)
            target.kind == "F" and "/" in sdest and sdest in stands["F"]
        ):
            order = SupportMove(unit, target, sdest)
        else:
            return None
        return _Reading(unit, province, "S", sdest, target, order=order)
    cloc, cdest = m["cloc"], m["cdest"]
    if kind != "F" or cloc not in stands["A"] or cdest not in stands["A"]:
        return None
    target = Unit("A", cloc)
    order = Convoy(unit, target, cdest)
    return _Reading(unit, province, "C", cdest, target, order=order)
