"""`judge backup FILE` while the judge runs: a consistent copy taken during
a burst of mail, and clear refusals that leave the running judge alone."""

import os
import smtplib
import sqlite3
import stat
import threading
import time

import pytest

from judge.cli import main
from judge.config import load_config
from judge.daemon import make_handler
from judge.daemon.daemon import Daemon
from judge.store.integrity import open_checked
from judge.store.migrations import pending
from judge.store.schema import STORE_SCHEMA
from tests.conftest import free_port, wait_until


@pytest.fixture
def running(tmp_path):
    path = tmp_path / "judge.toml"
    path.write_text(
        '[judge]\naddress = "judge@example.org"\ndata_dir = "var"\n'
        f'[smtp]\nlisten = "127.0.0.1:{free_port()}"\n'
        "[limits]\ntick_interval = 0.2\n"
    )
    config = load_config(path)
    daemon = Daemon(config, make_handler(config))
    daemon.start()
    yield path, config
    daemon.stop()


def help_mail(i: int) -> bytes:
    return (
        f"From: player{i % 7}@example.org\r\nTo: judge@example.org\r\n"
        f"Subject: burst {i}\r\nMessage-ID: <b{i}@example.org>\r\n\r\nHELP\r\n"
    ).encode()


def send(config, numbers) -> None:
    with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=30) as smtp:
        for i in numbers:
            smtp.sendmail(f"player{i % 7}@example.org", ["judge@example.org"],
                          help_mail(i))  # fmt: skip


def handled(config) -> int:
    db = sqlite3.connect(config.judge.database_path)
    try:
        return db.execute(
            "SELECT COUNT(*) FROM intake WHERE state = 'done'"
        ).fetchone()[0]
    finally:
        db.close()


@pytest.mark.slow
def test_a_backup_during_a_burst_is_consistent(running, tmp_path, capsys):
    path, config = running
    burst = threading.Thread(target=send, args=(config, range(300)))
    burst.start()
    copies = []
    try:
        assert wait_until(lambda: handled(config) >= 20, timeout=30)
        for n in range(3):  # while the burst goes on
            copy = tmp_path / f"backup-{n}.db"
            assert main(["backup", str(copy), "--config", str(path)]) == 0
            copies.append(copy)
            time.sleep(0.2)
    finally:
        burst.join()
    assert "backed up" in capsys.readouterr().out
    counts = []
    for copy in copies:
        db = open_checked(copy)
        assert pending(db, STORE_SCHEMA, make_handler(config).schema) == []
        done = db.execute("SELECT id FROM intake WHERE state = 'done'").fetchall()
        unanswered = db.execute(
            "SELECT id FROM intake WHERE state = 'done' AND id NOT IN"
            " (SELECT intake_id FROM outbox WHERE intake_id IS NOT NULL)"
        ).fetchall()
        assert done and unanswered == []  # every handled message has its reply
        counts.append(len(done))
        db.close()
    assert counts[0] < 300  # taken during the burst, not after it
    assert wait_until(lambda: handled(config) == 300, timeout=60)


@pytest.mark.parametrize("where", ["exists", "no folder", "unwritable"])
def test_a_backup_that_cannot_be_written_is_refused(running, tmp_path, capsys, where):
    path, config = running
    target = {
        "exists": tmp_path / "taken.db",
        "no folder": tmp_path / "missing" / "copy.db",
        "unwritable": "/proc/judge-backup.db",
    }[where]
    if where == "exists":
        target.write_bytes(b"precious")
    assert main(["backup", str(target), "--config", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("judge backup: ")
    assert {"exists": "already exists", "no folder": "no folder",
            "unwritable": "cannot"}[where] in err  # fmt: skip
    if where == "exists":
        assert target.read_bytes() == b"precious"
    assert not list(tmp_path.glob(".*partial*"))
    # the judge goes on answering
    send(config, [1000])
    assert wait_until(lambda: handled(config) == 1, timeout=20)


def test_a_backup_is_readable_by_its_owner_only(running, tmp_path):
    # It holds every player's address and password hash.
    path, config = running
    send(config, range(3))
    assert wait_until(lambda: handled(config) == 3, timeout=30)
    copy = tmp_path / "private.db"
    old = os.umask(0o022)  # the usual umask would make it world-readable
    try:
        assert main(["backup", str(copy), "--config", str(path)]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600


def test_the_daily_backup_script_copies_keeps_and_prunes(running, tmp_path):
    # contrib/pyjudge-backup, as its timer runs it, against a running judge
    import subprocess
    import sys
    from pathlib import Path

    path, config = running
    repo = Path(__file__).resolve().parents[2]
    judge = tmp_path / "judge"  # the installed command, as `python -m judge`
    judge.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m judge "$@"\n')
    judge.chmod(0o755)
    maps = config.judge.data_dir / "maps"
    maps.mkdir()
    (maps / "w1.json").write_text("{}")
    backups = tmp_path / "backups"
    backups.mkdir()
    old = backups / "judge-2026-01-01.db"
    old.write_text("")
    os.utime(old, (time.time() - 40 * 86400,) * 2)
    recent = backups / "judge-2026-11-01.db"
    recent.write_text("")
    env = {
        "PATH": os.environ["PATH"],
        "PYTHONPATH": str(repo),
        "PYJUDGE_JUDGE": str(judge),
        "PYJUDGE_CONFIG": str(path),
        "PYJUDGE_DATA": str(config.judge.data_dir),
        "PYJUDGE_BACKUPS": str(backups),
    }
    script = str(repo / "contrib" / "pyjudge-backup")
    done = subprocess.run([script], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    (copy,) = backups.glob(f"judge-{time.strftime('%Y-%m-%d')}-????.db")
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600
    assert pending(open_checked(copy), STORE_SCHEMA) == []  # a whole database
    (worlds,) = backups.glob("maps-*.tar.gz")
    assert worlds.name == copy.name.replace("judge-", "maps-")[:-3] + ".tar.gz"
    assert stat.S_IMODE(worlds.stat().st_mode) == 0o600
    assert not old.exists() and recent.exists()
