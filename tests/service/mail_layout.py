"""A validator for the layout of the judge's results mails and order replies
(docs/contracts/results-format.md), written from the contract, line by line.

`read_results` checks a results body and returns what it says (unit lines
parsed into power, unit, order words and outcome marks) so a test can
compare it with what the adjudicator decided."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.engine.board import Board

DATE = r"[A-Z][a-z]{2} [A-Z][a-z]{2} \d\d \d{4} \d\d:\d\d:\d\d [+-]\d{4}"
SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter"}
TITLES = {"M": "Movement", "R": "Retreat", "A": "Adjustment"}
NEXT = {"M": "Movement", "R": "Retreats", "A": "Adjustments"}
OUTCOMES = {"bounce", "cut", "void", "no convoy", "disrupted", "dislodged",
            "destroyed"}  # fmt: skip
COAST_WORDS = {"NC": "north coast", "SC": "south coast", "EC": "east coast"}


class LayoutError(AssertionError):
    pass


@dataclass
class UnitLine:
    power: str  # the power's name
    unit: str  # 'Army Paris'
    order: str  # what follows the unit: '-> Burgundy', 'HOLD', ...
    outcomes: frozenset[str]


@dataclass
class Results:
    phase: str  # the header's next phase
    lines: list[UnitLine] = field(default_factory=list)
    adjustments: list[tuple[str, str, frozenset[str]]] = field(default_factory=list)
    dislodged: list[str] = field(default_factory=list)
    owners: dict[str, list[str]] = field(default_factory=dict)
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)
    victory: str | None = None
    over: str | None = None


def location_names(board: Board) -> list[str]:
    names = []
    for province in board.provinces.values():
        if province.kind == "impassable":
            continue
        names.append(province.name)
        for coast in province.coasts:
            names.append(f"{province.name} ({COAST_WORDS[coast]})")
    return sorted(names, key=len, reverse=True)


class Layout:
    def __init__(self, board: Board, code: str, game: str, variant="Standard"):
        self.board = board
        self.code, self.game, self.variant = code, game, variant
        self.powers = sorted(p.name for p in board.powers.values())
        power = "|".join(map(re.escape, self.powers))
        adjective = "|".join(re.escape(p.adjective) for p in board.powers.values())
        place = "|".join(map(re.escape, location_names(board)))
        self.place = place
        marks = r"(?:  \(\*(?P<marks>[a-z ,]+)\*\))?"
        self.unit_re = re.compile(
            rf"(?P<power>{power}): (?P<unit>(?:Army|Fleet) (?:{place}))"
            rf"(?P<order>, No Order Processed| HOLD| -> (?:{place})"
            rf"| SUPPORT (?:(?:{adjective}) )?(?:Army|Fleet) (?:{place})"
            rf"(?: -> (?:{place}))?"
            rf"| CONVOY (?:(?:{adjective}) )?Army (?:{place}) -> (?:{place}))"
            rf"\.{marks}"
        )
        self.retreat_re = re.compile(
            rf"(?P<power>{power}): (?P<unit>(?:Army|Fleet) (?:{place}))"
            rf"(?P<order> -> (?:{place})| DISBAND|, No Order Processed \(DISBAND\))"
            rf"\.{marks}"
        )
        self.adjust_re = re.compile(
            rf"(?P<power>{power}): +(?P<order>Builds an army in (?:{place})"
            rf"|Builds a fleet in (?:{place})"
            rf"|Removes the (?:army|fleet) in (?:the )?(?:{place})"
            rf"|Build waived"
            rf"|Defaults, removing the (?:army|fleet) in (?:the )?(?:{place}))"
            rf"\.{marks}"
        )
        self.dislodged_re = re.compile(
            rf"The (?:{adjective}) (?:Army|Fleet) in (?:the )?(?:{place})"
            rf" (?:can retreat to (?:{place})(?: or (?:{place}))*"
            rf"|with no valid retreats was destroyed)\."
        )
        self.count_re = re.compile(
            rf"(?P<power>{power}): +(?P<c>\d+) Supply centers?, +(?P<u>\d+)"
            r" Units?: +(?P<verb>Builds|Removes) +(?P<n>\d+) units?\."
            r"(?P<win> +\(\* VICTORY!! \*\))?"
        )

    # -- pieces ------------------------------------------------------------
    def header(self, lines: list[str]) -> tuple[str, str | None, int]:
        """The identification lines: (phase, deadline text, next line index)."""
        want = f":: Judge: {self.code}  Game: {self.game}  Variant: {self.variant}"
        expect(lines[0] == want, 0, lines, f"identification line, want {want!r}")
        m = re.fullmatch(rf":: Deadline: ([SFW]\d{{4}}[MRA]) ({DATE})?", lines[1])
        expect(m is not None, 1, lines, "deadline line")
        expect(lines[2] == "", 2, lines, "blank line after the header")
        i = 3
        if lines[i].startswith("Deadline in your time zone: "):
            expect(lines[i + 1] == "", i + 1, lines, "blank after the zone line")
            i += 2
        return m[1], m[2], i

    def title(self, line: str, what: str, phase: str, turn: int) -> bool:
        season, year, kind = phase[0], phase[1:5], phase[5]
        return line == (
            f"{TITLES[kind]} {what} for {SEASONS[season]} of {year}."
            f" ({self.game}.{turn:03d})"
        )

    def marks(self, m: re.Match, i: int, lines) -> frozenset[str]:
        if not m["marks"]:
            return frozenset()
        words = m["marks"].split(", ")
        expect(set(words) <= OUTCOMES, i, lines, f"unknown outcome in {words}")
        expect(len(set(words)) == len(words), i, lines, "an outcome twice")
        return frozenset(words)

    # -- a results mail ----------------------------------------------------
    def read_results(self, body: str, phase: str, turn: int) -> Results:
        """Check `body` (the results of `phase`, turn `turn`) line by line."""
        expect(body.endswith("\n") and not body.endswith("\n\n"), -1, [body],
               "the body ends with one newline")  # fmt: skip
        lines = body[:-1].split("\n")
        lines.append("")  # a sentinel: every block ends at a blank line
        next_phase, deadline, i = self.header(lines)
        out = Results(next_phase)
        expect(self.title(lines[i], "results", phase, turn), i, lines, "title")
        expect(lines[i + 1] == "", i + 1, lines, "blank after the title")
        i += 2
        kind = phase[5]
        order_names = []
        while lines[i]:
            if kind == "M":
                m = self.unit_re.fullmatch(lines[i])
            elif kind == "R":
                m = self.retreat_re.fullmatch(lines[i])
            else:
                m = self.adjust_re.fullmatch(lines[i])
            expect(m is not None, i, lines, f"a {TITLES[kind].lower()} result line")
            order_names.append(m["power"])
            if kind == "A":
                out.adjustments.append(
                    (m["power"], m["order"], self.marks(m, i, lines))
                )
            else:
                marks = self.marks(m, i, lines)
                expect(kind == "R" or "destroyed" not in marks, i, lines,
                       "destroyed only in the dislodged block")  # fmt: skip
                out.lines.append(
                    UnitLine(m["power"], m["unit"], m["order"].lstrip(", ").strip(),
                             marks)
                )  # fmt: skip
            i += 1
        expect(order_names == sorted(order_names), i, lines,
               "unit lines grouped by power alphabetically")  # fmt: skip
        i += 1
        if lines[i] == "The following units were dislodged:":
            expect(kind == "M", i, lines, "dislodgements after movement only")
            expect(lines[i + 1] == "", i + 1, lines, "blank after the heading")
            i += 2
            while lines[i]:
                expect(self.dislodged_re.fullmatch(lines[i]) is not None, i, lines,
                       "a dislodged unit line")  # fmt: skip
                out.dislodged.append(lines[i])
                i += 1
            i += 1
        owners = phase[0] == "F" and (kind == "R" or next_phase[5] != "R")
        expect((lines[i] == "Ownership of supply centers:") == owners, i, lines,
               "ownership after Fall movement without retreats, and after Fall"
               " retreats")  # fmt: skip
        if owners:
            i = self.ownership(lines, i + 2, out)
        if lines[i] == "The game is over. Thank you for playing.":
            out.over = lines[i + 1]
            expect(
                re.fullmatch(r"The game has ended in (a victory for \w+"
                             r"|a draw between [\w ,]+ and \w+)\.", out.over)
                is not None, i + 1, lines, "the result sentence",
            )  # fmt: skip
            expect(lines[i + 2 :] == [""], i + 2, lines, "nothing after the result")
            return out
        season, year, type_ = next_phase[0], next_phase[1:5], next_phase[5]
        want = (
            f"The next phase of '{self.game}' will be {NEXT[type_]} for"
            f" {SEASONS[season]} of {year}."
        )
        expect(lines[i] == want, i, lines, f"next phase line, want {want!r}")
        want = f"The deadline for orders will be {deadline}."
        expect(lines[i + 1] == want, i + 1, lines, "the deadline as in the header")
        expect(lines[i + 2 :] == [""], i + 2, lines, "nothing after the deadline")
        return out

    def ownership(self, lines: list[str], i: int, out: Results) -> int:
        expect(lines[i - 1] == "", i - 1, lines, "blank after the heading")
        current = None
        while lines[i]:
            text = lines[i]
            if text.startswith(" "):
                expect(current is not None, i, lines, "a continuation line")
                body = text.strip()
            else:
                power, _, body = text.partition(":")
                expect(power in self.powers, i, lines, "a power's centres")
                current = power
                out.owners[current] = []
                body = body.strip()
            names = [n.strip() for n in body.rstrip(",.").split(",")]
            expect(all(re.fullmatch(self.place, n) for n in names), i, lines,
                   "centre names")  # fmt: skip
            out.owners[current] += names
            expect(len(text) < 80, i, lines, "centre lines wrap before column 80")
            i += 1
        expect(list(out.owners) == sorted(out.owners), i, lines, "powers in order")
        i += 1
        while lines[i]:
            m = self.count_re.fullmatch(lines[i])
            expect(m is not None, i, lines, "a supply centre count line")
            centres, units, n = int(m["c"]), int(m["u"]), int(m["n"])
            expect(n == abs(centres - units), i, lines, "builds = centres - units")
            expect((m["verb"] == "Builds") == (centres >= units), i, lines, "verb")
            expect(centres == len(out.owners.get(m["power"], [])), i, lines,
                   "the count matches the ownership lines")  # fmt: skip
            out.counts[m["power"]] = (centres, units)
            if m["win"]:
                out.victory = m["power"]
            i += 1
        expect(list(out.counts) == sorted(out.counts), i, lines, "powers in order")
        return i + 1

    # -- a reply to orders -------------------------------------------------
    def read_reply(self, body: str, phase: str, turn: int, power: str) -> Reply:
        """The order reply for `power` in a reply body (the first block with
        the identification lines): its unit lines (UnitLine in movement and
        retreats, the line's text in adjustments), the refused (text,
        reason) pairs and the status line."""
        lines = body.split("\n")
        starts = [k for k, line in enumerate(lines) if line.startswith(":: Judge: ")]
        expect(starts, 0, lines, "a reply with orders has the identification lines")
        lines = lines[starts[0] :]
        _, _, i = self.header(lines)
        expect(self.title(lines[i], "orders", phase, turn), i, lines, "orders title")
        expect(lines[i + 1] == "", i + 1, lines, "blank after the title")
        i += 2
        name = self.board.powers[power].name
        regex = {"M": self.unit_re, "R": self.retreat_re}.get(phase[5], self.adjust_re)
        reply = Reply()
        while lines[i]:
            if lines[i] != f"{name}: No orders.":
                m = regex.fullmatch(lines[i])
                expect(m is not None, i, lines, "an order line in the reply")
                expect(m["power"] == name, i, lines, "the power's own orders")
                expect(not m["marks"], i, lines, "no outcome marks in a reply")
                if phase[5] == "A":
                    reply.adjustments.append(m["order"])
                else:
                    order = m["order"].lstrip(", ").strip()
                    reply.units.append(UnitLine(name, m["unit"], order, frozenset()))
            i += 1
        i += 1
        if lines[i] == "Refused orders (your other orders stand):":
            i += 1
            while lines[i].startswith("  "):
                text, _, reason = lines[i][2:].partition(": ")
                reply.refused.append((text, reason))
                i += 1
            expect(lines[i] == "", i, lines, "blank after the refused orders")
            i += 1
        reply.status = lines[i]
        expect(lines[i + 1] == "", i + 1, lines, "blank after the status line")
        expect(
            re.fullmatch(rf"The deadline for orders is {DATE}\.", lines[i + 2]),
            i + 2, lines, "the deadline line",
        )  # fmt: skip
        return reply


@dataclass
class Reply:
    units: list[UnitLine] = field(default_factory=list)
    adjustments: list[str] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)
    status: str = ""


def expect(ok, i: int, lines: list[str], what: str) -> None:
    if ok:
        return
    near = "\n".join(
        f"{'>>' if k == i else '  '} {k:3d} {lines[k]}"
        for k in range(max(i - 3, 0), min(i + 4, len(lines)))
    )
    raise LayoutError(f"results layout: {what} (line {i}):\n{near}")
