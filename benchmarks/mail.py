"""Mail throughput: messages per second from SMTP accept to reply queued.

A judge (`judge serve`: the game service answering HELP, SQLite file,
Maildir out) runs as its own process; a few client connections send HELP
messages and a watcher notes when each reply appears in the outbox.
Latency per message: from the start of its SMTP transaction to its reply
committed to the outbox.

Two runs: a burst (every message as fast as the judge takes it: throughput;
latency there is mostly time spent queued behind the burst), then a steady
stream at the target rate (latency of a judge keeping up).

    uv run python -m benchmarks.mail [--messages N] [--connections C] [--rate R]
"""

from __future__ import annotations

import argparse
import signal
import smtplib
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from judge.config import Config, load_config
from judge.store.db import open_database


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def message(i: int) -> bytes:
    return (
        f"From: player{i}@example.org\r\nTo: judge@example.org\r\n"
        f"Subject: bench\r\nMessage-ID: <bench{i}@example.org>\r\n\r\nHELP\r\n"
    ).encode()


def run(messages: int, connections: int, rate: float | None = None) -> dict:
    """Start `judge serve` as its own process (as in production: the clients
    here do not compete with it for the interpreter) and measure it."""
    with tempfile.TemporaryDirectory(prefix="judge-bench-") as tmp:
        port = free_port()
        config_file = Path(tmp) / "judge.toml"
        config_file.write_text(
            f'[judge]\naddress = "judge@example.org"\ndata_dir = "{tmp}"\n'
            f'[smtp]\nlisten = "127.0.0.1:{port}"\n'
            "[limits]\nrate_limit_messages = 1000000000\n"
        )
        config = load_config(config_file)
        judge = subprocess.Popen(
            [sys.executable, "-m", "judge", "serve", "--config", str(config_file)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            _wait_for_port(port, judge)
            return _measure(config, messages, connections, rate)
        finally:
            judge.send_signal(signal.SIGTERM)
            judge.wait(30)


def _wait_for_port(port: int, judge: subprocess.Popen) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if judge.poll() is not None:
            raise SystemExit(f"judge serve exited with {judge.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("judge serve did not start")


def _measure(
    config: Config, messages: int, connections: int, rate: float | None
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
            now = time.perf_counter()
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
                    delay = begin + n * connections / rate - time.perf_counter()
                    if delay > 0:
                        time.sleep(delay)
                started[f"<bench{i}@example.org>"] = time.perf_counter()
                smtp.sendmail(
                    f"player{i}@example.org", [config.judge.address], message(i)
                )

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    begin = time.perf_counter()
    senders = [
        threading.Thread(target=send, args=(range(c, messages, connections),))
        for c in range(connections)
    ]
    for thread in senders:
        thread.start()
    for thread in senders:
        thread.join()
    accepted = time.perf_counter() - begin
    if not done.wait(120):
        raise SystemExit(f"only {len(replied)} of {messages} replies appeared")
    elapsed = max(replied.values()) - begin
    latencies = sorted((replied[k] - started[k]) * 1000 for k in started)
    return {
        "messages": messages,
        "connections": connections,
        "per_second": messages / elapsed,
        "accepted_per_second": messages / accepted,
        "p50_ms": statistics.median(latencies),
        "p95_ms": latencies[int(0.95 * (len(latencies) - 1))],
        "max_ms": latencies[-1],
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument(
        "--rate", type=float, default=200.0, help="messages/s of the steady run"
    )
    args = parser.parse_args(argv)
    print("mail (targets: >= 200 messages/s, p95 < 200 ms):")
    for label, rate in (("burst", None), (f"steady {args.rate:.0f}/s", args.rate)):
        result = run(args.messages, args.connections, rate)
        print(
            f"  {label}: {result['messages']} messages over"
            f" {result['connections']} SMTP connections:"
            f" {result['per_second']:.0f} messages/s from SMTP accept to reply"
            f" queued ({result['accepted_per_second']:.0f}/s accepted by SMTP);"
            f" latency p50 {result['p50_ms']:.1f} ms,"
            f" p95 {result['p95_ms']:.1f} ms, max {result['max_ms']:.1f} ms",
            flush=True,
        )


if __name__ == "__main__":
    main()
