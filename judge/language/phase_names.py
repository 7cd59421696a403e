"""A phase as players write it to name one: `Fall 1905 Retreat` (njudge's
season year phase, as PROCESS takes it) or a code, `F1905R`.

njudge names the adjustment phase after Fall (`F1905B`, `fall 1905 build`);
this judge's code for it is W1905A, and both spellings read as that."""

from __future__ import annotations

import re

SEASONS = {"spring": "S", "summer": "S", "fall": "F", "autumn": "F", "winter": "W"}
KINDS = {"movement": "M", "move": "M", "moves": "M", "movements": "M",
         "retreat": "R", "retreats": "R", "adjustment": "A", "adjustments": "A",
         "adjust": "A", "build": "A", "builds": "A"}  # fmt: skip
CODE = re.compile(r"([SFWsfw])([0-9]{3,4})([MRABmrab])$")


def read_phase(text: str) -> str | None:
    """The phase code (S1901M, F1905R, W1905A) named by `text`, or None."""
    words = text.strip().lower().replace(",", " ").split()
    if len(words) == 1:
        match = CODE.match(words[0])
        if not match:
            return None
        season, year, kind = match[1].upper(), match[2], match[3].upper()
    elif len(words) == 3 and re.fullmatch(r"[0-9]{3,4}", words[1]):
        season = _prefix(words[0], SEASONS)
        kind = _prefix(words[2], KINDS)
        year = words[1]
        if season is None or kind is None:
            return None
    else:
        return None
    if kind == "B":
        kind = "A"
    if kind == "A":
        season = "W"  # njudge's Fall builds are this judge's Winter
    elif season == "W":
        return None  # winter has only the adjustments
    return f"{season}{int(year)}{kind}"


def _prefix(word: str, table: dict[str, str]) -> str | None:
    """A word or its abbreviation of three letters or more ('ret', 'adj')."""
    if word in table:
        return table[word]
    found = {
        code for name, code in table.items() if len(word) >= 3 and name.startswith(word)
    }
    return found.pop() if len(found) == 1 else None
