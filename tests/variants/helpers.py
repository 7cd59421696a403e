"""Small builders for variant tests: positions and canonical orders."""

from __future__ import annotations

from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    Waive,
)
from judge.engine.state import Phase, Position


def position(
    phase: str,
    units: dict[str, list[str]],
    centres: dict[str, list[str]],
    **extra,
) -> Position:
    placed = {}
    for power, texts in units.items():
        for text in texts:
            unit = Unit.parse(text)
            assert unit.province not in placed, f"two units in {unit.province}"
            placed[unit.province] = (power, unit)
    owned = {c: power for power, cs in centres.items() for c in cs}
    pos = Position(phase=Phase.parse(phase), units=placed, centres=owned)
    if extra:
        import dataclasses

        pos = dataclasses.replace(pos, **extra)
    return pos


def order(text: str):
    """Canonical order text -> Order (the contract's forms only)."""
    words = text.upper().split()
    if words == ["WAIVE"]:
        return Waive()
    unit = Unit(words[0], words[1])
    rest = words[2:]
    if rest == ["H"]:
        return Hold(unit)
    if rest == ["B"]:
        return Build(unit)
    if rest == ["D"]:
        return Disband(unit)
    if rest[0] == "-":
        return Move(unit, rest[1], via_convoy=rest[2:] == ["VIA"])
    if rest[0] == "R":
        return Retreat(unit, rest[1])
    target = Unit(rest[1], rest[2])
    if rest[0] == "S":
        if len(rest) == 3:
            return SupportHold(unit, target)
        return SupportMove(unit, target, rest[4])
    if rest[0] == "C":
        return Convoy(unit, target, rest[4])
    raise ValueError(text)


def orders(**by_power: list[str]) -> dict:
    return {
        power.upper(): [order(t) for t in texts] for power, texts in by_power.items()
    }


def units_of(pos: Position) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for power, unit in pos.units.values():
        out.setdefault(power, []).append(str(unit))
    return {p: sorted(u) for p, u in out.items()}


def outcome(result, power: str, unit: str):
    """The outcome codes of the result entry for `unit` of `power`."""
    for r in result.results:
        named = r.unit or getattr(r.order, "unit", None)
        if r.power == power and named is not None and str(named) == unit:
            return r.outcomes
    raise AssertionError(f"no result for {power} {unit}: {result.results}")
