"""Refusing a damaged database at start, before anything writes to it.

A truncated or corrupted file makes the judge stop with a message saying
so (and how to restore a backup), instead of failing on some later read in
the middle of a game, or restarting over and over."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import sqlite_utils

from judge.store.db import open_database
from judge.store.migrations import SchemaError


class DamagedDatabase(SchemaError):
    """The database file is not a sound SQLite database."""


def _refusal(path: Path, detail: str) -> DamagedDatabase:
    return DamagedDatabase(
        f"the database {path} is damaged ({detail}); the judge will not use"
        " it. Move it aside and restore the latest backup (docs/operations.md)"
    )


def open_checked(path: str | Path) -> sqlite_utils.Database:
    """Open the database and check it whole (PRAGMA quick_check)."""
    path = Path(path)
    try:
        db = open_database(path)
    except sqlite3.OperationalError as exc:  # not the file's content: access
        raise SchemaError(
            f"cannot open the database {path}: {exc}; check that the judge's"
            " user may read and write it and its folder"
        ) from exc
    except sqlite3.DatabaseError as exc:
        raise _refusal(path, str(exc)) from exc
    try:
        check_integrity(db, path)
    except BaseException:
        db.close()
        raise
    return db


def check_integrity(db: sqlite_utils.Database, path: str | Path) -> None:
    try:
        rows = db.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as exc:
        raise _refusal(Path(path), str(exc)) from exc
    problems = [row[0] for row in rows if row[0] != "ok"]
    if problems:
        shown = "; ".join(problems[:3])
        more = f" and {len(problems) - 3} more" if len(problems) > 3 else ""
        raise _refusal(Path(path), shown + more)
