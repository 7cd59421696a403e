"""A deadline storm through `judge serve` as a real process, delivering to an
aiosmtpd relay: kill -9 in the middle of it loses nothing and doubles
nothing, and a HELP sent in the middle of it is answered at once."""

from __future__ import annotations

import contextlib
import signal
import smtplib
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest

from benchmarks.storm_games import build_games
from judge.config import load_config
from judge.mail.decode import header, parse
from judge.store.db import open_database
from tests.daemon.test_process import start_serve, wait_for_port

pytestmark = pytest.mark.slow


def storm_config(directory, port: int, relay_port: int):
    path = directory / "judge.toml"
    path.write_text(
        '[judge]\naddress = "judge@example.org"\ndata_dir = "var"\n'
        f'[smtp]\nlisten = "127.0.0.1:{port}"\n'
        f'[relay]\nhost = "127.0.0.1"\nport = {relay_port}\n'
        "[limits]\ntick_interval = 0.5\n"
    )
    return path


def results(relay) -> list[tuple[str, str, str]]:
    """(recipient, subject, Message-ID) of each results mail received."""
    out = []
    for mail in relay.messages():
        if b"Results" not in mail.data[:2000]:
            continue
        msg = parse(mail.data)
        subject = header(msg, "Subject")
        if "Results" in subject or "results" in subject:
            for rcpt in mail.rcpt_tos:
                out.append((rcpt, subject, header(msg, "Message-ID")))
    return out


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += [int(c) for c in (task / "children").read_text().split()]
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def build(tmp_path, config_path, count: int) -> None:
    config = load_config(config_path)
    build_games((tmp_path / "var" / "judge.db"), config.judge, count, datetime.now(UTC))


def test_kill_9_in_a_storm_processes_and_mails_each_game_once(
    tmp_path, free_port, relay_peer, wait_until
):
    games = 24
    port = free_port()
    config = storm_config(tmp_path, port, relay_peer.port)
    build(tmp_path, config, games)
    expected = games * 8  # seven players and the master
    log = tmp_path / "serve.log"
    judge = start_serve(config, log)
    try:
        wait_for_port(port, judge)
        assert wait_until(lambda: len(relay_peer.messages()) >= 3, timeout=60)
        drawing = children(judge.pid)  # the processes drawing pictures ahead
        judge.send_signal(signal.SIGKILL)
        judge.wait(10)
        # they end with the judge, killed or not
        assert drawing and wait_until(lambda: not any(alive(p) for p in drawing), 10)
        db = open_database(tmp_path / "var" / "judge.db")
        processed = db.execute("SELECT COUNT(*) FROM svc_turns").fetchone()[0]
        unsent = db.execute("SELECT COUNT(*) FROM outbox WHERE state = 'queued'")
        unsent = unsent.fetchone()[0]
        assert len(results(relay_peer)) < expected, "the storm ended before the kill"
        judge = start_serve(config, log)
        assert wait_until(
            lambda: len(relay_peer.messages()) >= expected, timeout=120
        ), log.read_text()[-3000:]
        time.sleep(1.5)  # two more ticks: nothing more may come
    finally:
        judge.send_signal(signal.SIGTERM)
        judge.wait(30)
    # the kill really interrupted the storm: games or their mail were waiting
    assert processed < games or unsent > 0
    turns = db.execute("SELECT game, COUNT(*) FROM svc_turns GROUP BY game").fetchall()
    assert len(turns) == games and {n for _, n in turns} == {1}
    assert {row[0] for row in db.execute("SELECT turn FROM svc_games").fetchall()} == {
        2
    }
    received = results(relay_peer)
    per_mail = Counter(r[:2] for r in received)
    assert len(per_mail) == expected and set(per_mail.values()) <= {1, 2}
    # one message each: a copy can only be the same message (same Message-ID)
    # resent from the window between the relay's 250 and the "sent" commit
    ids = {key: {r[2] for r in received if r[:2] == key} for key in per_mail}
    assert all(len(v) == 1 for v in ids.values())
    assert sum(per_mail.values()) - expected <= 1
    queued = db.execute("SELECT COUNT(*) FROM outbox WHERE state != 'sent'")
    assert queued.fetchone()[0] == 0


def test_help_in_a_storm_is_answered_within_a_second_or_so(
    tmp_path, free_port, relay_peer, wait_until
):
    games = 40
    port = free_port()
    config = storm_config(tmp_path, port, relay_peer.port)
    build(tmp_path, config, games)
    judge = start_serve(config, tmp_path / "serve.log")
    latencies = []
    try:
        wait_for_port(port, judge)
        assert wait_until(lambda: relay_peer.messages(), timeout=60)
        db = open_database(tmp_path / "var" / "judge.db")
        for i in range(3):
            message_id = f"<help{i}@example.org>"
            raw = (
                f"From: someone@example.org\r\nTo: judge@example.org\r\n"
                f"Subject: help\r\nMessage-ID: {message_id}\r\n\r\nHELP\r\n"
            ).encode()
            start = time.monotonic()
            with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
                smtp.sendmail("someone@example.org", ["judge@example.org"], raw)

            seen = 0  # look at each newly received mail once, cheaply

            wanted = b"In-Reply-To: " + message_id.encode()

            def answered(wanted=wanted):
                nonlocal seen
                new = relay_peer.messages()[seen:]
                seen += len(new)
                return any(wanted in m.data for m in new)

            assert wait_until(answered, timeout=30)
            latencies.append(time.monotonic() - start)
            busy = db.execute(
                "SELECT (SELECT COUNT(*) FROM svc_games WHERE turn = 1)"
                " + (SELECT COUNT(*) FROM outbox WHERE state = 'queued')"
            ).fetchone()[0]
            assert busy > 0, "the storm was over before the HELP was answered"
    finally:
        judge.send_signal(signal.SIGTERM)
        judge.wait(30)
    # about a second: a game's transaction at most, and the relay's round trip
    rows = db.execute(
        "SELECT i.received_at, i.handled_at, o.created_at, o.sent_at FROM intake i"
        " JOIN outbox o ON o.intake_id = i.id"
    ).fetchall()
    # (before each game had its own transaction and replies went first, a
    # HELP waited for the whole storm: 6 to 20 s here)
    assert sorted(latencies)[1] < 1.5 and max(latencies) < 3.0, (latencies, rows)
