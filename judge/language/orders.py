"""Reading orders as players write them (grammar/orders.lark).

Interface used by `judge adjudicate` and the game service:

    parse_orders(board, position, power, text) -> list[ParsedOrder]

`text` may hold many lines, and several orders per line separated by `,` or
`;`.  Each piece gives one `ParsedOrder`: the engine order it was read as, or
an error saying exactly why it was refused.  Parsing is given the position so
it can settle what only the position can (unit type, coasts, ambiguous
abbreviations).  `power` may be None when the caller does not know it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judge.engine.board import Board
from judge.engine.orders import Order
from judge.engine.state import Position
from judge.language.canonical import read_canonical

_SEPARATORS = re.compile(r"[,;\n\r]+")


@dataclass(frozen=True)
class ParsedOrder:
    text: str  # the piece of input this was read from
    order: Order | None  # None when refused
    error: str | None = None  # why it was refused, for the player


def split_orders(text: str) -> list[str]:
    """The pieces of `text` that are one order each (blank pieces dropped)."""
    return [p for p in (s.strip() for s in _SEPARATORS.split(text)) if p]


def parse_orders(
    board: Board, position: Position, power: str | None, text: str
) -> list[ParsedOrder]:
    results = []
    for piece in split_orders(text):
        order = read_canonical(board, position, piece)
        if order is not None:
            results.append(ParsedOrder(piece, order))
        else:
            results.append(ParsedOrder(piece, None, f"could not read {piece!r}"))
    return results
