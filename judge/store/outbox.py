"""Mail out: queued in the handler's transaction, drained by the sender."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlite_utils

from judge.store.db import iso, transaction


@dataclass(frozen=True)
class OutboxRow:
    id: int
    message_id: str
    recipients: tuple[str, ...]
    raw: bytes
    attempts: int


def queue_message(
    db: sqlite_utils.Database,
    *,
    message_id: str,
    recipients: tuple[str, ...],
    raw: bytes,
    now: datetime,
    in_reply_to: str | None = None,
    intake_id: int | None = None,
) -> int:
    """Queue one rendered message (inside the caller's transaction)."""
    cursor = db.execute(
        "INSERT INTO outbox (intake_id, message_id, in_reply_to, recipients, raw,"
        " created_at, next_attempt) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            intake_id,
            message_id,
            in_reply_to,
            json.dumps(list(recipients)),
            raw,
            iso(now),
            iso(now),
        ),
    )
    return cursor.lastrowid


def due_messages(
    db: sqlite_utils.Database, now: datetime, limit: int = 100
) -> list[OutboxRow]:
    # Replies to a message first: a player's answer must not wait behind a
    # deadline storm's results mails (which come from no message).  The ids
    # are chosen first: sorting whole rows would carry every queued message's
    # bytes through the sorter.
    ids = [
        row[0]
        for row in db.execute(
            "SELECT id FROM outbox WHERE state = 'queued' AND next_attempt <= ?"
            " ORDER BY intake_id IS NULL, id LIMIT ?",
            (iso(now), limit),
        ).fetchall()
    ]
    rows = []
    for outbox_id in ids:
        r = db.execute(
            "SELECT id, message_id, recipients, raw, attempts FROM outbox WHERE id = ?",
            (outbox_id,),
        ).fetchone()
        rows.append(OutboxRow(r[0], r[1], tuple(json.loads(r[2])), bytes(r[3]), r[4]))
    return rows


def mark_sent(
    db: sqlite_utils.Database, outbox_ids: int | list[int], now: datetime
) -> None:
    ids = [outbox_ids] if isinstance(outbox_ids, int) else outbox_ids
    with transaction(db):
        for outbox_id in ids:
            db.execute(
                "UPDATE outbox SET state = 'sent', sent_at = ?,"
                " attempts = attempts + 1 WHERE id = ?",
                (iso(now), outbox_id),
            )


def mark_retry(
    db: sqlite_utils.Database,
    outbox_id: int,
    now: datetime,
    error: str,
    *,
    initial: float,
    maximum: float,
) -> datetime:
    """Count a failed try; the next one waits twice as long (capped)."""
    with transaction(db):
        attempts = db.execute(
            "SELECT attempts FROM outbox WHERE id = ?", (outbox_id,)
        ).fetchone()[0]
        delay = min(initial * 2**attempts, maximum)
        next_attempt = now + timedelta(seconds=delay)
        db.execute(
            "UPDATE outbox SET attempts = attempts + 1, next_attempt = ?,"
            " last_error = ? WHERE id = ?",
            (iso(next_attempt), error[:2000], outbox_id),
        )
    return next_attempt


def mark_failed(
    db: sqlite_utils.Database, outbox_id: int, now: datetime, error: str
) -> None:
    """A permanent refusal (5xx): retrying would not help."""
    with transaction(db):
        db.execute(
            "UPDATE outbox SET state = 'failed', attempts = attempts + 1,"
            " last_error = ?, sent_at = ? WHERE id = ?",
            (error[:2000], iso(now), outbox_id),
        )


def reply_to(db: sqlite_utils.Database, message_id: str) -> list[bytes]:
    """Raw replies queued for the message with this Message-ID."""
    rows = db.execute(
        "SELECT raw FROM outbox WHERE in_reply_to = ? ORDER BY id", (message_id,)
    ).fetchall()
    return [bytes(r[0]) for r in rows]
