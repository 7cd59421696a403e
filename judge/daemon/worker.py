"""The worker: handles stored messages in arrival order, one transaction each.

For every message the handler's state changes, the mail it returns and the
intake row's new state commit together, so a crash at any moment either
leaves the message to be handled again (nothing was committed) or handled
once (everything was).  The scheduler's ticks run here too, so the handler
is only ever called from one thread."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime

import sqlite_utils

from judge.config import Config
from judge.daemon.gates import GATES, Desk, Finish, Letter, cannot_write_to, re_subject
from judge.mail import decode
from judge.mail.addresses import for_sending, same_mailbox
from judge.mail.compose import compose_parts
from judge.mail.dkim_signing import DkimSigner
from judge.mail.loops import note_reply, reason_not_to_answer
from judge.mail.message import (
    CountsTries,
    Handler,
    OutgoingMail,
    ScheduledHandler,
    TellsUnreachable,
    Ticks,
    WaitsForWork,
    Warms,
)
from judge.store.addresses import mark_announced, unannounced
from judge.store.db import transaction
from judge.store.errors import record_error
from judge.store.intake import IntakeRow, count_attempt, finish, next_new
from judge.store.outbox import queue_message, store_body

log = logging.getLogger("judge.worker")

# Messages handled between two pieces of scheduled work (a game each): enough
# to keep players' mail flowing in a storm, bounded so a flood of mail cannot
# hold the storm up for long either.
MESSAGES_BETWEEN_WORK = 20
WORK_READY_WAIT = 60.0  # seconds at most for a piece of work to be ready


class Worker:
    def __init__(
        self,
        db: sqlite_utils.Database,
        handler: Handler,
        config: Config,
        clock: Callable[[], datetime],
        on_queued: Callable[[], None] = lambda: None,
        should_stop: Callable[[], bool] = lambda: False,
        signer: DkimSigner | None = None,
    ) -> None:
        self.db = db
        self.handler = handler
        self.config = config
        self.clock = clock
        self.on_queued = on_queued
        self.should_stop = should_stop
        self.signer = signer
        self.address = config.judge.address
        self.first_message = True
        self.desk = Desk(db, config, handler)
        # What the handler does besides answering mail (judge.mail.message),
        # found once: None where it does not.
        self.scheduled = handler if isinstance(handler, ScheduledHandler) else None
        self.ticks = handler if isinstance(handler, Ticks) else None
        self.tells = handler if isinstance(handler, TellsUnreachable) else None
        self.waits = handler if isinstance(handler, WaitsForWork) else None
        self.counts_tries = handler if isinstance(handler, CountsTries) else None
        self.warms = handler if isinstance(handler, Warms) else None

    def warm(self) -> None:
        """Before the first message: the handler loads what it needs outside
        any transaction (its grammar, maps...), so the first message does
        not hold the database for that.  A failure only costs that time."""
        if self.warms is None:
            return
        start = time.perf_counter()
        try:
            self.warms.warm()
        except Exception:
            log.exception("warming the handler up failed")
        log.info("handler warmed up in %.0f ms", (time.perf_counter() - start) * 1000)

    # -- messages ---------------------------------------------------------

    def process_next(self) -> bool:
        """Handle the oldest waiting message; False when there is none."""
        row = next_new(self.db)
        if row is None:
            return False
        limit = self.config.limits.handler_attempts
        if row.attempts >= limit:
            # Tried that often already, and the process died each time.
            self._give_up(row, f"given up after {row.attempts} attempts")
            return True
        attempts = row.attempts
        if self.first_message:
            # Messages are handled one at a time in order, so a message that
            # crashed the process is the first one handled after the restart:
            # counting a try here (committed before it is made) is enough to
            # give it up after a few crashes, at no cost for the others.
            count_attempt(self.db, row.id)
            attempts += 1
            self.first_message = False
        try:
            with transaction(self.db):
                queued = self._handle(row, self.clock())
        except Exception as exc:
            error = f"{type(exc).__name__}: {exc}"
            log.exception("message %d: handling failed (%s)", row.id, error)
            with transaction(self.db):
                record_error(self.db, "worker", error, self.clock(), row.id)
                if attempts == row.attempts:
                    attempts += 1
                    self.db.execute(
                        "UPDATE intake SET attempts = ? WHERE id = ?",
                        (attempts, row.id),
                    )
            if attempts >= limit:
                self._give_up(row, error)
            return True
        if queued:
            self.on_queued()
        return True

    def _handle(self, row: IntakeRow, now: datetime) -> int:
        """Pass the message through the gates (judge.daemon.gates) until one
        finishes it; the last, the handler, always does."""
        letter = Letter.read(row, now)
        for gate in GATES:
            verdict = gate(letter, self.desk)
            if verdict is not None:
                return self._act(letter, verdict)
        raise AssertionError("the handler's gate finishes every message")

    def _act(self, letter: Letter, verdict: Finish) -> int:
        """The one place a gate's verdict is carried out, in the message's
        transaction: its mail queued, its error logged, its row finished."""
        row, now, sender = letter.row, letter.now, letter.sender
        answering = sender if verdict.answers else None
        queued = self._queue(verdict.mails, now, row.id, answering)
        if verdict.error:
            record_error(self.db, "worker", verdict.error, now, row.id)
        note = verdict.note[:500] if verdict.note else None
        finish(self.db, row.id, verdict.state, now, sender=sender, note=note)
        log.info(
            "message %d%s %s: %s; %d mail queued",
            row.id,
            f" from {sender}" if sender else "",
            verdict.state,
            note or "handled",
            queued,
        )
        if verdict.announce:
            queued += self._announce(now)
        return queued

    def undeliverable(self, address: str) -> str | None:
        """Why the judge cannot write to `address` (None: it can)."""
        return cannot_write_to(self.config, address)

    def _announce(self, now: datetime) -> int:
        """Tell the handler of addresses newly marked unreachable (by a bounce
        or by the sender), queueing what it answers, in the open transaction."""
        queued = 0
        for news in unannounced(self.db):
            if self.tells is not None:
                mails = self.tells.address_unreachable(
                    self.db, news.address, news.reason, now
                )
                queued += self._queue(mails, now, None)
            mark_announced(self.db, news.address)
        return queued

    def _give_up(self, row: IntakeRow, error: str) -> None:
        """Mark the message failed, with an apology to its sender if answerable."""
        now = self.clock()
        with transaction(self.db):
            sender = None
            try:
                msg = decode.parse(row.raw)
                if not reason_not_to_answer(msg, row.envelope_from, self.address):
                    sender = decode.reply_address(msg)
            except Exception:
                msg = None
            if sender and msg is not None:
                apology = OutgoingMail(
                    to=(sender,),
                    subject=re_subject(decode.header(msg, "Subject")),
                    body=(
                        "The judge hit an internal error while handling your message."
                        f" Your message is kept (number {row.id}) and the judge's"
                        " keeper can see the error; please try again later."
                    ),
                    in_reply_to=decode.message_id_of(msg),
                    references=decode.references_of(msg),
                )
                self._queue([apology], now, row.id)
            finish(self.db, row.id, "failed", now, sender=sender, note=error[:500])
        log.error("message %d failed: %s", row.id, error)
        self.on_queued()

    # -- scheduler --------------------------------------------------------

    def tick(self) -> None:
        """One scheduler tick.  Addresses newly unreachable are announced to
        the handler first.  A handler with due work (`due_work`) then gets
        one short transaction per piece of work, its mail queued in it, and
        the waiting messages are handled between pieces, so a storm of games
        due at once never keeps a player's mail waiting for long; a piece
        that fails is rolled back alone and the handler puts it off.  A
        handler with only `tick` does all its periodic work in one."""
        now = self.clock()
        keys = []
        try:
            with transaction(self.db):
                queued = self._announce(now)
                if self.scheduled is not None:
                    keys = self.scheduled.due_work(self.db, now)
                elif self.ticks is not None:
                    queued += self._queue(self.ticks.tick(self.db, now), now, None)
        except Exception as exc:
            log.exception("scheduler tick failed")
            with transaction(self.db):
                record_error(self.db, "scheduler", f"{type(exc).__name__}: {exc}", now)
            return
        if queued:
            log.info("scheduler: %d mail queued", queued)
            self.on_queued()
        done = 0
        for key in keys:
            if self.should_stop():
                break
            done += self._work(key)
            for _ in range(MESSAGES_BETWEEN_WORK):
                if self.should_stop() or not self.process_next():
                    break
        if done:
            log.info("scheduler: %d mail queued", done)

    def _work(self, key) -> int:
        scheduled = self.scheduled
        assert scheduled is not None  # keys come from its due_work
        if self.waits is not None:
            # work done elsewhere for it (a drawing) still going: handle mail
            # meanwhile, so no transaction and no player waits for it
            limit = time.monotonic() + WORK_READY_WAIT
            while not self.waits.work_ready(key) and time.monotonic() < limit:
                if self.should_stop():
                    break
                if not self.process_next():
                    time.sleep(0.01)
        now = self.clock()
        if self.counts_tries is not None:
            # Committed before the try, so a try the process does not
            # survive is counted at the next one: a game that kills the
            # judge is put off after a few restarts, not tried first forever.
            limit = self.config.limits.handler_attempts
            with transaction(self.db):
                held = self.counts_tries.work_begins(self.db, key, now, limit)
                if held is not None:
                    note, mails = held
                    record_error(self.db, "scheduler", note, now)
                    queued = self._queue(mails, now, None)
            if held is not None:
                log.error("scheduler: %s", note)
                if queued:
                    self.on_queued()
                return queued
        try:
            with transaction(self.db):
                queued = self._queue(scheduled.do_work(self.db, key, now), now, None)
        except Exception as exc:
            error = f"{type(exc).__name__}: {exc}"
            log.exception("scheduler: %s failed", key)
            with transaction(self.db):
                note = scheduled.work_failed(self.db, key, error, now)
                record_error(self.db, "scheduler", note, now)
            return 0
        if queued:
            self.on_queued()
        return queued

    # -- outbox -----------------------------------------------------------

    def _queue(
        self,
        mails,
        now: datetime,
        intake_id: int | None,
        replying_to: str | None = None,
    ) -> int:
        """Compose and queue `mails`; an address the judge cannot write to
        (the judge's own, a malformed one) is left out and recorded.  The
        judge's reply to `replying_to` is remembered by the loop detector."""
        count = 0
        shared = SharedBodies(self.db)
        for mail in mails or ():
            recipients = []
            for address in mail.to:
                problem = self.undeliverable(address)
                if problem is None:
                    recipients.append(for_sending(address))
                elif not same_mailbox(address, self.address):
                    record_error(
                        self.db,
                        "worker",
                        f"mail '{mail.subject[:60]}' not sent to {address[:80]!r}:"
                        f" {problem}",
                        now,
                        intake_id,
                    )
            recipients = tuple(recipients)
            if not recipients:
                continue
            if recipients != tuple(mail.to):
                mail = OutgoingMail(**{**mail.__dict__, "to": recipients})
            message_id, head, body = compose_parts(
                mail,
                judge_address=self.address,
                judge_code=self.config.judge.code,
                now=now,
            )
            if self.signer is not None:
                head = self.signer.signature(head, body) + head
            body_id = shared.body_id(body)
            queue_message(
                self.db,
                message_id=message_id,
                recipients=recipients,
                raw=head if body_id else head + body,
                now=now,
                in_reply_to=mail.in_reply_to,
                intake_id=intake_id,
                body_id=body_id,
            )
            if replying_to and recipients == (replying_to,):
                note_reply(
                    self.db, replying_to, message_id, mail.subject, mail.body, now
                )
            count += 1
        return count


class SharedBodies:
    """The bodies of the mails queued together (in one transaction) that
    are worth keeping once: a large body the composer made once for several
    mails (a game's results and their picture, to each recipient) is the
    same bytes object each time, and is stored once for them all."""

    LARGE = 16_384  # bytes: a reply's few kilobytes stay in its own row

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db
        self.stored: dict[int, tuple[bytes, int]] = {}  # id(body): body, its row

    def body_id(self, body: bytes) -> int | None:
        if len(body) < self.LARGE:
            return None
        known = self.stored.get(id(body))
        if known is None or known[0] is not body:
            known = (body, store_body(self.db, body))  # the body kept alive:
            self.stored[id(body)] = known  # its id() names nothing else
        return known[1]
