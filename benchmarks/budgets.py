"""How long a hostile message keeps the game service busy (issue 19): for
each attack, the time the single worker spends on it (target: a second at
most, so other senders' mail waits no longer).  The service runs in this
process on a real SQLite file, in a game of seven players, as `judge serve`
runs it, without the SMTP around it, so the time is the worker's alone.
What the same attacks make the judge mail, and what that costs, is
benchmarks/amplification.py's measure (through a real `judge serve`).
Run: `uv run python -m benchmarks.budgets`.
"""

from __future__ import annotations

import itertools
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import sqlite_utils

from judge.config import JudgeSettings
from judge.mail.message import IncomingMail
from judge.service.handler import GameService

START = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
MASTER = "master@example.org"
PLAYERS = [f"player{i}@example.org" for i in range(1, 8)]
LIMIT = 256 * 1024  # the listener refuses larger mail


def attacks() -> dict[str, tuple[str, str]]:
    """name -> (sender, body), each under the listener's size limit."""
    master = "SIGNON Malpha pw-master\n"
    player = "SIGNON ?alpha pw-player1\n"
    return {
        "HELP x1000": ("eve@evil.example", "HELP\n" * 1000),
        "unknown lines": (
            "eve@evil.example",
            "\n".join(f"junk {i}" for i in range(20_000))[:LIMIT],
        ),
        "MAP x30": ("eve@evil.example", "MAP alpha\n" * 30),
        "OBSERVE x800": (
            "eve@evil.example",
            "\n".join(f"OBSERVE alpha pw{i}" for i in range(800)),
        ),
        "CREATE x150": (
            "eve@evil.example",
            "\n".join(f"CREATE ?g{i} pw{i}" for i in range(150)),
        ),
        "SET PASSWORD x800": (
            PLAYERS[0],
            player + "\n".join(f"SET PASSWORD p{i}" for i in range(800)),
        ),
        "SIGNON guesses x800": (
            "eve@evil.example",
            "\n".join(f"SIGNON Malpha guess{i}" for i in range(800)),
        ),
        "BROADCAST x60": (
            MASTER,
            master + "".join(f"BROADCAST\nHi {i}\nENDBROADCAST\n" for i in range(60)),
        ),
        "SET ABSENCE x30": (
            PLAYERS[1],
            "SIGNON ?alpha pw-player2\n"
            + "\n".join(f"SET ABSENCE 2026-02-{d:02d}" for d in range(1, 29)),
        ),
        "junk orders (BECOME France)": (
            MASTER,
            master
            + "BECOME France\n"
            + "\n".join(f"frobnicate {i}" for i in range(20_000))[:LIMIT],
        ),
    }


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = sqlite_utils.Database(Path(folder) / "judge.db")
        service = GameService(JudgeSettings(data_dir=Path(folder)))
        service.setup(db)
        ids = itertools.count(1)
        now = [START]

        def send(sender: str, body: str) -> float:
            n = next(ids)
            mail = IncomingMail(n, sender, "orders", body, f"<b{n}@example.org>")
            started = time.perf_counter()
            with db.conn:
                service.handle(db, mail, now[0])
            return time.perf_counter() - started

        send(MASTER, "CREATE ?alpha pw-master\nBECOME MASTER")
        for address in PLAYERS:
            send(address, f"SIGNON ?alpha pw-{address.split('@')[0]}")
        print(f"{'attack':<28} {'size':>8} {'busy':>8}")
        worst = 0.0
        for name, (sender, body) in attacks().items():
            now[0] += timedelta(hours=2)
            busy = send(sender, body)
            worst = max(worst, busy)
            print(f"{name:<28} {len(body.encode()):>8} {busy:>7.2f}s")
        print(f"longest busy {worst:.2f} s (target: 1 s)")


if __name__ == "__main__":
    main()
