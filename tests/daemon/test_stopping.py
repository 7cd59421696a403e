"""Stopping `uv run judge serve` as people and service managers do: SIGTERM
or SIGINT, once or several times quickly, to the judge, to uv or to the
whole process group.  Each stops the judge within 10 seconds, and mail
accepted before the signal is answered, at once or after a restart."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import smtplib
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judge.store.db import open_database
from tests.daemon.test_process import wait_for_port, write_config

REPO = Path(__file__).resolve().parents[2]
STOP_WITHIN = 10.0  # seconds

# (whom, signal, how many) : 20 in all.  Several quickly is what Ctrl-C
# on `make run` does (uv and the judge both get it) and what an impatient
# person or a service manager signalling the whole group does.
TERM, INT = signal.SIGTERM, signal.SIGINT
PATTERNS = [
    (whom, sig, times)
    for times in (1, 3)
    for whom in ("judge", "uv", "group")
    for sig in (TERM, INT)
] + [
    ("group", INT, 5),
    ("group", TERM, 5),
    ("judge", INT, 2),
    ("judge", TERM, 2),
    ("uv", INT, 2),
    ("uv", TERM, 2),
    ("group", INT, 2),
    ("group", TERM, 2),
]


def uv_command() -> list[str]:
    uv = shutil.which("uv")
    return [uv] if uv else [sys.executable, "-m", "uv"]


def start(config: Path, log: Path) -> subprocess.Popen:
    with open(log, "ab") as out:
        return subprocess.Popen(
            [*uv_command(), "run", "--frozen", "judge", "serve"]
            + ["--config", str(config)],
            cwd=REPO,
            stdout=out,
            stderr=out,
            start_new_session=True,  # a process group of its own, as under a shell
        )


def judge_pid(uv: subprocess.Popen) -> int:
    """The judge started by uv (its child)."""
    children = Path(f"/proc/{uv.pid}/task/{uv.pid}/children")
    found = children.read_text().split() if children.exists() else []
    return int(found[0]) if found else uv.pid  # uv may exec the judge


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split(") ")[1][0] == "Z")


def send_help(port: int, i: int) -> str:
    message_id = f"<stop{i}@example.org>"
    raw = (
        f"From: stopper{i}@example.org\r\nTo: judge@example.org\r\n"
        f"Subject: stop {i}\r\nMessage-ID: {message_id}\r\n\r\nHELP\r\n"
    ).encode()
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
        smtp.sendmail(f"stopper{i}@example.org", ["judge@example.org"], raw)
    return message_id


def answered(tmp_path: Path) -> set[str]:
    db = open_database(tmp_path / "var" / "judge.db")
    try:
        rows = db.execute("SELECT in_reply_to FROM outbox").fetchall()
    finally:
        db.close()
    return {row[0] for row in rows}


@pytest.mark.slow  # 20 starts of uv run judge serve; the quick loop has the pages' test
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_every_signal_pattern_stops_the_judge_in_time_and_loses_no_mail(
    tmp_path, free_port
):
    assert len(PATTERNS) == 20
    port = free_port()
    config = write_config(tmp_path, port)
    log = tmp_path / "serve.log"
    sent, times, failures = [], [], []
    for i, (whom, sig, count) in enumerate(PATTERNS):
        uv = start(config, log)
        try:
            wait_for_port(port, uv, timeout=60)
            judge = judge_pid(uv)
            sent.append(send_help(port, i))  # accepted: the 250 came
            began = time.monotonic()
            for _ in range(count):
                if whom == "judge":
                    os.kill(judge, sig)
                elif whom == "uv":
                    os.kill(uv.pid, sig)
                else:
                    os.killpg(uv.pid, sig)
                time.sleep(0.02)
            with contextlib.suppress(subprocess.TimeoutExpired):
                uv.wait(STOP_WITHIN)
            while alive(judge) and time.monotonic() - began < STOP_WITHIN:
                time.sleep(0.02)
            took = time.monotonic() - began
            times.append(took)
            if alive(judge) or uv.poll() is None:
                failures.append(f"{whom} {sig.name} x{count}: still running")
        finally:
            if uv.poll() is None:
                os.killpg(uv.pid, signal.SIGKILL)
                uv.wait()
    assert not failures, f"{failures}; log:\n{log.read_text()[-3000:]}"
    assert max(times) < STOP_WITHIN
    print(
        f"\nstopped {len(times)}/{len(PATTERNS)} within {STOP_WITHIN:.0f} s;"
        f" slowest {max(times):.2f} s, median {sorted(times)[len(times) // 2]:.2f} s"
    )
    # Mail accepted before each signal: answered at once, or after a restart.
    if not set(sent) <= answered(tmp_path):
        uv = start(config, log)
        try:
            deadline = time.monotonic() + 60
            while not set(sent) <= answered(tmp_path) and time.monotonic() < deadline:
                time.sleep(0.2)
        finally:
            os.killpg(uv.pid, signal.SIGTERM)
            uv.wait(STOP_WITHIN)
    assert set(sent) <= answered(tmp_path)
    text = log.read_text()
    assert "Traceback" not in text
    assert text.count("stopped; longest write transaction") >= len(PATTERNS)


def port_open(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_pages_stop_with_the_judge_however_often_it_is_signalled(
    tmp_path, free_port
):
    """With the web pages on (as `make run` has them), a second signal
    arriving while the page processes are being stopped breaks nothing:
    no traceback, and the pages' port is closed with the judge."""
    port, web = free_port(), free_port()
    config = write_config(tmp_path, port)
    with open(config, "a") as out:
        out.write(f'[web]\nlisten = "127.0.0.1:{web}"\n')
    log = tmp_path / "serve.log"
    for whom, sig, count in (("group", INT, 2), ("group", TERM, 3), ("uv", INT, 2)):
        uv = start(config, log)
        try:
            wait_for_port(port, uv, timeout=60)
            wait_for_port(web, uv, timeout=60)
            judge = judge_pid(uv)
            began = time.monotonic()
            for _ in range(count):
                os.killpg(uv.pid, sig) if whom == "group" else os.kill(uv.pid, sig)
                time.sleep(0.02)
            with contextlib.suppress(subprocess.TimeoutExpired):
                uv.wait(STOP_WITHIN)
            while alive(judge) and time.monotonic() - began < STOP_WITHIN:
                time.sleep(0.02)
            assert not alive(judge), f"{whom} {sig.name} x{count}: still running"
            assert not port_open(web), f"{whom} {sig.name} x{count}: pages still up"
        finally:
            if uv.poll() is None:
                os.killpg(uv.pid, signal.SIGKILL)
                uv.wait()
    text = log.read_text()
    assert "Traceback" not in text, text[-3000:]
    assert text.count("stopped; longest write transaction") == 3


@pytest.mark.slow  # ten starts of the judge
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_signals_that_keep_coming_through_the_stop_raise_nothing(tmp_path, free_port):
    """SIGINT every 2 ms, from the first to the process's end: the stop and
    the interpreter's own shutdown after it (where a restored default
    handler raised KeyboardInterrupt, about one stop in fifteen) show no
    traceback, and the judge ends in time."""
    port = free_port()
    config = write_config(tmp_path, port)
    log = tmp_path / "serve.log"
    for _ in range(10):
        with open(log, "ab") as out:
            judge = subprocess.Popen(
                [sys.executable, "-m", "judge", "serve", "--config", str(config)],
                cwd=REPO, stdout=out, stderr=out,
            )  # fmt: skip
        try:
            wait_for_port(port, judge, timeout=60)
            began = time.monotonic()
            while judge.poll() is None and time.monotonic() - began < STOP_WITHIN:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(judge.pid, signal.SIGINT)
                time.sleep(0.002)
            assert judge.poll() is not None, "still running"
        finally:
            if judge.poll() is None:
                judge.kill()
                judge.wait()
    text = log.read_text()
    assert "Traceback" not in text, text[-3000:]
    assert text.count("stopped; longest write transaction") == 10
