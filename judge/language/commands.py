"""Reading the judge's commands (grammar/commands.lark), one line at a time.

`read_command(line)` gives a `Command`, None when the line starts with no
command keyword (an order or press text, as the context says), or raises
`CommandError` naming the keyword when the keyword is right and the rest is
not (the service's command registry says how to write it).  Parsing never
touches the database."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from judge.resources import resource_dir

GRAMMAR = resource_dir("grammar") / "commands.lark"

_KEYWORD = re.compile(
    r"\s*(help|get|register|end|list|history|summary|who\s*game|create|become|"
    r"sign\s*on|sign\s*off|observe|resign|clear|press|end\s*press|broadcast|"
    r"end\s*broadcast|set|process|roll\s*back|pause|resume|terminate|eject|"
    r"force\s*begin|predict|map|confirm|postal\s*press)\b",
    re.IGNORECASE,
)


class CommandError(ValueError):
    """A command keyword with arguments that do not fit."""

    def __init__(self, keyword: str) -> None:
        super().__init__(f"{keyword.upper()}: the words after it do not fit")
        self.keyword = keyword  # as _KEYWORD reads it, spaces removed: "signon"


@dataclass(frozen=True)
class Command:
    name: str  # the grammar rule: "signon", "set_timing", ("set_wait": a flag)
    args: tuple[str, ...] = ()  # the words after the keywords, as written
    words: tuple[str, ...] = ()  # keyword tokens, normalised (e.g. "NOWAIT")


@cache
def _parser() -> Lark:
    return Lark(GRAMMAR.read_text(), parser="lalr", lexer="contextual")


def _keyword_name(raw: str) -> str:
    return re.sub(r"\s+", "", raw).upper()


def read_command(line: str) -> Command | None:
    text = line.strip()
    match = _KEYWORD.match(text)
    if not match:
        return None
    keyword = _keyword_name(match.group(1)).lower()
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
