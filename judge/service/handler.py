"""The game service: what the judge does with each mail, and on each tick.

Both entry points run inside the worker's open transaction: writes go
through db.execute only, and the clock is the `now` they are given."""

from __future__ import annotations

import logging
from datetime import datetime

import sqlite_utils

from judge.config import JudgeSettings
from judge.mail.message import IncomingMail, OutgoingMail
from judge.service.scheduler import tick_game
from judge.service import attention
from judge.service.schema import DUE_SCHEMA, SCHEMA, add_due_column
from judge.service.session import Session
from judge.service.worlds_cmds import use_worlds_dir

log = logging.getLogger(__name__)


class GameService:
    def __init__(self, settings: JudgeSettings) -> None:
        self.settings = settings
        use_worlds_dir(settings)  # games' random worlds load like other maps

    def setup(self, db: sqlite_utils.Database) -> None:
        db.executescript(SCHEMA)
        add_due_column(db)
        db.executescript(DUE_SCHEMA)

    def handle(
        self, db: sqlite_utils.Database, mail: IncomingMail, now: datetime
    ) -> list[OutgoingMail]:
        session = Session(self, db, mail, now)
        session.run()
        attention.refresh(db, now)  # the games this message changed
        return session.outgoing()

    # -- the scheduler: each due game on its own (the worker gives each its
    # own transaction; see Handler in judge/mail/message.py) ---------------

    def due_work(self, db: sqlite_utils.Database, now: datetime) -> list[str]:
        """The games whose time has come.  Reads only, unless games changed
        outside the service's own writes wait for their due_at: those are
        recomputed first, a batch per call (the caller's transaction)."""
        if attention.has_dirty(db):
            attention.refresh(db, now, limit=attention.REFRESH_BATCH)
        return attention.due_games(db, now)

    def stale_work(self, db: sqlite_utils.Database) -> bool:
        """True when due_work must write (recompute changed games) first."""
        return attention.has_dirty(db)

    def do_work(
        self, db: sqlite_utils.Database, name: str, now: datetime
    ) -> list[OutgoingMail]:
        """One due game's tick, inside the caller's transaction."""
        out = tick_game(db, self.settings, name, now)
        attention.clear_failure(db, name)
        db.execute("INSERT OR IGNORE INTO svc_due_dirty VALUES (?)", [name])
        attention.refresh(db, now)
        return out

    def work_failed(
        self, db: sqlite_utils.Database, name: str, error: str, now: datetime
    ) -> str:
        """The game's tick was rolled back: put it off (in the caller's
        transaction); returns what to log."""
        retry = attention.record_failure(db, name, error, now)
        return f"game {name}: {error}; next try at {retry:%Y-%m-%d %H:%M:%S} UTC"

    def tick(self, db: sqlite_utils.Database, now: datetime) -> list[OutgoingMail]:
        """Every due game at once, in the caller's transaction (the tests'
        clock-driven judge; the daemon's worker goes game by game)."""
        while attention.has_dirty(db):
            attention.refresh(db, now)
        out: list[OutgoingMail] = []
        for name in attention.due_games(db, now):
            # one broken game must not stop the others: its changes are undone
            db.execute("SAVEPOINT tick_game")
            try:
                out.extend(self.do_work(db, name, now))
            except Exception as exc:
                db.execute("ROLLBACK TO tick_game")
                log.exception("tick failed for game %s", name)
                self.work_failed(db, name, f"{type(exc).__name__}: {exc}", now)
            db.execute("RELEASE tick_game")
        return out
