"""Several orders written on one line without separators.

"A Par-Bur A Mar-Spa F Bre-Mid" or "F Nth C A Lon-Nwy A Lon-Nwy" give no
single order; read as several they may.  A new order can start only where a
unit type (`A`, `F`, `Army`, `Fleet`) or an order-first word (`Build`,
`Disband`, `Remove`, `Waive`, `Retreat`) stands, or after a joining word
("and", "&", "then").  No place name holds a one-letter word, so `A` there is
never part of a name, but it may be the unit a support or convoy names
("S A Par"): each way of cutting the words is tried with the grammar, and the
line is split only when exactly one way makes every piece an order.  When
several ways do, the position decides if only one of them reads in full;
otherwise the line is refused, showing the ways it could be read.

`split_run(piece, ctx, read)` returns the pieces (texts), or an error
message, or None when splitting does not apply.

In the grammar as it stands a run of orders that each start with their unit
type cuts one way only (or several ways reading the same orders: "Waive Build
Waive"); the refusal guards grammars to come.  The ambiguity players do write
is an order without its unit type after another ("A Par-Bur Mar-Spa"): that is
refused, saying where the second order seems to start.
"""

from __future__ import annotations

from collections.abc import Callable

from judge.language.lexer import Word, tokenize
from judge.language.near_miss import near_names
from judge.language.syntax import ReadingError, read_syntax

_STARTERS = frozenset({"UNITTYPE", "BUILD", "DISBAND", "WAIVE", "RETREAT"})
_JOINERS = frozenset({"and", "&", "then", "also", "+"})
_LONGEST_ORDER = 24  # tokens; no order is longer
_MAX_WAYS = 8  # ways of cutting kept for the position to settle
_LONGEST_HINTED = 300  # characters; longer lines are not explained


def _is_joiner(tok: Word) -> bool:
    return (
        tok.type in ("PLACE", "OTHER")
        and not tok.meaning
        and (str(tok).lower() in _JOINERS)
    )


def _unknown(tok: Word) -> bool:
    return tok.type in ("PLACE", "OTHER") and not tok.meaning and not _is_joiner(tok)


def _ways(tokens: list[Word], phase: str, carried: str | None) -> list[list[tuple]]:
    """Every way (up to _MAX_WAYS) of cutting `tokens` into orders, each way a
    list of (start, end) token ranges."""
    n = len(tokens)
    joiners = {i for i, t in enumerate(tokens) if _is_joiner(t)}
    starts = {0} | {i for i, t in enumerate(tokens) if i > 0 and t.type in _STARTERS}
    starts |= {i + 1 for i in joiners if i + 1 < n}
    known: dict[tuple[int, int], bool] = {}

    def is_order(a: int, b: int) -> bool:
        if (a, b) not in known:
            words = tokens[a:b]
            known[(a, b)] = bool(words) and _parses(words, phase, carried)
        return known[(a, b)]

    # ways[i]: the ways of cutting tokens[i:] (computed from the end)
    ways: dict[int, list[list[tuple]]] = {n: [[]]}
    for a in sorted(starts, reverse=True):
        found: list[list[tuple]] = []
        for b in sorted(s for s in (starts | {n}) if s > a):
            if b - a > _LONGEST_ORDER:
                break
            end = b - 1 if b - 1 in joiners else b  # "... and" ends before "and"
            if any(j in joiners for j in range(a, end)):
                break  # a joiner is never inside an order
            if not ways.get(b) or not is_order(a, end):
                continue
            for rest in ways[b]:
                found.append([(a, end), *rest])
                if len(found) >= _MAX_WAYS:
                    break
            if len(found) >= _MAX_WAYS:
                break
        ways[a] = found
    return [w for w in ways[0] if len(w) > 1]


def _parses(words: list[Word], phase: str, carried: str | None) -> bool:
    try:
        read_syntax(words, phase)
        return True
    except ReadingError:
        if carried is None or words[0].type != "UNITTYPE":
            return False
    # "Build A Sev and F StP nc": the verb carries to the next unit
    try:
        read_syntax([_verb(carried, words[0]), *words], phase)
        return True
    except ReadingError:
        return False


def _verb(carried: str, before: Word) -> Word:
    tok = Word(carried, carried, start_pos=before.start_pos, end_pos=before.start_pos)
    tok.meaning = None
    return tok


