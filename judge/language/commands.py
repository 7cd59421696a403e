"""Reading the judge's commands (grammar/commands.lark), one line at a time.

`read_command(line)` gives a `Command`, None when the line starts with no
command keyword (an order or press text, as the context says), or raises
`CommandError` naming the keyword when the keyword is right and the rest is
not (the service's command registry says how to write it).  Parsing never
touches the database.

The keywords are the grammar's own: the terminals a command can start with.
A rule added to the grammar (in the file, or by `extend_grammar` from
outside the judge) is a keyword at once; there is no second list."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from judge.resources import resource_dir

GRAMMAR = resource_dir("grammar") / "commands.lark"

# Grammar text added from outside (a command of a plugin): each piece adds
# its rule to `command` with `%extend command: <rule>`.
_extensions: list[str] = []


def extend_grammar(text: str) -> None:
    """Add rules (and their terminals) to the command grammar."""
    if text not in _extensions:
        _extensions.append(text)
        _forget()


def retract_grammar(text: str) -> None:
    """Take back what `extend_grammar(text)` added."""
    if text in _extensions:
        _extensions.remove(text)
        _forget()


def _forget() -> None:
    _parser.cache_clear()
    _keywords.cache_clear()


# njudge's synonyms (data/index), reported as the keyword they stand for
SYNONYMS = {"hello": "signon", "login": "signon", "watch": "observe",
            "withdraw": "resign", "suspend": "pause", "status": "summary",
            "send": "get", "sendme": "get", "who": "whois"}  # fmt: skip


class CommandError(ValueError):
    """A command keyword with arguments that do not fit."""

    def __init__(self, keyword: str) -> None:
        super().__init__(f"{keyword.upper()}: the words after it do not fit")
        self.keyword = keyword  # the keyword as written, spaces removed: "signon"


@dataclass(frozen=True)
class Command:
    name: str  # the grammar rule: "signon", "set_timing", ("set_wait": a flag)
    args: tuple[str, ...] = ()  # the words after the keywords, as written
    words: tuple[str, ...] = ()  # keyword tokens, normalised (e.g. "NOWAIT")


@cache
def _parser() -> Lark:
    text = "\n".join([GRAMMAR.read_text(), *_extensions])
    return Lark(text, parser="lalr", lexer="contextual")


@cache
def _keywords() -> tuple[re.Pattern[str], ...]:
    """The patterns of the terminals a command can start with: what the
    parser accepts before the first word."""
    parser = _parser()
    first = parser.parse_interactive("").accepts() - {"$END"}
    return tuple(
        re.compile(parser.get_terminal(name).pattern.to_regexp()) for name in first
    )


def keyword_at_start(text: str) -> str | None:
    """The command keyword `text` starts with, lowercased and without its
    spaces ("sign on" -> "signon"); the longest when several fit ("end press"
    is ENDPRESS, not END).  None: the line is no command."""
    longest = max(
        (m.group(0) for pattern in _keywords() if (m := pattern.match(text))),
        key=len,
        default=None,
    )
    return None if longest is None else _keyword_name(longest).lower()


def _keyword_name(raw: str) -> str:
    return re.sub(r"\s+", "", raw).upper()


def read_command(line: str) -> Command | None:
    text = line.strip()
    keyword = keyword_at_start(text)
    if keyword is None:
        return None
    keyword = SYNONYMS.get(keyword, keyword)
    try:
        tree = _parser().parse(text)
    except LarkError:
        raise CommandError(keyword) from None
    return _command(tree)


def _command(tree: Tree) -> Command:
    if tree.data == "set":
        return _command(tree.children[1])
    args: list[str] = []
    words: list[str] = []
    for child in tree.children:
        if isinstance(child, Token):
            if child.type in ("ARG", "REST"):
                args.append(str(child).strip())
            else:
                words.append(_keyword_name(str(child)))
    name = str(tree.data)
    if name == "set_flag":  # SET WAIT, SET NODRAW, SET NMR: one command each
        flag = words[0].removeprefix("NO").lower()
        name = "set_" + {"cd": "nmr", "conc": "concede"}.get(flag, flag)
    return Command(name, tuple(args), tuple(words))
