"""Turning one written order into the tokens the grammar reads.

Place names may run over several words ("Gulf of Lyon", "St. P", "North
Atlantic Ocean") and may contain dashes ("Mid-Atlantic"), while a dash is also
the move operator.  A regular lexer cannot know where a name ends, so this
one looks names up in the board's name index, longest first, and hands the
grammar whole PLACE tokens.  With `join_dashes` off, a dash always separates
("Nth-Atl" read as North Sea to Atlantic when "Nth Atl" names nothing).

Every token keeps the words it was read from (`value`, for messages) and what
they mean (`meaning`: a province tuple, a coast id, a power id, "A"/"F").
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token

from judge.language.names import Match, NameIndex, fold

_RAW = re.compile(
    r"(?P<space>\s+)"
    r"|(?P<word>[^\W_]+)"
    r"|(?P<arrow>-+>|=+>|[→⇒⟶⟹➔➜]|>)"
    r"|(?P<dash>[-–—‐−]+)"
    r"|(?P<slash>/)"
    r"|(?P<open>[(\[{])"
    r"|(?P<close>[)\]}])"
    r"|(?P<dot>[.:'`\"!?*_‘’“”])"
    r"|(?P<other>.)",
    re.S,
)


class Word(Token):
    """A token with its meaning attached (lark tokens are plain strings)."""

    meaning: Any


def _word(kind: str, text: str, start: int, end: int, meaning: Any = None) -> Word:
    tok = Word(kind, text, start_pos=start, end_pos=end)
    tok.meaning = meaning
    return tok


KEYWORDS = {
    "a": ("UNITTYPE", "A"),
    "army": ("UNITTYPE", "A"),
    "f": ("UNITTYPE", "F"),
    "fleet": ("UNITTYPE", "F"),
    "h": ("HOLD", None),
    "hold": ("HOLD", None),
    "holds": ("HOLD", None),
    "hld": ("HOLD", None),
    "stand": ("HOLD", None),
    "stands": ("HOLD", None),
    "stay": ("HOLD", None),
    "stays": ("HOLD", None),
    "holding": ("HOLD", None),
    "standing": ("HOLD", None),
    "to": ("MOVE", None),
    "m": ("MOVE", None),
    "mv": ("MOVE", None),
    "move": ("MOVE", None),
    "moves": ("MOVE", None),
    "into": ("MOVE", None),
    "moving": ("MOVE", None),
    "going": ("MOVE", None),
    "goes": ("MOVE", None),
    "attack": ("MOVE", None),
    "attacks": ("MOVE", None),
    "attacking": ("MOVE", None),
    "invade": ("MOVE", None),
    "invades": ("MOVE", None),
    "invading": ("MOVE", None),
    "advance": ("MOVE", None),
    "advances": ("MOVE", None),
    "advancing": ("MOVE", None),
    "march": ("MOVE", None),
    "marches": ("MOVE", None),
    "marching": ("MOVE", None),
    "sail": ("MOVE", None),
    "sails": ("MOVE", None),
    "sailing": ("MOVE", None),
    "s": ("SUPPORT", None),
    "sup": ("SUPPORT", None),
    "supp": ("SUPPORT", None),
    "support": ("SUPPORT", None),
    "supports": ("SUPPORT", None),
    "supporting": ("SUPPORT", None),
    "c": ("CONVOY", None),
    "conv": ("CONVOY", None),
    "cvy": ("CONVOY", None),
    "convoy": ("CONVOY", None),
    "convoys": ("CONVOY", None),
    "convoying": ("CONVOY", None),
    "transport": ("CONVOY", None),
    "transports": ("CONVOY", None),
    "via": ("VIA", None),
    "by": ("VIA", None),
    "convoyed": ("VIA", None),
    "r": ("RETREAT", None),
    "retreat": ("RETREAT", None),
    "retreats": ("RETREAT", None),
    "d": ("DISBAND", None),
    "disband": ("DISBAND", None),
    "disbands": ("DISBAND", None),
    "remove": ("DISBAND", None),
    "removes": ("DISBAND", None),
    "destroy": ("DISBAND", None),
    "b": ("BUILD", None),
    "build": ("BUILD", None),
    "builds": ("BUILD", None),
    "from": ("FROM", None),
    "waive": ("WAIVE", None),
    "waives": ("WAIVE", None),
    "waived": ("WAIVE", None),
    "maintain": ("MAINTAIN", None),  # SET ANY DISBAND: keep the unit
    "maintains": ("MAINTAIN", None),
    # "Order A Mun to Bur": a word that only says an order follows
    "order": ("ORDER", None),
    "orders": ("ORDER", None),
}
# Words that only join others: "the army in Paris", "build at Kiel", "the
# army in Paris will move to Burgundy, please".
FILLERS = frozenset({"the", "in", "at", "of", "an", "unit", "will", "shall", "please"})
# Words that may follow a keyword as part of it: "moves to", "retreats to".
_TRAILING = {
    "MOVE": {"to", "into", "on"},  # "marches on Bur"
    "RETREAT": {"to", "into"},
    "VIA": {"convoy"},
}

COASTS = {
    "nc": "NC",
    "sc": "SC",
    "ec": "EC",
    "wc": "WC",
    "n": "NC",
    "s": "SC",
    "e": "EC",
    "w": "WC",
    "north": "NC",
    "south": "SC",
    "east": "EC",
    "west": "WC",
    "northern": "NC",
    "southern": "SC",
    "eastern": "EC",
    "western": "WC",
}
_COAST_ONLY = frozenset({"nc", "sc", "ec", "wc"})  # coasts wherever they stand


def _has_south_coast(index: NameIndex, provinces) -> bool:
    return any("SC" in index.board.provinces[p].coasts for p in provinces or ())


def tokenize(text: str, index: NameIndex, join_dashes: bool = True) -> list[Word]:
    raw = [
        (m.lastgroup, m.group(), m.start(), m.end())
        for m in _RAW.finditer(text)
        if m.lastgroup not in ("space", "dot")
    ]
    words = [
        (r[1].lower() if r[1].isascii() else fold(r[1])) if r[0] == "word" else ""
        for r in raw
    ]
    out: list[Word] = []
    i, n = 0, len(raw)

    def is_word(j: int, *choices: str) -> bool:
        return j < n and raw[j][0] == "word" and (not choices or words[j] in choices)

    while i < n:
        kind, text_i, start, end = raw[i]
        prev = out[-1].type if out else None
        if kind == "word":
            w = words[i]
            # coasts: "nc", "north coast", "n c" (after a place)
            if w in _COAST_ONLY:
                out.append(_word("COAST", text_i, start, end, COASTS[w]))
                i += 1
                continue
            if (
                w in ("n", "e", "w")
                and prev == "PLACE"
                and (not is_word(i + 1) or is_word(i + 1, "a", "f", "army", "fleet"))
            ):
                # "F Mid - Spa N": a coast's letter closing a place
                out.append(_word("COAST", text_i, start, end, COASTS[w]))
                i += 1
                continue
            if (
                w == "s"
                and prev == "PLACE"
                and not is_word(i + 1)
                and _has_south_coast(index, out[-1].meaning)
            ):
                # "Build F StP s": closing the order, a coast (a support
                # would name the unit it supports)
                out.append(_word("COAST", text_i, start, end, "SC"))
                i += 1
                continue
            if w in COASTS and is_word(i + 1, "coast", "cst") and prev == "PLACE":
                out.append(_word("COAST", text_i, start, raw[i + 1][3], COASTS[w]))
                i += 2
                continue
            if len(w) == 1 and w in COASTS and is_word(i + 1, "c") and prev == "PLACE":
                out.append(_word("COAST", text_i, start, raw[i + 1][3], COASTS[w]))
                i += 2
                continue
            if w == "a" and is_word(i + 1, "army", "fleet"):  # "a fleet": article
                i += 1
                continue
            if w == "no" and is_word(i + 1, "build", "builds"):  # "no build"
                out.append(_word("WAIVE", text_i, start, end))
                i += 1
                continue
            if w in ("by", "via") and is_word(i + 1, "convoy", "sea"):
                out.append(_word("VIA", text_i, start, raw[i + 1][3]))
                i += 2
                continue
            if w in index.unit_words:  # a variant's own kind of piece
                out.append(_word("UNITTYPE", text_i, start, end, index.unit_words[w]))
                i += 1
                continue
            after = index.unit_word_prefixes.get(w)  # a word before one
            if after is not None and is_word(i + 1, after):
                i += 1
                continue
            keyword = KEYWORDS.get(w)
            if keyword is not None:
                ktype, meaning = keyword
                if ktype == "MOVE" and not out:  # "Move A Mun to Bur"
                    ktype = "ORDER"
                trailing = _TRAILING.get(ktype)
                j = i + 1
                while trailing and is_word(j, *trailing):
                    j += 1
                out.append(_word(ktype, text_i, start, raw[j - 1][3], meaning))
                i = j
                continue
            span = _place_span(raw, words, i, index, join_dashes)
            if span is not None:
                j, match = span
                if j == i + 1 and not match.exact and index.nation(w):
                    out.append(_word("NATION", text_i, start, end, index.nation(w)))
                else:
                    value = text[start : raw[j - 1][3]]
                    out.append(
                        _word("PLACE", value, start, raw[j - 1][3], match.provinces)
                    )
                    out[-1].exact = match.exact
                i = j
                continue
            nation = index.nation(w)
            if nation is not None:
                out.append(_word("NATION", text_i, start, end, nation))
                i += 1
                continue
            if w in FILLERS:
                i += 1
                continue
            # An unknown word: a place the reader will explain it cannot find.
            if (
                prev == "PLACE"
                and out[-1].meaning == ()
                and out[-1].end_pos == start - 1
            ):
                last = out.pop()
                value = text[last.start_pos : end]
                out.append(_word("PLACE", value, last.start_pos, end, ()))
            else:
                out.append(_word("PLACE", text_i, start, end, ()))
            i += 1
        elif kind == "dash" and prev == "PLACE" and is_word(i + 1, *_COAST_ONLY):
            # "Bul-ec": a coast joined to its place by a dash
            j = i + 2 if is_word(i + 2, "coast", "c") else i + 1
            out.append(_word("COAST", text[start : raw[j][3]], start, raw[j][3]))
            out[-1].meaning = COASTS[words[i + 1]]
            i = j + 1
        elif kind in ("dash", "arrow"):
            if prev == "MOVE":  # "- to", "->" after "moves"
                i += 1
                continue
            out.append(_word("MOVE", text_i, start, end))
            i += 1
            while is_word(i, "to", "into"):
                i += 1
        elif kind == "slash" and is_word(i + 1) and words[i + 1] in COASTS:
            j = i + 2 if is_word(i + 2, "coast", "c") else i + 1
            out.append(_word("COAST", text[start : raw[j][3]], start, raw[j][3], None))
            out[-1].meaning = COASTS[words[i + 1]]
            i = j + 1
        elif (
            kind == "open"
            and is_word(i + 1)
            and words[i + 1] in COASTS
            and (
                (i + 2 < n and raw[i + 2][0] == "close")
                or (
                    is_word(i + 2, "coast", "c")
                    and i + 3 < n
                    and raw[i + 3][0] == "close"
                )
            )
        ):
            j = i + 2 if raw[i + 2][0] == "close" else i + 3
            out.append(_word("COAST", text[start : raw[j][3]], start, raw[j][3]))
            out[-1].meaning = COASTS[words[i + 1]]
            i = j + 1
        elif kind in ("open", "close"):
            i += 1
        else:
            out.append(_word("OTHER", text_i, start, end))
            i += 1
    return out


def _place_span(raw, words, i, index: NameIndex, join_dashes: bool):
    """The longest run of words from `i` that names a place: (end, Match)."""
    positions = [i]  # raw indexes of the words that may form one name
    j = i + 1
    while len(positions) < index.longest and j < len(raw):
        if raw[j][0] == "word":
            if words[j] in KEYWORDS and len(words[j]) == 1:
                break
            positions.append(j)
            j += 1
        elif join_dashes and raw[j][0] == "dash" and j + 1 < len(raw):
            if raw[j + 1][0] != "word":
                break
            j += 1
        else:
            break
    for length in range(len(positions), 0, -1):
        run = tuple(words[p] for p in positions[:length])
        match = index.lookup(run)
        if match is not None:
            written = raw[i][1]
            if length == 1 and written.isupper() and written in index.board.provinces:
                match = Match((written,), True)  # "TYR" in capitals: the id only
            end = positions[length - 1] + 1
            # "Nth Sea", "Mid Ocean": a sea's short name with the kind added
            if (
                end < len(raw)
                and raw[end][0] == "word"
                and words[end] in ("sea", "ocean")
                and index.all_seas(match.provinces)
            ):
                end += 1
            return end, match
    return None
