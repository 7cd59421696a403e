"""Database size per finished game, after the mail texts' keeping time.

Complete 7-player games are played through the judge's own parts (mail
stored as the SMTP listener stores it, the worker and the game service, the
sender draining the outbox, the housekeeping's pruning), on one SQLite file,
with a simulated clock: every phase each power mails random orders, the
clock moves to the deadline, the phase is processed and its results mailed,
with the map, to the seven players and the master.  A game ends at a win or
after 1910 (the survivors then vote a draw).  Pruning runs as the daemon
runs it, with the default keeping times; at the end the clock moves past
them and the file is measured.  Target: at most 2 MB per finished game.

    uv run python -m benchmarks.storage [--games N] [--last-year Y] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from judge.config import Config, JudgeSettings, StorageSettings
from judge.daemon.worker import Worker
from judge.engine.adjustments import build_sites
from judge.engine.api import orders_needed
from judge.engine.sampling import random_orders, random_retreats
from judge.mail.sender import drain_outbox
from judge.service.handler import GameService
from judge.service.queries import load_game
from judge.store import retention
from judge.store.db import open_database
from judge.store.intake import store_incoming
from judge.store.migrations import migrate
from judge.store.retention import prune
from judge.store.schema import STORE_SCHEMA

ADDRESS = "judge@example.org"
START = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
MB = 1024 * 1024


class NullTransport:
    """Delivery that always succeeds (the relay is not what is measured)."""

    idempotent = True

    def open(self) -> None: ...
    def close(self) -> None: ...
    def send(self, message_id, recipients, raw) -> None: ...


class Club:
    """A judge on one file with a hand-moved clock."""

    def __init__(self, path: Path, storage: StorageSettings) -> None:
        self.config = Config(
            judge=JudgeSettings(address=ADDRESS, data_dir=path.parent),
            storage=storage,
        )
        self.db = open_database(path)
        self.service = GameService(self.config.judge)
        migrate(self.db, STORE_SCHEMA, self.service.schema)
        self.now = START
        self.worker = Worker(self.db, self.service, self.config, lambda: self.now)
        self.sequence = 0
        self.prune_seconds: list[float] = []
        self.last_prune = START

    def mail(self, sender: str, body: str) -> None:
        self.sequence += 1
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = sender, ADDRESS, "diplomacy"
        msg["Message-ID"] = f"<bench-{self.sequence}@example.org>"
        msg["Date"] = format_datetime(self.now)
        msg.set_content(body)
        raw = msg.as_bytes()
        store_incoming(
            self.db, raw, message_id=msg["Message-ID"], envelope_from=sender,
            source="smtp", now=self.now,
        )  # fmt: skip
        while self.worker.process_next():
            pass
        self.now += timedelta(minutes=7)
        self.housekeeping()

    def tick(self, at: datetime) -> None:
        self.now = max(self.now, at)
        self.worker.tick()
        self.housekeeping()

    def housekeeping(self) -> None:
        """The sender drains the outbox; pruning runs hourly, as in the daemon."""
        drain_outbox(self.db, NullTransport(), lambda: self.now,
                     retry_initial=10, retry_max=60)  # fmt: skip
        if self.now - self.last_prune >= timedelta(
            seconds=self.config.storage.prune_interval
        ):
            self.prune()

    def prune(self) -> None:
        started = time.perf_counter()
        storage = self.config.storage
        prune(self.db, self.now, keep_sent_days=storage.keep_sent_days,
              keep_intake_days=storage.keep_intake_days, pause=0)  # fmt: skip
        self.prune_seconds.append(time.perf_counter() - started)
        self.last_prune = self.now

    def size(self) -> int:
        self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return self.db.execute("PRAGMA page_count").fetchone()[0] * 4096


def time_pruning_transactions() -> list[float]:
    """Record how long each of the pruning's transactions holds the write
    lock (its durations, in seconds, appended to the list returned)."""
    durations: list[float] = []
    plain = retention.transaction

    @contextmanager
    def timed(db):
        started = time.perf_counter()
        with plain(db):
            yield db
        durations.append(time.perf_counter() - started)

    retention.transaction = timed
    return durations


def play_game(club: Club, name: str, rng: random.Random, last_year: int) -> str:
    master = f"gm-{name}@example.org"
    players = [f"p{i}-{name}@example.org" for i in range(1, 8)]
    club.mail(master, f"CREATE ?{name} pw-gm standard\nBECOME MASTER")
    for i, player in enumerate(players):
        club.mail(player, f"SIGNON ?{name} pw-{i}")
    seat = {
        power: (address, f"pw-{players.index(address)}")
        for address, power in club.db.execute(
            "SELECT address, power FROM svc_members WHERE game = ? AND role = 'player'",
            [name],
        )
    }
    while True:
        game = load_game(club.db, name)
        if game.status == "finished":
            return game.result or "finished"
        board = game.board
        position = game.current(board)
        if position.phase.year > last_year:
            survivors = sorted({p for p in position.centres.values() if p})
            for power in survivors:
                address, password = seat[power]
                club.mail(address, f"SIGNON {power[0]}{name} {password}\nSET DRAW")
            if load_game(club.db, name).status != "finished":
                raise SystemExit(f"game {name}: the draw vote did not end it")
            return "draw after " + str(last_year)
        for power, text in phase_orders(board, position, rng).items():
            address, password = seat[power]
            club.mail(address, f"SIGNON {power[0]}{name} {password}\n{text}")
        phase = str(position.phase)
        while str(load_game(club.db, name).current(board).phase) == phase:
            game = load_game(club.db, name)
            if game.status == "finished":
                break
            due = [t for t in (game.process_at, game.deadline, game.grace_end) if t]
            later = [datetime.fromisoformat(t) for t in due]
            club.tick(min((t for t in later if t > club.now), default=club.now))
            club.now += timedelta(minutes=1)


def phase_orders(board, position, rng: random.Random) -> dict[str, str]:
    kind = position.phase.type
    if kind == "M":
        chosen = random_orders(board, position, rng)
    elif kind == "R":
        chosen = random_retreats(position, rng)
    else:
        return adjustments(board, position, rng)
    return {p: "\n".join(o.canonical() for o in orders) for p, orders in chosen.items()}


def adjustments(board, position, rng: random.Random) -> dict[str, str]:
    out = {}
    for power, needed in orders_needed(board, position).items():
        if needed > 0:
            sites = build_sites(board, position, power)[:needed]
            out[power] = "\n".join(f"A {site} B" for site in sites) or "WAIVE"
        elif needed < 0:
            units = position.units_of(power)
            rng.shuffle(units)
            out[power] = "\n".join(f"{unit} D" for unit in units[:-needed])
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--last-year", type=int, default=1910)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    storage = StorageSettings()
    transactions = time_pruning_transactions()
    with tempfile.TemporaryDirectory() as folder:
        club = Club(Path(folder) / "judge.db", storage)
        rng = random.Random(args.seed)
        started = time.perf_counter()
        phases = 0
        for number in range(args.games):
            name = f"g{number}"
            ending = play_game(club, name, rng, args.last_year)
            turns = club.db.execute(
                "SELECT COUNT(*) FROM svc_turns WHERE game = ?", [name]
            ).fetchone()[0]
            phases += turns
            print(f"game {name}: {turns} phases, {ending}", flush=True)
        elapsed = time.perf_counter() - started
        played = club.now
        texts = club.db.execute(
            "SELECT (SELECT SUM(length(raw)) FROM outbox)"
            " + (SELECT COALESCE(SUM(length(body)), 0) FROM outbox_body),"
            " (SELECT SUM(length(raw)) FROM intake), (SELECT COUNT(*) FROM outbox)"
        ).fetchone()
        sent_total = club.db.execute(
            "SELECT COUNT(*), SUM(pruned_at IS NOT NULL) FROM outbox"
        ).fetchone()
        print(
            f"{args.games} games, {phases} phases, {sent_total[0]} mails out,"
            f" {elapsed:.0f} s; simulated {START:%Y-%m-%d} to {played:%Y-%m-%d}"
        )
        print(
            f"at the last phase: {club.size() / MB:.1f} MB"
            f" ({sent_total[1]} mail texts already pruned; texts still kept:"
            f" out {(texts[0] or 0) / MB:.1f} MB, in {(texts[1] or 0) / MB:.1f} MB)"
        )
        club.now += timedelta(days=max(storage.keep_sent_days,
                                       storage.keep_intake_days) + 1)  # fmt: skip
        club.prune()
        size = club.size()
        longest = max(club.prune_seconds)
        print(
            f"after the keeping time: {size / MB:.2f} MB,"
            f" {size / args.games / MB:.2f} MB per finished game (target: at most 2)"
        )
        print(
            f"pruning: {len(club.prune_seconds)} runs, the longest"
            f" {longest * 1000:.0f} ms in all, in {len(transactions)} transactions:"
            f" median {statistics.median(transactions) * 1000:.1f} ms,"
            f" longest {max(transactions) * 1000:.0f} ms holding the write lock"
        )


if __name__ == "__main__":
    main()
