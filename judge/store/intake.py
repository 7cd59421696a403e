"""Raw mail in: stored before it is acknowledged, deduplicated, in order."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

import sqlite_utils

from judge.store.db import iso, transaction


@dataclass(frozen=True)
class IntakeRow:
    id: int
    raw: bytes
    envelope_from: str | None
    source: str
    size: int
    oversized: bool
    received_at: str
    attempts: int


def dedup_key(message_id: str | None, raw: bytes) -> str:
    if message_id:
        return "mid:" + message_id
    return "sha256:" + hashlib.sha256(raw).hexdigest()


def store_incoming(
    db: sqlite_utils.Database,
    raw: bytes,
    *,
    message_id: str | None,
    envelope_from: str | None,
    source: str,
    now: datetime,
    size: int | None = None,
    oversized: bool = False,
) -> tuple[int, bool]:
    """Store one message; return (intake id, whether it was new).  Durable
    at once on a durable connection; on one that is not, once
    `flush_commits` has run (the SMTP listener does, before its 250).

    A message whose Message-ID (or content, without one) is already stored is
    not stored again: the caller acknowledges it all the same."""
    key = dedup_key(message_id, raw)
    with transaction(db):
        cursor = db.execute(
            "INSERT OR IGNORE INTO intake (dedup_key, message_id, envelope_from,"
            " source, raw, size, oversized, received_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                key,
                message_id,
                envelope_from,
                source,
                raw,
                len(raw) if size is None else size,
                int(oversized),
                iso(now),
            ),
        )
        if cursor.rowcount == 1:
            return cursor.lastrowid, True
        row = db.execute("SELECT id FROM intake WHERE dedup_key = ?", (key,)).fetchone()
        return row[0], False


def next_new(db: sqlite_utils.Database) -> IntakeRow | None:
    """The oldest message not yet handled."""
    row = db.execute(
        "SELECT id, raw, envelope_from, source, size, oversized, received_at,"
        " attempts FROM intake WHERE state = 'new' ORDER BY id LIMIT 1"
    ).fetchone()
    if row is None:
        return None
    return IntakeRow(
        row[0], bytes(row[1]), row[2], row[3], row[4], bool(row[5]), row[6], row[7]
    )


def count_attempt(db: sqlite_utils.Database, intake_id: int) -> None:
    """Count a try before it is made (committed), so that a message that
    crashes the process is given up after a few restarts, not looped on."""
    with transaction(db):
        db.execute(
            "UPDATE intake SET attempts = attempts + 1 WHERE id = ?", (intake_id,)
        )


def finish(
    db: sqlite_utils.Database,
    intake_id: int,
    state: str,
    now: datetime,
    *,
    sender: str | None = None,
    note: str | None = None,
) -> None:
    """Mark a message handled (inside the caller's transaction)."""
    db.execute(
        "UPDATE intake SET state = ?, sender = ?, note = ?, handled_at = ?"
        " WHERE id = ?",
        (state, sender, note, iso(now), intake_id),
    )
