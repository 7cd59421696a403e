"""The fast path: orders already written in canonical form.

`judge adjudicate` is driven by programs that send canonical orders
(`A PAR - BUR`, `F NTH C A LON - BEL`, ...) thousands of times a second, so
the engine's reading of canonical text (judge.engine.orders) is tried before
the grammar.  The
fast path only answers when the reading is certain (known ids, the unit there
is of the stated type, no coast to settle); anything else returns None and the
full grammar, with its error messages, takes over.  Both paths build the same
orders.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from judge.engine.board import Board
from judge.engine.orders import (
    Build,
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
from judge.engine.orders import read_canonical as parse_canonical
from judge.engine.state import Position


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
    order = parse_canonical(text.upper())
    if order is None or isinstance(order, Waive):
        return None  # WAIVE: only in an adjustment phase (read_canonical)
    stands = tables.stands
    unit = order.unit
    if unit.location not in stands.get(unit.kind, ()):
        return None
    province = unit.province
    if isinstance(order, Hold):
        return _Reading(unit, province, "H", order=order)
    if isinstance(order, Build):
        return _Reading(unit, province, "B", order=order)
    if isinstance(order, Disband):
        return _Reading(unit, province, "D", order=order)
    if isinstance(order, Move):
        dest, via = order.dest, order.via_convoy
        if dest not in stands[unit.kind] or (via and unit.kind != "A"):
            return None
        retreat = None if via else Retreat(unit, dest)
        return _Reading(unit, province, "-", dest, order=order, retreat=retreat)
    if isinstance(order, Retreat):
        if order.dest not in stands[unit.kind]:
            return None
        return _Reading(unit, province, "R", order.dest, order=order)
    target = order.target
    if isinstance(order, SupportHold | SupportMove):
        if target.location not in stands.get(target.kind, ()):
            return None
        sdest = getattr(order, "dest", None)
        if sdest is not None and not (
            sdest in tables.provinces
            # a coast named in a support is kept for the engine (DATC 6.B.9)
            or (target.kind == "F" and "/" in sdest and sdest in stands["F"])
        ):
            return None
        return _Reading(unit, province, "S", sdest, target, order=order)
    # a convoy
    if unit.kind != "F" or target.location not in stands["A"]:
        return None
    if order.dest not in stands["A"]:
        return None
    return _Reading(unit, province, "C", order.dest, target, order=order)
