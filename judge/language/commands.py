"""Reading the judge's commands (grammar/commands.lark), one line at a time.

`read_command(line)` gives a `Command`, None when the line starts with no
command keyword (an order or press text, as the context says), or raises
`CommandError` with a usage message when the keyword is right and the rest
is not.  Parsing never touches the database."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from judge.resources import resource_dir

GRAMMAR = resource_dir("grammar") / "commands.lark"

USAGE = {
    "help": "HELP",
    "get": "GET <topic>",
    "list": "LIST [<game>]",
    "history": "HISTORY <game>",
    "summary": "SUMMARY <game>",
    "whogame": "WHOGAME <game>",
    "create": "CREATE ?<game> <password> [variant] [options], or CREATE ?<game> "
    "<password> random [powers=N] [seed=S] [options]",
    "become": "BECOME MASTER or BECOME <power>",
    "signon": "SIGNON ?<game> <password> (to join) or SIGNON <letter><game> "
    "<password> (to play)",
    "observe": "OBSERVE <game> [<password>]",
    "press": "PRESS TO <powers>",
    "process": "PROCESS [<phase>]",
    "rollback": "ROLLBACK [<turn>]",
    "eject": "EJECT <power or address>",
    "map": "MAP <game> [<phase>]",
    "set": "SET PASSWORD <new>, SET ADDRESS <address>, SET WAIT/NOWAIT, "
    "SET DRAW/NODRAW, SET ABSENCE <from> TO <to>, SET TIMEZONE <zone>, "
    "SET END <ending>/NOEND (Imperial), "
    "SET PREFERENCE <powers>, SET MAP ON/OFF, SET COUNTRY <name>, "
    "SET COLOUR <colour>; master: SET DEADLINE <date>, "
    "SET GRACE <date>, SET MOVE|RETREAT|ADJUST CLOCK|MIN|NEXT|GRACE|DELAY|DAYS "
    "<value>, SET NMR/NONMR, SET WHITE|GREY|NO PRESS, SET VARIANT <name>",
}

_KEYWORD = re.compile(
    r"\s*(help|get|register|end|list|history|summary|who\s*game|create|become|"
    r"sign\s*on|sign\s*off|observe|resign|clear|press|end\s*press|broadcast|"
    r"end\s*broadcast|set|process|roll\s*back|pause|resume|terminate|eject|"
    r"force\s*begin|predict|map)\b",
    re.IGNORECASE,
)


class CommandError(ValueError):
    """A command keyword with arguments that do not fit: says how to write it."""


@dataclass(frozen=True)
class Command:
    name: str  # the grammar rule: "signon", "set_timing", ...
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
        name = {"whogame": "whogame", "signon": "signon", "rollback": "rollback"}.get(
            keyword, keyword
        )
        usage = USAGE.get(name, name.upper())
        raise CommandError(f"Use: {usage}") from None
    return _command(tree)


def _command(tree: Tree) -> Command:
    if tree.data == "set":
        setting = tree.children[1]
        command = _command(setting)
        return command
    args: list[str] = []
    words: list[str] = []
    for child in tree.children:
        if isinstance(child, Token):
            if child.type in ("ARG", "REST", "PRESS_WORD"):
                args.append(str(child).strip())
            else:
                words.append(_keyword_name(str(child)))
    return Command(str(tree.data), tuple(args), tuple(words))
