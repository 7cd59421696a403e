"""The per-sender rate limit: so many messages per window, then one notice,
then silence until the window has passed."""

from __future__ import annotations

from datetime import datetime, timedelta

import sqlite_utils

from judge.store.db import from_iso, iso

OK, NOTICE, SILENT = "ok", "notice", "silent"


def check_rate(
    db: sqlite_utils.Database,
    sender: str,
    now: datetime,
    *,
    limit: int,
    window_seconds: int,
) -> str:
    """Count one message from `sender` (inside the caller's transaction)."""
    key = sender.lower()
    row = db.execute(
        "SELECT window_start, count, noticed FROM sender_rate WHERE sender = ?",
        (key,),
    ).fetchone()
    if row is None or from_iso(row[0]) + timedelta(seconds=window_seconds) <= now:
        db.execute(
            "INSERT OR REPLACE INTO sender_rate (sender, window_start, count, noticed)"
            " VALUES (?, ?, 1, 0)",
            (key, iso(now)),
        )
        return OK
    count, noticed = row[1] + 1, row[2]
    verdict = OK if count <= limit else (SILENT if noticed else NOTICE)
    db.execute(
        "UPDATE sender_rate SET count = ?, noticed = ? WHERE sender = ?",
        (count, int(noticed or verdict == NOTICE), key),
    )
    return verdict
