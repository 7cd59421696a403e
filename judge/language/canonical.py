"""The fast path: orders already written in canonical form.

`judge adjudicate` is driven by programs that send canonical orders
(`A PAR - BUR`, `F NTH C A LON - BEL`, ...) thousands of times a second, so
the engine's reading of canonical text (judge.engine.orders) is tried before
the grammar.  The fast path only answers when the reading is certain (known
ids, the unit there is of the stated type, no coast to settle); anything else
returns None and the full grammar, with its error messages, takes over.
Both paths build the same orders.  An order kind registered from outside the
judge (judge.engine.orders.register_order_kind) is read here only: its canonical
text, for a unit of the player's that stands there, in a phase of its own.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from judge.engine.board import Board
from judge.engine.kinds import OrderKind as K
from judge.engine.orders import Order, Retreat, Unit, Waive
from judge.engine.orders import read_canonical as parse_canonical
from judge.engine.state import Position

_MOVEMENT = frozenset({K.HOLD, K.MOVE, K.SUPPORT_HOLD, K.SUPPORT_MOVE, K.CONVOY})
_STANDARD = frozenset(K)


class _Reading(NamedTuple):
    """What a canonical text says, worked out once per text and board."""

    unit: Unit
    province: str
    action: str  # the order's kind (OrderKind, or one from outside)
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
    if action not in _STANDARD:  # a kind from outside: its unit, its phases
        units = position.dislodged if phase == "R" else position.units
        entry = units.get(r.province)
        there = getattr(entry, "unit", None) or (entry[1] if entry else None)
        fits = there is not None and _same(there, r.unit)
        return r.order if fits and phase in r.order.phases else None
    if phase == "M":
        entry = position.units.get(r.province)
        if entry is not None and not _same(entry[1], r.unit):
            return None  # wrong type or coast: the grammar explains
        if action in (K.SUPPORT_HOLD, K.SUPPORT_MOVE, K.CONVOY) and r.target:
            there = position.units.get(r.target.province)
            if there is not None:
                if action != K.CONVOY and not _same(there[1], r.target):
                    return None
                if action == K.CONVOY and there[1].kind != "A":
                    return None
        return r.order if action in _MOVEMENT else None
    if phase == "R":
        entry = position.dislodged.get(r.province)
        if entry is None or not _same(entry.unit, r.unit):
            return None
        if action == K.MOVE:
            return r.retreat
        return r.order if action in (K.RETREAT, K.DISBAND) else None
    if phase == "A":
        if action == K.BUILD:
            return r.order if r.province not in position.units else None
        if action in (K.DISBAND, K.MAINTAIN):  # MAINTAIN: its rule checked above
            entry = position.units.get(r.province)
            if entry is not None and _same(entry[1], r.unit):
                return r.order
    return None


def _read(tables: _Tables, text: str) -> _Reading | None:
    order = parse_canonical(text.upper())
    if order is None or order.unit is None:
        return None  # WAIVE: only in an adjustment phase (read_canonical)
    stands = tables.stands
    unit = order.unit
    if unit.location not in stands.get(unit.kind, ()):
        return None
    province = unit.province
    kind = order.order_kind
    dest = getattr(order, "dest", None)
    target = getattr(order, "target", None)
    if kind == K.MOVE:
        if dest not in stands[unit.kind] or (order.via_convoy and unit.kind != "A"):
            return None
        retreat = None if order.via_convoy else Retreat(unit, dest)
        return _Reading(unit, province, kind, dest, order=order, retreat=retreat)
    if kind == K.RETREAT and dest not in stands[unit.kind]:
        return None
    if kind in (K.SUPPORT_HOLD, K.SUPPORT_MOVE):
        if target.location not in stands.get(target.kind, ()):
            return None
        if dest is not None and not (
            dest in tables.provinces
            # a coast named in a support is kept for the engine (DATC 6.B.9)
            or (target.kind == "F" and "/" in dest and dest in stands["F"])
        ):
            return None
    if kind == K.CONVOY and (
        unit.kind != "F"
        or target.location not in stands["A"]
        or dest not in stands["A"]
    ):
        return None
    return _Reading(unit, province, kind, dest, target, order=order)
