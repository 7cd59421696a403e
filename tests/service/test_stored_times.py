"""One stored form of a time for every table, and databases written with the
game tables' older form read the same instants after an upgrade."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import sqlite_utils
from harness import START, Judge

from judge.config import JudgeSettings
from judge.service.handler import GameService
from judge.service.schema import TIME_COLUMNS
from judge.service.store import moment
from judge.store.db import from_iso, iso

STORED = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$")


def test_game_and_mail_tables_share_one_format(judge):
    for i in range(1, 8):
        judge.send(f"player{i}@example.org", "SIGNON ?alpha pw" if i > 1 else
                   "CREATE ?alpha pw")  # fmt: skip
    game = judge.game()
    assert game["status"] == "active"
    for column in ("deadline", "grace_end", "created", "phase_start"):
        assert STORED.match(game[column]), (column, game[column])
    joined = judge.row("SELECT joined FROM svc_members LIMIT 1")[0]
    assert STORED.match(joined)
    assert from_iso(iso(START)) == START


def test_older_times_are_rewritten_once_to_the_same_instants(tmp_path):
    path = tmp_path / "judge.db"
    judge = Judge(path)
    for i in range(1, 8):
        judge.send(f"player{i}@example.org", "SIGNON ?alpha pw" if i > 1 else
                   "CREATE ?alpha pw")  # fmt: skip
    before = judge.game()
    # the form the game tables had: isoformat() of a UTC time
    old = {c: moment(before[c]).isoformat() for c in ("deadline", "grace_end")}
    assert old["deadline"].endswith("+00:00")
    with judge.db.conn:  # a database of schema version 1
        judge.db.execute(
            "UPDATE svc_games SET deadline = ?, grace_end = ? WHERE name = 'alpha'",
            [old["deadline"], old["grace_end"]],
        )
        judge.db.execute(
            "DELETE FROM schema_migrations WHERE component = 'service' AND version > 1"
        )
    db = sqlite_utils.Database(path)
    GameService(JudgeSettings()).setup(db)  # the upgrade
    after = dict(next(db.query("SELECT * FROM svc_games WHERE name = 'alpha'")))
    for column in ("deadline", "grace_end"):
        assert STORED.match(after[column])
        assert moment(after[column]) == moment(old[column]) == moment(before[column])
    GameService(JudgeSettings()).setup(db)  # again: nothing pending
    again = dict(next(db.query("SELECT * FROM svc_games WHERE name = 'alpha'")))
    assert again == after


def test_every_time_column_is_listed_for_the_upgrade():
    from judge.service.schema import SCHEMA

    for table, columns in TIME_COLUMNS.items():
        body = SCHEMA.split(f"CREATE TABLE IF NOT EXISTS {table} (")[1].split(");")[0]
        for column in columns:
            assert re.search(rf"\b{column}\b", body), (table, column)


def test_from_iso_reads_both_forms():
    when = datetime(2026, 3, 1, 18, 0, tzinfo=UTC)
    assert from_iso("2026-03-01T18:00:00+00:00") == when
    assert from_iso(iso(when)) == when
