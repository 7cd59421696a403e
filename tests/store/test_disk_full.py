"""A full disk while mail arrives: the SMTP listener answers 4xx (the
sender's server retries later), nothing is half-stored, and once there is
room again the same message is taken and answered.  The judge's data is on
a small tmpfs of its own (mounting one needs root, as `make test` runs)."""

import os
import shutil
import smtplib
import sqlite3
import subprocess
from email.message import EmailMessage

import pytest

from judge.daemon import make_handler
from judge.daemon.daemon import Daemon
from tests.conftest import wait_until


@pytest.fixture
def small_disk(tmp_path):
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a small tmpfs needs root")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(disk)],
        capture_output=True, text=True,
    )  # fmt: skip
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    yield disk
    subprocess.run(["umount", "-l", str(disk)], check=False)


def mail(number: int, size: int = 20_000) -> EmailMessage:
    msg = EmailMessage()
    msg["From"], msg["To"] = "player@example.org", "judge@example.org"
    msg["Subject"], msg["Message-ID"] = "HELP", f"<full-{number}@example.org>"
    msg.set_content("HELP\n" + "x" * size)
    return msg


def fill(disk) -> None:
    """Take every free byte of the disk."""
    with open(disk / "filler", "wb", buffering=0) as f:
        for chunk in (b"\0" * 65536, b"\0" * 512):  # then the last few bytes
            try:
                while True:
                    f.write(chunk)
            except OSError:
                pass


def stored(path, message_id: str):
    db = sqlite3.connect(path)
    try:
        return db.execute(
            "SELECT state FROM intake WHERE message_id = ?", (message_id,)
        ).fetchall()
    finally:
        db.close()


def test_a_full_disk_gets_a_4xx_and_nothing_half_stored(small_disk, make_judge_config):
    import dataclasses

    config = make_judge_config()
    config = dataclasses.replace(
        config, judge=dataclasses.replace(config.judge, data_dir=small_disk / "var")
    )
    daemon = Daemon(config, make_handler(config))
    daemon.start()
    database = config.judge.database_path
    try:
        with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=30) as smtp:
            smtp.send_message(mail(1))
        assert wait_until(
            lambda: stored(database, "<full-1@example.org>") == [("done",)]
        )
        fill(small_disk)
        smtp = smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=30)
        with smtp, pytest.raises(smtplib.SMTPDataError) as refused:
            smtp.send_message(mail(2, size=200_000))
        assert 400 <= refused.value.smtp_code < 500  # try later, not a bounce
        assert b"full" in refused.value.smtp_error
        (small_disk / "filler").unlink()
        assert stored(database, "<full-2@example.org>") == []  # nothing half-stored
        db = sqlite3.connect(database)
        assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        db.close()
        # room again: the sender's retry is taken and answered
        with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=30) as smtp:
            smtp.send_message(mail(2, size=200_000))
        assert wait_until(
            lambda: stored(database, "<full-2@example.org>") == [("done",)], timeout=20
        )
    finally:
        daemon.stop()
