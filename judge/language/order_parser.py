"""Reading orders as players write them (grammar/orders.lark).

Interface used by `judge adjudicate` and the game service:

    parse_orders(board, position, power, text) -> list[ParsedOrder]

`text` may hold many lines, and several orders per line separated by `,` or
`;` (or by nothing: "A Par-Bur A Mar-Spa", see runs.py).  List marks ("1.",
"a)", "*") and comments ("# ...", "// ...") are dropped.  Each order gives one
`ParsedOrder`: the engine order it was read as, or an error saying exactly why
it was refused; a piece like "A Bur-Mun supported by A Ruh" gives one for each
unit it orders (passive.py).  Parsing is given the position so
it can settle what only the position can (unit type, coasts, ambiguous
abbreviations).  `power` may be None when the caller does not know it.

Each piece is read in up to three ways, cheapest first: the canonical form
(a precompiled regular expression), then the grammar with dashes allowed
inside place names ("Mid-Atlantic"), then with every dash a move ("Nth-Atl").
Only when all fail on a word that names nothing are near misses of the map's
names tried ("Warshaw", near_miss.py); such a reading carries a note for the
player ("Warshaw read as Warsaw").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from judge.engine.board import Board
from judge.engine.orders import Order, is_canonical
from judge.engine.results import DEFAULT_RULES, Rules
from judge.engine.state import Position
from judge.language.canonical import read_canonical
from judge.language.lexer import KEYWORDS, tokenize
from judge.language.names import name_index
from judge.language.near_miss import NearMissError, with_near_names
from judge.language.passive import read_passive
from judge.language.reading import Context, read_order
from judge.language.runs import split_run
from judge.language.syntax import ReadingError, read_syntax

_SEPARATORS = re.compile(r"[,;]+")
# "1. A Par-Bur", "2) F Bre-Mid", "* A Mar-Spa": list markers before an order
# "(1) A Par-Bur", "a) A Par-Bur" too
_MARK_STARTS = frozenset("0123456789*•-(")
_LIST_MARK = re.compile(
    r"^(?:\(?\d{1,3}\s*[.):]|\([a-z]\)|[a-z]\)|[*•]|-(?=\s))\s*", re.I
)
# "A Par-Bur  # into Burgundy", "// my orders": a comment runs to the line's end
_COMMENT = re.compile(r"(?:^|(?<=\s))(?:#|//).*")
# "Builds: A Par, F Bre" - the verb heading a line carries to its other orders
_CARRIED = re.compile(r"^(builds?|removes?|disbands?|maintains?)\b", re.I)
_MAX_ORDER_LENGTH = 300  # longer pieces are not orders; refuse without reading
_MAX_RUN_LENGTH = 3000  # longer lines are not split into orders either
# "A Bur-Mun supported by A Ruh", "A Lon-Nwy convoyed by F Nth"
_PASSIVE_WORDS = r"(?:supported|convoyed|backed|with\s+(?:the\s+)?support)\b"
_PASSIVE_HINT = re.compile(r"(?i)\b" + _PASSIVE_WORDS)
_FOLLOWS = re.compile(r"(?i)" + _PASSIVE_WORDS)  # a piece that starts so
_COAST_ALONE = re.compile(
    r"(?i)^\(?(?:[nsew]\.?\s?c\.?|(?:north|south|east|west)(?:ern)?\s+coast)\)?$"
)
_WORDS = re.compile(r"[^\W_]+")
# "Orders:", "My orders": a heading, not an order
_ORDERS_HEADING = re.compile(r"(?i)^(?:my\s+|the\s+)?orders?\s*:?$")
# "A Par-Bur, A Mar supports": a unit and a support verb alone after an order
# (not a bare "s": "Builds: A Par, F Spa s" is a coast)
_SUPPORTS_IT = re.compile(r"(?i)^(?P<unit>.+?)\s+(?:supports?|supporting|supp?)\W*$")
# "1. A Par-Bur 2. A Mar-Spa": a list mark inside a line starts another order
_INNER_MARK = re.compile(r"\s\(?\d{1,3}[.)]\s")


@dataclass(frozen=True)
class ParsedOrder:
    text: str  # the piece of input this was read from
    order: Order | None  # None when refused
    error: str | None = None  # why it was refused, for the player
    notes: tuple[str, ...] = ()  # how names were read ("Warshaw read as Warsaw")


def plain(line: str) -> str:
    """A line as typed, without what pasting or another keyboard adds:
    invisible format characters (zero-width spaces, byte-order and
    direction marks, soft hyphens) are dropped, and compatibility forms
    (full-width letters and dashes, non-breaking spaces) become plain ones."""
    if line.isascii():
        return line
    line = unicodedata.normalize("NFKC", line)
    return "".join(c for c in line if unicodedata.category(c) != "Cf")


# "Waive one build", "I waive my build", "waive both builds": as many WAIVEs
_WAIVES = re.compile(
    r"(?i)^\s*(?:i\s+)?waives?\s+(?:(?P<n>one|a|my|the|1|two|both|2|three|3)\s+)?"
    r"builds?\s*\.?\s*$"
)
_HOW_MANY = {"two": 2, "both": 2, "2": 2, "three": 3, "3": 3}


def split_lines(text: str) -> list[list[str]]:
    """The orders of `text`, line by line (blank pieces dropped)."""
    lines = []
    for line in text.splitlines():
        line = plain(line)
        waives = _WAIVES.match(line) if "aive" in line.lower() else None
        if waives:
            lines.append(["WAIVE"] * _HOW_MANY.get((waives["n"] or "").lower(), 1))
            continue
        bare = line.strip()
        if is_canonical(bare):  # one order, nothing to split or strip
            lines.append([bare])
            continue
        if "#" in line or "//" in line:
            line = _COMMENT.sub("", line)
        parts = _SEPARATORS.split(line) if "," in line or ";" in line else [line]
        if _INNER_MARK.search(line):
            parts = [p for part in parts for p in _INNER_MARK.split(part)]
        pieces: list[str] = []
        for part in parts:
            piece = part.strip()
            if pieces and _COAST_ALONE.match(piece):  # "F Con-Bul, east coast"
                pieces[-1] = f"{pieces[-1]} {piece}"
                continue
            if pieces and _FOLLOWS.match(piece):  # "A Par-Bur, supported by A Mar"
                pieces[-1] = f"{pieces[-1]} {piece}"
                continue
            if pieces and _PASSIVE_HINT.search(pieces[-1]) and _only_a_unit(piece):
                pieces[-1] = f"{pieces[-1]} and {piece}"  # "... by A Mar, F Bre"
                continue
            helper = _SUPPORTS_IT.match(piece) if pieces else None
            if helper and _only_a_unit(helper["unit"]):
                pieces[-1] = f"{pieces[-1]} supported by {helper['unit']}"
                continue
            if piece and (piece[0] in _MARK_STARTS or piece[1:2] == ")"):
                piece = _LIST_MARK.sub("", piece).strip()
            if piece:
                pieces.append(piece)
        if pieces:
            lines.append(pieces)
    return lines


def _only_a_unit(piece: str) -> bool:
    """Does `piece` name a unit and give it no order ("F Bre", "army Mar")?"""
    words = _WORDS.findall(piece.lower())
    return (
        0 < len(words) <= 4
        and not any(c in piece for c in "->→")
        and not any(KEYWORDS.get(w, ("UNITTYPE",))[0] != "UNITTYPE" for w in words)
    )


def split_orders(text: str) -> list[str]:
    """The pieces of `text` that are one order each (blank pieces dropped)."""
    return [piece for line in split_lines(text) for piece in line]


def parse_orders(
    board: Board,
    position: Position,
    power: str | None,
    text: str,
    rules: Rules = DEFAULT_RULES,
) -> list[ParsedOrder]:
    """`rules`: the game's rule options, as the engine gets them (e.g. SET
    DISBAND lets units disband in movement phases)."""
    results: list[ParsedOrder] = []
    reader = _Reader(board, position, power)
    reader.rules = rules
    for line in split_lines(text):
        reader.carried = None
        for piece in line:
            results.extend(reader.read(piece))
    return results


class _Reader:
    """Reads the pieces of one message, line by line."""

    def __init__(self, board: Board, position: Position, power: str | None):
        self.board = board
        self.position = position
        self.power = power
        self._ctx: Context | None = None
        self.carried: str | None = None  # "build" heading the line
        self.rules = DEFAULT_RULES

    @property
    def ctx(self) -> Context:
        if self._ctx is None:
            self._ctx = Context(
                self.board,
                self.position,
                self.power,
                name_index(self.board),
                rules=self.rules,
            )
        return self._ctx

    def read(self, piece: str, split: bool = True) -> list[ParsedOrder]:
        order = read_canonical(self.board, self.position, piece)
        if order is not None:
            return [ParsedOrder(piece, order)]
        ctx = self.ctx
        if _ORDERS_HEADING.match(piece):
            return []
        header = _header(piece, ctx)
        if header is not None:  # "England:" heading the orders
            if header != self.power and self.power is not None:
                return [ParsedOrder(piece, None, _not_yours(ctx, header))]
            return []
        if _PASSIVE_HINT.search(piece):
            notes: list[str] = []

            def read_noting(text: str) -> list[ParsedOrder]:
                parsed = self.read(text, split=False)
                notes.extend(n for p in parsed if p.order for n in p.notes)
                return parsed

            passive = read_passive(piece, ctx, read_noting)
            if passive is not None:
                out = [ParsedOrder(piece, order, error) for order, error in passive]
                if out and out[0].order is not None:  # the notes go with the first
                    out[0] = ParsedOrder(piece, out[0].order, None, tuple(notes))
                return out
        parsed = self._with_carried(piece, parse_one(piece, ctx))
        if parsed.order is None and split and len(piece) <= _MAX_RUN_LENGTH:
            pieces = split_run(piece, ctx, self._reads)
            if isinstance(pieces, str):
                parsed = ParsedOrder(piece, None, pieces)
            elif pieces:
                return [r for p in pieces for r in self.read(p, split=False)]
        verb = _CARRIED.match(piece)
        self.carried = verb.group(1) if verb else self.carried
        return [parsed]

    def _with_carried(self, piece: str, parsed: ParsedOrder) -> ParsedOrder:
        """ "Builds: A Par, F Bre": the verb heading the line, for "F Bre"."""
        if parsed.order is None and self.carried is not None:
            again = parse_one(f"{self.carried} {piece}", self.ctx)
            if again.order is not None or "gives no order" in (parsed.error or ""):
                return ParsedOrder(piece, again.order, again.error, again.notes)
        return parsed

    def _reads(self, piece: str) -> str | None:
        """What `piece` reads as here, canonically (for telling runs apart)."""
        order = read_canonical(self.board, self.position, piece)
        if order is None:
            order = self._with_carried(piece, parse_one(piece, self.ctx)).order
        return order.canonical() if order is not None else None


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
    tried: list[tuple[list, bool]] = []  # each exact reading's tokens
    first: ParsedOrder | None = None  # the first exact reading, refused
    for join_dashes in (True, False):
        if not join_dashes and "-" not in piece:
            break
        try:
            tokens = tokenize(piece, ctx.index, join_dashes)
        except Exception as e:  # a reader bug must not stop a game: say so
            return _internal_error(piece, e)
        # A word that names nothing never reads: its error (with suggestions,
        # slow to make) is worked out only if no near reading is found.
        names_nothing = any(t.type == "PLACE" and not t.meaning for t in tokens)
        tried.append((tokens, names_nothing))
        if not names_nothing:
            parsed = _attempt(piece, tokens, ctx)
            if parsed.order is not None or parsed.error.startswith("internal"):
                return parsed
            if len(tried) == 1:
                first = parsed
    near_error = None
    # every dash a move first: a near name joins bare dashes back itself
    # ("Mid-Atlantik") but never a spaced one ("Wes - Med-Atlantik")
    for tokens, names_nothing in reversed(tried):
        may_be_near = names_nothing or _places_run_together(tokens)
        near = with_near_names(tokens, piece, ctx.index) if may_be_near else None
        if near is None:
            continue
        try:
            return _read_tokens(piece, near, ctx)
        except NearMissError as e:  # what the position could not decide
            near_error = near_error or str(e)
        except ReadingError:
            pass  # no better: the exact reading's error stands
        except Exception as e:
            return _internal_error(piece, e)
    if first is None:
        first = _attempt(piece, tried[0][0], ctx)
        if first.order is not None:  # pragma: no cover - a word naming nothing
            return first
    return ParsedOrder(piece, None, near_error or first.error)


def _places_run_together(tokens) -> bool:
    """Two places in a row, one only the start of a name ("Black Seba")?"""
    return any(
        a.type in ("PLACE", "NATION")
        and b.type == "PLACE"
        and not (getattr(a, "exact", True) and getattr(b, "exact", True))
        for a, b in zip(tokens, tokens[1:], strict=False)
    )


def _attempt(piece: str, tokens, ctx: Context) -> ParsedOrder:
    try:
        return _read_tokens(piece, tokens, ctx)
    except ReadingError as e:
        return ParsedOrder(piece, None, str(e))
    except Exception as e:  # a reader bug must not stop a game: say so
        return _internal_error(piece, e)


def _read_tokens(piece: str, tokens, ctx: Context) -> ParsedOrder:
    ctx.notes.clear()
    order = read_order(read_syntax(tokens, ctx.phase), ctx)
    return ParsedOrder(piece, order, notes=tuple(ctx.notes))


def _internal_error(piece: str, e: Exception) -> ParsedOrder:
    reason = f"{type(e).__name__}: {e}"
    return ParsedOrder(piece, None, f"internal error reading this order ({reason})")
