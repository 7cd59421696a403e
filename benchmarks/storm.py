"""A deadline storm: N standard games due at the same moment, through the
real daemon path (`judge serve` as its own process: worker, outbox, sender)
to a relay that accepts every message (benchmarks/relay_sinks.py).

Reports the time from the deadline until the relay has accepted the last
results mail; the round trip of a HELP sent every half second during the
storm (SMTP to the judge until its reply reaches the relay: p50/p95); the
longest time one write transaction held the database (the judge logs it
when it stops); the peak resident memory of the judge and of its drawing
processes; and the cost of an idle scheduler tick with 10,000 and 100,000
active games (inserted directly: only the index is read).

Targets (issue 26): 1,000 games within 40 s; HELP p95 under 1 s; no write
transaction over 100 ms; peak RSS under 500 MB; idle tick under 10 ms at
100,000 games.  The judge signs its mail with DKIM, as in production
(`--no-dkim`: unsigned).  The relay is Postfix's smtp-sink where it is
installed, as a production judge hands its mail to Postfix; else, or with
`--aiosmtpd-relay`, an aiosmtpd sink in this process, whose own CPU (about
3 ms a results mail, 24 ms a game) then shares the two cores with the
judge.  `--reuse-pictures`: each drawing process draws one
picture and sends it for every game (benchmarks/storm_judge.py), so the
figure is the mail path's alone; the drawing is `benchmarks/render.py`'s.

    uv run python -m benchmarks.storm [--games N] [--skip-idle]
        [--reuse-pictures] [--no-dkim] [--aiosmtpd-relay]
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import re
import shutil
import signal
import smtplib
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from benchmarks.relay_sinks import relay_sink
from benchmarks.serving import (
    dkim_section,
    free_port,
    longest_transaction_ms,
    wait_for_port,
)
from benchmarks.storm_games import build_games
from judge.config import load_config

LEAD = 20.0  # seconds from starting the judge to the deadline


class Arrivals:
    """What reached the relay: results mails (their times, one per
    recipient) and HELP replies (by the message they answer)."""

    def __init__(self, sink) -> None:
        self.sink = sink
        self.results: list[float] = []
        self.replies: dict[str, float] = {}

    def take(self, arrivals) -> None:
        for at, head, recipients in arrivals:
            found = re.search(rb"^In-Reply-To: (<[^>]+>)", head, re.M)
            if found:
                self.replies[found.group(1).decode()] = at
            elif re.search(rb"^Subject: .*Results", head, re.M):
                self.results.extend([at] * recipients)

    def poll(self) -> None:
        self.take(self.sink.arrivals())

    def settle(self) -> None:
        """Every arrival again, with its final time (see relay_sinks)."""
        self.results, self.replies = [], {}
        self.take(self.sink.everything())


def rss_kb(pid: int) -> int:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"^VmRSS:\s+(\d+) kB", text, re.M)
    return int(found.group(1)) if found else 0


def children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):  # a thread that has just ended
            out += [int(c) for c in (task / "children").read_text().split()]
    return out


def cpu_seconds(pid: int) -> float:
    """User and system time of a live process."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def storm(
    games: int, reuse_pictures: bool = False, dkim: bool = True, postfix: bool = True
) -> dict:
    sink = relay_sink(free_port(), prefer_postfix=postfix)
    sink.start()
    relay = Arrivals(sink)
    tmp = Path(tempfile.mkdtemp(prefix="judge-storm-"))
    port = free_port()
    started = time.time()
    judge, log_path, deadline = start_storm(
        tmp,
        port,
        sink.port,
        games,
        dkim_section(tmp) if dkim else "",
        module="benchmarks.storm_judge" if reuse_pictures else "judge",
    )
    peaks = {"main": 0, "total": 0}
    sent: dict[str, float] = {}
    expected = games * 8  # seven players and the master
    try:
        wait_for_port(port, judge)
        while time.time() < deadline:
            time.sleep(0.05)
        # the storm's CPU, not the start's (imports, migrations, warming up)
        cpu_before = cpu_seconds(judge.pid) + sum(
            cpu_seconds(c) for c in children(judge.pid)
        )
        cpu_main_before = cpu_seconds(judge.pid)
        n = 0
        limit = deadline + 30 * 60
        next_help = time.time()
        while len(relay.results) < expected and time.time() < limit:
            relay.poll()
            main = rss_kb(judge.pid)
            total = main + sum(rss_kb(c) for c in children(judge.pid))
            peaks["main"] = max(peaks["main"], main)
            peaks["total"] = max(peaks["total"], total)
            if time.time() >= next_help:
                n += 1
                threading.Thread(
                    target=_help, args=(port, n, sent), daemon=True
                ).start()
                next_help += 0.5
            time.sleep(0.1)
        time.sleep(2)  # the last HELPs' replies
        cpu_main = cpu_seconds(judge.pid) - cpu_main_before
        cpu = (
            cpu_seconds(judge.pid)
            + sum(cpu_seconds(c) for c in children(judge.pid))
            - cpu_before
        )
    finally:
        judge.send_signal(signal.SIGTERM)
        judge.wait(60)
        relay.settle()
        sink.stop()
    text = log_path.read_text(errors="replace")
    shutil.rmtree(tmp, ignore_errors=True)  # the outbox alone is ~1 GB
    longest = longest_transaction_ms(text)
    slow = len(re.findall(r"a write transaction held the database", text))
    trips = sorted(relay.replies[k] - sent[k] for k in sent if k in relay.replies)
    return {
        "games": games,
        "setup_s": deadline - started - LEAD,
        "results": len(relay.results),
        "storm_s": max(relay.results) - deadline if relay.results else float("nan"),
        "help_sent": len(sent),
        "help_answered": len(trips),
        "help_p50": statistics.median(trips) if trips else float("nan"),
        "help_p95": trips[int(0.95 * (len(trips) - 1))] if trips else float("nan"),
        "help_max": trips[-1] if trips else float("nan"),
        "longest_ms": longest,
        "slow_transactions": slow,
        "rss_main_mb": peaks["main"] / 1024,
        "rss_total_mb": peaks["total"] / 1024,
        "cpu_s": cpu,
        "cpu_main_s": cpu_main,
        "relay": sink.name,
        "reuse_pictures": reuse_pictures,
        "dkim": dkim,
        "load": os.getloadavg(),
    }


