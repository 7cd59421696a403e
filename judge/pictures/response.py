"""A `judge adjudicate` response's results, read back as a PhaseResult to draw.

The response lists every order in canonical form (docs/contracts/adjudicate.md),
so reading it needs no grammar and no position: the picture may show the
orders over the position before or after the phase.
"""

from __future__ import annotations

from judge.engine.api import OrderResult, PhaseResult
from judge.engine.board import Board
from judge.engine.orders import Order, read_canonical
from judge.engine.state import Phase, Position
from judge.pictures.render import order_locations
from judge.variants import parse_variant_order


def parse_canonical(text: str) -> Order:
    """'A PAR - BUR' -> Move(...); ValueError for anything not canonical."""
    order = read_canonical(" ".join(str(text).upper().split()))
    if order is None:
        raise ValueError(f"not an order in canonical form: {text!r}")
    return order


def _order(board: Board, text) -> Order:
    """A canonical order, or one only the variant knows (multi-step
    moves, JOIN, ...)."""
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