def split_run(
    piece: str,
    ctx,
    read: Callable[[str], str | None],
) -> list[str] | str | None:
    """The orders `piece` holds, when it holds several: their texts; or why
    it cannot be split (a message); or None when it is not a run of orders.
    `read(text)` is the canonical form a piece reads as in this position, or
    None when it is refused."""
    if not any(c.isspace() for c in piece):
        return None
    phase = ctx.phase
    carried = _carried_verb(piece)
    hint = None
    for join_dashes in (True, False):
        if not join_dashes and "-" not in piece:
            break
        tokens = tokenize(piece, ctx.index, join_dashes)
        if len(tokens) < 3 or any(
            _unknown(t)
            and (i == 0 or tokens[i - 1].type != "MOVE")
            and not near_names(ctx.index).near(str(t))
            for i, t in enumerate(tokens)
        ):  # "A Mar suports A Par-Bur": the word is the fault, not the run;
            return None  # but "A Mar-Xyz A Par-Bur" is a move to a wrong name,
            # and "A Warshaw-Ukr A Mos-Stp" a place misspelt (near_miss.py)
        try:
            read_syntax(tokens, phase)
            return None  # one order: its own error stands
        except ReadingError:
            pass
        ways = _ways(tokens, phase, carried)
        if not ways:
            if join_dashes:
                hint = _hint(piece, tokens, phase, carried)
            continue
        texts = [
            [piece[tokens[a].start_pos : tokens[b - 1].end_pos].strip() for a, b in way]
            for way in ways
        ]
        if len(texts) == 1:
            return texts[0]
        readings = {}  # what each way reads as, for the ways that read in full
        for way in texts:
            orders = [read(x) for x in way]
            if all(orders):
                readings.setdefault(tuple(orders), way)
        if len(readings) == 1:  # one way reads, or all read the same orders
            return next(iter(readings.values()))
        if not readings:  # no way reads in full: each piece says why
            return texts[0]
        shown = " or ".join(  # pragma: no cover - see the module's notes
            "'" + " | ".join(t) + "'" for t in list(readings.values())[:3]
        )
        return (  # pragma: no cover
            f"several orders run together here and they can be told apart in "
            f"more than one way ({shown}); separate them with ',' or ';'"
        )
    return hint


def _hint(piece: str, tokens: list[Word], phase: str, carried) -> str | None:
    """Why a line that starts with orders does not go on as one: the longest
    run of whole orders it starts with, and what follows them."""
    n = len(tokens)
    if len(piece) > _LONGEST_HINTED:
        return None
    starts = [k for k in range(1, n) if tokens[k].type in _STARTERS]
    reached = [0]
    for k in starts:
        if any(
            k - j <= _LONGEST_ORDER and _parses(tokens[j:k], phase, carried)
            for j in reached
        ):
            reached.append(k)
    # a place right after an order may start one written without its type
    for k in range(reached[-1] + 1, min(n, reached[-1] + _LONGEST_ORDER)):
        after_place = tokens[k - 1].type in ("PLACE", "COAST")
        if (
            tokens[k].type == "PLACE"
            and after_place
            and _parses(tokens[reached[-1] : k], phase, carried)
            and _parses(tokens[k:], phase, carried)
        ):
            reached.append(k)
            break
    k = reached[-1]
    if k == 0:
        return None
    done = piece[: tokens[k - 1].end_pos].strip()
    rest = piece[tokens[k].start_pos :].strip()
    if _parses(tokens[k:], phase, carried):
        if tokens[k].type == "PLACE":
            return (
                f"'{rest}' seems to be another order after '{done}': write "
                f"its unit type (A or F) first, or separate the orders with "
                f"',' or ';'"
            )
        return None  # pragma: no cover - a way of cutting, found before
    if tokens[k].type == "PLACE":
        return None  # "A Par - Bur Bur": the grammar's own message says it
    try:
        read_syntax(tokens[k:], phase)
    except ReadingError as e:
        what = "an order" if _parses(tokens[:k], phase, carried) else "orders"
        return f"'{done}' reads as {what}, but '{rest}' does not: {e}"
    return None  # pragma: no cover


def _carried_verb(piece: str) -> str | None:
    first = piece.split(None, 1)[0].lower().rstrip(":")
    if first in ("build", "builds"):
        return "BUILD"
    if first in ("remove", "removes", "disband", "disbands"):
        return "DISBAND"
    return None
