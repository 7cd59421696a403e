"""Reading and writing the service's rows.  Writes go through db.execute
only: they run inside the worker's transaction (see INTERFACES.md)."""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from datetime import UTC, datetime

import sqlite_utils

from judge.engine.adjustments import adjustment_counts
from judge.engine.api import Rules
from judge.engine.board import Board
from judge.engine.hooks import hooks_for
from judge.engine.serialize import position_from_json, position_to_json
from judge.engine.state import Position
from judge.service.deadlines import DeadlineSettings, PhaseTiming
from judge.variants import load_variant


def iso(moment: datetime | None) -> str | None:
    return moment.astimezone(UTC).isoformat() if moment else None


def moment(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


@dataclass
class Game:
    name: str
    variant: str
    status: str
    position: str | None
    turn: int
    phase_start: str | None
    deadline: str | None
    grace_end: str | None
    process_at: str | None
    reminded: int
    late_notified: str | None
    nmr: int
    press: str
    anonymous: int
    timing: str
    result: str | None
    created: str

    @property
    def board(self) -> Board:
        """The game's board: every use in the service goes through here and
        `rules` (load_variant caches both)."""
        return load_variant(self.variant)[0]

    @property
    def rules(self) -> Rules:
        """The variant's rules with the game's options, for `adjudicate`."""
        return load_variant(self.variant)[1]

    def current(self, board: Board) -> Position:
        return position_from_json(board, json.loads(self.position))

    @property
    def variant_label(self) -> str:
        name = self.variant.partition(":")[0]  # options stay out of the header
        label = name[:1].upper() + name[1:]
        modifiers = []
        if self.anonymous:
            modifiers.append("Gunboat")
        if not self.nmr:
            modifiers.append("NoNMR")
        return " ".join([label, *modifiers])

    def deadline_settings(self, tz: str) -> DeadlineSettings:
        """The game's timing: njudge defaults with the master's changes."""
        base = DeadlineSettings(tz=tz)
        changes = json.loads(self.timing or "{}")
        values = {}
        for kind in ("movement", "retreat", "adjust"):
            timing = getattr(base, kind)
            override = changes.get(kind, {})
            values[kind] = PhaseTiming(
                **{
                    f.name: override.get(f.name, getattr(timing, f.name))
                    for f in fields(PhaseTiming)
                }  # fmt: skip
            )
        return DeadlineSettings(tz=tz, **values)


@dataclass
class Member:
    id: int
    game: str
    address: str
    password: str
    role: str
    power: str | None
    state: str
    wait: int
    draw: int
    tz: str | None
    preference: str | None
    map: int
    joined: str


def load_game(db: sqlite_utils.Database, name: str) -> Game | None:
    rows = list(db.query("SELECT * FROM svc_games WHERE name = ?", [name]))
    return Game(**rows[0]) if rows else None


def members(db: sqlite_utils.Database, game: str, role: str | None = None):
    sql = "SELECT * FROM svc_members WHERE game = ?"
    params: list = [game]
    if role:
        sql += " AND role = ?"
        params.append(role)
    return [Member(**row) for row in db.query(sql + " ORDER BY id", params)]


def member_by_id(db: sqlite_utils.Database, member_id: int) -> Member:
    return Member(
        **next(db.query("SELECT * FROM svc_members WHERE id = ?", [member_id]))
    )


def seat_of(db: sqlite_utils.Database, game: str, power: str) -> Member | None:
    rows = list(
        db.query(
            "SELECT * FROM svc_members WHERE game = ? AND power = ? AND role = 'player'"
            " ORDER BY id DESC",
            [game, power],
        )
    )
    return Member(**rows[0]) if rows else None


def update_game(db: sqlite_utils.Database, name: str, **values) -> None:
    names = sorted(values)
    assignments = ", ".join(f"{column} = ?" for column in names)
    db.execute(
        f"UPDATE svc_games SET {assignments} WHERE name = ?",
        [*(values[n] for n in names), name],
    )


def update_member(db: sqlite_utils.Database, member_id: int, **values) -> None:
    names = sorted(values)
    assignments = ", ".join(f"{column} = ?" for column in names)
    db.execute(
        f"UPDATE svc_members SET {assignments} WHERE id = ?",
        [*(values[n] for n in names), member_id],
    )


def save_position(db, name: str, board: Board, position: Position) -> None:
    update_game(db, name, position=json.dumps(position_to_json(board, position)))


def stored_orders(db, game: str) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for power, text in db.execute(
        "SELECT power, text FROM svc_orders WHERE game = ? ORDER BY rowid", [game]
    ).fetchall():
        orders.setdefault(power, []).append(text)
    return orders


def drop_surplus_adjustments(
    db, name: str, power: str, board: Board, position: Position
) -> None:
    """More builds (and waives) than the power may make, or more removals
    than it owes: the later orders replace the earliest (njudge), so a
    second mail can move a build.  Standard adjustment rules only."""
    if position.phase.type != "A" or hooks_for(board) is not None:
        return
    owed = adjustment_counts(board, position).get(power, 0)
    if owed > 0:
        kind = "(text LIKE '% B' OR text = 'WAIVE')"
    elif owed < 0:
        kind = "text LIKE '% D'"
    else:
        return
    rows = db.execute(
        f"SELECT rowid FROM svc_orders WHERE game = ? AND power = ? AND {kind}"
        " ORDER BY rowid",
        [name, power],
    ).fetchall()
    for (rowid,) in rows[: max(len(rows) - abs(owed), 0)]:
        db.execute("DELETE FROM svc_orders WHERE rowid = ?", [rowid])
