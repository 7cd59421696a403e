"""Orders for a later phase, and conditional orders (njudge's data/syntax,
"SUBMITTING ORDERS IN ADVANCE" and "CONDITIONAL ORDERS").

    PHASE Fall 1902 Movement        (or PHASE F1902M, PHASE Winter 1902 Build)
    IF NOT French Army Ruhr AND (Russian Prussia OR Russian Silesia) [THEN]
      A Kie - Ber
    ELSE IF Rumania
      ...
    ELSE
      A Kie - Ruh
    ENDIF

`read_phase` reads the PHASE line; `read_block` reads the lines that follow
it into a `Block` of order lines and IF constructs, refusing (with the line
and the reason) what cannot be read; `Block.select(position)` gives the
order lines that apply at the start of the phase.  A condition is true when
a unit of the power and type named (each optional, in any order) stands in
the province; NOT, AND and OR are read left to right (no precedence, as
njudge), parentheses group.  The end of a line closes its parentheses, the
end of the block closes its IFs.  Nothing here touches the database.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.engine.board import Board
from judge.engine.state import Phase, Position
from judge.language.names import fold, name_index, words_of

MAX_LINE = 300  # a longer condition is not read
MAX_DEPTH = 10  # IFs inside IFs, and parentheses inside parentheses

_SEASON_WORDS = {"s": "S", "f": "F", "w": "W", "a": "F"}  # Autumn is Fall
_TYPE_WORDS = {"m": "M", "r": "R", "a": "A", "b": "A"}  # njudge: Build, Adjustment
_COMPACT = re.compile(r"^([sfwSFW])\s*(\d{4})\s*([mrabMRAB])$")
_DIRECTIVE = re.compile(
    r"^\s*(?:(else\s*if|elif)\b|(if)\b|(else)\b|(end\s*if)\b)\s*(.*)$", re.I
)


class PhasedError(ValueError):
    """A PHASE line or a condition that cannot be read (the message says why)."""


def read_phase(text: str) -> Phase:
    """'Fall 1902 Movement', 'F1902M', 'Winter 1902 Build' -> the phase."""
    words = text.split()
    compact = _COMPACT.match("".join(words)) if len(words) <= 3 else None
    if compact:
        season, year, kind = compact.groups()
    elif len(words) == 3 and words[1].isdigit():
        season, year, kind = words
    else:
        raise PhasedError(
            "write PHASE <season> <year> <phase>, e.g. PHASE Fall 1902 Movement"
            " or PHASE F1902M"
        )
    season_letter = _SEASON_WORDS.get(season[:1].lower())
    kind_letter = _TYPE_WORDS.get(kind[:1].lower())
    if season_letter is None:
        raise PhasedError(f"'{season[:20]}' is not a season (Spring, Fall, Winter)")
    if kind_letter is None:
        raise PhasedError(
            f"'{kind[:20]}' is not a phase (Movement, Retreat, Adjustment or Build)"
        )
    if kind_letter == "A":
        season_letter = "W"  # builds are in the winter, however it was written
    if season_letter == "W" and kind_letter != "A":
        raise PhasedError("Winter has only the adjustment (Build) phase")
    return Phase(int(year), season_letter, kind_letter)


# -- conditions -----------------------------------------------------------------


@dataclass(frozen=True)
class Unit:
    """One test: a unit (of `power`, of `kind`, each None for any) in `province`."""

    province: str
    power: str | None = None
    kind: str | None = None

    def holds(self, position: Position) -> bool:
        entry = position.units.get(self.province)
        if entry is None:
            return False
        power, unit = entry
        return (self.power is None or power == self.power) and (
            self.kind is None or unit.kind == self.kind
        )

    def words(self, board: Board) -> str:
        parts = []
        if self.power:
            parts.append(board.powers[self.power].adjective)
        if self.kind:
            parts.append({"A": "Army", "F": "Fleet"}.get(self.kind, self.kind))
        parts.append(board.provinces[self.province].name)
        return " ".join(parts)


@dataclass(frozen=True)
class Condition:
    """Terms read left to right: (joined by "and"/"or", negated, a Unit or a
    Condition in parentheses)."""

    terms: tuple[tuple[str, bool, Unit | Condition], ...]

    def holds(self, position: Position) -> bool:
        value = True
        for joined, negated, term in self.terms:
            found = term.holds(position) != negated
            value = (value and found) if joined == "and" else (value or found)
        return value


_COND_TOKEN = re.compile(r"\(|\)|[^\s()]+")


def read_condition(board: Board, text: str) -> Condition:
    if len(text) > MAX_LINE:
        raise PhasedError(f"a condition is at most {MAX_LINE} characters")
    tokens = _COND_TOKEN.findall(text)
    if tokens and fold(tokens[-1]) == "then":
        tokens.pop()
    if not tokens:
        raise PhasedError("IF needs a condition, e.g. IF French Army Ruhr")
    condition, rest = _read_terms(board, tokens, 0)
    if rest:
        raise PhasedError(f"')' closes no '(' in '{text[:60]}'")
    return condition


def _read_terms(board: Board, tokens: list[str], depth: int):
    if depth > MAX_DEPTH:
        raise PhasedError("parentheses nested too deep")
    terms: list[tuple[str, bool, Unit | Condition]] = []
    joined = "and"
    while tokens:
        negated = False
        while tokens and fold(tokens[0]) == "not":
            negated = not negated
            tokens = tokens[1:]
        if not tokens:
            raise PhasedError("NOT names nothing")
        if tokens[0] == "(":
            inner, tokens = _read_terms(board, tokens[1:], depth + 1)
            if tokens and tokens[0] == ")":
                tokens = tokens[1:]
            term: Unit | Condition = inner
        else:
            words = []
            while tokens and tokens[0] not in "()" and fold(tokens[0]) not in (
                "and", "or", "not",
            ):  # fmt: skip
                words.append(tokens[0])
                tokens = tokens[1:]
            term = _read_unit(board, words)
        terms.append((joined, negated, term))
        if not tokens or tokens[0] == ")":
            break
        word = fold(tokens[0])
        if word not in ("and", "or"):
            raise PhasedError(f"expected AND or OR before '{tokens[0][:20]}'")
        joined, tokens = word, tokens[1:]
        if not tokens:
            raise PhasedError(f"{word.upper()} is followed by nothing")
    if not terms:
        raise PhasedError("empty parentheses")
    return Condition(tuple(terms)), tokens


def _read_unit(board: Board, words: list[str]) -> Unit:
    """[power] [type] <province>, in any order."""
    index = name_index(board)
    power = kind = None
    place: list[str] = []
    for word in words:
        key = "".join(words_of(word))
        if not key:
            continue
        if kind is None and key in ("a", "army", "f", "fleet"):
            kind = key[0].upper()
            continue
        nation = None if power else _nation(board, index, key)
        if nation and not (place and index.lookup((*place, *words_of(word)))):
            power = nation
            continue
        place.extend(words_of(word))
    written = " ".join(words)
    if not place:
        raise PhasedError(f"'{written[:40]}' names no province")
    match = index.lookup(tuple(place))
    if match is None or len(match.provinces) != 1:
        raise PhasedError(f"'{' '.join(place)[:40]}' is not one province of this map")
    return Unit(match.provinces[0], power, kind)


def _nation(board: Board, index, key: str) -> str | None:
    """A power's name, adjective or a prefix of two letters or more that
    fits one power only (njudge), unless it is a place's name."""
    found = index.nation(key)
    if found or index.exact.get((key,)):
        return found
    if len(key) >= 2:
        hits = {
            pid
            for pid, power in board.powers.items()
            for name in (power.name, power.adjective, pid)
            if "".join(words_of(name)).startswith(key)
        }
        if len(hits) == 1:
            return hits.pop()
    return None


