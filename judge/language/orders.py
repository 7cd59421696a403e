"""Reading orders as players write them (grammar/orders.lark).

Interface used by `judge adjudicate` and the game service:

    parse_orders(board, position, power, text) -> list[ParsedOrder]

`text` may hold many lines, and several orders per line separated by `,` or
`;`.  Each piece gives one `ParsedOrder`: the engine order it was read as, or
an error saying exactly why it was refused.  Parsing is given the position so
it can settle what only the position can (unit type, coasts, ambiguous
abbreviations).  `power` may be None when the caller does not know it.

Each piece is read in up to three ways, cheapest first: the canonical form
(a precompiled regular expression), then the grammar with dashes allowed
inside place names ("Mid-Atlantic"), then with every dash a move ("Nth-Atl").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judge.engine.board import Board
from judge.engine.orders import Order
from judge.engine.state import Position
from judge.language.canonical import read_canonical
from judge.language.lexer import tokenize
from judge.language.names import name_index
from judge.language.reading import Context, read_order
from judge.language.syntax import ReadingError, read_syntax

_SEPARATORS = re.compile(r"[,;]+")
# "1. A Par-Bur", "2) F Bre-Mid", "* A Mar-Spa": list markers before an order
_MARK_STARTS = frozenset("0123456789*•-")
_LIST_MARK = re.compile(r"^(?:\d{1,3}\s*[.):]|[*•]|-(?=\s))\s*")
# "Builds: A Par, F Bre" - the verb heading a line carries to its other orders
_CARRIED = re.compile(r"^(builds?|removes?|disbands?)\b", re.I)
_MAX_ORDER_LENGTH = 300  # longer pieces are not orders; refuse without reading


@dataclass(frozen=True)
class ParsedOrder:
    text: str  # the piece of input this was read from
    order: Order | None  # None when refused
    error: str | None = None  # why it was refused, for the player


def split_lines(text: str) -> list[list[str]]:
    """The orders of `text`, line by line (blank pieces dropped)."""
    lines = []
    for line in text.splitlines():
        parts = _SEPARATORS.split(line) if "," in line or ";" in line else (line,)
        pieces = []
        for part in parts:
            piece = part.strip()
            if piece and piece[0] in _MARK_STARTS:
                piece = _LIST_MARK.sub("", piece).strip()
            if piece:
                pieces.append(piece)
        if pieces:
            lines.append(pieces)
    return lines


def split_orders(text: str) -> list[str]:
    """The pieces of `text` that are one order each (blank pieces dropped)."""
    return [piece for line in split_lines(text) for piece in line]


def parse_orders(
    board: Board, position: Position, power: str | None, text: str
) -> list[ParsedOrder]:
    results = []
    ctx = None
    for line in split_lines(text):
        carried = None
        for piece in line:
            order = read_canonical(board, position, piece)
            if order is not None:
                results.append(ParsedOrder(piece, order))
                continue
            if ctx is None:
                ctx = Context(board, position, power, name_index(board))
            header = _header(piece, ctx)
            if header is not None:  # "England:" heading the orders
                if header != power and power is not None:
                    results.append(ParsedOrder(piece, None, _not_yours(ctx, header)))
                continue
            parsed = parse_one(piece, ctx)
            if parsed.order is None and carried is not None:
                again = parse_one(f"{carried} {piece}", ctx)
                if again.order is not None or "gives no order" in parsed.error:
                    parsed = ParsedOrder(piece, again.order, again.error)
            results.append(parsed)
            verb = _CARRIED.match(piece)
            carried = verb.group(1) if verb else carried
    return results


def _header(piece: str, ctx: Context) -> str | None:
    """The power a line like "England:" or "Orders for Germany" names."""
    words = piece.lower().replace(":", " ").split()
    if words[:2] == ["orders", "for"]:
        words = words[2:]
    if len(words) == 1:
        return ctx.index.nation(words[0])
    return None


def _not_yours(ctx: Context, power: str) -> str:
    named = ctx.board.powers[power].name
    mine = ctx.board.powers.get(ctx.power)
    return f"these are orders for {named}; you play {mine.name if mine else ctx.power}"


def parse_one(piece: str, ctx: Context) -> ParsedOrder:
    """Read one order with the grammar; the error is the first reading's."""
    if len(piece) > _MAX_ORDER_LENGTH:
        return ParsedOrder(piece, None, "this is too long to be one order")
    first_error = None
    for join_dashes in (True, False):
        if not join_dashes and "-" not in piece:
            break
        try:
            syntax = read_syntax(tokenize(piece, ctx.index, join_dashes), ctx.phase)
            return ParsedOrder(piece, read_order(syntax, ctx))
        except ReadingError as e:
            first_error = first_error or str(e)
        except Exception as e:  # a reader bug must not stop a game: say so
            reason = f"{type(e).__name__}: {e}"
            return ParsedOrder(
                piece, None, f"internal error reading this order ({reason})"
            )
    return ParsedOrder(piece, None, first_error)
