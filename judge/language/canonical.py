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

import re

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
_CANONICAL = re.compile(
    rf"(?P<kind>[AF]) (?P<loc>{_LOC}) (?:"
    r"(?P<hold>H)"
    rf"|- (?P<dest>{_LOC})(?P<via> VIA)?"
    rf"|S (?P<skind>[AF]) (?P<sloc>{_LOC})(?: - (?P<sdest>[A-Z]{{3}}))?"
    rf"|C A (?P<cloc>[A-Z]{{3}}) - (?P<cdest>[A-Z]{{3}})"
    r"|R (?P<rdest>" + _LOC + r")"
    r"|(?P<disband>D)"
    r"|(?P<build>B)"
    r")"
)


def read_canonical(board: Board, position: Position, text: str) -> Order | None:
    """The order `text` is in canonical form, or None to use the grammar."""
    upper = text.upper()
    if upper == "WAIVE":
        return Waive() if position.phase.type == "A" else None
    m = _CANONICAL.fullmatch(upper)
    if m is None:
        return None
    kind, loc = m["kind"], m["loc"]
    if not board.is_location(loc) or not board.can_hold(kind, loc):
        return None
    unit = Unit(kind, loc)
    phase = position.phase.type
    province = unit.province

    if m["build"]:
        if phase != "A" or province in position.units:
            return None
        return Build(unit)
    if phase == "R":
        entry = position.dislodged.get(province)
        if entry is None or entry.unit != unit:
            return None
        if m["disband"]:
            return Disband(unit)
        dest = m["rdest"] or m["dest"]
        if dest is None or m["via"] or not _plain_dest(board, kind, dest):
            return None
        return Retreat(unit, dest)
    present = position.unit_at(province)
    if present is not None and present != unit:
        return None  # wrong type or coast: the grammar explains
    if phase == "A":
        return Disband(unit) if m["disband"] and present is not None else None
    if phase != "M":
        return None
    if m["hold"]:
        return Hold(unit)
    if m["dest"]:
        dest = m["dest"]
        if not _plain_dest(board, kind, dest):
            return None
        if m["via"] and kind != "A":
            return None
        return Move(unit, dest, bool(m["via"]))
    if m["skind"]:
        target = Unit(m["skind"], m["sloc"])
        if not board.can_hold(target.kind, target.location):
            return None
        there = position.unit_at(target.province)
        if there is not None and there != target:
            return None
        if m["sdest"]:
            if m["sdest"] not in board.provinces:
                return None
            return SupportMove(unit, target, m["sdest"])
        return SupportHold(unit, target)
    if m["cloc"]:
        if kind != "F" or m["cloc"] not in board.provinces:
            return None
        if m["cdest"] not in board.provinces:
            return None
        there = position.unit_at(m["cloc"])
        if there is not None and there.kind != "A":
            return None
        return Convoy(unit, Unit("A", m["cloc"]), m["cdest"])
    return None


def _plain_dest(board: Board, kind: str, dest: str) -> bool:
    """A destination needing no interpretation: a real location, with a coast
    exactly when a fleet is going to a split-coast province."""
    if not board.is_location(dest):
        return False
    prov = board.provinces[dest.split("/", 1)[0]]
    if kind == "A":
        return "/" not in dest
    return bool(prov.coasts) == ("/" in dest)
