"""The names players may use for places and powers, built from the map data.

Every province is known by its id, its full name and the aliases its map
lists (its names in its countries' languages among them, matched without
accents and with umlauts written out too: "München", "Munchen",
"Muenchen"); by those written as one word ("StPetersburg", "MidAtlantic");
and by unambiguous prefixes of three letters or more, word by word ("Norw
Sea", "Gulf of L", "W Med").  Names written not quite right are
near_miss.py's.  A name may fit several provinces ("Gulf", "Tyr"):
the lookup returns every candidate and the reader settles them by position.

The index is built once per board and cached.
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from dataclasses import dataclass

from judge.engine.board import Board
from judge.variants import variant_for

_WORD = re.compile(r"[a-z0-9]+")

# Single letters that are order words: a one-letter word after a name never
# continues the name ("F Black S A Swe" is a support, not "Black Sea").
ORDER_LETTERS = frozenset("afhscmrdb")


# Letters that do not come apart into a plain letter and an accent.
_PLAIN = str.maketrans({"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "ı": "i"})
# German umlauts written out ("Muenchen" for "München"), the way Germans type
# without the letters.
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})


def fold(word: str) -> str:
    """A word as names are matched: lower case, accents dropped
    ('München' -> 'munchen', 'İzmir' -> 'izmir')."""
    word = word.lower()
    if word.isascii():
        return word
    word = unicodedata.normalize("NFKD", word.translate(_PLAIN))
    return "".join(c for c in word if not unicodedata.combining(c))


def words_of(name: str) -> tuple[str, ...]:
    """'St. Petersburg' -> ('st', 'petersburg')."""
    return tuple(_WORD.findall(fold(name)))


def spellings(name: str) -> tuple[str, ...]:
    """A name as written, and with its umlauts written out ('München' and
    'Muenchen'): both are the name."""
    written_out = name.lower().translate(_UMLAUTS)
    return (name,) if written_out == name.lower() else (name, written_out)


@dataclass(frozen=True)
class Match:
    """What a run of words names: the provinces it may mean, and whether the
    words were a whole name (exact) or only the start of one."""

    provinces: tuple[str, ...]
    exact: bool


class NameIndex:
    def __init__(self, board: Board):
        self.board = board
        # whole names: word tuple -> provinces
        exact: dict[tuple[str, ...], set[str]] = {}
        for pid, prov in board.provinces.items():
            if prov.kind == "impassable":
                continue
            names = (pid, prov.name, *prov.aliases)
            for spelled in (s for name in names for s in spellings(name)):
                words = words_of(spelled)
                if not words:
                    continue
                exact.setdefault(words, set()).add(pid)
                if len(words) > 1:
                    exact.setdefault(("".join(words),), set()).add(pid)
        self.exact = {k: tuple(sorted(v)) for k, v in exact.items()}
        self.longest = max(len(k) for k in self.exact)
        # names by length in words, for word-by-word prefix matching
        self._by_length: dict[int, list[tuple[tuple[str, ...], str]]] = {}
        for words, pids in self.exact.items():
            for pid in pids:
                self._by_length.setdefault(len(words), []).append((words, pid))
        self._prefix_cache: dict[tuple[str, ...], tuple[str, ...]] = {}

        self.nations: dict[str, str] = {}
        for pid, power in board.powers.items():
            for name in (pid, power.name, power.adjective):
                key = "".join(words_of(name))
                self.nations[key] = pid
        # Short forms of nations ("Turk", "Germ", and "Ger" as in njudge's
        # "S Ger A Mun"); never a place's name, and three letters only where
        # one power's names begin so.
        threes: dict[str, set[str]] = {}
        for pid, power in board.powers.items():
            for name in (power.name, power.adjective):
                key = "".join(words_of(name))
                threes.setdefault(key[:3], set()).add(pid)
                for n in range(4, len(key)):
                    short = key[:n]
                    if (short,) not in self.exact:
                        self.nations.setdefault(short, pid)
        for short, pids in threes.items():
            if len(short) == 3 and len(pids) == 1 and (short,) not in self.exact:
                self.nations.setdefault(short, next(iter(pids)))

        # The variant's words for its own kinds of piece, and its multi-step
        # moves (a fleet's route).
        self.variant = variant_for(board)
        self.unit_words = dict(self.variant.unit_words)
        self.unit_word_prefixes = dict(self.variant.unit_word_prefixes)

        # names for suggestions: spelling -> province
        self._spellings: dict[str, str] = {}
        for pid, prov in board.provinces.items():
            if prov.kind == "impassable":
                continue
            for name in (pid, prov.name, *prov.aliases):
                self._spellings.setdefault(" ".join(words_of(name)), pid)

    # -- lookups ----------------------------------------------------------
    def lookup(self, words: tuple[str, ...]) -> Match | None:
        """The provinces a run of words names, or None if it names none."""
        found = self.exact.get(words)
        if found:
            return Match(found, True)
        found = self._prefixes(words)
        return Match(found, False) if found else None

    def _prefixes(self, words: tuple[str, ...]) -> tuple[str, ...]:
        cached = self._prefix_cache.get(words)
        if cached is not None:
            return cached
        result: tuple[str, ...] = ()
        first_ok = len(words[0]) >= 2 or (
            len(words) > 1 and words[0] not in ORDER_LETTERS
        )
        no_order_letter = not any(len(w) == 1 and w in ORDER_LETTERS for w in words[1:])
        if first_ok and no_order_letter and sum(len(w) for w in words) >= 3:
            hits = set()
            for n in range(len(words), self.longest + 1):
                for key, pid in self._by_length.get(n, ()):
                    if all(k.startswith(w) for w, k in zip(words, key, strict=False)):
                        hits.add(pid)
                if hits:
                    break
            result = tuple(sorted(hits))
        if len(self._prefix_cache) < 10_000:
            self._prefix_cache[words] = result
        return result

    def all_seas(self, provinces) -> bool:
        return all(self.board.provinces[p].kind == "sea" for p in provinces)

    def nation(self, word: str) -> str | None:
        return self.nations.get(word)

    def suggest(self, text: str, among: set[str] | None = None) -> list[str]:
        """Provinces whose names look like `text` (nearest first)."""
        spelled = " ".join(words_of(text))
        names = {
            s: p for s, p in self._spellings.items() if among is None or p in among
        }
        close = difflib.get_close_matches(spelled, list(names), n=6, cutoff=0.6)
        seen: list[str] = []
        for spelling in close:
            if names[spelling] not in seen:
                seen.append(names[spelling])
        return seen[:3]


@functools.cache
def name_index(board: Board) -> NameIndex:
    return NameIndex(board)
