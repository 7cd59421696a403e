"""A game whose processing kills the judge (a crash, a kill -9): after
`handler_attempts` restarts it is put off and its master told once, while
the other games are processed and mailed exactly once.  Real processes."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime

import pytest

from benchmarks.storm_games import MASTER, build_games, game_name
from judge.config import load_config
from judge.mail.decode import header, parse
from judge.store.db import open_database
from tests.daemon.test_process import REPO, wait_for_port
from tests.daemon.test_storm import results, storm_config

pytestmark = pytest.mark.slow

GAMES = 4
CRASHER = game_name(0)  # due first: without the count, tried first forever


def start(config, log) -> subprocess.Popen:
    with open(log, "ab") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "tests.daemon.crashing_judge", "--config", config],
            cwd=REPO,
            stdout=out,
            stderr=out,
            env={**os.environ, "CRASH_GAME": CRASHER},
        )


def test_a_game_that_kills_the_judge_is_put_off_after_three_crashes(
    tmp_path, free_port, relay_peer, wait_until
):
    port = free_port()
    config = storm_config(tmp_path, port, relay_peer.port)
    build_games(
        tmp_path / "var" / "judge.db",
        load_config(config).judge,
        GAMES,
        datetime.now(UTC),
    )
    log = tmp_path / "serve.log"
    for _ in range(3):  # handler_attempts, the default
        judge = start(str(config), log)
        assert judge.wait(60) == -9, log.read_text()[-3000:]
    judge = start(str(config), log)
    try:
        wait_for_port(port, judge)
        expected = (GAMES - 1) * 8  # seven players and the master each
        assert wait_until(lambda: len(results(relay_peer)) >= expected, timeout=120), (
            log.read_text()[-3000:]
        )
        time.sleep(1.5)  # more ticks: nothing more may come, the judge lives
        assert judge.poll() is None, log.read_text()[-3000:]
        status = subprocess.run(
            [sys.executable, "-m", "judge", "status", "--config", str(config)],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        judge.terminate()
        judge.wait(30)

    db = open_database(tmp_path / "var" / "judge.db")
    turns = dict(
        db.execute("SELECT game, COUNT(*) FROM svc_turns GROUP BY game").fetchall()
    )
    assert turns == {game_name(i): 1 for i in range(1, GAMES)}
    received = results(relay_peer)
    assert len(received) == expected
    assert len(set(received)) == expected and all(
        CRASHER not in subject for _, subject, _ in received
    )
    failure = db.execute(
        "SELECT attempts, error, next_try FROM svc_tick_failures WHERE game = ?",
        [CRASHER],
    ).fetchone()
    assert failure is not None
    assert failure[0] == 1 and failure[1] == "processing stopped the judge 3 times"
    assert failure[2] > datetime.now(UTC).isoformat()  # put off, with backoff
    due = db.execute("SELECT due_at FROM svc_games WHERE name = ?", [CRASHER])
    assert due.fetchone()[0] == failure[2]
    # its master is told once
    told = [
        (mail.rcpt_tos, header(parse(mail.data), "Subject"))
        for mail in relay_peer.messages()
        if b"Processing held up" in mail.data
    ]
    assert told == [
        ([MASTER], f"{load_config(config).judge.code}:{CRASHER} - Processing held up")
    ]
    assert status.returncode == 0, status.stderr
    assert f"{CRASHER}: 1 failure(s)" in status.stdout
    assert "processing stopped the judge 3 times" in status.stdout
    # the keeper's error log has it too
    errors = db.execute("SELECT message FROM errors WHERE part = 'scheduler'")
    assert any("stopped the judge 3 times" in row[0] for row in errors.fetchall())
    assert Counter(r[0] for r in received)[MASTER] == GAMES - 1
