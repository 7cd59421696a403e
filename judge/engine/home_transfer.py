"""HOME TRANSFER (njudge's SET HOME TRANSFER): a supply centre becomes the
home centre of the power whose unit has stood in it for a whole year.

As njudge keeps it (its `unit_held` flag per province, st_movement.c and
st_build.c): at the end of each winter every province with a unit is
marked held; a unit that moves away in spring or fall clears its
province's mark, and a province taken by another unit is not held by it
either.  At the end of the next winter (after its builds and removals),
each centre still held by the same unit becomes a home centre of that
unit's power, and stops being the former owner's home.  Builds then go in
the power's homes as they stand, and the civil-disorder rule measures to
them.  Where njudge lets a conqueror inherit the mark of the unit it
dislodged, the help's rule ("occupied continuously") is followed here.

A winter nobody needs to play still ends the year: its transfers are made
as if it had been played.  The position carries what is needed:
`Position.homes` (the centres whose home differs from the map's) and
`Position.held` (the provinces marked held; None before the rule has been
tracked: every unit then counts as standing where it is, njudge's default).
With the rule off, neither is carried, and the map's homes count again (as
in njudge, which stops keeping them)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from judge.engine.board import Board
from judge.engine.kinds import OrderKind, PhaseKind
from judge.engine.results import OrderResult, Rules
from judge.engine.state import Position
from judge.engine.tables import tables


def home_centres(
    board: Board, position: Position, power: str, rules: Rules
) -> list[str]:
    """The power's home centres now: the map's, less those transferred away,
    with those it has won (under HOME TRANSFER)."""
    return homes_now(tables(board).homes.get(power, ()), position, power, rules)


def homes_now(
    map_homes: Iterable[str], position: Position, power: str, rules: Rules
) -> list[str]:
    """`map_homes` (the power's on the map) as the transfers left them."""
    if not rules.home_transfer:
        return list(map_homes)
    return with_transfers(map_homes, position, power)


def with_transfers(
    map_homes: Iterable[str], position: Position, power: str
) -> list[str]:
    """`map_homes` with the position's transfers (whatever the rules say)."""
    if not position.homes:
        return list(map_homes)
    kept = [c for c in map_homes if c not in position.homes]
    won = [c for c, p in position.homes.items() if p == power]
    return sorted(kept + won)


def home_powers(board: Board, position: Position) -> dict[str, str]:
    """Centre -> the power whose home it is now (transfers counted; a home
    two powers share on the map goes to the first by id)."""
    out: dict[str, str] = {}
    for power, centres in sorted(tables(board).homes.items()):
        for centre in centres:
            out.setdefault(centre, power)
    out.update(position.homes)
    return out


def track(
    board: Board,
    before: Position,
    after: Position,
    results: Iterable[OrderResult],
    rules: Rules,
) -> Position:
    """`after` (the units as the phase `before.phase` left them) with the
    homes and held marks carried on; unchanged when the rule is off."""
    if not rules.home_transfer:
        return after
    held = _held(before)
    kind = before.phase.type
    if kind == PhaseKind.MOVEMENT:
        moved = {
            r.unit.province
            for r in results
            if r.unit is not None
            and getattr(r.order, "order_kind", None) == OrderKind.MOVE
            and not r.outcomes
        }
        held = frozenset(
            p
            for p in held
            if p not in moved and after.units.get(p) == before.units.get(p)
        )
    else:
        held = frozenset(p for p in held if p in after.units)
    carried = dataclasses.replace(after, homes=dict(before.homes), held=held)
    if kind == PhaseKind.ADJUSTMENT:
        return winter_end(board, carried)
    return carried


def winter_end(board: Board, position: Position) -> Position:
    """The year's end: each centre held by one unit since the last winter
    becomes its power's home; then every unit standing is marked held."""
    map_homes: dict[str, set[str]] = {}
    for power, centres in tables(board).homes.items():
        for centre in centres:
            map_homes.setdefault(centre, set()).add(power)
    homes = dict(position.homes)
    for province in sorted(_held(position)):
        entry = position.units.get(province)
        prov = board.provinces.get(province)
        if entry is None or prov is None or not prov.centre:
            continue
        power = entry[0]
        if power not in board.powers:
            continue
        now = {homes[province]} if province in homes else map_homes.get(province, set())
        if power in now:
            continue
        if power in map_homes.get(province, ()):  # its own home back
            homes.pop(province, None)
        else:
            homes[province] = power
    return dataclasses.replace(position, homes=homes, held=frozenset(position.units))


def _held(position: Position) -> frozenset[str]:
    if position.held is None:  # not tracked yet: every unit stands held
        return frozenset(position.units)
    return position.held
