"""A `judge adjudicate` response's results, read back as a PhaseResult to draw.

The response lists every order in canonical form (contracts/adjudicate.md),
so reading it needs no grammar and no position: the picture may show the
orders over the position before or after the phase.
"""

from __future__ import annotations

import re

from judge.engine.api import OrderResult, PhaseResult
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
from judge.engine.state import Phase, Position
from judge.engine.variant_rules import parse_variant_order
from judge.pictures.render import order_locations

_LOC = r"[A-Z]{3}(?:/[NSEW]C)?"
_UNIT = rf"(?:[AF]|IG) {_LOC}"  # IG: Imperial's garrison
_ORDER = re.compile(
    rf"(?P<unit>{_UNIT}) (?:"
    r"(?P<hold>H)"
    rf"|- (?P<dest>{_LOC})(?P<via> VIA)?"
    rf"|S (?P<sunit>{_UNIT})(?: - (?P<sdest>{_LOC}))?"
    rf"|C (?P<cunit>A {_LOC}) - (?P<cdest>{_LOC})"
    rf"|R (?P<rdest>{_LOC})"
    r"|(?P<disband>D)"
    r"|(?P<build>B)"
    r")"
)


def parse_canonical(text: str) -> Order:
    """'A PAR - BUR' -> Move(...); ValueError for anything not canonical."""
    upper = " ".join(str(text).upper().split())
    if upper == "WAIVE":
        return Waive()
    m = _ORDER.fullmatch(upper)
    if m is None:
        raise ValueError(f"not an order in canonical form: {text!r}")
    unit = Unit.parse(m["unit"])
    if m["hold"]:
        return Hold(unit)
    if m["dest"]:
        return Move(unit, m["dest"], bool(m["via"]))
    if m["sunit"]:
        target = Unit.parse(m["sunit"])
        if m["sdest"]:
            return SupportMove(unit, target, m["sdest"])
        return SupportHold(unit, target)
    if m["cunit"]:
        return Convoy(unit, Unit.parse(m["cunit"]), m["cdest"])
    if m["rdest"]:
        return Retreat(unit, m["rdest"])
    if m["disband"]:
        return Disband(unit)
    return Build(unit)


def _order(board: Board, text) -> Order:
    """A canonical order, or one only the variant knows (Imperial's
    multi-step moves, JOIN, ...)."""
    try:
        return parse_canonical(text)
    except ValueError:
        order = parse_variant_order(board, str(text))
        if order is None:
            raise
        return order


def phase_result_from_response(
    board: Board, position: Position, response: dict
) -> PhaseResult:
    """The response's `results` as a PhaseResult over `position`.

    Unknown powers or locations and malformed entries raise ValueError with
    the entry's index, so a user can find the line to fix.
    """
    if not isinstance(response, dict):
        raise ValueError("the orders file must hold a JSON object (a response)")
    if "error" in response and "results" not in response:
        raise ValueError(f"the response is an error: {response['error']}")
    entries = response.get("results")
    if not isinstance(entries, list):
        raise ValueError("the response has no 'results' list")
    try:
        phase = Phase.parse(str(response.get("phase", position.phase)))
    except ValueError as e:
        raise ValueError(f"response phase: {e}") from e
    results = []
    for n, entry in enumerate(entries):
        where = f"results[{n}]"
        if not isinstance(entry, dict):
            raise ValueError(f"{where} must be an object")
        power = str(entry.get("power", "")).upper()
        if power not in board.powers:
            raise ValueError(f"{where}: no power called {entry.get('power')!r}")
        order = _order(board, entry.get("order", ""))
        unit = getattr(order, "unit", None)
        for loc in order_locations(order):
            if not board.is_location(loc):
                raise ValueError(f"{where}: no location called {loc!r}")
        outcomes = entry.get("result", [])
        if not isinstance(outcomes, list) or not all(
            isinstance(o, str) for o in outcomes
        ):
            raise ValueError(f"{where}.result must be a list of outcome codes")
        results.append(OrderResult(power, unit, order, tuple(outcomes)))
    return PhaseResult(phase, tuple(results), (), position)
