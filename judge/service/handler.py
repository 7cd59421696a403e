"""The game service: what the judge does with each mail, and on each tick.

Both entry points run inside the worker's open transaction: writes go
through db.execute only, and the clock is the `now` they are given."""

from __future__ import annotations

import logging
from datetime import datetime

import sqlite_utils

from judge.config import Budgets, JudgeSettings
from judge.mail.addresses import undeliverable
from judge.mail.message import IncomingMail, OutgoingMail
from judge.service import reachability
from judge.service.passwords import take_rehashes
from judge.service.scheduler import tick_game
from judge.service.schema import SERVICE_SCHEMA
from judge.service.session import Session
from judge.service.store import games_with_deadlines, replace_password_hash, savepoint
from judge.service.world_games import use_worlds_dir
from judge.store.migrations import migrate
from judge.store.schema import STORE_SCHEMA

log = logging.getLogger(__name__)


class GameService:
    schema = SERVICE_SCHEMA  # checked and migrated with the store's at start

    def __init__(
        self,
        settings: JudgeSettings,
        budgets: Budgets | None = None,
        smtputf8: bool = False,
    ) -> None:
        self.settings = settings
        self.budgets = budgets or Budgets()
        self.smtputf8 = smtputf8  # the relay carries non-ASCII addresses
        use_worlds_dir(settings)  # games' random worlds load like other maps

    def setup(self, db: sqlite_utils.Database) -> None:
        # The store's tables too: the service asks which addresses are
        # unreachable (judge.store.addresses).  Idempotent.
        migrate(db, STORE_SCHEMA, SERVICE_SCHEMA)

    def address_problem(self, address: str) -> str | None:
        """Why the judge cannot write to `address` (None: it can)."""
        return undeliverable(
            address, smtputf8=self.smtputf8, judge_address=self.settings.address
        )

    def handle(
        self, db: sqlite_utils.Database, mail: IncomingMail, now: datetime
    ) -> list[OutgoingMail]:
        take_rehashes()  # what an earlier, undone message left
        session = Session(self, db, mail, now)
        session.run()
        out = session.outgoing()
        for old, new in take_rehashes():  # passwords that passed: today's cost
            replace_password_hash(db, old, new)
        return out

    def address_unreachable(
        self, db: sqlite_utils.Database, address: str, reason: str, now: datetime
    ) -> list[OutgoingMail]:
        """The mail side found `address` unreachable: tell its games' masters."""
        return reachability.address_unreachable(db, self.settings, address, reason, now)

    def tick(self, db: sqlite_utils.Database, now: datetime) -> list[OutgoingMail]:
        out: list[OutgoingMail] = []
        for name in games_with_deadlines(db):
            # one broken game must not stop the others: its changes are undone
            try:
                with savepoint(db, "tick_game"):
                    out.extend(tick_game(db, self.settings, name, now))
            except Exception:
                log.exception("tick failed for game %s", name)
        return out