# -- blocks ---------------------------------------------------------------------


@dataclass
class Branch:
    condition: Condition | None  # None: ELSE
    text: str  # the IF / ELSE IF / ELSE line as written
    body: list = field(default_factory=list)  # order lines (str) and IfBlocks


@dataclass
class IfBlock:
    branches: list[Branch] = field(default_factory=list)


@dataclass
class Block:
    items: list = field(default_factory=list)  # order lines and IfBlocks
    lines: list[str] = field(default_factory=list)  # the lines kept, as written

    def select(self, position: Position):
        """(the order lines that apply at `position`, how each IF was
        decided: [(its line, True/False)])."""
        chosen: list[str] = []
        decided: list[tuple[str, bool]] = []
        _select(self.items, position, chosen, decided)
        return chosen, decided

    @property
    def conditional(self) -> bool:
        return any(isinstance(item, IfBlock) for item in self.items)


def _select(items, position, chosen, decided) -> None:
    for item in items:
        if isinstance(item, str):
            chosen.append(item)
            continue
        for branch in item.branches:
            taken = branch.condition is None or branch.condition.holds(position)
            if branch.condition is not None:
                decided.append((branch.text, taken))
            if taken:
                _select(branch.body, position, chosen, decided)
                break


def is_directive(line: str) -> bool:
    """IF, ELSE [IF], ENDIF: a line of the conditional structure."""
    return bool(_DIRECTIVE.match(line))


