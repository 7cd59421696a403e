"""Names written not quite right ("Warshaw", "Ankra", "English Chanel"),
read as the province they come close to when the position leaves only one.

A word that is no province's name, alias or abbreviation is compared with
the map's names and aliases of four letters or more ("Ome" with Rome).  It
comes close to a name when their edit distance (letters added, dropped, changed, or two
swapped) is within a bound that grows with the word's length (`bound`),
either as written or with both sides' doubled letters and written-out umlauts
(ae, oe, ue) collapsed: "Liverpol", "Finnland", "Muenchen" are no distance at
all.  There is no list of misspellings: the rule and the map's own names
decide.

Every province so reached is a candidate, and the position decides among
them: the reader keeps those the order's unit could use in its role (the
unit ordered, where it could move, support into, convoy to, be built in) and
reads the order only when exactly one remains, or one is nearer than the
others ("Finnland": Finland, not Livland), with a note for the player
("Warshaw read as Warsaw").  When several remain, or none, the order is
refused with the candidates named.  Venezia is never Vienna and Roma never
Rumania.

A near reading is never used when an exact one exists: orders.py asks for
one only after the exact reading failed on a word that names nothing, so an
order that reads exactly costs nothing more.  One question is settled during
the exact reading: a word that is the start of one name and one edit from
another ("Rume": the start of Rumania, a near miss of Rome).  The position decides
that too, and when it cannot, the order is refused.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence

from lark import Token
from rapidfuzz import process
from rapidfuzz.distance import OSA

from judge.language.lexer import Word
from judge.language.names import NameIndex, words_of
from judge.language.syntax import PlaceRef, ReadingError

_DOUBLED = re.compile(r"(.)\1+")
_WRITTEN_OUT = re.compile(r"([aou])e")
_SHORTEST = 4  # letters; shorter words and names are abbreviations, not names
_CACHE_LIMIT = 10_000

# A role's test for a candidate province, most telling first: the first test
# that any candidate passes decides ("reaches it" before "by convoy").
Fits = Sequence[Callable[[str], bool]]


class NearMissError(ReadingError):
    """A near reading refused: several candidates fit, or none."""


def bound(letters: int) -> int:
    """How many edits a word of this many letters may be from a name (a word
    of three letters: one, so only a four-letter name missing a letter)."""
    if letters < _SHORTEST - 1:
        return 0
    if letters <= 6:
        return 1
    if letters <= 10:
        return 2
    return 3


def collapse(key: str) -> str:
    """'muenchen' -> 'munchen', 'liverpool' -> 'liverpol'."""
    return _DOUBLED.sub(r"\1", _WRITTEN_OUT.sub(r"\1", key))


class NearNames:
    """The map's names of four letters or more, as written and collapsed."""

    def __init__(self, index: NameIndex):
        provinces: dict[str, set[str]] = {}
        for words, pids in index.exact.items():
            key = "".join(words)
            if len(key) >= _SHORTEST and key.isalpha():
                provinces.setdefault(key, set()).update(pids)
        self.keys = list(provinces)
        self.collapsed = [collapse(k) for k in self.keys]
        self.provinces = [provinces[k] for k in self.keys]
        self._cache: dict[tuple[str, int], dict[str, int]] = {}

    def near(self, written: str, most: int = 3) -> tuple[str, ...]:
        """The provinces `written` comes close to, with at most `most` edits
        (none for short words)."""
        return tuple(sorted(self.distances(written, most)))

    def distances(self, written: str, most: int = 3) -> dict[str, int]:
        """The provinces `written` comes close to, each with its distance."""
        key = "".join(words_of(written))
        limit = min(bound(len(key)), most)
        found = self._cache.get((key, limit))
        if found is not None:
            return found
        found = {}
        if limit and key.isalpha():
            for query, choices in ((key, self.keys), (collapse(key), self.collapsed)):
                for _, distance, i in process.extract(
                    query, choices, scorer=OSA.distance, score_cutoff=limit, limit=None
                ):
                    for province in self.provinces[i]:
                        found[province] = min(distance, found.get(province, limit))
        if len(self._cache) < _CACHE_LIMIT:
            self._cache[(key, limit)] = found
        return found


@functools.cache
def near_names(index: NameIndex) -> NearNames:
    return NearNames(index)


# -- the lexer's tokens, with near names -----------------------------------------
# How far a misspelt name may reach on either side of the word that names
# nothing: tokens before and after, widest first.
_WINDOWS = sorted(
    ((a, b) for a in range(3) for b in range(3)), key=lambda w: -(w[0] + w[1])
)


