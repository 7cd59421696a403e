"""The options after PRESS or BROADCAST, as njudge reads them (its help file
`press`): a colour (WHITE/UNANONYMOUS, GREY/GRAY/ANONYMOUS), the real
recipients (TO <list>, +<list>, TO ALL BUT <list>, -<list>) and what the
recipients are shown (FAKE [BROADCAST], FAKE [PARTIAL] TO [ALL BUT] <list>,
FAKE +<list>, FAKE -<list>, NO FAKE [BROADCAST]).  Each may be given once.

A list is power letters run together (FRG), as njudge has it, or power
names (France, Germany); M is the master and O the observers.  The
recipients are resolved against a board by the service; reading never
touches the database."""

from __future__ import annotations

from dataclasses import dataclass

WHITE = {"WHITE", "UNANONYMOUS", "UNANONYMOUSLY"}
GREY = {"GREY", "GRAY", "ANONYMOUS", "ANONYMOUSLY"}
KEYWORDS = WHITE | GREY | {"FAKE", "NOFAKE", "NO", "TO", "BROADCAST"}


class PressOptionError(ValueError):
    """Options that do not read: the message says which and why."""


@dataclass(frozen=True)
class PressOptions:
    colour: str | None = None  # "white", "grey"; None: the game's default
    partial: str | None = None  # "to", "allbut"; None: everyone
    recipients: str = ""  # the list as written ("FRG", "France, Germany")
    fake: str | None = None  # "broadcast", "to", "allbut", "none" (NO FAKE)
    fake_list: str = ""


def read_press_options(text: str) -> PressOptions:
    """The options of one PRESS/BROADCAST line (the words after it)."""
    words = text.replace(",", " , ").split()
    colour = partial = fake = None
    recipients = fake_list = ""
    i = 0

    def take_list(start: int) -> tuple[str, int]:
        taken = []
        j = start
        while j < len(words) and words[j].upper() not in KEYWORDS:
            taken.append(words[j])
            j += 1
        listed = " ".join(taken).replace(" , ", ", ").strip(" ,")
        if not listed:
            raise PressOptionError("a list of powers must follow TO, + or -")
        return listed, j

    def once(current, what: str):
        if current is not None:
            raise PressOptionError(f"{what} given twice")

    while i < len(words):
        word = words[i].upper()
        if word == ",":
            i += 1
        elif word in WHITE or word in GREY:
            if colour is not None:
                raise PressOptionError("two colours (WHITE/GREY) given")
            colour = "white" if word in WHITE else "grey"
            i += 1
        elif word == "TO" and _upper(words, i + 1, 2) == ["ALL", "BUT"]:
            once(partial, "the recipients")
            partial = "allbut"
            recipients, i = take_list(i + 3)
        elif word == "TO" and _upper(words, i + 1, 1) == ["ALL"]:
            once(partial, "the recipients")
            i += 2  # PRESS TO ALL: a broadcast
        elif word == "TO":
            once(partial, "the recipients")
            partial = "to"
            recipients, i = take_list(i + 1)
        elif word[0] in "+-":
            once(partial, "the recipients")
            partial = "to" if word[0] == "+" else "allbut"
            if len(word) > 1:
                recipients, i = words[i][1:], i + 1
            else:
                recipients, i = take_list(i + 1)
        elif word == "NOFAKE" or (word == "NO" and _upper(words, i + 1, 1) == ["FAKE"]):
            once(fake, "FAKE")
            fake = "none"
            i += 1 if word == "NOFAKE" else 2
            if _upper(words, i, 1) == ["BROADCAST"]:
                i += 1
        elif word == "FAKE":
            once(fake, "FAKE")
            fake, fake_list, i = _fake(words, i + 1, take_list)
        elif word == "BROADCAST" and fake is None:
            raise PressOptionError("BROADCAST among the options follows FAKE")
        else:
            raise PressOptionError(f"'{words[i][:20]}' is not a press option")
    return PressOptions(colour, partial, recipients, fake, fake_list)


def _upper(words: list[str], start: int, count: int) -> list[str]:
    return [w.upper() for w in words[start : start + count]]


def _fake(words, i: int, take_list):
    """After FAKE: [PARTIAL] TO [ALL BUT] list, +list, -list, BROADCAST, or
    nothing (a fake broadcast)."""
    if _upper(words, i, 1) == ["PARTIAL"]:
        i += 1
    if i >= len(words) or words[i].upper() in KEYWORDS - {"TO"}:
        if _upper(words, i, 1) == ["BROADCAST"]:
            i += 1
        return "broadcast", "", i
    word = words[i].upper()
    if word == "TO" and _upper(words, i + 1, 2) == ["ALL", "BUT"]:
        listed, i = take_list(i + 3)
        return "allbut", listed, i
    if word == "TO":
        listed, i = take_list(i + 1)
        return "to", listed, i
    if word[0] in "+-":
        kind = "to" if word[0] == "+" else "allbut"
        if len(word) > 1:
            return kind, words[i][1:], i + 1
        listed, i = take_list(i + 1)
        return kind, listed, i
    raise PressOptionError(f"'{words[i][:20]}' does not follow FAKE")
