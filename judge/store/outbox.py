"""Mail out: queued in the handler's transaction, drained by the sender."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlite_utils

from judge.store.db import from_iso, iso, transaction


@dataclass(frozen=True)
class OutboxRow:
    id: int
    message_id: str
    recipients: tuple[str, ...]  # still to deliver (all, until some are done)
    raw: bytes
    attempts: int
    verp_token: str | None = None
    created_at: str | None = None

    def age(self, now: datetime) -> timedelta:
        return now - from_iso(self.created_at) if self.created_at else timedelta(0)


def queue_message(
    db: sqlite_utils.Database,
    *,
    message_id: str,
    recipients: tuple[str, ...],
    raw: bytes,
    now: datetime,
    in_reply_to: str | None = None,
    intake_id: int | None = None,
    body_id: int | None = None,
) -> int:
    """Queue one rendered message (inside the caller's transaction).
    `body_id`: `raw` is the header block alone, and the body the one
    `store_body` kept (shared with other messages)."""
    cursor = db.execute(
        "INSERT INTO outbox (intake_id, message_id, in_reply_to, recipients, raw,"
        " created_at, next_attempt, verp_token, body_id)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            intake_id,
            message_id,
            in_reply_to,
            json.dumps(list(recipients)),
            raw,
            iso(now),
            iso(now),
            # the per-message secret of its VERP envelope sender (48 bits)
            secrets.token_hex(6),
            body_id,
        ),
    )
    return cursor.lastrowid


def store_body(db: sqlite_utils.Database, body: bytes) -> int:
    """Keep a body that several messages of the caller's transaction share."""
    return db.execute("INSERT INTO outbox_body (body) VALUES (?)", (body,)).lastrowid


def whole_message(db: sqlite_utils.Database, raw: bytes, body_id: int | None) -> bytes:
    """The message as sent: its stored bytes, and the shared body if any."""
    raw = bytes(raw)
    if body_id is None:
        return raw
    row = db.execute("SELECT body FROM outbox_body WHERE id = ?", (body_id,)).fetchone()
    return raw + bytes(row[0]) if row else raw  # pruned: the headers remain


def messages_where(
    db: sqlite_utils.Database, condition: str, params=()
) -> list[tuple[int, bytes]]:
    """(id, the whole message) of the outbox rows meeting `condition` (SQL
    over the outbox's columns, with ? parameters), by id."""
    rows = db.execute(
        f"SELECT id, raw, body_id FROM outbox WHERE {condition} ORDER BY id",
        tuple(params),
    ).fetchall()
    return [(r[0], whole_message(db, r[1], r[2])) for r in rows]


def queued_after(
    db: sqlite_utils.Database, last_id: int
) -> list[tuple[int, tuple[str, ...], bytes]]:
    """(id, recipients, the whole message) of what was queued after outbox
    row `last_id`, by id: what a message, or a tick, has just caused."""
    rows = db.execute(
        "SELECT id, recipients, raw, body_id FROM outbox WHERE id > ? ORDER BY id",
        (last_id,),
    ).fetchall()
    return [
        (r[0], tuple(json.loads(r[1])), whole_message(db, r[2], r[3])) for r in rows
    ]


def due_messages(
    db: sqlite_utils.Database, now: datetime, limit: int = 100
) -> list[OutboxRow]:
    """Messages whose (next) attempt is due.  Replies to a message first: a
    player's answer must not wait behind a deadline storm's results mails
    (which answer no message).  Then by the next attempt, so that messages
    retried with backoff never crowd out new ones: each is tried on its own
    schedule.  The ids are chosen first: sorting whole rows would carry every
    queued message's bytes through the sorter."""
    ids = [
        row[0]
        for row in db.execute(
            "SELECT id FROM outbox WHERE state = 'queued' AND next_attempt <= ?"
            " ORDER BY intake_id IS NULL, next_attempt, id LIMIT ?",
            (iso(now), limit),
        ).fetchall()
    ]
    rows = []
    for outbox_id in ids:
        r = db.execute(
            "SELECT id, message_id, COALESCE(remaining, recipients), raw, attempts,"
            " verp_token, created_at, body_id FROM outbox WHERE id = ?",
            (outbox_id,),
        ).fetchone()
        raw = whole_message(db, r[3], r[7])
        rows.append(
            OutboxRow(r[0], r[1], tuple(json.loads(r[2])), raw, r[4], r[5], r[6])
        )
    return rows


def answers_waiting(db: sqlite_utils.Database, now: datetime) -> int:
    """Messages waiting for their answer: stored and not handled yet, or
    answered and the answer due and not sent (judge/mail/in_flow.py)."""
    row = db.execute(
        "SELECT (SELECT COUNT(*) FROM intake WHERE state = 'new'),"
        " (SELECT COUNT(*) FROM outbox WHERE state = 'queued'"
        "  AND intake_id IS NOT NULL AND next_attempt <= ?)",
        (iso(now),),
    ).fetchone()
    return row[0] + row[1]


def find_message(db: sqlite_utils.Database, outbox_id: int) -> dict | None:
    """One message's recipients (all of them), token and Message-ID: what a
    bounce naming it is checked against."""
    row = db.execute(
        "SELECT message_id, recipients, verp_token FROM outbox WHERE id = ?",
        (outbox_id,),
    ).fetchone()
    if row is None:
        return None
    return {
        "id": outbox_id,
        "message_id": row[0],
        "recipients": tuple(json.loads(row[1])),
        "verp_token": row[2],
    }


def find_by_message_id(db: sqlite_utils.Database, message_id: str) -> dict | None:
    row = db.execute(
        "SELECT id FROM outbox WHERE message_id = ?", (message_id,)
    ).fetchone()
    return find_message(db, row[0]) if row else None


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
    remaining: tuple[str, ...] | None = None,
) -> datetime:
    """Count a failed try; the next one waits twice as long (capped).
    `remaining`: the recipients still to deliver, when others were accepted."""
    with transaction(db):
        attempts = db.execute(
            "SELECT attempts FROM outbox WHERE id = ?", (outbox_id,)
        ).fetchone()[0]
        delay = min(initial * 2 ** min(attempts, 40), maximum)
        next_attempt = now + timedelta(seconds=delay)
        db.execute(
            "UPDATE outbox SET attempts = attempts + 1, next_attempt = ?,"
            " last_error = ?, remaining = COALESCE(?, remaining) WHERE id = ?",
            (
                iso(next_attempt),
                error[:2000],
                None if remaining is None else json.dumps(list(remaining)),
                outbox_id,
            ),
        )
    return next_attempt


def mark_failed(
    db: sqlite_utils.Database, outbox_id: int, now: datetime, error: str
) -> None:
    """A permanent refusal (5xx), or retries given up: retrying would not
    help.  Inside the caller's transaction."""
    db.execute(
        "UPDATE outbox SET state = 'failed', attempts = attempts + 1,"
        " last_error = ?, sent_at = ? WHERE id = ?",
        (error[:2000], iso(now), outbox_id),
    )


def reply_to(db: sqlite_utils.Database, message_id: str) -> list[bytes]:
    """Raw replies queued for the message with this Message-ID."""
    return [raw for _, raw in messages_where(db, "in_reply_to = ?", (message_id,))]