def read_block(board: Board, lines: list[str]) -> tuple[Block, list[tuple[str, str]]]:
    """The PHASE block's lines read: (the block, [(line refused, why)]).  An
    IF construct with a condition that cannot be read is refused whole (its
    orders depended on it); the orders around it stand."""
    block = Block()
    refused: list[tuple[str, str]] = []
    # each open IF: (the construct, its lines so far, the body being filled)
    stack: list[tuple[IfBlock, list[str], list]] = []
    broken = 0  # depth inside a refused construct
    broken_lines: list[str] = []
    broken_why = ""

    def body() -> list:
        return stack[-1][2] if stack else block.items

    for line in lines:
        match = _DIRECTIVE.match(line)
        if broken:
            broken_lines.append(line)
            if match and match.group(2):
                broken += 1
            elif match and match.group(4):
                broken -= 1
            if not broken:
                refused.extend(_refuse(broken_lines, broken_why))
            continue
        if not match:
            body().append(line)
            (stack[-1][1] if stack else block.lines).append(line)
            continue
        else_if, if_, else_, end = match.group(1, 2, 3, 4)
        rest = match.group(5).strip()
        if if_ or else_if:
            try:
                condition = read_condition(board, rest)
            except PhasedError as error:
                why = f"the condition cannot be read: {error}"
                if else_if and stack:  # the whole construct goes
                    _, kept, _ = stack.pop()
                    body().pop()  # it was the last thing its parent held
                    broken_lines = [*kept, line]
                    broken, broken_why = 1, why
                elif else_if:
                    refused.append((line, "ELSE IF follows no IF"))
                else:
                    broken_lines, broken, broken_why = [line], 1, why
                continue
            if if_:
                if len(stack) >= MAX_DEPTH:
                    refused.append((line, f"IFs nest at most {MAX_DEPTH} deep"))
                    continue
                construct = IfBlock([Branch(condition, line)])
                body().append(construct)
                stack.append((construct, [line], construct.branches[0].body))
            else:
                if not stack:
                    refused.append((line, "ELSE IF follows no IF"))
                    continue
                construct, kept, _ = stack.pop()
                construct.branches.append(Branch(condition, line))
                kept.append(line)
                stack.append((construct, kept, construct.branches[-1].body))
        elif else_:
            if rest:
                refused.append((line, "ELSE stands alone on its line (or ELSE IF)"))
                continue
            if not stack or stack[-1][0].branches[-1].condition is None:
                refused.append((line, "ELSE follows no IF"))
                continue
            construct, kept, _ = stack.pop()
            construct.branches.append(Branch(None, line))
            kept.append(line)
            stack.append((construct, kept, construct.branches[-1].body))
        elif end:
            if not stack:
                refused.append((line, "ENDIF closes no IF"))
                continue
            _close(stack, block, line)
    if broken:
        refused.extend(_refuse(broken_lines, broken_why))
    while stack:  # the end closes every IF (njudge), silently
        _close(stack, block, "ENDIF")
    return block, refused


def _close(stack, block: Block, line: str) -> None:
    _, kept, _ = stack.pop()
    kept.append(line)
    if stack:
        stack[-1][1].extend(kept)
    else:
        block.lines.extend(kept)


def _refuse(lines: list[str], why: str) -> list[tuple[str, str]]:
    first, *rest = lines
    return [(first, why)] + [(line, "inside the refused IF") for line in rest]
