"""The web pages during a deadline storm: 50 clients at once fetching a
game's page from `judge serve` (its web process) while 100 standard games
are processed, their results mailed to a relay that accepts everything.

The 50 clients ask at the same moment, every half second (a barrier lines
them up: 50 requests at once, the rate a reader clicking through phases
may keep up), each on its own connection and with its own X-Forwarded-For
address (50 readers behind a proxy on this machine, as in production: the
rate limit is per reader).
Reports p50/p95/max of the time from sending a request to having the
whole page, over the storm (from the deadline until the relay has the last
results mail).  Target: p95 under 50 ms.

    uv run python -m benchmarks.web [--games N] [--clients N]
"""

from __future__ import annotations

import argparse
import http.client
import logging
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from benchmarks.serving import free_port, wait_for_port
from benchmarks.storm import LEAD, RelaySink, _move_deadline
from benchmarks.storm_games import build_games
from judge.config import load_config

PAGE = "/game/s000000"
ROUND = 0.5  # seconds between the clients' rounds


def _reader(
    port: int,
    n: int,
    stop: threading.Event,
    times: list[float],
    errors: list[str],
    together: threading.Barrier | None,
) -> None:
    headers = {"X-Forwarded-For": f"198.51.100.{n}", "Connection": "keep-alive"}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while not stop.is_set():
        if together is not None:
            try:
                together.wait(timeout=30)
            except threading.BrokenBarrierError:
                return
        start = time.perf_counter()
        try:
            conn.request("GET", PAGE, headers=headers)
            response = conn.getresponse()
            body = response.read()
        except (OSError, http.client.HTTPException) as e:
            errors.append(type(e).__name__)
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            continue
        took = time.perf_counter() - start
        if response.status != 200 or b'class="unit"' not in body:
            errors.append(str(response.status))
        else:
            times.append(took)
        if together is None:
            time.sleep(0.5)
    conn.close()


def _pacer(together: threading.Barrier, stop: threading.Event) -> None:
    """The 51st party of the barrier: lets the 50 go every ROUND seconds."""
    while not stop.is_set():
        time.sleep(ROUND)
        try:
            together.wait(timeout=30)
        except threading.BrokenBarrierError:
            return
    together.abort()


def run(games: int, clients: int) -> dict:
    relay = RelaySink()
    relay.controller.start()
    tmp = Path(tempfile.mkdtemp(prefix="judge-web-"))
    port, web = free_port(), free_port()
    config_file = tmp / "judge.toml"
    config_file.write_text(
        f'[judge]\naddress = "judge@example.org"\ndata_dir = "{tmp}"\n'
        f'[smtp]\nlisten = "127.0.0.1:{port}"\n'
        f'[relay]\nhost = "127.0.0.1"\nport = {relay.port}\n'
        f'[web]\nlisten = "127.0.0.1:{web}"\n'
        "[limits]\nrate_limit_messages = 1000000000\n"
    )
    config = load_config(config_file)
    build_games(
        config.judge.database_path,
        config.judge,
        games,
        datetime.now(UTC) + timedelta(days=1),
    )
    deadline = time.time() + LEAD
    _move_deadline(config.judge.database_path, deadline)
    log_path = tmp / "serve.log"
    with open(log_path, "wb") as log:
        judge = subprocess.Popen(
            [sys.executable, "-m", "judge", "serve", "--config", str(config_file)],
            stdout=log,
            stderr=log,
        )
    times: list[float] = []
    quiet: list[float] = []
    errors: list[str] = []
    stop = threading.Event()
    try:
        wait_for_port(port, judge)
        wait_for_port(web, judge)
        # before the deadline: the page drawn once, then the quiet figure
        warm = threading.Event()
        threads = [
            threading.Thread(target=_reader, args=(web, 0, warm, quiet, errors, None))
        ]
        threads[0].start()
        time.sleep(min(3.0, max(0.0, deadline - time.time() - 1)))
        warm.set()
        threads[0].join()
        quiet_figure = sorted(quiet[1:]) or [float("nan")]
        while time.time() < deadline:
            time.sleep(0.02)
        together = threading.Barrier(clients + 1)
        readers = [
            threading.Thread(
                target=_reader, args=(web, n, stop, times, errors, together)
            )
            for n in range(1, clients + 1)
        ]
        readers.append(threading.Thread(target=_pacer, args=(together, stop)))
        for t in readers:
            t.start()
        expected = games * 8
        limit = deadline + 30 * 60
        while len(relay.results) < expected and time.time() < limit:
            time.sleep(0.1)
        stop.set()
        for t in readers:
            t.join(60)
    finally:
        judge.send_signal(signal.SIGTERM)
        judge.wait(60)
        relay.controller.stop()
    shutil.rmtree(tmp, ignore_errors=True)
    times.sort()
    return {
        "games": games,
        "clients": clients,
        "storm_s": max(relay.results) - deadline if relay.results else float("nan"),
        "results": len(relay.results),
        "pages": len(times),
        "errors": len(errors),
        "error_kinds": sorted(set(errors)),
        "p50": statistics.median(times) if times else float("nan"),
        "p95": times[int(0.95 * (len(times) - 1))] if times else float("nan"),
        "max": times[-1] if times else float("nan"),
        "quiet_p50": statistics.median(quiet_figure),
        "load": os.getloadavg(),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--clients", type=int, default=50)
    args = parser.parse_args(argv)
    logging.getLogger("judge.store").setLevel(logging.ERROR)
    print(
        f"web pages during a storm (target: p95 under 50 ms; {os.cpu_count()}"
        " cores here):",
        flush=True,
    )
    r = run(args.games, args.clients)
    print(
        f"  {r['clients']} clients fetching {PAGE} while {r['games']} games were"
        f" processed ({r['results']} results mails in {r['storm_s']:.1f} s):"
        f" {r['pages']} pages, {r['errors']} errors {r['error_kinds']};"
        f" p50 {r['p50'] * 1000:.1f} ms, p95 {r['p95'] * 1000:.1f} ms,"
        f" max {r['max'] * 1000:.0f} ms\n"
        f"  one client before the storm: p50 {r['quiet_p50'] * 1000:.1f} ms;"
        f" load average at the end {r['load'][0]:.1f}",
        flush=True,
    )


if __name__ == "__main__":
    main()
