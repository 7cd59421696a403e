"""`judge serve` as a real process: kill -9 during a burst, SIGTERM, and the
`judge mail` and `judge status` commands."""

import os
import signal
import smtplib
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from judge.mail.decode import header, parse
from judge.store.db import open_database

REPO = Path(__file__).resolve().parents[2]


def write_config(directory: Path, port: int, **limits) -> Path:
    lines = [
        "[judge]",
        'address = "judge@example.org"',
        'data_dir = "var"',
        "[smtp]",
        f'listen = "127.0.0.1:{port}"',
        "[limits]",
        "tick_interval = 0.5",
    ] + [f"{k} = {v}" for k, v in limits.items()]
    path = directory / "judge.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def start_serve(config: Path, log: Path) -> subprocess.Popen:
    with open(log, "ab") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "judge", "serve", "--config", str(config)],
            cwd=REPO,
            stdout=out,
            stderr=out,
        )


def wait_for_port(port: int, process: subprocess.Popen, timeout=20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"judge serve exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError("judge serve did not start listening")


def burst_message(i: int) -> bytes:
    return (
        f"From: player{i % 7}@example.org\r\nTo: judge@example.org\r\n"
        f"Subject: burst {i}\r\nMessage-ID: <burst{i}@example.org>\r\n\r\nHELP\r\n"
    ).encode()


class Burst(threading.Thread):
    """Sends every message until the judge acknowledges it, riding out the
    judge's death and restart the way a real mail server would."""

    def __init__(self, port: int, count: int) -> None:
        super().__init__(daemon=True)
        self.port, self.count = port, count
        self.acknowledged = 0
        self.resends = 0

    def run(self) -> None:
        smtp = None
        i = 0
        while i < self.count:
            try:
                if smtp is None:
                    smtp = smtplib.SMTP("127.0.0.1", self.port, timeout=10)
                smtp.sendmail(
                    f"player{i % 7}@example.org",
                    ["judge@example.org"],
                    burst_message(i),
                )
                i += 1
                self.acknowledged = i
            except (OSError, smtplib.SMTPException):
                smtp = None
                self.resends += 1
                time.sleep(0.05)
        if smtp is not None:
            smtp.quit()


def count(db, sql) -> int:
    return db.execute(sql).fetchone()[0]


@pytest.mark.slow
def test_kill_9_during_a_burst_loses_nothing_and_answers_once(
    tmp_path, free_port, wait_until
):
    total = 500
    port = free_port()
    config = write_config(tmp_path, port, rate_limit_messages=100000)
    log = tmp_path / "serve.log"
    judge = start_serve(config, log)
    try:
        wait_for_port(port, judge)
        burst = Burst(port, total)
        burst.start()
        db = open_database(tmp_path / "var" / "judge.db")
        assert wait_until(lambda: burst.acknowledged >= total // 2, timeout=30)
        judge.send_signal(signal.SIGKILL)
        judge.wait(10)
        waiting = count(db, "SELECT COUNT(*) FROM intake WHERE state = 'new'")
        queued = count(db, "SELECT COUNT(*) FROM outbox WHERE state = 'queued'")
        assert burst.acknowledged < total, "the burst ended before the kill"
        judge = start_serve(config, log)
        burst.join(40)
        assert not burst.is_alive() and burst.acknowledged == total
        assert wait_until(
            lambda: (
                count(db, "SELECT COUNT(*) FROM outbox WHERE state = 'sent'") == total
            ),
            timeout=40,
        ), log.read_text()[-2000:]
    finally:
        judge.send_signal(signal.SIGTERM)
        judge.wait(15)
    assert count(db, "SELECT COUNT(*) FROM intake") == total
    assert count(db, "SELECT COUNT(*) FROM intake WHERE state = 'done'") == total
    per_message = db.execute(
        "SELECT COUNT(*) FROM outbox GROUP BY intake_id"
    ).fetchall()
    assert len(per_message) == total and {r[0] for r in per_message} == {1}
    replies = [
        header(parse(p.read_bytes()), "In-Reply-To")
        for p in (tmp_path / "var" / "Maildir" / "new").iterdir()
    ]
    assert sorted(replies) == sorted(f"<burst{i}@example.org>" for i in range(total))
    # The kill really interrupted work in progress (or mail not yet out).
    assert waiting + queued > 0 or burst.resends > 0


def test_sigterm_stops_cleanly(tmp_path, free_port, wait_until):
    port = free_port()
    config = write_config(tmp_path, port)
    log = tmp_path / "serve.log"
    judge = start_serve(config, log)
    wait_for_port(port, judge)
    with smtplib.SMTP("127.0.0.1", port) as smtp:
        smtp.sendmail("alice@example.org", ["judge@example.org"], burst_message(1))
    maildir = tmp_path / "var" / "Maildir" / "new"
    assert wait_until(lambda: maildir.exists() and len(list(maildir.iterdir())) == 1)
    judge.send_signal(signal.SIGTERM)
    assert judge.wait(15) == 0
    text = log.read_text()
    assert "stopping" in text and "stopped" in text
    assert all(len(line) < 500 for line in text.splitlines())


def test_judge_mail_prints_the_reply_and_status_reads_the_queues(tmp_path, free_port):
    port = free_port()
    config = write_config(tmp_path, port)
    judge = start_serve(config, tmp_path / "serve.log")
    try:
        wait_for_port(port, judge)
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "judge",
                "mail",
                "--from",
                "you@example.org",
                "--config",
                str(config),
                "--subject",
                "hello",
                "--timeout",
                "20",
            ],
            input="HELP\n",
            capture_output=True,
            text=True,
            cwd=REPO,
            env=env,
            timeout=60,
        )
        assert result.returncode == 0, result.stderr
        assert "Subject: Re: hello" in result.stdout
        assert "This is the Diplomacy judge PYJ" in result.stdout
        status = subprocess.run(
            [sys.executable, "-m", "judge", "status", "--config", str(config)],
            capture_output=True,
            text=True,
            cwd=REPO,
            timeout=60,
        )
        assert status.returncode == 0, status.stderr
        assert "intake:  new 0, done 1" in status.stdout
        assert "outbox:" in status.stdout
    finally:
        judge.send_signal(signal.SIGTERM)
        judge.wait(15)
