"""The game service: what the judge does with each mail, and on each tick.

Both entry points run inside the worker's open transaction: writes go
through db.execute only, and the clock is the `now` they are given."""

from __future__ import annotations

import logging
from datetime import datetime

import sqlite_utils

from judge.config import JudgeSettings
from judge.mail.message import IncomingMail, OutgoingMail
from judge.service import reachability
from judge.service.passwords import take_rehashes
from judge.service.scheduler import tick_game
from judge.service.schema import SERVICE_SCHEMA
from judge.service.session import Session
from judge.service.worlds_cmds import use_worlds_dir
from judge.store.migrations import migrate
from judge.store.schema import STORE_SCHEMA

log = logging.getLogger(__name__)


class GameService:
    schema = SERVICE_SCHEMA  # checked and migrated with the store's at start

    def __init__(self, settings: JudgeSettings) -> None:
        self.settings = settings
        use_worlds_dir(settings)  # games' random worlds load like other maps

    def setup(self, db: sqlite_utils.Database) -> None:
        # The store's tables too: the service asks which addresses are
        # unreachable (judge.store.addresses).  Idempotent.
        migrate(db, STORE_SCHEMA, SERVICE_SCHEMA)

    def handle(
        self, db: sqlite_utils.Database, mail: IncomingMail, now: datetime
    ) -> list[OutgoingMail]:
        take_rehashes()  # what an earlier, undone message left
        session = Session(self, db, mail, now)
        session.run()
        out = session.outgoing()
        for old, new in take_rehashes():  # passwords that passed: today's cost
            db.execute(
                "UPDATE svc_members SET password = ? WHERE password = ?", (new, old)
            )
        return out

    def address_unreachable(
        self, db: sqlite_utils.Database, address: str, reason: str, now: datetime
    ) -> list[OutgoingMail]:
        """The mail side found `address` unreachable: tell its games' masters."""
        return reachability.address_unreachable(db, self.settings, address, reason, now)

    def tick(self, db: sqlite_utils.Database, now: datetime) -> list[OutgoingMail]:
        out: list[OutgoingMail] = []
        due = db.execute(
            "SELECT name FROM svc_games WHERE status = 'active'"
            " AND deadline IS NOT NULL ORDER BY name"
        ).fetchall()
        for (name,) in due:
            # one broken game must not stop the others: its changes are undone
            db.execute("SAVEPOINT tick_game")
            try:
                out.extend(tick_game(db, self.settings, name, now))
            except Exception:
                db.execute("ROLLBACK TO tick_game")
                log.exception("tick failed for game %s", name)
            db.execute("RELEASE tick_game")
        return out
