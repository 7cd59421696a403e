"""A tiny reader of canonical order strings, so engine tests need no parser."""

from __future__ import annotations

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
from judge.engine.state import Dislodged, Phase, Position


def order(text: str) -> Order:
    w = text.upper().split()
    if w == ["WAIVE"]:
        return Waive()
    unit = Unit(w[0], w[1])
    rest = w[2:]
    if rest == ["H"]:
        return Hold(unit)
    if rest == ["D"]:
        return Disband(unit)
    if rest == ["B"]:
        return Build(unit)
    if rest[0] == "-":
        return Move(unit, rest[1], rest[2:] == ["VIA"])
    if rest[0] == "R":
        return Retreat(unit, rest[1])
    if rest[0] == "S":
        target = Unit(rest[1], rest[2])
        if len(rest) == 3:
            return SupportHold(unit, target)
        return SupportMove(unit, target, rest[4])
    if rest[0] == "C":
        return Convoy(unit, Unit(rest[1], rest[2]), rest[4])
    raise ValueError(text)


def orders(spec: dict[str, list[str]]) -> dict[str, list[Order]]:
    return {power: [order(t) for t in texts] for power, texts in spec.items()}


def position(
    phase: str,
    units: dict[str, list[str]],
    centres: dict[str, list[str]] | None = None,
    dislodged: dict[str, list[tuple[str, list[str]]]] | None = None,
) -> Position:
    placed = {}
    for power, us in units.items():
        for text in us:
            unit = Unit.parse(text)
            placed[unit.province] = (power, unit)
    owned = {c: p for p, cs in (centres or {}).items() for c in cs}
    out = {}
    for power, entries in (dislodged or {}).items():
        for text, retreats in entries:
            unit = Unit.parse(text)
            out[unit.province] = Dislodged(power, unit, tuple(retreats))
    return Position(Phase.parse(phase), placed, owned, out)
