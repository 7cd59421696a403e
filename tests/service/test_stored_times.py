"""One stored form of a time for every table, and databases written with the
game tables' older form read the same instants after an upgrade."""

from __future__ import annotations

import re
import shutil
from datetime import datetime

import sqlite_utils
from harness import START

from judge.config import JudgeSettings
from judge.service.handler import GameService
from judge.service.queries import moment
from judge.store.db import from_iso, iso
from tests.store.test_upgrade import V1_DATABASE

STORED = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$")


def test_game_and_mail_tables_share_one_format(judge):
    judge.send("master@example.org", "CREATE ?alpha pw")
    for i in range(1, 8):
        judge.send(f"player{i}@example.org", "SIGNON ?alpha pw")
    game = judge.game()
    assert game["status"] == "active"
    for column in ("deadline", "grace_end", "created", "phase_start"):
        assert STORED.match(game[column]), (column, game[column])
    joined = judge.row("SELECT joined FROM svc_members LIMIT 1")[0]
    assert STORED.match(joined)
    assert from_iso(iso(START)) == START


def test_older_times_are_rewritten_once_to_the_same_instants(tmp_path):
    """The first release's database (tests/store/data) stored isoformat()."""
    path = tmp_path / "judge.db"
    shutil.copy(V1_DATABASE, path)
    db = sqlite_utils.Database(path)
    columns = ("deadline", "grace_end", "phase_start", "created")
    before = dict(next(db.query("SELECT * FROM svc_games")))
    assert before["deadline"].endswith("+00:00")  # the older form
    GameService(JudgeSettings()).setup(db)  # the upgrade
    after = dict(next(db.query("SELECT * FROM svc_games")))
    for column in columns:
        assert STORED.match(after[column]), (column, after[column])
        assert moment(after[column]) == datetime.fromisoformat(before[column])
    joined = [r[0] for r in db.execute("SELECT joined FROM svc_members")]
    assert joined and all(STORED.match(t) for t in joined)
    GameService(JudgeSettings()).setup(db)  # again: nothing pending
    again = dict(next(db.query("SELECT * FROM svc_games")))
    assert again == after
