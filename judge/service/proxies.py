"""PROXY orders (njudge's SET PROXY and its `proxy` order): in a movement
phase a power may hand one of its units to another power for the phase,
`A Par PROXY Germany` (also `P`, `PROXY TO`, `GIVE PROXY TO`).  The unit then
takes the order that power gives it; without one it holds.

Each piece is a row of svc_orders, so the last order for a unit wins as
always: the hand-over is the owner's order for the unit (its text
`A PAR PROXY GERMANY`), and an order for another power's unit is kept under
the power that wrote it (key `P:<province>`) until the phase is processed.
`with_proxies` turns the stored texts into each unit's one order: the
proxy's order where the owner handed the unit over, a hold where the proxy
gave none; the orders for units nobody handed over count for nothing (the
engine, reading them as their writer's, voids them)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from judge.engine.board import Board, province_of
from judge.engine.state import Position
from judge.language.names import name_index, words_of
from judge.reports.describe import proxy_line

PROXY_LINE = re.compile(
    r"^\s*(?:(?:army|fleet|a|f)\s+)?(?P<place>.+?)\s+"
    r"(?:give\s+proxy\s+to|proxy\s+to|proxy|p)\s+(?P<power>[a-z][a-z .'-]*?)\s*$",
    re.I,
)
GRANT = " PROXY "  # in a stored text: `A PAR PROXY GERMANY`
CANDIDATE = "P:"  # the key of an order for another power's unit


def read_grant(
    board: Board, position: Position, power: str, line: str
) -> tuple[str, str] | str | None:
    """(the stored text of the hand-over, the unit's key) for a PROXY line
    of `power`'s; a refusal (str) when it names no unit of its own or no
    other power; None when the line is no PROXY order."""
    match = PROXY_LINE.match(line)
    if match is None:
        return None
    names = name_index(board)
    to = names.nation("".join(words_of(match["power"])))
    found = names.lookup(words_of(match["place"]))
    if to is None or found is None:
        return None  # an order of another kind (or misspelt): the parser's
    mine = [p for p in found.provinces if position.power_at(p) == power]
    if not mine:
        place = board.location_name(found.provinces[0])
        return f"you have no unit in {place} to hand over"
    if to == power:
        return "a unit is handed over to another power"
    _owner, unit = position.units[mine[0]]
    return f"{unit} PROXY {to}", mine[0]


def foreign_unit(position: Position, power: str, order) -> str | None:
    """The province of the other power's unit an order names, if any."""
    unit = getattr(order, "unit", None)
    if unit is None:
        return None
    owner = position.power_at(unit.province)
    return unit.province if owner is not None and owner != power else None


def with_proxies(
    board: Board, position: Position, texts: Mapping[str, list[str]]
) -> Mapping[str, list[str]]:
    """Each hand-over replaced by the proxy's order for the unit, or a hold."""
    if not any(GRANT in t for lines in texts.values() for t in lines):
        return texts
    out = {power: list(lines) for power, lines in texts.items()}
    for owner, lines in texts.items():
        for i, text in enumerate(lines):
            if GRANT not in text:
                continue
            unit_text, _, to = text.partition(GRANT)
            province = province_of(unit_text.split()[1])
            given = [
                t
                for t in out.get(to, [])
                if len(t.split()) > 1 and province_of(t.split()[1]) == province
            ]
            out[owner][i] = given[-1] if given else f"{unit_text} H"
            for t in given:
                out[to].remove(t)
    return out


def given_lines(
    board: Board, position: Position, texts: Mapping[str, list[str]]
) -> list[str]:
    """The results' "Proxy given to" lines (njudge's st_movement.c): each
    unit its owner handed over this phase, by power, then by province."""
    given = []
    for owner, lines in texts.items():
        for text in lines:
            if GRANT not in text:
                continue
            unit_text, _, to = text.partition(GRANT)
            held = position.units.get(province_of(unit_text.split()[1]))
            if held is None or held[0] != owner or to not in board.powers:
                continue
            _, unit = held
            given.append((board.powers[owner].name, unit.province, owner, unit, to))
    return [proxy_line(board, owner, unit, to) for *_, owner, unit, to in sorted(given)]
