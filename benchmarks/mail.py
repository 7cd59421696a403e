"""Mail throughput: messages per second from SMTP accept to the reply
accepted by the relay.

A judge (`judge serve`: the game service answering HELP, SQLite file) runs
as its own process and delivers through a relay that accepts everything
and notes when each reply arrived: Postfix's smtp-sink where it is
installed, else (or with `--aiosmtpd-relay`) an aiosmtpd server in this
process (benchmarks/relay_sinks.py).  A few
client connections send HELP messages; a watcher also notes when each reply
was committed to the outbox.  Latency per message: from the start of its
SMTP transaction to its reply accepted by the relay (and, the judge's own
share, to its reply queued).  Also the judge process's CPU time per message
(user + system, from /proc): on a machine others load, wall-clock figures
vary from run to run, that one much less.

Two runs: a burst (every message as fast as the judge takes it: throughput;
latency there is mostly time spent queued behind the burst), then a steady
stream at the target rate (latency of a judge keeping up).

    uv run python -m benchmarks.mail [--messages N] [--connections C] [--rate R]
        [--no-dkim] [--aiosmtpd-relay]
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import smtplib
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from benchmarks.relay_sinks import relay_sink
from benchmarks.serving import (
    dkim_section,
    free_port,
    longest_transaction_ms,
    wait_for_port,
)
from judge.config import Config, load_config
from judge.store.db import open_database


def message(i: int) -> bytes:
    return (
        f"From: player{i}@example.org\r\nTo: judge@example.org\r\n"
        f"Subject: bench\r\nMessage-ID: <bench{i}@example.org>\r\n\r\nHELP\r\n"
    ).encode()


def run(
    messages: int,
    connections: int,
    rate: float | None = None,
    dkim: bool = True,
    postfix: bool = True,
) -> dict:
    """Start `judge serve` as its own process (as in production: the clients
    here do not compete with it for the interpreter) and measure it."""
    relay = RelayArrivals(relay_sink(free_port(), prefer_postfix=postfix))
    with tempfile.TemporaryDirectory(prefix="judge-bench-") as tmp, relay:
        port = free_port()
        config_file = Path(tmp) / "judge.toml"
        config_file.write_text(
            f'[judge]\naddress = "judge@example.org"\ndata_dir = "{tmp}"\n'
            f'[smtp]\nlisten = "127.0.0.1:{port}"\n'
            f'[relay]\nhost = "127.0.0.1"\nport = {relay.sink.port}\n'
            "[limits]\nrate_limit_messages = 1000000000\n"
            + (dkim_section(Path(tmp)) if dkim else "")
        )
        config = load_config(config_file)
        log_path = Path(tmp) / "serve.log"
        with open(log_path, "wb") as log:
            judge = subprocess.Popen(
                [sys.executable, "-m", "judge", "serve", "--config", str(config_file)],
                stdout=log,
                stderr=log,
            )
        result = {}
        try:
            wait_for_port(port, judge)
            cpu_before = _cpu_seconds(judge.pid)
            result = _measure(config, relay, messages, connections, rate)
            cpu = _cpu_seconds(judge.pid) - cpu_before
            if cpu >= 0:  # the judge's own cost, whatever else loads the machine
                result["cpu_ms_per_message"] = cpu * 1000 / messages
        finally:
            judge.send_signal(signal.SIGTERM)
            judge.wait(30)
        result["longest_ms"] = longest_transaction_ms(
            log_path.read_text("utf-8", "replace")
        )
        return result


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux; -inf elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("-inf")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class RelayArrivals:
    """When each reply reached the relay, by the message it answers."""

    def __init__(self, sink) -> None:
        self.sink = sink
        self.arrived: dict[str, float] = {}

    def poll(self, final: bool = False) -> None:
        for at, head, _ in self.sink.everything() if final else self.sink.arrivals():
            found = re.search(rb"^In-Reply-To: (<[^>]+>)", head, re.M)
            if found:
                self.arrived[found.group(1).decode()] = at

    def __enter__(self) -> RelayArrivals:
        self.sink.start()
        return self

    def __exit__(self, *exc) -> None:
        self.sink.stop()


def _measure(
    config: Config,
    relay: RelayArrivals,
    messages: int,
    connections: int,
    rate: float | None,
) -> dict:
    started: dict[str, float] = {}
    replied: dict[str, float] = {}
    done = threading.Event()

    def watch() -> None:
        db = open_database(config.judge.database_path)
        last = 0
        while len(replied) < messages:
            rows = db.execute(
                "SELECT id, in_reply_to FROM outbox WHERE id > ? ORDER BY id", (last,)
            ).fetchall()
            now = time.time()
            for row_id, in_reply_to in rows:
                replied[in_reply_to] = now
                last = row_id
            if not rows:
                time.sleep(0.002)
        done.set()

    def send(indices: range) -> None:
        with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=30) as smtp:
            for n, i in enumerate(indices):
                if rate:  # each connection sends its share on a fixed schedule
                    delay = begin + n * connections / rate - time.time()
                    if delay > 0:
                        time.sleep(delay)
                started[f"<bench{i}@example.org>"] = time.time()
                smtp.sendmail(
                    f"player{i}@example.org", [config.judge.address], message(i)
                )

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    begin = time.time()
    senders = [
        threading.Thread(target=send, args=(range(c, messages, connections),))
        for c in range(connections)
    ]
    for thread in senders:
        thread.start()
    for thread in senders:
        thread.join()
    accepted = time.time() - begin
    if not done.wait(120):
        raise SystemExit(f"only {len(replied)} of {messages} replies appeared")
    limit = time.monotonic() + 120
    while len(relay.arrived) < messages and time.monotonic() < limit:
        relay.poll()
        time.sleep(0.01)
    relay.poll(final=True)  # each at its final time
    if len(relay.arrived) < messages:
        raise SystemExit(f"only {len(relay.arrived)} of {messages} reached the relay")
    delivered = sorted((relay.arrived[k] - started[k]) * 1000 for k in started)
    queued = sorted((replied[k] - started[k]) * 1000 for k in started)
    return {
        "messages": messages,
        "connections": connections,
        "per_second": messages / (max(relay.arrived.values()) - begin),
        "queued_per_second": messages / (max(replied.values()) - begin),
        "accepted_per_second": messages / accepted,
        "p50_ms": statistics.median(delivered),
        "p95_ms": _p95(delivered),
        "max_ms": delivered[-1],
        "queued_p95_ms": _p95(queued),
    }


def _p95(values: list[float]) -> float:
    return values[int(0.95 * (len(values) - 1))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument(
        "--rate", type=float, default=250.0, help="messages/s of the steady run"
    )
    parser.add_argument(
        "--no-dkim", action="store_true", help="mail unsigned (default: signed)"
    )
    parser.add_argument(
        "--aiosmtpd-relay",
        action="store_true",
        help="the relay in this process (aiosmtpd), even where smtp-sink is",
    )
    args = parser.parse_args(argv)
    print(
        "mail (targets: a burst >= 250 messages/s with p95 < 200 ms, judge CPU"
        " <= 4 ms a message, no write transaction over 100 ms);"
        f" DKIM {'off' if args.no_dkim else 'on'},"
        f" relay {'aiosmtpd' if args.aiosmtpd_relay else 'smtp-sink if installed'},"
        " load average"
        f" {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores:"
    )
    for label, rate in (("burst", None), (f"steady {args.rate:.0f}/s", args.rate)):
        result = run(
            args.messages,
            args.connections,
            rate,
            not args.no_dkim,
            not args.aiosmtpd_relay,
        )
        print(
            f"  {label}: {result['messages']} messages over"
            f" {result['connections']} SMTP connections:"
            f" {result['per_second']:.0f} messages/s from SMTP accept to reply"
            f" accepted by the relay ({result['queued_per_second']:.0f}/s to reply"
            f" queued, {result['accepted_per_second']:.0f}/s accepted by SMTP);"
            f" to the relay: p50 {result['p50_ms']:.1f} ms,"
            f" p95 {result['p95_ms']:.1f} ms, max {result['max_ms']:.1f} ms;"
            f" to the outbox: p95 {result['queued_p95_ms']:.1f} ms"
            + (
                f"; judge CPU {result['cpu_ms_per_message']:.2f} ms/message"
                if "cpu_ms_per_message" in result
                else ""
            )
            + f"; longest write transaction {result['longest_ms']}",
            flush=True,
        )


if __name__ == "__main__":
    main()
