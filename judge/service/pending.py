"""Orders sent ahead for a later phase (PHASE blocks, with IF/ELSE/ENDIF):
kept per game, power and phase, and applied when that phase begins.

When a phase begins (judge.service.processing.process), the blocks stored
for it choose their lines by the position then (judge/language/phased.py),
and those lines are read against that position exactly as orders sent by
mail are, so a unit that is no longer there, or a move that no longer
fits, is refused with its reason.  The power's holder gets a "Pending
Orders" mail saying how each IF was decided, what was applied and what
was not (njudge mails the same).  Blocks for a phase the game never
reached (a retreat phase nobody had to order) are dropped."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from judge.engine.api import orders_needed
from judge.engine.state import Phase
from judge.language.phased import read_block
from judge.mail.message import OutgoingMail
from judge.service import game_options, seats
from judge.service.order_block import store_orders, take_proxy_orders
from judge.service.queries import (
    iso,
    load_game,
    seat_of,
    stored_orders,
    update_member,
)
from judge.service.replies import echo
from judge.service.variant_orders import read_orders
from judge.service.variant_orders import route as route_orders

YEARS_AHEAD = 5  # njudge: orders for at most five years ahead


def store_block(db, game: str, power: str, phase: str, lines, now: datetime) -> None:
    db.execute(
        "INSERT INTO svc_pending_orders (game, power, phase, lines, sent)"
        " VALUES (?, ?, ?, ?, ?)",
        [game, power, phase, "\n".join(lines), iso(now)],
    )


def pending_of(db, game: str, powers) -> dict[str, list[str]]:
    """Phase -> the lines stored for it by `powers`, the earliest phase first."""
    marks = ",".join("?" * len(powers))
    rows = db.execute(
        "SELECT phase, lines FROM svc_pending_orders WHERE game = ?"
        f" AND power IN ({marks}) ORDER BY id",
        [game, *powers],
    ).fetchall()
    out: dict[str, list[str]] = {}
    for phase, lines in sorted(rows, key=lambda row: Phase.parse(row[0]).key):
        out.setdefault(phase, []).extend(lines.splitlines())
    return out


def line_count(db, game: str, powers) -> int:
    return sum(len(lines) for lines in pending_of(db, game, powers).values())


def clear(db, game: str, powers) -> int:
    """Delete the powers' pending orders; how many blocks went."""
    marks = ",".join("?" * len(powers))
    cursor = db.execute(
        f"DELETE FROM svc_pending_orders WHERE game = ? AND power IN ({marks})",
        [game, *powers],
    )
    return cursor.rowcount


def drop_game(db, game: str) -> None:
    db.execute("DELETE FROM svc_pending_orders WHERE game = ?", [game])


@dataclass
class _Taken:
    """What storing the orders refused and how it read names (the shape
    judge.service.order_block.store_orders reports into)."""

    db: object
    refused: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    readings: dict[str, list[str]] = field(default_factory=dict)


def apply_pending(db, settings, name: str, notice) -> list[OutgoingMail]:
    """The game's current phase has just begun: apply what was sent ahead
    for it; mail each power's holder what was done (`notice`: the game
    mail's maker, judge.service.processing's, which calls this)."""
    game = load_game(db, name)
    if game is None or game.status != "active" or not game.position:
        drop_game(db, name)
        return []
    board = game.board
    position = game.current(board)
    now_phase = position.phase
    rows = db.execute(
        "SELECT id, power, phase, lines FROM svc_pending_orders WHERE game = ?"
        " ORDER BY id",
        [name],
    ).fetchall()
    due: dict[str, list[str]] = {}
    for row_id, power, phase, lines in rows:
        when = Phase.parse(phase)
        if when > now_phase:
            continue
        db.execute("DELETE FROM svc_pending_orders WHERE id = ?", [row_id])
        if when == now_phase:
            due.setdefault(power, []).append(lines)
    table = seats.game_seats(game, board)
    needed = orders_needed(board, position, game.rules)
    mails = []
    for power, blocks in due.items():
        chosen: list[str] = []
        decided: list[tuple[str, bool]] = []
        for text in blocks:
            block, _ = read_block(board, text.splitlines())
            lines, how = block.select(position)
            chosen += lines
            decided += how
        taken = _Taken(db)
        countries = table.get(seats.seat_name(table, power) or "", [power])
        chosen, wait = _settings(chosen)
        holder = seat_of(db, name, power)
        if wait is not None and holder is not None:  # SET WAIT kept for now
            for row in seats.seat_rows(db, game, board, holder):
                update_member(db, row.id, wait=1 if wait else 0)
        if position.phase.type == "M" and game_options.stored(game)["proxy"]:
            # SET PROXY: hand-overs and orders for another's unit, as by mail
            chosen = take_proxy_orders(taken, game, power, chosen, position)
        if len(countries) > 1:
            shared, refused = route_orders(
                board, position, countries, chosen, needed, game.rules
            )
            taken.refused.setdefault(power, []).extend(refused)
        else:
            text = "\n".join(chosen)  # read by the game's rules (ANY DISBAND...)
            shared = {power: read_orders(board, position, power, text, game.rules)}
        for country, parsed in shared.items():
            store_orders(taken, name, country, parsed, board, position)
        member = seat_of(db, name, power)
        if member is None or member.state == "resigned":
            continue
        text = _report(board, now_phase, decided, chosen, taken, countries,
                       stored_orders(db, name))  # fmt: skip
        subject = f"{now_phase} Pending Orders"
        mails.append(notice(settings, game, member, subject, text))
    return mails


_WAIT = re.compile(r"^\s*set\s+(no\s*)?wait\s*$", re.I)


def _settings(lines: list[str]) -> tuple[list[str], bool | None]:
    """The order lines, and the last SET WAIT (True) / NOWAIT (False) among
    them (None: neither)."""
    orders, wait = [], None
    for line in lines:
        match = _WAIT.match(line)
        if match:
            wait = not match.group(1)
        else:
            orders.append(line)
    return orders, wait


def _report(board, phase, decided, chosen, taken, countries, orders) -> str:
    lines = [
        f"The orders you sent ahead for {phase.season_name} {phase.year}"
        f" {phase.type_name} ({phase}) were read against the position now."
    ]
    if decided:
        lines += ["", "Conditions:"]
        lines += [f"  {echo(line.strip())}: {'true' if value else 'false'}"
                  for line, value in decided]  # fmt: skip
    notes = [n for country in countries for n in taken.readings.get(country, [])]
    if notes:
        lines += ["", "Read as:"]
        lines += [f"  {note}" for note in notes]
    refused = [r for country in countries for r in taken.refused.get(country, [])]
    if refused:
        lines += ["", "Not applied (they no longer fit the position):"]
        lines += [f"  {echo(text.strip())}: {why}" for text, why in refused]
    if not chosen:
        lines += ["", "No order applied to this phase."]
    mine = [text for country in countries for text in orders.get(country, [])]
    lines += ["", "Your orders for this phase now:"]
    lines += [f"  {text}" for text in mine] or ["  (none)"]
    lines += [
        "",
        "You may change them by mail until the deadline, as any orders.",
    ]
    return "\n".join(lines) + "\n"
