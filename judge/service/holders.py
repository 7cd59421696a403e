"""Who held each power, and since when: the players of record.

A row is written when the powers are drawn (lifecycle) and whenever a
newcomer takes a power over (commands/joining.py), so SUMMARY and WHOGAME
can name every player a power had, the first and the replacements alike."""

from __future__ import annotations

from dataclasses import dataclass

from judge.service import queries


@dataclass(frozen=True)
class Holder:
    power: str
    address: str
    since: str | None  # the first phase held; None: from the start


def history(db, game: str) -> dict[str, list[Holder]]:
    """Power -> its holders, the first first (rows written by
    queries.record_holder: at the draw, and at each takeover)."""
    out: dict[str, list[Holder]] = {}
    for power, address, phase in queries.holders(db, game):
        since = phase if power in out else None
        out.setdefault(power, []).append(Holder(power, address, since))
    return out


def holder_lines(db, game, board, anonymous: bool) -> list[str]:
    """'  England: a@x from the start, b@y from F1902M' for each power that
    changed hands (addresses hidden in anonymous games until their end)."""
    lines = []
    for power, holders in sorted(history(db, game.name).items()):
        if len(holders) < 2 or power not in board.powers:
            continue
        parts = []
        for i, holder in enumerate(holders):
            who = f"player {i + 1}" if anonymous else holder.address
            when = f"from {holder.since}" if holder.since else "from the start"
            parts.append(f"{who} {when}")
        lines.append(f"  {board.powers[power].name}: " + ", then ".join(parts))
    return lines
