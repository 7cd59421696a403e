"""Names written not quite right ("Warshaw", "Ankra", "English Chanel"),
read as the province they come close to when the position leaves only one.

A word that is no province's name, alias or abbreviation is compared with
the map's names and aliases of four letters or more.  It comes close to a
name when their edit distance (letters added, dropped, changed, or two
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
    """How many edits a word of this many letters may be from a name."""
    if letters < _SHORTEST:
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
def with_near_names(tokens: list[Token], text: str, index: NameIndex):
    """`tokens` with each word that names nothing replaced by a place naming
    the provinces it comes close to; None when no word comes close to any.
    A word that names nothing after the start of a name is tried together
    with it first ("English Chanel", "Gulf of Lyonn", "North Atlantik")."""
    names = near_names(index)
    out: list[Token] = []
    changed = False
    for tok in tokens:
        if tok.type == "PLACE" and not tok.meaning:
            if _dashed(out, tok, text):  # "Mid-Atlantik": the dash was a move
                joined = text[out[-2].start_pos : tok.end_pos]
                found = names.near(joined)
                if found:
                    out[-2:] = [
                        _near_place(joined, out[-2].start_pos, tok.end_pos, found)
                    ]
                    changed = True
                    continue
            before = out[-1] if out else None
            if (
                before is not None
                and _starts_a_name(before, index)
                and before.end_pos < tok.start_pos
                and not text[before.end_pos : tok.start_pos].strip(" -")
            ):
                joined = text[before.start_pos : tok.end_pos]
                found = names.near(joined)
                if found:
                    out[-1] = _near_place(joined, before.start_pos, tok.end_pos, found)
                    changed = True
                    continue
            found = names.near(str(tok))
            if found:
                out.append(_near_place(str(tok), tok.start_pos, tok.end_pos, found))
                changed = True
                continue
        out.append(tok)
    return out if changed else None


def _dashed(out: list[Token], tok: Token, text: str) -> bool:
    """Is `tok` joined by a bare dash to the place before it ("Mid-Atlantik")?"""
    return (
        len(out) >= 2
        and out[-1].type == "MOVE"
        and text[out[-1].start_pos : out[-1].end_pos] == "-"
        and out[-2].type == "PLACE"
        and out[-2].end_pos == out[-1].start_pos
        and out[-1].end_pos == tok.start_pos
    )


def _starts_a_name(tok: Token, index: NameIndex) -> bool:
    """Is `tok` the start of a name, not a whole one ("English", "Gulf of")?"""
    if tok.type == "NATION":
        return True
    return (
        tok.type == "PLACE"
        and bool(tok.meaning)
        and not getattr(tok, "near", False)
        and words_of(str(tok)) not in index.exact
    )


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
            "comes close, but it is" if len(near) == 1 else "come close, but none is"
        )
        raise NearMissError(
            f"no province called '{place.text}'; {_names(ctx, near)} {close} not "
            f"{misfit}"
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
