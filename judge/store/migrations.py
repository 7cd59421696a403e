"""Schema versions: each component's tables grow by numbered migrations.

A component (the mail store, the game service, ...) owns an ordered list of
`Migration`s; migration N takes its tables from version N-1 to N.  The
versions applied are recorded per component in `schema_migrations`, so the
components stay independent: the mail store knows nothing of games.

Every start runs `migrate(db, *schemas)`: it first checks every component
(a database newer than this code, or one whose history differs from the
code's, is refused before anything is changed), then applies what is
pending, each migration in its own transaction together with the row that
records it.  A failing migration is rolled back whole and raises
`SchemaError`; the judge refuses to start and the data stays as it was.

Adding a migration is one entry at the end of the component's list::

    Migration("members' e-mail verified", "ALTER TABLE svc_members ADD ...")

(SQL text, any number of statements) or `Migration(name, function)` taking
the `sqlite3.Connection` for what SQL alone cannot say.  Never change or
reorder a migration once released: databases out there have run it.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import sqlite_utils

log = logging.getLogger("judge.store")


class SchemaError(RuntimeError):
    """The database cannot be used by this code; the message says why and
    what to do."""


@dataclass(frozen=True)
class Migration:
    name: str
    apply: str | Callable[[sqlite3.Connection], None]
    # False only for what SQLite cannot do in a transaction (VACUUM); such a
    # migration must be safe to run again if the process dies half-way.
    transactional: bool = True


@dataclass(frozen=True)
class Schema:
    component: str
    migrations: Sequence[Migration]

    @property
    def latest(self) -> int:
        return len(self.migrations)


VERSIONS_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    component TEXT NOT NULL,
    version INTEGER NOT NULL,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL,
    PRIMARY KEY (component, version)
);
"""


def applied(db: sqlite_utils.Database | sqlite3.Connection, component: str):
    """[(version, name)] recorded for `component`, in order."""
    conn = _conn(db)
    exists = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table'"
        " AND name = 'schema_migrations'"
    ).fetchone()
    if not exists:
        return []
    return conn.execute(
        "SELECT version, name FROM schema_migrations WHERE component = ?"
        " ORDER BY version",
        (component,),
    ).fetchall()


def check(db: sqlite_utils.Database | sqlite3.Connection, *schemas: Schema) -> None:
    """Raise SchemaError when a component's recorded history is not a prefix
    of the code's: a newer judge wrote it, or a different line of releases."""
    for schema in schemas:
        done = applied(db, schema.component)
        if len(done) > schema.latest:
            raise SchemaError(
                f"the database's {schema.component} schema is at version"
                f" {len(done)} ({done[-1][1]!r}), newer than this judge knows"
                f" (version {schema.latest}): run the newer judge that wrote"
                " it, or restore a backup made for this version"
            )
        for (version, name), migration in zip(done, schema.migrations, strict=False):
            if name != migration.name:
                raise SchemaError(
                    f"the database's {schema.component} schema version {version}"
                    f" is {name!r}, but this judge's is {migration.name!r}: it"
                    " was written by a different judge; restore a backup made"
                    " for this version"
                )


def pending(
    db: sqlite_utils.Database | sqlite3.Connection, *schemas: Schema
) -> list[tuple[str, int, str]]:
    """[(component, version, name)] of the migrations not yet applied."""
    out = []
    for schema in schemas:
        start = len(applied(db, schema.component))
        for version, migration in enumerate(schema.migrations[start:], start + 1):
            out.append((schema.component, version, migration.name))
    return out


def migrate(db: sqlite_utils.Database | sqlite3.Connection, *schemas: Schema) -> int:
    """Check every component, then apply their pending migrations in order;
    return how many were applied."""
    conn = _conn(db)
    saved = conn.isolation_level
    conn.isolation_level = None  # our own BEGIN ... COMMIT
    try:
        _run(conn, "create the versions table", VERSIONS_TABLE)
        check(conn, *schemas)
        count = 0
        # The operator's log lists what changed their file; a scratch
        # database in memory (the worker's warm-up at every start) would
        # list every migration again, as if the file had been upgraded.
        level = logging.INFO if _file_name(conn) else logging.DEBUG
        for schema in schemas:
            start = len(applied(conn, schema.component))
            for version, migration in enumerate(schema.migrations[start:], start + 1):
                _apply(conn, schema.component, version, migration)
                log.log(
                    level,
                    "%s schema migrated to version %d: %s",
                    schema.component,
                    version,
                    migration.name,
                )
                count += 1
        return count
    finally:
        conn.isolation_level = saved


def _apply(
    conn: sqlite3.Connection, component: str, version: int, migration: Migration
) -> None:
    record = (
        "INSERT INTO schema_migrations (component, version, name, applied_at)"
        " VALUES (?, ?, ?, ?)",
        (component, version, migration.name, datetime.now(UTC).isoformat()),
    )
    what = f"{component} schema migration {version} ({migration.name!r})"
    if not migration.transactional:
        try:
            _call(conn, migration)
        except sqlite3.Error as exc:
            raise SchemaError(f"{what} failed: {exc}") from exc
        _run(conn, what, None, record)
        return
    _run(conn, what, migration, record)


def _run(conn, what: str, migration, record=None) -> None:
    """One transaction: the migration (SQL or Migration) and its record."""
    if conn.in_transaction:
        raise SchemaError(f"{what}: a transaction is already open")
    conn.execute("BEGIN IMMEDIATE")
    try:
        if isinstance(migration, str):
            _script(conn, migration)
        elif migration is not None:
            _call(conn, migration)
        if record is not None:
            conn.execute(*record)
    except BaseException as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise SchemaError(
                f"{what} failed and was undone, the database is unchanged: {exc}"
            ) from exc
        raise
    conn.execute("COMMIT")


def _call(conn: sqlite3.Connection, migration: Migration) -> None:
    if isinstance(migration.apply, str):
        _script(conn, migration.apply)
    else:
        migration.apply(conn)


def _script(conn: sqlite3.Connection, sql: str) -> None:
    """Run SQL statements one by one (executescript would COMMIT first)."""
    statement = ""
    for line in sql.splitlines(keepends=True):
        statement += line
        if sqlite3.complete_statement(statement):
            conn.execute(statement)
            statement = ""
    if statement.strip() and not _only_comments(statement):
        raise SchemaError(f"incomplete SQL statement in a migration: {statement!r}")


def _only_comments(text: str) -> bool:
    return all(
        not line.strip() or line.strip().startswith("--") for line in text.splitlines()
    )


def _file_name(conn: sqlite3.Connection) -> str:
    """The main database's file ("" for one in memory)."""
    return conn.execute("PRAGMA database_list").fetchone()[2] or ""


def _conn(db: sqlite_utils.Database | sqlite3.Connection) -> sqlite3.Connection:
    return db.conn if isinstance(db, sqlite_utils.Database) else db
