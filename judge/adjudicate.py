"""The adjudicator for other programs: one `judge adjudicate` request in,
one response out (docs/contracts/adjudicate.md).  A bad request gets an error
response, never an exception; the command line (judge.cli.adjudicate) reads
and writes the JSON lines.
"""

from __future__ import annotations

import json

from judge.engine.api import Rules, adjudicate
from judge.engine.board import Board
from judge.engine.orders import Order, Unit, Waive, read_canonical
from judge.engine.serialize import position_from_json, position_to_json
from judge.language.order_parser import parse_orders
from judge.variants import load_variant, parse_variant_order, variant_for


def handle_line(line: str, default_variant: str = "standard") -> dict:
    try:
        request = json.loads(line)
    except ValueError as exc:
        return {"id": None, "error": f"not valid JSON: {exc}"}
    return handle_request(request, default_variant)


def handle_request(request, default_variant: str = "standard") -> dict:
    """Adjudicate one request (already decoded); never raises."""
    rid = request.get("id") if isinstance(request, dict) else None
    try:
        return _handle(request, default_variant)
    except ValueError as exc:
        return {"id": rid, "error": str(exc)}
    except Exception as exc:  # a bad request must never stop the stream
        return {"id": rid, "error": f"internal error: {type(exc).__name__}: {exc}"}


def parse_variant(text: str) -> tuple[Board, Rules]:
    """'standard', 'standard:rules=2023', '1913:opening_nmr=waive' -> board and
    rules (judge.variants; its errors are ValueErrors)."""
    if not isinstance(text, str):
        raise ValueError("variant must be a string")
    return load_variant(text)


# (board, phase type) -> canonical text -> its order and the order's own
# canonical text (None: not canonical).
_Known = tuple[Order, str]
_memo: dict[tuple[Board, str], dict[str, _Known | None]] = {}
_MEMO_LIMIT = 100_000


def _canonical_memo(board: Board, phase: str) -> dict[str, _Known | None]:
    key = (board, phase)  # the board itself: ids may be reused
    memo = _memo.get(key)
    if memo is None:
        if len(_memo) > 64:  # boards made on the fly (random worlds)
            _memo.clear()
        memo = _memo[key] = {}
    elif len(memo) > _MEMO_LIMIT:
        memo.clear()
    return memo


def _canonical(memo: dict, board: Board, phase: str, text: str) -> _Known | None:
    """The order a canonical string means in this kind of phase, whatever the
    position (the engine voids orders that do not fit it), with the order's
    own canonical text (the results echo it), or None to let the order
    language read it.  Memoised: bots send the same strings."""
    known = memo.get(text, _UNREAD)
    if known is _UNREAD:
        order = _read_canonical(board, phase, text)
        known = memo[text] = None if order is None else (order, order.canonical())
    return known


_UNREAD = object()  # a text not looked at yet (None means: not canonical)


def _read_canonical(board: Board, phase: str, text: str) -> Order | None:
    """The order of a canonical text in this kind of phase, when its kind
    says the places it names fit the board (`fits`) and it is an order of
    the phase (`in_phase`: `-` retreats in a retreat phase)."""
    if text == "WAIVE":
        return Waive() if phase == "A" else None
    order = read_canonical(text)
    if order is None or not _stands(board, order.unit) or not order.fits(board):
        return None
    return order.in_phase(phase)


def _stands(board: Board, unit: Unit) -> bool:
    """An army or fleet that may stand where it is said to (a variant's own
    unit kinds' orders are the variant's to read)."""
    return unit.kind in ("A", "F") and board.can_hold(unit.kind, unit.location)


def _read(
    board, position, power, batch: list[str], mine: list, errors: list, rules
) -> None:
    """Parse the batched order strings (then empty the batch), by the
    request's rules (`standard:any_disband=True` reads MAINTAIN)."""
    if not batch:
        return
    for parsed in parse_orders(board, position, power, "\n".join(batch), rules):
        if parsed.order is None:
            errors.append({"power": power, "order": parsed.text, "error": parsed.error})
        else:
            mine.append(parsed.order)
    batch.clear()


def _handle(request, default_variant: str) -> dict:
    if not isinstance(request, dict):
        raise ValueError("a request must be a JSON object")
    rid = request.get("id")
    board, rules = parse_variant(request.get("variant") or default_variant)
    state = request.get("state")
    position = (
        variant_for(board).start(board)
        if state is None
        else position_from_json(board, state)
    )

    raw = request.get("orders") or {}
    if not isinstance(raw, dict):
        raise ValueError("orders must be an object of power -> list of strings")
    orders: dict[str, list] = {}
    errors = []
    phase = position.phase.type
    memo = _canonical_memo(board, phase)  # once per request, not per order
    # id of an order read from the memo -> its canonical text: the memo and
    # `orders` keep those orders alive, so the ids stay theirs.
    written: dict[int, str] = {}
    for power_name, texts in raw.items():
        power = str(power_name).upper()
        if power not in board.powers:
            raise ValueError(f"no power called {power_name!r}")
        if isinstance(texts, str):
            texts = [texts]
        if not isinstance(texts, list):
            raise ValueError(f"orders of {power} must be a list of strings")
        mine = orders.setdefault(power, [])
        batch: list[str] = []  # plain orders, read in one call (faster)
        for text in texts:
            if not isinstance(text, str):
                errors.append({"power": power, "order": str(text), "error": "not text"})
                continue
            known = _canonical(memo, board, phase, text)
            if known is not None:
                order, its_text = known
                written[id(order)] = its_text
            else:
                order = parse_variant_order(board, text, position)  # DESIGNATE ...
            if order is None:
                batch.append(text)
                continue
            if batch:  # keep the orders in the order given
                _read(board, position, power, batch, mine, errors, rules)
            mine.append(order)
        _read(board, position, power, batch, mine, errors, rules)

    result = adjudicate(board, position, orders, rules)
    results = [
        {
            "power": r.power,
            "unit": r.unit.text if r.unit else None,
            "order": written.get(id(r.order)) or r.order.canonical(),
            "result": list(r.outcomes),
        }
        for r in result.results
        if r.order is not None
    ]
    return {
        "id": rid,
        "phase": str(result.phase),
        "results": results,
        "errors": errors,
        "state": position_to_json(board, result.position),
    }
