"""How fast the adjudicator resolves a full board.

Plays 300 random movement phases with 34 units each (moves, supports,
convoys and a few wrong orders; judge.engine.sampling) and reports the median
and 99th percentile time per phase in process; then sends the same phases as
`judge adjudicate` requests (canonical order strings, JSON in and out) through
one process's request handler and reports requests per second.
Run: `uv run python -m benchmarks.adjudicate`.
"""

from __future__ import annotations

import json
import random
import statistics
import time

from judge.adjudicate import handle_line
from judge.engine.api import adjudicate
from judge.engine.board import load_board
from judge.engine.sampling import random_orders, random_position
from judge.engine.serialize import position_to_json

PHASES = 300
TARGET_MEDIAN_US, TARGET_P99_US, TARGET_RPS = 250, 1000, 2000


def phases(board, n: int, seed: int = 1901):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        position = random_position(board, rng, 34)
        if len(position.units) == 34:
            out.append((position, random_orders(board, position, rng)))
    return out


def main() -> None:
    board = load_board("standard")
    sample = phases(board, PHASES)
    for position, orders in sample[:20]:  # warm-up
        adjudicate(board, position, orders)

    times = []
    for position, orders in sample:
        start = time.perf_counter()
        adjudicate(board, position, orders)
        times.append(time.perf_counter() - start)
    times.sort()
    median = statistics.median(times) * 1e6
    p99 = times[int(len(times) * 0.99) - 1] * 1e6
    print(f"phases: {len(times)} x 34 units")
    print(
        f"per phase: median {median:.0f} us (target < {TARGET_MEDIAN_US}),"
        f" p99 {p99:.0f} us (target < {TARGET_P99_US})"
    )

    lines = [
        json.dumps(
            {
                "id": str(i),
                "state": position_to_json(board, position),
                "orders": {p: [o.canonical() for o in os] for p, os in orders.items()},
            }
        )
        for i, (position, orders) in enumerate(sample)
    ]
    for line in lines[:20]:
        handle_line(line)
    rates = []
    for _ in range(5):  # the machine is shared: report the median round
        start = time.perf_counter()
        for line in lines:
            json.dumps(handle_line(line))
        rates.append(len(lines) / (time.perf_counter() - start))
    rps = statistics.median(rates)
    print(
        f"judge adjudicate: {rps:.0f} requests/s in one process"
        f" (target >= {TARGET_RPS})"
    )


if __name__ == "__main__":
    main()
