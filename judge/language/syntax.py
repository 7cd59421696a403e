"""The grammar (grammar/orders.lark) and what its parse trees say.

`read_syntax(tokens)` parses one order's tokens with lark's LALR parser and
returns an `OrderSyntax`: the words the player wrote, grouped by role, with
nothing yet settled against the board.  Settling is judge/language/reading.py.
"""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass, field

from lark import Lark, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken
from lark.lexer import Lexer

from judge.language.lexer import KEYWORDS, Word
from judge.resources import resource_dir

GRAMMAR = resource_dir("grammar") / "orders.lark"


@dataclass(frozen=True)
class PlaceRef:
    text: str  # the words as written
    provinces: tuple[str, ...]  # what they may name; () when nothing
    coast: str | None  # "NC", ... when written
    near: bool = False  # provinces are near misses of the words (near_miss.py)
    exact: bool = True  # the words are a whole name, not the start of one


@dataclass(frozen=True)
class UnitRef:
    kind: str | None  # "A", "F", or None when not written
    place: PlaceRef
    text: str  # the words as written ("A Par", "Paris")


@dataclass
class OrderSyntax:
    """One order's words by role.  `action` is one of hold, move,
    support_hold, support_move, convoy, retreat, disband, build, waive,
    maintain.
    `unit` is None only for a bare "disband"."""

    action: str
    unit: UnitRef | None = None
    target: UnitRef | None = None  # the unit supported or convoyed
    dests: list[PlaceRef] = field(default_factory=list)  # route ends with dest
    via: bool = False
    bare: bool = False  # a move written without any move word: "A Par Bur"
    nation: Word | None = None  # nationality written for the ordered unit
    target_nation: Word | None = None  # ... for the unit supported/convoyed


class ReadingError(ValueError):
    """The words cannot be read as an order; the message says why."""


class _TokenList(Lexer):
    """lark's interface for a lexer whose tokens are made beforehand."""

    def __init__(self, lexer_conf):
        pass

    def lex(self, data):  # data: the list of tokens
        return iter(data)


class _ToSyntax(Transformer):
    def place(self, items):
        name = items[0]
        coast = items[1].meaning if len(items) > 1 else None
        return PlaceRef(
            str(name),
            name.meaning,
            coast,
            getattr(name, "near", False),
            getattr(name, "exact", True),
        )

    def unit(self, items):
        kind = items[0].meaning if len(items) == 2 else None
        place = items[-1]
        text = f"{items[0]} {place.text}" if kind else place.text
        return UnitRef(kind, place, text)

    def nation(self, items):
        return items[0]

    def route(self, items):
        return items[1]

    # -- actions: partial OrderSyntax, completed by unit_order ------------
    def hold(self, items):
        return OrderSyntax("hold", nation=_nation(items))

    def via(self, items):
        return ("via", [i for i in items if isinstance(i, PlaceRef)])

    def move(self, items):
        dests = [i for i in items if isinstance(i, PlaceRef)]
        via = next((i for i in items if isinstance(i, tuple)), None)
        if via is not None and via[1]:  # "A Lon - Bel via Nth": seas named after
            dests = dests[:-1] + via[1] + dests[-1:]
        bare = not any(isinstance(i, Word) and i.type == "MOVE" for i in items)
        return OrderSyntax(
            "move", dests=dests, via=via is not None, bare=bare, nation=_nation(items)
        )

    def _support_parts(self, items, action):
        syntax = OrderSyntax(action)
        for item in items:
            if isinstance(item, UnitRef):
                syntax.target = item
            elif isinstance(item, PlaceRef):
                syntax.dests = [item]
            elif isinstance(item, Word) and item.type == "NATION":
                syntax.target_nation = syntax.target_nation or item
        return syntax

    def support_hold(self, items):
        return self._support_parts(items, "support_hold")

    def support_move(self, items):
        return self._support_parts(items, "support_move")

    def convoy(self, items):
        return self._support_parts(items, "convoy")

    def retreat(self, items):
        return OrderSyntax("retreat", dests=[items[-1]])

    def disband(self, items):
        return OrderSyntax("disband")

    def build(self, items):
        return OrderSyntax("build")

    def maintain(self, items):
        return OrderSyntax("maintain")

    # -- whole orders -----------------------------------------------------
    def unit_order(self, items):
        syntax = items[-1]
        syntax.unit = items[-2]
        if len(items) > 2:  # a nationality before the unit (or "Order")
            syntax.nation = _nation(items[:-2]) or syntax.nation
        return syntax

    def hold_first(self, items):
        return OrderSyntax("hold", unit=items[-1], nation=_nation(items))

    def disband_alone(self, items):  # "Disband": the one unit it can mean
        return OrderSyntax("disband")

    def build_first(self, items):
        return OrderSyntax("build", unit=items[-1], nation=_nation(items))

    def maintain_first(self, items):
        return OrderSyntax("maintain", unit=items[-1], nation=_nation(items))

    def disband_first(self, items):
        return OrderSyntax("disband", unit=items[-1], nation=_nation(items))

    def retreat_first(self, items):
        unit = next(i for i in items if isinstance(i, UnitRef))
        return OrderSyntax(
            "retreat", unit=unit, dests=[items[-1]], nation=_nation(items)
        )

    def waive(self, items):
        return OrderSyntax("waive")

    def start(self, items):
        return items[0]


