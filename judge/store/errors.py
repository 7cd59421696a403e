"""A short record of what went wrong, for `judge status`."""

from __future__ import annotations

from datetime import datetime

import sqlite_utils

from judge.store.db import iso

KEEP_ERRORS = 1000


def record_error(
    db: sqlite_utils.Database,
    part: str,
    message: str,
    now: datetime,
    intake_id: int | None = None,
) -> None:
    """Record an error (inside the caller's transaction), keeping the latest."""
    db.execute(
        "INSERT INTO errors (at, part, intake_id, message) VALUES (?, ?, ?, ?)",
        (iso(now), part, intake_id, message[:2000]),
    )
    db.execute(
        "DELETE FROM errors WHERE id <= (SELECT MAX(id) FROM errors) - ?",
        (KEEP_ERRORS,),
    )


def recent_errors(db: sqlite_utils.Database, limit: int = 10) -> list[dict]:
    return list(
        db.query(
            "SELECT at, part, intake_id, message FROM errors ORDER BY id DESC LIMIT ?",
            (limit,),
        )
    )
