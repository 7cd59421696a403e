"""The migration runner: versions recorded per component, each migration in
its own transaction, failures undone whole, newer databases refused."""

import sqlite3

import pytest

from judge.store.db import open_database
from judge.store.migrations import (
    Migration,
    Schema,
    SchemaError,
    applied,
    migrate,
    pending,
)

V1 = Migration("things", "CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT);")
V2 = Migration(
    "things have colours",
    """
    ALTER TABLE things ADD COLUMN colour TEXT;  -- new in 2
    UPDATE things SET colour = 'red';
    """,
)


def tables(db) -> set[str]:
    return {r[0] for r in db.execute("SELECT name FROM sqlite_master")}


@pytest.fixture
def db(tmp_path):
    return open_database(tmp_path / "judge.db")


def test_a_new_database_gets_every_migration_in_order(db):
    assert pending(db, Schema("toys", [V1, V2])) == [
        ("toys", 1, "things"),
        ("toys", 2, "things have colours"),
    ]
    assert migrate(db, Schema("toys", [V1, V2])) == 2
    assert applied(db, "toys") == [(1, "things"), (2, "things have colours")]
    db.execute("INSERT INTO things (name, colour) VALUES ('a', 'b')")
    assert migrate(db, Schema("toys", [V1, V2])) == 0


def test_an_older_database_is_brought_forward_keeping_its_rows(db):
    migrate(db, Schema("toys", [V1]))
    db.execute("INSERT INTO things (name) VALUES ('ball')")
    assert migrate(db, Schema("toys", [V1, V2])) == 1
    assert db.execute("SELECT name, colour FROM things").fetchall() == [("ball", "red")]


def test_components_keep_separate_versions(db):
    other = Schema("other", [Migration("o", "CREATE TABLE o (x);")])
    migrate(db, Schema("toys", [V1]), other)
    assert applied(db, "toys") == [(1, "things")]
    assert applied(db, "other") == [(1, "o")]


def test_a_failing_migration_is_undone_whole(db):
    migrate(db, Schema("toys", [V1]))
    db.execute("INSERT INTO things (name) VALUES ('ball')")
    broken = Migration(
        "half done",
        "ALTER TABLE things ADD COLUMN size INTEGER;\n"
        "UPDATE things SET size = 1;\n"
        "INSERT INTO no_such_table VALUES (1);\n",
    )
    with pytest.raises(SchemaError, match="half done.*undone.*no_such_table"):
        migrate(db, Schema("toys", [V1, broken]))
    columns = [r[1] for r in db.execute("PRAGMA table_info(things)")]
    assert columns == ["id", "name"]  # the ALTER was rolled back with the rest
    assert applied(db, "toys") == [(1, "things")]
    assert not db.conn.in_transaction


def test_a_failing_function_migration_is_undone_whole(db):
    def move(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE moved (x)")
        conn.execute("INSERT INTO moved VALUES (1)")
        raise sqlite3.IntegrityError("constraint failed")

    with pytest.raises(SchemaError, match="unchanged"):
        migrate(db, Schema("toys", [V1, Migration("move", move)]))
    assert "moved" not in tables(db)
    assert applied(db, "toys") == [(1, "things")]  # the first one stays


def test_a_database_newer_than_the_code_is_refused_untouched(db):
    migrate(db, Schema("toys", [V1, V2]))
    before = db.execute("SELECT * FROM schema_migrations").fetchall()
    later = Migration("later", "CREATE TABLE later (x);")
    with pytest.raises(SchemaError, match="newer than this judge.*version 1"):
        # the store's migration is checked too: nothing of it is applied
        migrate(db, Schema("other", [later]), Schema("toys", [V1]))
    assert "later" not in tables(db)
    assert db.execute("SELECT * FROM schema_migrations").fetchall() == before


def test_a_database_from_another_history_is_refused(db):
    migrate(db, Schema("toys", [V1, V2]))
    other = Migration("things have sizes", "ALTER TABLE things ADD size;")
    with pytest.raises(SchemaError, match="different judge"):
        migrate(db, Schema("toys", [V1, other]))


def test_a_migration_outside_a_transaction_is_recorded_after(db):
    def vacuum(conn):
        conn.execute("VACUUM")

    migrate(db, Schema("toys", [V1, Migration("vacuum", vacuum, False)]))
    assert applied(db, "toys")[-1] == (2, "vacuum")


def test_the_log_lists_the_migrations_of_a_file_and_not_of_a_scratch_database(
    db, caplog
):
    # The worker's warm-up migrates a database in memory at every start: its
    # migrations in the log would read as the operator's file upgraded again.
    caplog.set_level("INFO", logger="judge.store")
    migrate(sqlite3.connect(":memory:"), Schema("toys", [V1, V2]))
    assert [r.message for r in caplog.records if r.levelname == "INFO"] == []
    migrate(db, Schema("toys", [V1, V2]))
    assert [r.message for r in caplog.records] == [
        "toys schema migrated to version 1: things",
        "toys schema migrated to version 2: things have colours",
    ]
