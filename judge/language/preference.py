"""Reading a SET PREFERENCE list, the ways players write one.

njudge reads a string of power letters, best first, with powers of equal
weight in square brackets or parentheses (`E[FGR][TAI]`); `*` asks for a
random power.  Players also write names: `Russia, Germany`, `R G`, `RG`,
`Austria-Hungary`, `Great Britain`, `[France Germany] Russia`.

A word is read as a power's name first (its name, adjective, id, or a
prefix of three letters or more that fits one power only), then as a run
of one-letter power letters.  So `Spain` in 1913 is Spain, never the
letters S-P-A-I-N, while `ATRIFEG` is seven letters.  Nothing here knows
the game: the caller gives the names and letters of its powers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from judge.language.names import fold

MAX_TEXT = 400  # longer is not a preference list (and is not read)
_TOKEN = re.compile(r"[\[\]()]|[^\s,;\[\]()]+")
_NAME_WORDS = 3  # 'Great Britain', 'Austria Hungary': names of up to three words


class PreferenceError(ValueError):
    """The list cannot be read; the message says which word and why."""


@dataclass(frozen=True)
class Preference:
    """`ranks`: the powers named, best first; a tuple of several is powers
    of equal weight.  `random`: `*`, a random power before the lists."""

    ranks: tuple[tuple[str, ...], ...] = ()
    random: bool = False

    def stored(self) -> str:
        """The stored form: ranks by ',', equal powers by '|'; '*'."""
        if self.random:
            return "*"
        return ",".join("|".join(group) for group in self.ranks)

    @classmethod
    def from_stored(cls, text: str | None) -> Preference:
        if not text:
            return cls()
        if text.strip() == "*":
            return cls(random=True)
        ranks = tuple(
            tuple(p for p in group.split("|") if p)
            for group in text.split(",")
            if group.strip("|")
        )
        return cls(ranks=ranks)

    def powers(self) -> list[str]:
        return [p for group in self.ranks for p in group]


def read_preference(
    text: str, names: Mapping[str, str], letters: Mapping[str, str]
) -> Preference:
    """`names`: every spelling of a power (folded: lower case, no accents)
    -> its id; `letters`: each power's letter (upper case; a variant's may
    be several letters long) -> its id.  Raises PreferenceError."""
    if len(text) > MAX_TEXT:
        raise PreferenceError(f"a preference list is at most {MAX_TEXT} characters")
    tokens = _TOKEN.findall(text.strip())
    if tokens == ["*"]:
        return Preference(random=True)
    if not tokens:
        raise PreferenceError("the list names no power")
    ranks: list[tuple[str, ...]] = []
    group: list[str] | None = None  # inside [ ... ]
    seen: dict[str, str] = {}
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token in "[(":
            if group is not None:
                raise PreferenceError("brackets cannot be nested")
            group = []
            i += 1
            continue
        if token in "])":
            if group is None:
                raise PreferenceError(f"'{token}' closes no bracket")
            if group:
                ranks.append(tuple(group))
            group = None
            i += 1
            continue
        if token == "*":
            raise PreferenceError("'*' (a random power) stands alone")
        powers, used = _read_word(tokens, i, names, letters)
        for power, written in powers:
            if power in seen:
                raise PreferenceError(
                    f"'{written}' names a power already in the list ('{seen[power]}')"
                )
            seen[power] = written
        found = [p for p, _ in powers]
        if group is not None:
            group.extend(found)
        else:
            ranks.extend((p,) for p in found)
        i += used
    if group is not None:
        raise PreferenceError("a '[' is never closed")
    return Preference(ranks=tuple(ranks))


def _read_word(
    tokens: list[str], i: int, names: Mapping[str, str], letters: Mapping[str, str]
) -> tuple[list[tuple[str, str]], int]:
    """The powers the words from tokens[i] name, each with how it was
    written, and how many tokens they took."""
    # the longest run of words that is one power's name ('Great Britain')
    for size in range(_NAME_WORDS, 0, -1):
        words = tokens[i : i + size]
        if len(words) < size or any(w in "[]()" for w in words):
            continue
        written = " ".join(words)
        power = names.get(fold(written)) or names.get(fold("-".join(words)))
        if power is None and size == 1:
            power = letters.get(written.upper())  # a letter, one letter or several
        if power is not None:
            return [(power, written)], size
    word = tokens[i]
    prefixed = _by_prefix(word, names)
    if prefixed:
        return [(prefixed, word)], 1
    if all(ch.upper() in letters for ch in word):
        return [(letters[ch.upper()], ch) for ch in word], 1
    raise PreferenceError(f"'{word[:30]}' is not a power of this game")


def _by_prefix(word: str, names: Mapping[str, str]) -> str | None:
    """The one power a name starting with `word` (3 letters or more) is."""
    key = fold(word)
    if len(key) < 3:
        return None
    found = {power for name, power in names.items() if name.startswith(key)}
    return found.pop() if len(found) == 1 else None