def start_storm(
    tmp: Path,
    port: int,
    relay_port: int,
    games: int,
    extra: str = "",
    module: str = "judge",
) -> tuple[subprocess.Popen, Path, float]:
    """A judge in `tmp` (SMTP on `port`, mail out to the relay, any `extra`
    configuration) with `games` standard games all due LEAD seconds from
    now, and `judge serve` started: (the process, its log, the deadline)."""
    config_file = tmp / "judge.toml"
    config_file.write_text(
        f'[judge]\naddress = "judge@example.org"\ndata_dir = "{tmp}"\n'
        f'[smtp]\nlisten = "127.0.0.1:{port}"\n'
        f'[relay]\nhost = "127.0.0.1"\nport = {relay_port}\n'
        "[limits]\nrate_limit_messages = 1000000000\n" + extra
    )
    config = load_config(config_file)
    print(f"  building {games} games ...", flush=True)
    deadline_guess = datetime.now(UTC) + timedelta(days=1)
    build_games(config.judge.database_path, config.judge, games, deadline_guess)
    # the real deadline: LEAD seconds from now (the judge starts meanwhile)
    deadline = time.time() + LEAD
    _move_deadline(config.judge.database_path, deadline)
    log_path = tmp / "serve.log"
    with open(log_path, "wb") as log:
        judge = subprocess.Popen(
            [sys.executable, "-m", module, "serve", "--config", str(config_file)],
            stdout=log,
            stderr=log,
        )
    return judge, log_path, deadline


def _move_deadline(path: Path, at: float) -> None:
    from judge.service import attention
    from judge.store.db import open_database, transaction

    moment = datetime.fromtimestamp(at, UTC)
    db = open_database(path)
    with transaction(db):
        db.execute(
            "UPDATE svc_games SET deadline = ?, grace_end = ?",
            [moment.isoformat(), (moment + timedelta(days=7)).isoformat()],
        )
    while attention.has_dirty(db):
        with transaction(db):
            attention.refresh(db, moment - timedelta(seconds=1), limit=1000)
    db.close()


def _help(port: int, n: int, sent: dict[str, float]) -> None:
    message_id = f"<storm-help{n}@example.org>"
    raw = (
        f"From: helper{n}@example.org\r\nTo: judge@example.org\r\n"
        f"Subject: help\r\nMessage-ID: {message_id}\r\n\r\nHELP\r\n"
    ).encode()
    start = time.time()
    try:
        with smtplib.SMTP("127.0.0.1", port, timeout=60) as smtp:
            smtp.sendmail(f"helper{n}@example.org", ["judge@example.org"], raw)
    except (OSError, smtplib.SMTPException):
        return
    sent[message_id] = start


# -- idle ticks -----------------------------------------------------------------


