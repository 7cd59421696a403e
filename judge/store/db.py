"""Opening the database and running explicit transactions.

The connection is in autocommit mode (`isolation_level=None`) so that the only
transactions are the ones `transaction()` opens with BEGIN IMMEDIATE: a state
change and the mail it causes commit together or not at all.  sqlite-utils
write helpers (insert, upsert, update, `with conn:`) commit on their own, so
code running inside `transaction()` writes with `db.execute(sql, params)`.
"""

from __future__ import annotations

import collections
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote

import sqlite_utils

log = logging.getLogger("judge.store")

BUSY_TIMEOUT_MS = 30_000

# One lock per database file for the writers of this process (SMTP intake,
# worker, sender).  Without it they meet in SQLite's busy handler, which
# sleeps in steps of milliseconds; a lock hands over at once.


class FairLock:
    """A reentrant lock handed to waiting threads in the order they asked.

    threading.RLock lets the thread that releases it take it straight back,
    so in a deadline storm the worker, committing one game after another,
    would keep the SMTP intake and the sender waiting for the whole storm."""

    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._owner: int | None = None
        self._depth = 0
        self._queue: collections.deque[int] = collections.deque()

    def acquire(self) -> bool:
        me = threading.get_ident()
        with self._cond:
            if self._owner == me:
                self._depth += 1
                return True
            self._queue.append(me)
            while self._owner is not None or self._queue[0] != me:
                self._cond.wait()
            self._queue.popleft()
            self._owner, self._depth = me, 1
            return True

    def release(self) -> None:
        with self._cond:
            if self._owner != threading.get_ident():
                raise RuntimeError("release of a lock not held")
            self._depth -= 1
            if self._depth == 0:
                self._owner = None
                self._cond.notify_all()

    def __enter__(self) -> FairLock:
        self.acquire()
        return self

    def __exit__(self, *exc) -> None:
        self.release()


_write_locks: dict[Path, FairLock] = {}
_write_locks_guard = threading.Lock()


def _write_lock(path: Path) -> FairLock:
    with _write_locks_guard:
        return _write_locks.setdefault(path.resolve(), FairLock())


def open_read_only(path: str | Path) -> sqlite_utils.Database:
    """A connection that can only read (SQLite's `mode=ro`): the web pages
    and `judge export` use it, so they never take the write lock."""
    uri = "file:" + quote(str(Path(path).resolve())) + "?mode=ro"
    conn = sqlite3.connect(
        uri, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000,
        check_same_thread=False,
    )  # fmt: skip
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA query_only = ON")
    return sqlite_utils.Database(conn)


def open_database(path: str | Path, *, durable: bool = True) -> sqlite_utils.Database:
    """Open (creating if needed) the SQLite file at `path` in WAL mode.

    `durable=False`: this connection's commits do not wait for the disk
    (synchronous NORMAL: written to the log, so a crash of the process keeps
    them, but a power cut may not).  For writers whose commits are made
    durable by `flush_commits` before anything they cause leaves the
    process: the SMTP intake before its 250, the sender before it hands mail
    to the relay (which covers the worker's commits too)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    wal = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0] == "wal"
    # FULL: a commit survives a power cut, not only a crash of the process.
    # Costs an fsync per commit (milliseconds on a virtual disk), while the
    # write lock is held.  NORMAL only where flush_commits can stand in for
    # it, which needs the write-ahead log.
    durable = durable or not wal
    conn.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")
    conn.execute("PRAGMA foreign_keys = ON")
    db = sqlite_utils.Database(conn)
    db.write_lock = _write_lock(path)
    db.durable = durable
    return db


def flush_commits(path: str | Path) -> None:
    """Make every commit so far to the database at `path` durable, whichever
    connection made it: an fsync of the write-ahead log, the very step a
    FULL commit ends with, here taken outside the write lock, so the other
    writers go on while the disk works, and one fsync covers many commits.
    A commit no longer in the log is in the database file, which SQLite
    syncs when it checkpoints (in NORMAL and FULL alike)."""
    try:
        fd = os.open(f"{path}-wal", os.O_RDONLY)
    except FileNotFoundError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@contextmanager
def transaction(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK when the block raises."""
    lock = getattr(db, "write_lock", None)
    if lock is None:  # a database not opened by open_database
        with _transaction(db):
            yield db
        return
    with lock:
        start, cpu = time.perf_counter(), time.thread_time()
        try:
            with _transaction(db):
                yield db
        finally:
            _note_hold(time.perf_counter() - start, time.thread_time() - cpu)


# The longest time one write transaction of this process held the database,
# and the most CPU time one spent (its own work: on a machine short of cores
# the wall time also counts the time it waited for one), for the log at
# shutdown and the benchmarks; a long one is logged.
SLOW_TRANSACTION = 0.1  # seconds
longest_transaction = [0.0]
longest_transaction_cpu = [0.0]


def _note_hold(seconds: float, cpu: float) -> None:
    longest_transaction[0] = max(longest_transaction[0], seconds)
    longest_transaction_cpu[0] = max(longest_transaction_cpu[0], cpu)
    if seconds > SLOW_TRANSACTION:
        log.warning(
            "a write transaction held the database %.0f ms, %.0f ms of it"
            " computing (%s)",
            seconds * 1000,
            cpu * 1000,
            threading.current_thread().name,
        )


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
