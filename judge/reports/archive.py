"""The game's archive as HISTORY mails it, in njudge's layout (lib.c
`archive()`, history.c): every archived mail as

    Date:    Thu Nov  5 23:10:52 2026 (1794006652)
    Subject: PYJ:alpha - S1901M Results

    <its body, without the '::' lines: those are the reply's own header>

oldest first, between a heading and njudge's closing line.  Tools (jDip's
judge import) split the archive at the Date:/Subject: pairs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from judge.reports.dates import archive_date, judge_date


@dataclass(frozen=True)
class Archived:
    sent: datetime
    subject: str
    body: str
    results: bool  # a phase's results or the game-start notice (not a notice)


def defused(line: str) -> str:
    """A body line as archived.  jDip's import (like njudge's own HISTORY)
    starts a new archived mail at any line with "date:" in its first ten
    characters, so a press line such as "Date: tomorrow?" would cut the
    history short or, followed by a Subject: line, forge a phase.  Such a
    line gets a space before that colon; nothing else changes."""
    at = line.lower().find("date:")
    while 0 <= at < 10:
        line = f"{line[: at + 4]} {line[at + 4 :]}"
        at = line.lower().find("date:")
    return line


def entry_text(entry: Archived, tz: str) -> str:
    body = [
        defused(line) for line in entry.body.split("\n") if not line.startswith("::")
    ]
    while body and not body[0].strip():
        body.pop(0)
    text = "\n".join(body).rstrip("\n")
    return (
        f"Date:    {archive_date(entry.sent, tz)}\n"
        f"Subject: {entry.subject}\n\n{text}\n\n"
    )


def archive_text(
    game: str,
    entries: Sequence[Archived],
    tz: str,
    *,
    since: datetime | None = None,
    until: datetime | None = None,
    lines: int | None = None,
    heading: str | None = None,
) -> str:
    """The heading, the entries sent from `since` to `until` (all when None),
    cut after `lines` lines of archive, and the line saying why it ended."""
    if heading is None:
        first = judge_date(since or entries[0].sent, tz) if entries else "the start"
        last = judge_date(until or entries[-1].sent, tz) if entries else "now"
        heading = f"History information for game '{game}' from {first}\nthrough {last}:"
    chosen = [
        e
        for e in entries
        if (since is None or e.sent >= since) and (until is None or e.sent <= until)
    ]
    if not chosen:
        return f"{heading}\n\nNo history for specified period.\n"
    out: list[str] = []
    why = "end of information"
    for entry in chosen:
        out += entry_text(entry, tz).split("\n")[:-1]
        if lines is not None and len(out) >= lines:
            out = out[:lines]
            why = "line limit exceeded"
            break
    if until is not None and why != "line limit exceeded" and chosen[-1] != entries[-1]:
        why = "time range exhausted"
    body = "\n".join(out).rstrip("\n")
    return f"{heading}\n\n{body}\n\n---- History terminated due to {why}.\n"


def excluding_turns(
    entries: Sequence[Archived], start: str, end: str | None, notices: bool
) -> list[Archived]:
    """njudge's EXCLSTART/EXCLEND/BROAD: leave out the entries from the one
    whose subject names phase `start` up to (not including) the one naming
    `end` (to the end when None); notices only with BROAD."""
    kept, skipping = [], False
    for entry in entries:
        if start and f" {start.upper()} " in f"{entry.subject.upper()} ":
            skipping = True
        if skipping and end and f" {end.upper()} " in f"{entry.subject.upper()} ":
            skipping = False
        if skipping or (not notices and not entry.results):
            continue
        kept.append(entry)
    return kept
