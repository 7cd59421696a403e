"""The web pages during a deadline storm: 50 clients at once fetching a
game's page from `judge serve` (its web process) while 100 standard games
are processed, their results mailed to a relay that accepts everything.

The 50 clients ask at the same moment, every half second (50 requests at
once, the rate a reader clicking through phases may keep up; asyncio, so
the clients themselves cost little), each on its own connection and with
its own X-Forwarded-For address (50 readers behind a proxy on this
machine, as in production: the rate limit is per reader).
Reports p50/p95/max of the time from sending a request to having the
whole page, over the storm (from the deadline until the relay has the last
results mail).  Target: p95 under 50 ms.

    uv run python -m benchmarks.web [--games N] [--clients N]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import re
import shutil
import signal
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.serving import free_port, wait_for_port
from benchmarks.storm import RelaySink, start_storm

PAGE = "/game/s000000"
ROUND = 0.5  # seconds between the clients' rounds


async def _fetch(reader, writer, n: int) -> tuple[int, bytes]:
    """One GET of the page on an open connection: (status, body)."""
    writer.write(
        f"GET {PAGE} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"X-Forwarded-For: 198.51.100.{n}\r\n\r\n".encode()
    )
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))
    return status, await reader.readexactly(length)


async def _readers(
    port: int, clients: int, until, times: list[float], errors: list[str]
) -> None:
    """`clients` connections; every ROUND seconds each asks for the page at
    once, until `until()` is true."""
    conns = [await asyncio.open_connection("127.0.0.1", port) for _ in range(clients)]

    async def one(n: int) -> None:
        reader, writer = conns[n]
        start = time.perf_counter()
        try:
            status, body = await _fetch(reader, writer, n + 1)
        except (OSError, asyncio.IncompleteReadError) as e:
            errors.append(type(e).__name__)
            conns[n] = await asyncio.open_connection("127.0.0.1", port)
            return
        took = time.perf_counter() - start
        if status != 200 or b'class="unit"' not in body:
            errors.append(str(status))
        else:
            times.append(took)

    while not until():
        started = time.monotonic()
        await asyncio.gather(*(one(n) for n in range(clients)))
        await asyncio.sleep(max(0.0, ROUND - (time.monotonic() - started)))
    for _reader, writer in conns:
        writer.close()


def run(games: int, clients: int) -> dict:
    relay = RelaySink()
    relay.controller.start()
    tmp = Path(tempfile.mkdtemp(prefix="judge-web-"))
    port, web = free_port(), free_port()
    judge, _log, deadline = start_storm(
        tmp, port, relay.port, games, f'[web]\nlisten = "127.0.0.1:{web}"\n'
    )
    times: list[float] = []
    quiet: list[float] = []
    errors: list[str] = []
    quiet_figure = [float("nan")]
    try:
        wait_for_port(port, judge)
        wait_for_port(web, judge)
        # before the deadline: the page drawn once, then one reader alone
        asyncio.run(_readers(web, 1, lambda: bool(quiet), quiet, errors))
        warm_until = deadline - 1
        asyncio.run(_readers(web, 1, lambda: time.time() > warm_until, quiet, errors))
        quiet_figure = sorted(quiet[1:]) or [float("nan")]
        while time.time() < deadline:
            time.sleep(0.02)
        expected = games * 8
        limit = deadline + 30 * 60
        asyncio.run(
            _readers(
                web,
                clients,
                lambda: len(relay.results) >= expected or time.time() > limit,
                times,
                errors,
            )
        )
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