def _nation(items) -> Word | None:
    return next((i for i in items if isinstance(i, Word) and i.type == "NATION"), None)


@functools.cache
def _parser() -> Lark:
    return Lark(
        GRAMMAR.read_text(encoding="utf-8"),
        parser="lalr",
        lexer=_TokenList,
        transformer=_ToSyntax(),
    )


_WHAT = {
    "UNITTYPE": "A or F",
    "PLACE": "a place",
    "COAST": "a coast",
    "NATION": "a nationality",
    "HOLD": "H (hold)",
    "MOVE": "'-' (move)",
    "SUPPORT": "S (support)",
    "CONVOY": "C (convoy)",
    "VIA": "VIA",
    "RETREAT": "R (retreat)",
    "DISBAND": "D (disband)",
    "BUILD": "B (build)",
    "WAIVE": "WAIVE",
    "MAINTAIN": "MAINTAIN",
}


_ORDER_WORDS = sorted(w for w in KEYWORDS if len(w) >= 4)
_WHAT_TO_ADD = {
    "M": "H (hold), - (move), S (support) or C (convoy)",
    "R": "R (retreat) or D (disband)",
    "A": "B (build) or D (disband)",
}


def read_syntax(tokens: list[Word], phase: str = "M") -> OrderSyntax:
    if not tokens:
        raise ReadingError("there is no order here")
    if phase == "A" and tokens[0].type == "ORDER" and str(tokens[0]).lower() == "m":
        tokens = [_as_maintain(tokens[0]), *tokens[1:]]
    try:
        return _parser().parse(tokens)
    except (UnexpectedToken, UnexpectedEOF) as e:
        raise ReadingError(_explain(tokens, e, phase)) from None
    except UnexpectedCharacters as e:  # pragma: no cover - tokens are given
        raise ReadingError(f"could not read: {e}") from None


def _as_maintain(token: Word) -> Word:
    """njudge's "M F Lon" in an adjustment phase: M heading the order is
    MAINTAIN there (po_get.c), where no move can be meant."""
    word = Word(
        "MAINTAIN", str(token), start_pos=token.start_pos, end_pos=token.end_pos
    )
    word.meaning = None
    return word


def unknown_word(word: str) -> str:
    """The message for a word that is neither a place nor an order word."""
    close = difflib.get_close_matches(word.lower(), _ORDER_WORDS, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    return f"'{word}' is neither a place nor an order word{hint}"


def _explain(tokens: list[Word], error, phase: str) -> str:
    """Why the words do not make an order, in the player's terms."""
    for tok in tokens:
        if tok.type == "PLACE" and not tok.meaning:
            return unknown_word(str(tok))
        if tok.type == "OTHER":
            return f"'{tok}' has no meaning in an order"
    expected = set(error.expected) if error.expected else set()
    tok = getattr(error, "token", None)
    if tok is None or tok.type == "$END":
        if "HOLD" in expected and "SUPPORT" in expected:
            written = " ".join(str(t) for t in tokens)
            return f"'{written}' gives no order: add {_WHAT_TO_ADD.get(phase, '')}"
        return f"the order stops short after '{tokens[-1]}'" + _expected(expected)
    return f"did not expect '{tok}' there{_expected(expected)}"


def _expected(expected) -> str:
    if "$END" in expected:  # the order was whole: a closing nationality is no news
        expected = set(expected) - {"NATION"}
    words = sorted({_WHAT[t] for t in expected if t in _WHAT})
    if not words or len(words) > 4:
        return ""
    return "; expected " + " or ".join(words)
