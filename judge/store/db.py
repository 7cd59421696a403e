"""Opening the database and running explicit transactions.

The connection is in autocommit mode (`isolation_level=None`) so that the only
transactions are the ones `transaction()` opens with BEGIN IMMEDIATE: a state
change and the mail it causes commit together or not at all.  sqlite-utils
write helpers (insert, upsert, update, `with conn:`) commit on their own, so
code running inside `transaction()` writes with `db.execute(sql, params)`.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import sqlite_utils

log = logging.getLogger("judge.store")

BUSY_TIMEOUT_MS = 30_000

# One lock per database file for the writers of this process (SMTP intake,
# worker, sender).  Without it they meet in SQLite's busy handler, which
# sleeps in steps of milliseconds; a lock hands over at once.
_write_locks: dict[Path, threading.RLock] = {}
_write_locks_guard = threading.Lock()


def _write_lock(path: Path) -> threading.RLock:
    with _write_locks_guard:
        return _write_locks.setdefault(path.resolve(), threading.RLock())


def open_database(path: str | Path) -> sqlite_utils.Database:
    """Open (creating if needed) the SQLite file at `path` in WAL mode."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA journal_mode = WAL")
    # FULL: a message acknowledged with 250 survives a power cut, not only a
    # crash of the process.  Costs a fraction of a millisecond per commit.
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    db = sqlite_utils.Database(conn)
    db.write_lock = _write_lock(path)
    return db


@contextmanager
def transaction(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK when the block raises."""
    lock = getattr(db, "write_lock", None)
    if lock is None:  # a database not opened by open_database
        with _transaction(db):
            yield db
        return
    with lock, _transaction(db):
        yield db


@contextmanager
def _transaction(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        if db.conn.in_transaction:
            db.execute("ROLLBACK")
        raise
    if not db.conn.in_transaction:
        # Something inside committed on its own (an sqlite-utils write
        # helper): its writes are in, but no longer atomic with the rest.
        log.error("a transaction was committed early by code inside it")
        return
    db.execute("COMMIT")


def utc_now() -> datetime:
    return datetime.now(UTC)


STORED_TIME = "%Y-%m-%dT%H:%M:%S.%fZ"


def iso(moment: datetime) -> str:
    """The stored form of a time, the one format of every table (mail and
    games): UTC ISO 8601 of fixed width, so text order is time order."""
    return moment.astimezone(UTC).strftime(STORED_TIME)


def from_iso(text: str) -> datetime:
    """A stored time; also reads the form game tables had before
    (2026-01-05T12:00:00+00:00, no fraction)."""
    moment = datetime.fromisoformat(text)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment
