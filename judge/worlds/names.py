"""Pronounceable names for a generated world, and their three-letter ids.

Each world draws a small "language" (a subset of onsets, vowels and codas) so
its names sound related; a name is two or three syllables.  Names never
contain a word the order language reads as something else (order keywords,
coast words, filler words), and ids are three upper-case letters, unique,
never such a word either.
"""

from __future__ import annotations

import random

from judge.language.lexer import COASTS, FILLERS, KEYWORDS

ONSETS = (
    "b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z",
    "br", "dr", "gr", "kr", "st", "th", "sh", "tr", "pl", "vr", "ch",
)  # fmt: skip
VOWELS = ["a", "e", "i", "o", "u", "a", "e", "o", "ai", "ei", "ou", "ia"]
CODAS = ["", "", "", "n", "r", "l", "s", "m", "nd", "rn", "th", "sk"]
# Country initials (power letters): consonants and vowels a name may start
# with; M and O mean master and observer when signing on.
INITIALS = "bdfgklnprstvzaeiu"
SEA_WORDS = ("Sea", "Sea", "Sea", "Gulf", "Bay", "Sound")

# Words a name must never be or contain: they mean something in an order.
RESERVED = (
    frozenset(KEYWORDS)
    | frozenset(FILLERS)
    | frozenset(COASTS)
    | {
        "coast",
        "cst",
        "sea",
        "nation",
    }
)


class Namer:
    """Names of one world: deterministic for a given `random.Random`."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.onsets = rng.sample(ONSETS, 14)
        self.vowels = rng.sample(VOWELS, 7)
        self.codas = rng.sample(CODAS, 8)
        self.used: set[str] = set()  # lower-case roots already given
        self.prefixes: set[str] = set()  # first four letters of country names

    def _syllable(self, first: bool, start: str | None = None) -> str:
        onset = self.rng.choice(self.onsets)
        if first and start is not None and start in "aeiou":
            return start + self.rng.choice(("n", "r", "l", "s", "th", "nd", "rk"))
        if first and start is not None:
            onset = start
        elif first and self.rng.random() < 0.2:
            onset = ""  # a name may start with a vowel
        return onset + self.rng.choice(self.vowels) + self.rng.choice(self.codas)

    def root(
        self,
        syllables: tuple[int, int] = (2, 3),
        country: bool = False,
        start: str | None = None,
    ) -> str:
        """A fresh single-word name, capitalised (starting with `start`)."""
        while True:
            n = self.rng.randint(*syllables)
            word = "".join(self._syllable(k == 0, start) for k in range(n))
            if not (4 <= len(word) <= 10) or word in RESERVED:
                continue
            if any(
                a == b == c for a, b, c in zip(word, word[1:], word[2:], strict=False)
            ):
                continue  # no triple letters
            if word in self.used or word[:4] in self.prefixes:
                continue
            if country and any(u.startswith(word[:4]) for u in self.used):
                continue  # a country's short form must never be a place's
            self.used.add(word)
            if country:
                self.prefixes.add(word[:4])
            return word.capitalize()

    def place(self, taken: set[str]) -> tuple[str, str]:
        """A province's name and its id (not in `taken`, which it joins)."""
        while True:
            root = self.root()
            found = three_letter_ids([root], taken)[0]
            if found:
                taken.add(found)
                return root, found

    def country(self, letters: set[str]) -> str:
        """A country's name whose initial is a free power letter."""
        free = [c for c in INITIALS if c.upper() not in letters]
        name = self.root((2, 2), country=True, start=self.rng.choice(free))
        letters.add(name[0])
        return name


def adjective(name: str) -> str:
    """'Velmar' -> 'Velmarian', 'Tosa' -> 'Tosan'."""
    if name[-1] in "aeiou":
        return name + "n"
    return name + "ian"


def three_letter_ids(
    roots: list[str], taken: set[str] | None = None
) -> list[str | None]:
    """An id for each root: its first three letters if free, else its first
    letter and two later ones in order.  None when no id is left (the caller
    names that province again)."""
    used = set(taken or ())
    ids: list[str | None] = []
    for root in roots:
        letters = [c for c in root.upper() if c.isalpha()]
        candidates = ["".join(letters[:3])]
        for i in range(1, len(letters)):
            for j in range(i + 1, len(letters)):
                candidates.append(letters[0] + letters[i] + letters[j])
        found = None
        for cand in candidates:
            if len(cand) == 3 and cand not in used and cand.lower() not in RESERVED:
                found = cand
                break
        if found:
            used.add(found)
        ids.append(found)
    return ids