def with_near_names(tokens: list[Token], text: str, index: NameIndex):
    """`tokens` with each word that names nothing replaced by a place naming
    the provinces it comes close to; None when no word comes close to any.
    The word is tried first together with the words around it that may be
    part of the same name ("English Chanel", "Gulf aof Lyon", "Mid-Atlantik").
    The start of a name is tried with the words around it too ("Black Seba")."""
    names = near_names(index)
    out = list(tokens)
    changed = False
    k = 0
    while k < len(out):
        tok = out[k]
        if tok.type != "PLACE" or getattr(tok, "near", False):
            k += 1
            continue
        # a word naming nothing; or the start of a name among other names'
        # words ("Black Seba": Seba starts Sebastopol), tried only with them
        alone = not tok.meaning
        if not alone and getattr(tok, "exact", True):
            k += 1
            continue
        for before, after in _WINDOWS:
            if not alone and before + after == 0:
                continue
            lo, hi = k - before, k + after
            if lo < 0 or hi >= len(out) or not _one_name(out[lo : hi + 1], text):
                continue
            joined = text[out[lo].start_pos : out[hi].end_pos]
            found = names.near(joined)
            if found:
                start, end = out[lo].start_pos, out[hi].end_pos
                out[lo : hi + 1] = [_near_place(joined, start, end, found)]
                changed = True
                k = lo
                break
        k += 1
    return out if changed else None


def _one_name(run: list[Token], text: str) -> bool:
    """May these tokens be the words of one name: places, nationalities and
    words naming nothing, apart only by spaces, or joined by a bare dash
    ("Mid-Atlantik")?"""
    for i, tok in enumerate(run):
        if tok.type == "MOVE":
            if not 0 < i < len(run) - 1 or str(tok) != "-":
                return False
            if not run[i - 1].end_pos == tok.start_pos == run[i + 1].start_pos - 1:
                return False
        elif tok.type not in ("PLACE", "NATION") or getattr(tok, "near", False):
            return False
        if i and text[run[i - 1].end_pos : tok.start_pos].strip():
            return False
    return True


def _near_place(value: str, start: int, end: int, provinces) -> Token:
    tok = Word("PLACE", value, start_pos=start, end_pos=end)
    tok.meaning = provinces
    tok.near = True
    return tok


# -- settling a near place by the position -----------------------------------------
def settle_near(
    place: PlaceRef,
    ctx,
    fits: Fits,
    misfit: str | Callable[[], str] = "what this order needs",
) -> str | None:
    """The province a near place names here, noted in `ctx.notes`; or None
    when `place` is no near-miss question (the exact reading settles it).
    Raises NearMissError when the position does not decide.  `misfit` says
    what the candidates should have been ("a place the army in Paris can
    move to"; or a function saying it), for the refusal when none is."""
    if place.near:
        return _choose(place, (), place.provinces, ctx, fits, misfit)
    words = words_of(place.text)
    if not place.provinces or place.exact or len(words) != 1:
        return None
    if len(words[0]) < _SHORTEST:
        return None
    # the start of a name ("Rume"): is it also one edit from another name?
    near = near_names(ctx.index).near(place.text, most=1)
    near = [p for p in near if p not in place.provinces]
    if not near:
        return None
    return _choose(place, place.provinces, near, ctx, fits, misfit)


def _choose(place: PlaceRef, prefixed, near, ctx, fits: Fits, misfit) -> str | None:
    every = (*prefixed, *near)
    fitting: list[str] = []
    for test in fits:
        fitting = [p for p in every if test(p)]
        if fitting:
            break
    if not prefixed and not fitting:
        misfit = misfit() if callable(misfit) else misfit
        close = (
            "comes close, but it is not"
            if len(near) == 1
            else "come close, but none of them is"
        )
        raise NearMissError(
            f"no province called '{place.text}'; {_names(ctx, near)} {close} {misfit}"
        )
    if prefixed and all(p in prefixed for p in fitting):
        return None  # only the abbreviation fits: read as it always was
    if len(fitting) > 1 and not prefixed:  # the nearest names, if nearer
        distance = near_names(ctx.index).distances(place.text)
        nearest = min(distance.get(p, 0) for p in fitting)
        fitting = [p for p in fitting if distance.get(p, 0) == nearest]
    if len(fitting) > 1:
        raise NearMissError(
            f"'{place.text}' could be {_names(ctx, fitting)}; write the name in full"
        )
    chosen = fitting[0]
    ctx.notes.append(f"{place.text} read as {ctx.board.provinces[chosen].name}")
    return chosen


def _names(ctx, provinces) -> str:
    names = sorted(ctx.board.provinces[p].name for p in provinces)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
