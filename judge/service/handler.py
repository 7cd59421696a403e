"""The game service: what the judge does with each mail, and on each tick.

Both entry points run inside the worker's open transaction: writes go
through db.execute only, and the clock is the `now` they are given."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

import sqlite_utils

from judge.config import Budgets, JudgeSettings
from judge.mail.addresses import undeliverable
from judge.mail.message import IncomingMail, OutgoingMail
from judge.service import attention, picture_pool, reachability
from judge.service.passwords import take_rehashes
from judge.service.picture_pool import AHEAD, PicturePool, picture_key
from judge.service.processing import notice
from judge.service.queries import (
    iso,
    load_game,
    mark_dirty,
    members,
    replace_password_hash,
    savepoint,
    stored_orders,
)
from judge.service.scheduler import tick_game
from judge.service.schema import SERVICE_SCHEMA
from judge.service.session import Session
from judge.service.unsubscribe import with_unsubscribe
from judge.service.web_footer import with_links
from judge.service.world_games import use_worlds_dir
from judge.store.db import transaction
from judge.store.migrations import migrate
from judge.store.schema import STORE_SCHEMA
from judge.variants import load_variant

log = logging.getLogger(__name__)
# The picture pool's processes are started this long before a game is due,
# so the first results of a deadline do not wait for them to start.
WARM_BEFORE = timedelta(minutes=2)


class GameService:
    schema = SERVICE_SCHEMA  # checked and migrated with the store's at start

    def __init__(
        self,
        settings: JudgeSettings,
        budgets: Budgets | None = None,
        smtputf8: bool = False,
        base_url: str = "",
    ) -> None:
        self.settings = settings
        self.base_url = base_url  # the web pages' address: page, feed, unsubscribe
        self.budgets = budgets or Budgets()
        self.smtputf8 = smtputf8  # the relay carries non-ASCII addresses
        use_worlds_dir(settings)  # games' random worlds load like other maps
        self.pictures = PicturePool(
            settings.picture_processes, use_worlds_dir, (settings,)
        )
        self.upcoming: list[str] = []  # the tick's due games not yet done
        self.drawing: dict[str, str] = {}  # game -> key of its picture ahead

    def close(self) -> None:
        self.pictures.close()

    def status_lines(self, db: sqlite_utils.Database) -> list[str]:
        """For `judge status`: the games whose scheduled work keeps failing."""
        failing = attention.failures(db)
        lines = [f"games failing: {len(failing)}"] if failing else []
        for f in failing[:20]:
            lines.append(
                f"  {f['game']}: {f['attempts']} failure(s) since"
                f" {f['first_failed']}, next try {f['next_try']}: {f['error'][:200]}"
            )
        return lines

    def setup(self, db: sqlite_utils.Database) -> None:
        # The store's tables too: the service asks which addresses are
        # unreachable (judge.store.addresses).  Idempotent.
        migrate(db, STORE_SCHEMA, SERVICE_SCHEMA)

    def warm(self) -> None:
        """Load what the first message would load inside its transaction,
        holding the database (the command grammar, templates, the standard
        map: a quarter of a second): a HELP answered on a scratch database."""
        db = sqlite_utils.Database(memory=True)
        self.setup(db)
        load_variant("standard")
        now = datetime.now(UTC)
        mail = IncomingMail(
            0, "warm-up@invalid", "warm-up", "HELP\nLIST", "<w@invalid>"
        )
        with transaction(db):
            self.handle(db, mail, now)
        db.close()

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
        attention.refresh(db, now)  # the games this message changed
        out = session.outgoing()
        for old, new in take_rehashes():  # passwords that passed: today's cost
            replace_password_hash(db, old, new)
        return self._unsubscribable(db, with_links(db, self.base_url, out))

    def _unsubscribable(self, db, mails: list[OutgoingMail]) -> list[OutgoingMail]:
        """Game mail with each recipient's unsubscribe links."""
        return with_unsubscribe(db, mails, self.settings.address, self.base_url)

    def address_unreachable(
        self, db: sqlite_utils.Database, address: str, reason: str, now: datetime
    ) -> list[OutgoingMail]:
        """The mail side found `address` unreachable: tell its games' masters."""
        mails = reachability.address_unreachable(
            db, self.settings, address, reason, now
        )
        return self._unsubscribable(db, mails)

    # -- the scheduler: each due game on its own (the worker gives each its
    # own transaction; see Handler in judge/mail/message.py) ---------------

    def due_work(self, db: sqlite_utils.Database, now: datetime) -> list[str]:
        """The games whose time has come.  Reads only, unless games changed
        outside the service's own writes wait for their due_at: those are
        recomputed first, a batch per call (the caller's transaction)."""
        if attention.has_dirty(db):
            attention.refresh(db, now, limit=attention.REFRESH_BATCH)
        due = attention.due_games(db, now)
        # Every results picture is drawn ahead, outside any transaction: a
        # drawing inside one held the write lock for most of a second.
        self.upcoming = list(due)
        self.drawing.clear()
        if not due:
            soon = attention.next_due(db)
            if soon is not None and soon - now <= WARM_BEFORE:
                self.pictures.warm()  # its processes start before the deadline
        for name in self.upcoming[:AHEAD]:
            self._draw_ahead(db, name, now)
        return due

    def _draw_ahead(self, db: sqlite_utils.Database, name: str, now) -> None:
        """Start drawing the results picture of a game about to be processed."""
        if not self.pictures.enabled:
            return
        game = load_game(db, name)
        if game is None or game.status != "active" or not game.position:
            return
        if not (
            (game.process_at and game.process_at <= iso(now))
            or (game.deadline and game.deadline <= iso(now))
        ):
            return  # a reminder or a notice: no picture
        orders = stored_orders(db, name)
        key = picture_key(name, game.turn, game.position, orders)
        self.pictures.submit(key, game.variant, game.position, orders, name, game.turn)
        self.drawing[name] = key

    def work_ready(self, name: str) -> bool:
        """False while the game's picture is still being drawn ahead: the
        worker handles mail meanwhile, and no transaction waits for it."""
        key = self.drawing.get(name)
        return key is None or self.pictures.ready(key)

    def do_work(
        self, db: sqlite_utils.Database, name: str, now: datetime
    ) -> list[OutgoingMail]:
        """One due game's tick, inside the caller's transaction."""
        self.drawing.pop(name, None)
        if name in self.upcoming:
            at = self.upcoming.index(name)
            for later in self.upcoming[at + 1 : at + 1 + AHEAD]:
                self._draw_ahead(db, later, now)  # keep the pool busy
            del self.upcoming[: at + 1]
        picture_pool.current = self.pictures
        try:
            out = tick_game(db, self.settings, name, now)
        finally:
            picture_pool.current = None
        attention.clear_failure(db, name)
        mark_dirty(db, name)
        attention.refresh(db, now)
        return self._unsubscribable(db, with_links(db, self.base_url, out))

    def work_begins(
        self, db: sqlite_utils.Database, name: str, now: datetime, limit: int
    ) -> tuple[str, list[OutgoingMail]] | None:
        """Mark the game's tick as under way (the worker commits that before
        trying it).  A game whose tick stopped the judge `limit` times in a
        row is put off instead, with the usual backoff, and its masters are
        told the first time; returns (what to log, that mail)."""
        crashes = attention.begin_try(db, name, now, limit)
        if crashes is None:
            return None
        retry = attention.retry_time(db, name)
        note = (
            f"game {name}: processing stopped the judge {crashes} times;"
            f" next try at {retry:%Y-%m-%d %H:%M:%S} UTC"
        )
        mails = self._tell_masters_held_up(db, name, retry) if crashes == limit else []
        return note, self._unsubscribable(db, mails)

    def _tell_masters_held_up(self, db, name: str, retry: datetime):
        game = load_game(db, name)
        if game is None:
            return []
        text = (
            f"Processing game '{name}' stopped the judge several times, so the\n"
            "judge has put the game off to keep the other games running.  It\n"
            f"tries again at {retry:%Y-%m-%d %H:%M} UTC, then less and less often;\n"
            "the judge's keeper sees it in the judge's status.  Nothing in the\n"
            "game was changed.\n"
        )
        return [
            notice(self.settings, game, master, "Processing held up", text)
            for master in members(db, name, "master")
        ]

    def work_failed(
        self, db: sqlite_utils.Database, name: str, error: str, now: datetime
    ) -> str:
        """The game's tick was rolled back: put it off (in the caller's
        transaction); returns what to log."""
        retry = attention.record_failure(db, name, error, now)
        attention.try_raised(db, name)
        return f"game {name}: {error}; next try at {retry:%Y-%m-%d %H:%M:%S} UTC"

    def tick(self, db: sqlite_utils.Database, now: datetime) -> list[OutgoingMail]:
        """Every due game at once, in the caller's transaction (the tests'
        clock-driven judge; the daemon's worker goes game by game)."""
        while attention.has_dirty(db):
            attention.refresh(db, now)
        out: list[OutgoingMail] = []
        for name in attention.due_games(db, now):
            # one broken game must not stop the others: its changes are undone
            try:
                with savepoint(db, "tick_game"):
                    out.extend(self.do_work(db, name, now))
            except Exception as exc:
                log.exception("tick failed for game %s", name)
                self.work_failed(db, name, f"{type(exc).__name__}: {exc}", now)
        return out
