"""What the loop detector remembers: each sender's recent mail, the judge's
latest reply to each, and the senders it has stopped answering for a while
(`judge.mail.loops`).  Every function runs in the caller's transaction."""

from __future__ import annotations

from datetime import datetime

import sqlite_utils

from judge.store.db import from_iso, iso


def paused_until(db: sqlite_utils.Database, sender: str) -> datetime | None:
    row = db.execute(
        "SELECT until FROM echo_pause WHERE sender = ?", (sender,)
    ).fetchone()
    return from_iso(row[0]) if row else None


def pause(db: sqlite_utils.Database, sender: str, until: datetime) -> None:
    db.execute(
        "INSERT OR REPLACE INTO echo_pause (sender, until) VALUES (?, ?)",
        (sender, iso(until)),
    )


def forget_before(db: sqlite_utils.Database, sender: str, moment: datetime) -> None:
    db.execute(
        "DELETE FROM echo_watch WHERE sender = ? AND at < ?", (sender, iso(moment))
    )


def remember(
    db: sqlite_utils.Database,
    sender: str,
    now: datetime,
    body_hash: str,
    robotic: bool,
) -> None:
    db.execute(
        "INSERT INTO echo_watch (sender, at, body_hash, robotic) VALUES (?, ?, ?, ?)",
        (sender, iso(now), body_hash, int(robotic)),
    )


def seen_body(db: sqlite_utils.Database, sender: str, body_hash: str) -> bool:
    return (
        db.execute(
            "SELECT 1 FROM echo_watch WHERE sender = ? AND body_hash = ? LIMIT 1",
            (sender, body_hash),
        ).fetchone()
        is not None
    )


def robotic_count(db: sqlite_utils.Database, sender: str) -> int:
    return db.execute(
        "SELECT COUNT(*) FROM echo_watch WHERE sender = ? AND robotic = 1", (sender,)
    ).fetchone()[0]


def note_reply(
    db: sqlite_utils.Database,
    sender: str,
    message_id: str,
    now: datetime,
    subject: str,
    sample: str,
) -> None:
    db.execute(
        "INSERT OR REPLACE INTO echo_reply (sender, message_id, at, subject, sample)"
        " VALUES (?, ?, ?, ?, ?)",
        (sender, message_id, iso(now), subject[:300], sample),
    )


def latest_reply(
    db: sqlite_utils.Database, sender: str
) -> tuple[str, datetime, str, str] | None:
    """(Message-ID, when queued, Subject, sample lines) of the judge's
    latest reply to `sender`."""
    row = db.execute(
        "SELECT message_id, at, subject, sample FROM echo_reply WHERE sender = ?",
        (sender,),
    ).fetchone()
    return (row[0], from_iso(row[1]), row[2], row[3]) if row else None


def judge_sent_any(db: sqlite_utils.Database, message_ids: tuple[str, ...]) -> bool:
    """Whether any of `message_ids` names a mail in the judge's outbox."""
    ids = message_ids[-20:]
    if not ids:
        return False
    marks = ", ".join("?" for _ in ids)
    found = db.execute(
        f"SELECT 1 FROM outbox WHERE message_id IN ({marks}) LIMIT 1", ids
    ).fetchone()
    return found is not None
