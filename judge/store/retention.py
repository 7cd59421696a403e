"""Keeping the database small: the whole text of mail is kept only for a
while, then dropped; the freed space goes back to the file system.

A sent (or finally failed) mail keeps its text for `keep_sent_days` after
its delivery, a handled incoming mail for `keep_intake_days` after it was
handled.  Then the text is emptied and `pruned_at` set; the row stays, for
`judge status`, deduplication of incoming mail and the message ids of
replies.  Mail still to be sent or handled is never touched.

Work is done in small batches, each its own short transaction, with a pause
between them, so the listeners and the worker are never kept waiting."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlite_utils

from judge.store.db import iso, transaction

# Per transaction: at most BATCH rows holding at most BATCH_BYTES of text
# (freeing a text reads its whole chain of pages; a results mail with its
# picture is ~270 KB): some tens of milliseconds of the write lock.
BATCH = 50
BATCH_BYTES = 1_000_000
VACUUM_STEP = 256  # pages given back per transaction (1 MB of 4 KiB pages)
PAUSE = 0.01  # seconds between transactions: the other writers' turn

# (table, time column, states that are finished with)
_TABLES = (
    ("outbox", "sent_at", "('sent', 'failed')"),
    ("intake", "handled_at", "('done', 'dropped', 'failed')"),
)


@dataclass
class Pruned:
    outbox: int = 0
    intake: int = 0
    senders: int = 0
    pages_freed: int = 0


def prune(
    db: sqlite_utils.Database,
    now: datetime,
    *,
    keep_sent_days: float,
    keep_intake_days: float,
    rate_window_seconds: float | None = None,
    should_stop: Callable[[], bool] = lambda: False,
    pause: float = PAUSE,
) -> Pruned:
    """Drop the texts past their keeping time, forget the rate-limit
    counts of senders whose window has ended (given the window), then give
    back free pages."""
    done = Pruned()
    keep = {"outbox": keep_sent_days, "intake": keep_intake_days}
    for table, column, states in _TABLES:
        cutoff = iso(now - timedelta(days=keep[table]))
        while not should_stop():
            with transaction(db):
                rows = db.execute(
                    f"SELECT id, length(raw) FROM {table} WHERE pruned_at IS NULL"
                    f" AND state IN {states} AND {column} < ?"
                    " ORDER BY id LIMIT ?",
                    (cutoff, BATCH),
                ).fetchall()
                ids = _within(rows, BATCH_BYTES)
                if not ids:
                    break
                _slim(db, table, ids, iso(now))
            setattr(done, table, getattr(done, table) + len(ids))
            if len(rows) < BATCH and len(ids) == len(rows):
                break
            time.sleep(pause)
    if rate_window_seconds is not None:
        done.senders = _forget_senders(
            db, iso(now - timedelta(seconds=rate_window_seconds)), should_stop, pause
        )
    done.pages_freed = reclaim(db, should_stop=should_stop, pause=pause)
    return done


def _forget_senders(db, cutoff: str, should_stop, pause: float) -> int:
    """Rate-limit rows whose window has ended count for nothing (check_rate
    starts a new window); without this, every address that ever wrote
    (spammers' too) would keep a row."""
    forgotten = 0
    while not should_stop():
        with transaction(db):
            gone = db.execute(
                "DELETE FROM sender_rate WHERE rowid IN (SELECT rowid FROM"
                " sender_rate WHERE window_start <= ? LIMIT ?)",
                (cutoff, BATCH * 10),
            ).rowcount
        forgotten += gone
        if gone < BATCH * 10:
            break
        time.sleep(pause)
    return forgotten


def _slim(db: sqlite_utils.Database, table: str, ids: list[int], now: str) -> None:
    """Empty the rows' texts by deleting and inserting them again, slim.
    (An UPDATE would leave each row alone on the leaf page its text's
    first part filled: a page per mail.  A DELETE lets SQLite merge the
    emptied pages, and the slim rows then share pages.)"""
    marks = ",".join("?" * len(ids))
    rows = db.execute(f"SELECT * FROM {table} WHERE id IN ({marks})", ids)
    columns = [d[0] for d in rows.description]
    emptied = {"raw": b"", "pruned_at": now, "body_id": None}
    full = rows.fetchall()
    slim = [
        tuple(
            emptied.get(name, value) for name, value in zip(columns, row, strict=True)
        )
        for row in full
    ]
    # shared bodies (the outbox's): dropped with the last row that used them
    bodies = (
        {row[columns.index("body_id")] for row in full} - {None}
        if "body_id" in columns
        else set()
    )
    # The outbox's rows name their intake row: checked at COMMIT, when the
    # intake rows are back.
    db.execute("PRAGMA defer_foreign_keys = ON")
    db.execute(f"DELETE FROM {table} WHERE id IN ({marks})", ids)
    db.conn.executemany(
        f"INSERT INTO {table} ({', '.join(columns)})"
        f" VALUES ({', '.join('?' * len(columns))})",
        slim,
    )
    for body_id in sorted(bodies):
        db.execute(
            "DELETE FROM outbox_body WHERE id = ?"
            " AND NOT EXISTS (SELECT 1 FROM outbox WHERE body_id = ?)",
            (body_id, body_id),
        )


def _within(rows: list[tuple[int, int]], budget: int) -> list[int]:
    """The first rows' ids whose texts add up to at most `budget` bytes
    (always at least one)."""
    ids, total = [], 0
    for row_id, size in rows:
        if ids and total + size > budget:
            break
        ids.append(row_id)
        total += size
    return ids


def reclaim(
    db: sqlite_utils.Database,
    should_stop: Callable[[], bool] = lambda: False,
    pause: float = PAUSE,
) -> int:
    """Give free pages back to the file system, a step at a time (needs
    auto_vacuum = INCREMENTAL, set by the store's migrations)."""
    freed = 0
    while not should_stop():
        free = db.execute("PRAGMA freelist_count").fetchone()[0]
        if not free:
            break
        # A statement of its own (autocommit), under the writers' lock: the
        # pragma frees one page per step, and only executescript steps it to
        # the end (execute stops after the first page).
        with getattr(db, "write_lock", None) or nullcontext():
            db.conn.executescript(f"PRAGMA incremental_vacuum({VACUUM_STEP})")
        after = db.execute("PRAGMA freelist_count").fetchone()[0]
        if after >= free:  # auto_vacuum is off: nothing can be given back
            break
        freed += free - after
        time.sleep(pause)
    return freed