def idle_tick(games: int, ticks: int = 50) -> dict:
    """An idle scheduler tick (Worker.tick, as the daemon runs it) with
    `games` active games none of which is due."""
    from judge.config import load_config
    from judge.daemon.worker import Worker
    from judge.service.handler import GameService
    from judge.store.db import open_database, transaction

    with tempfile.TemporaryDirectory(prefix="judge-idle-") as tmp:
        config_file = Path(tmp) / "judge.toml"
        config_file.write_text(f'[judge]\ndata_dir = "{tmp}"\n')
        config = load_config(config_file)
        now = datetime.now(UTC)
        build_games(config.judge.database_path, config.judge, 1, now)
        db = open_database(config.judge.database_path)
        with transaction(db):  # copies of the game, each due some day ahead
            for i in range(1, games):
                due = now + timedelta(days=1, seconds=i)
                db.execute(
                    "INSERT INTO svc_games (name, variant, status, position,"
                    " turn, phase_start, deadline, grace_end, process_at,"
                    " reminded, late_notified, nmr, press, anonymous, timing,"
                    " result, created, due_at)"
                    " SELECT ?, variant, status, position,"
                    " turn, phase_start, ?, grace_end, process_at, reminded,"
                    " late_notified, nmr, press, anonymous, timing, result,"
                    " created, ? FROM svc_games WHERE name = 's000000'",
                    [f"i{i:06d}", due.isoformat(), due.isoformat()],
                )
            db.execute("DELETE FROM svc_due_dirty")  # inserted as computed
            db.execute(
                "UPDATE svc_games SET due_at = ? WHERE name = 's000000'",
                [(now + timedelta(days=1)).isoformat()],
            )
        service = GameService(config.judge)
        worker = Worker(db, service, config, lambda: now)
        times = []
        for _ in range(ticks):
            start = time.perf_counter()
            worker.tick()
            times.append((time.perf_counter() - start) * 1000)
        db.close()
    return {"games": games, "median_ms": statistics.median(times), "max_ms": max(times)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--skip-idle", action="store_true")
    parser.add_argument("--skip-storm", action="store_true")
    parser.add_argument(
        "--reuse-pictures",
        action="store_true",
        help="one picture drawn per drawing process, sent for every game",
    )
    parser.add_argument("--no-dkim", action="store_true", help="mail unsigned")
    parser.add_argument(
        "--aiosmtpd-relay",
        action="store_true",
        help="the relay in this process (aiosmtpd), even where smtp-sink is",
    )
    args = parser.parse_args(argv)
    # the set-up's own big transactions (games inserted) are not the judge's
    logging.getLogger("judge.store").setLevel(logging.ERROR)
    print(
        f"storm (2 cores? {os.cpu_count()} here; targets: 1,000 games < 40 s,"
        " HELP p95 < 1 s, transactions < 100 ms, RSS < 500 MB,"
        " idle tick < 10 ms at 100,000 games); load average"
        f" {os.getloadavg()[0]:.1f}:",
        flush=True,
    )
    if not args.skip_idle:
        for games in (10_000, 100_000):
            r = idle_tick(games)
            print(
                f"  idle tick, {r['games']:,} active games: median"
                f" {r['median_ms']:.2f} ms, max {r['max_ms']:.2f} ms",
                flush=True,
            )
    if not args.skip_storm:
        r = storm(
            args.games, args.reuse_pictures, not args.no_dkim, not args.aiosmtpd_relay
        )
        print(
            f"  {r['games']} games due at once: last of {r['results']} results"
            f" mails accepted by the relay {r['storm_s']:.1f} s after the deadline"
            f" ({r['games'] / r['storm_s']:.1f} games/s)\n"
            f"  HELP during the storm ({r['help_answered']} of {r['help_sent']}"
            f" answered): p50 {r['help_p50'] * 1000:.0f} ms,"
            f" p95 {r['help_p95'] * 1000:.0f} ms, max {r['help_max'] * 1000:.0f} ms\n"
            f"  longest write transaction {r['longest_ms']}"
            f" ({r['slow_transactions']} over 100 ms)\n"
            f"  peak RSS: judge {r['rss_main_mb']:.0f} MB, with its drawing"
            f" processes {r['rss_total_mb']:.0f} MB\n"
            "  CPU from the deadline on (and the HELPs), the judge and its"
            f" drawing processes: {r['cpu_s']:.0f} s"
            f" ({r['cpu_s'] / r['games'] * 1000:.0f} ms a game), the judge's own"
            f" process {r['cpu_main_s']:.1f} s"
            f" ({r['cpu_main_s'] / r['games'] * 1000:.1f} ms a game,"
            f" {r['cpu_main_s'] / max(1, r['results']) * 1000:.2f} ms a results"
            " mail); pictures"
            f" {'drawn once per drawing process' if r['reuse_pictures'] else 'drawn'},"
            f" DKIM {'on' if r['dkim'] else 'off'}; relay: {r['relay']};"
            " load average at the"
            f" end {r['load'][0]:.1f} on {os.cpu_count()} cores",
            flush=True,
        )


if __name__ == "__main__":
    main()
