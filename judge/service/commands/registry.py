"""The registry of the judge's commands: one `Spec` per grammar rule.

Dispatch, the usage line of a mistyped command, HELP and the GET topics all
read this one table, so the help never disagrees with the commands."""

from __future__ import annotations

import functools
import re
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from judge.language.commands import Command

# The heading each group has in HELP; master's commands have a topic of
# their own (GET MASTER).
GROUP_TITLES = {
    "information": "Anyone:",
    "joining": "Joining:",
    "playing": "Playing:",
    "press": "Press:",
    "settings": "Your settings (after SIGNON):",
    "worlds": "On a random world:",
    "master": "Master's commands (after SIGNON M<game> <password>):",
}
USAGE_WIDTH = 24  # the usage column of HELP


@dataclass(frozen=True)
class Spec:
    """One command.  `name` is its grammar rule (judge/language/commands);
    `usage` is how it is written (the "Use: ..." of a mistyped line);
    `help` says what it does (empty: not listed, e.g. ENDPRESS, told with
    PRESS); `shown` is the usage as HELP lists it when it differs."""

    name: str
    group: str
    usage: str
    help: str
    handler: Callable[..., None] = field(compare=False)
    shown: str = ""
    keyword: str = ""  # the keyword whose usage this spec shares

    def __post_init__(self) -> None:
        if not self.keyword:
            object.__setattr__(self, "keyword", keyword_of(self.name))


def keyword_of(name: str) -> str:
    """The keyword of a grammar rule, as judge.language.commands reports it
    in a CommandError ('set_timing' -> 'set', 'force_begin' -> 'forcebegin')."""
    if name.startswith("set_"):
        return "set"
    if name == "become_master":
        return "become"
    return name.replace("_", "")


@dataclass(frozen=True)
class Topic:
    """A GET topic: a page of help, rendered from the registry or written."""

    name: str
    render: Callable[..., str] = field(compare=False)
    about: str = ""  # one line for GET FLIST


class Registry:
    def __init__(self, specs: Iterable[Spec], topics: Iterable[Topic]) -> None:
        self.specs: dict[str, Spec] = {}
        self._listings: dict[tuple, tuple] = {}  # HELP's, per groups and specs
        for spec in specs:
            self.add(spec)
        self.topics: dict[str, Topic] = {t.name: t for t in topics}

    def add(self, spec: Spec) -> None:
        if spec.name in self.specs:
            raise ValueError(f"command {spec.name} registered twice")
        if spec.group not in GROUP_TITLES:
            raise ValueError(f"command {spec.name} in unknown group {spec.group}")
        self.specs[spec.name] = spec

    def remove(self, name: str) -> None:
        self.specs.pop(name, None)

    def __getitem__(self, name: str) -> Spec:
        return self.specs[name]

    def __contains__(self, name: str) -> bool:
        return name in self.specs

    def dispatch(self, ctx, command: Command) -> None:
        self.specs[command.name].handler(ctx, command)

    def usage(self, keyword: str) -> str:
        """The usage of a keyword: its forms joined ('BECOME MASTER or BECOME
        <power>'); SET lists the players' settings, then the master's."""
        specs = [s for s in self.specs.values() if s.keyword == keyword and s.usage]
        if keyword != "set":
            return " or ".join(s.usage for s in specs) or keyword.upper()
        players = [s.usage for s in specs if s.group != "master"]
        masters = [s.usage for s in specs if s.group == "master"]
        return ", ".join(players) + "; master: " + ", ".join(masters)

    def nearest_usage(self, keyword: str, text: str) -> str:
        """The usage of the form a mistyped line comes nearest: for SET, the
        setting its second word names (SET MOVE NEXT -> SET MOVE|RETREAT|
        ADJUST ...); else the keyword's usage."""
        words = text.upper().replace("/", " ").split()
        if keyword == "set" and len(words) > 1:
            for spec in self.specs.values():
                if spec.keyword != "set" or not spec.usage:
                    continue
                forms = re.split(r"[|/]", spec.usage.split()[1])
                if any(words[1] in (f, f.removeprefix("NO")) for f in forms if f):
                    return spec.usage
        return self.usage(keyword)

    def listing(self, groups: Iterable[str]) -> str:
        """The commands of the groups, a heading each, as HELP shows them
        (kept while the same specs are registered)."""
        groups, specs = tuple(groups), tuple(self.specs.values())
        key = (groups, tuple(map(id, specs)))
        if key not in self._listings:
            if len(self._listings) > 16:
                self._listings.clear()
            # the specs kept with it: their ids cannot name other specs
            self._listings[key] = (specs, self._listing(groups))
        return self._listings[key][1]

    def _listing(self, groups: tuple[str, ...]) -> str:
        parts = []
        for group in groups:
            lines = [GROUP_TITLES[group]]
            for spec in self.specs.values():
                if spec.group == group and spec.help:
                    lines += help_lines(spec.shown or spec.usage, spec.help)
            parts.append("\n".join(lines))
        return "\n\n".join(parts)

    def topic_names(self) -> str:
        return ", ".join(name.upper() for name in self.topics)

    def index(self) -> str:
        """Every command, its usage and what it does, group by group (GET
        INDEX): made from the specs, so it lists what the judge reads."""
        return self.listing(GROUP_TITLES)

    def file_list(self) -> str:
        """GET FLIST: each topic and what it holds."""
        topics = self.topics.values()
        return "\n".join(
            line for t in topics for line in help_lines(t.name.upper(), t.about)
        )


def help_lines(usage: str, text: str, width: int = 76) -> list[str]:
    """'  USAGE                    what it does', the text wrapped under
    its column; a usage too long for the column stands on a line alone."""
    indent = " " * (USAGE_WIDTH + 3)
    wrapped = _wrapped(text, width - len(indent))
    if len(usage) > USAGE_WIDTH:
        return [f"  {usage}"] + [indent + line for line in wrapped]
    first = f"  {usage:<{USAGE_WIDTH}} {wrapped[0]}"
    return [first] + [indent + line for line in wrapped[1:]]


@functools.lru_cache(maxsize=1024)
def _wrapped(text: str, width: int) -> tuple[str, ...]:
    """Wrapping is most of what HELP costs, and the texts never change."""
    return tuple(textwrap.wrap(text, width)) or ("",)
