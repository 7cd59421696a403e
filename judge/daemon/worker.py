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
from judge.mail import decode, quotes
from judge.mail.addresses import for_sending, same_mailbox, undeliverable
from judge.mail.bounces import handle_bounce
from judge.mail.compose import MAX_SUBJECT, compose
from judge.mail.dkim_signing import DkimSigner
from judge.mail.dsn import is_bounce
from judge.mail.loops import (
    ANSWER,
    check_echo,
    echo_notice,
    note_reply,
    reason_not_to_answer,
)
from judge.mail.loops import NOTICE as ECHO_NOTICE
from judge.mail.message import IncomingMail, OutgoingMail
from judge.store.addresses import clear_address, mark_announced, unannounced
from judge.store.db import from_iso, transaction
from judge.store.errors import record_error
from judge.store.intake import IntakeRow, count_attempt, finish, next_new
from judge.store.outbox import queue_message
from judge.store.rates import NOTICE, OK, check_rate

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
        handler,
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
        depth = decode.mime_depth(row.raw)
        too_deep = depth > decode.MAX_MIME_DEPTH
        msg = decode.parse_headers(row.raw) if too_deep else decode.parse(row.raw)
        # A bounce is read for the address it reports, never answered.  Mail
        # to a VERP address that is no bounce (a player's client replying to
        # the Return-Path, an auto-reply) is read like any other mail.
        if is_bounce(msg, row.envelope_from):
            return self._bounce(row, msg, now)
        why_not = reason_not_to_answer(msg, row.envelope_from, self.address)
        if why_not:
            log.info("message %d dropped: %s", row.id, why_not)
            finish(self.db, row.id, "dropped", now, note=why_not)
            return 0
        sender = decode.reply_address(msg)
        if sender is None:
            shown = [
                f"{name} {value[:80]!r}"
                for name in ("From", "Reply-To")
                if (value := decode.raw_header(msg, name))
            ]
            note = "no reply address" + (
                f" (not a mail address one can write to: {', '.join(shown)})"
                if shown
                else ""
            )
            finish(self.db, row.id, "dropped", now, note=note)
            if shown:
                record_error(self.db, "worker", f"reply address refused: {note}", now)
            log.info("message %d dropped: %s", row.id, note)
            return 0
        problem = self.undeliverable(sender)
        if problem:
            note = f"reply address refused: {problem}"
            finish(self.db, row.id, "dropped", now, note=note[:500])
            record_error(self.db, "worker", note, now, row.id)
            log.info("message %d dropped: %s", row.id, note)
            return 0
        sender = for_sending(sender)
        # Mail from an address shows it works again: its bounces are forgotten.
        # (read strictly: a display name holding an address clears nothing)
        for address in {sender.lower(), *map(str.lower, decode.addresses(msg, "From"))}:
            if clear_address(self.db, address, now):
                log.info("%s is reachable again (mail received from it)", address)
        message_id = decode.message_id_of(msg) or ""
        subject = decode.header(msg, "Subject")
        references = decode.references_of(msg)

        def reply(body: str) -> OutgoingMail:
            return OutgoingMail(
                to=(sender,),
                subject=reply_subject(subject),
                body=body,
                in_reply_to=message_id or None,
                references=references,
            )

        limits = self.config.limits
        verdict = check_rate(
            self.db,
            sender,
            now,
            limit=limits.rate_limit_messages,
            window_seconds=limits.rate_limit_window,
        )
        if verdict != OK:
            note = "rate limit"
            queued = 0
            if verdict == NOTICE:
                minutes = max(1, limits.rate_limit_window // 60)
                notice = (
                    f"You have sent more than {limits.rate_limit_messages} messages"
                    f" within {minutes} minutes. The judge will ignore further mail"
                    " from you until that time has passed; this is the only notice."
                )
                queued = self._queue([reply(notice)], now, row.id)
                note = "rate limit (notice sent)"
            finish(self.db, row.id, "dropped", now, sender=sender, note=note)
            log.info("message %d from %s: %s", row.id, sender, note)
            return queued
        if row.oversized or too_deep:
            if row.oversized:
                refusal = (
                    f"Your message was {row.size} bytes long; the judge reads"
                    f" messages of at most {limits.max_message_size} bytes. Please"
                    " send your commands as plain text, without attachments."
                )
            else:
                refusal = (
                    f"Your message's MIME parts are nested {depth} deep; the judge"
                    f" reads at most {decode.MAX_MIME_DEPTH} levels. Please send"
                    " your commands as plain text, without attachments."
                )
            queued = self._queue([reply(refusal)], now, row.id, sender)
            note = "oversized" if row.oversized else f"MIME nested {depth} deep"
            finish(self.db, row.id, "done", now, sender=sender, note=note)
            return queued
        whole_text = decode.body_text(msg)
        text = quotes.strip_quotes_and_signature(whole_text)
        # Arrival time: how soon it answered the judge, even behind a queue.
        arrived = min(now, from_iso(row.received_at))
        echo = check_echo(
            self.db, sender, subject, text, whole_text, references, arrived
        )
        if echo != ANSWER:
            queued = 0
            note = "mail loop suspected"
            if echo == ECHO_NOTICE:
                queued = self._queue([reply(echo_notice())], now, row.id)
                note += " (notice sent)"
                record_error(self.db, "worker", f"{note}: {sender}", now, row.id)
            finish(self.db, row.id, "dropped", now, sender=sender, note=note)
            log.info("message %d from %s: %s", row.id, sender, note)
            return queued
        mail = IncomingMail(
            id=row.id,
            sender=sender,
            subject=subject,
            body=text,
            message_id=message_id,
            references=references,
            received_at=from_iso(row.received_at),
        )
        replies = self.handler.handle(self.db, mail, now)
        queued = self._queue(replies, now, row.id, sender)
        finish(self.db, row.id, "done", now, sender=sender)
        log.info("message %d from %s handled: %d mail queued", row.id, sender, queued)
        return queued

    def undeliverable(self, address: str) -> str | None:
        """Why the judge cannot write to `address` (None: it can)."""
        relay = self.config.relay
        return undeliverable(
            address,
            smtputf8=relay is not None and relay.smtputf8,
            judge_address=self.address,
        )

    def _bounce(self, row: IntakeRow, msg, now: datetime) -> int:
        """A bounce: recorded against the address it names, never answered."""
        outcome = handle_bounce(
            self.db,
            msg,
            row.id,
            now,
            judge_address=self.address,
            separator=self.config.judge.bounce_separator,
            soft_days=self.config.limits.bounce_soft_days,
        )
        finish(self.db, row.id, "dropped", now, note=outcome.note)
        log.info("message %d: %s", row.id, outcome.note)
        return self._announce(now)

    def _announce(self, now: datetime) -> int:
        """Tell the handler of addresses newly marked unreachable (by a bounce
        or by the sender), queueing what it answers, in the open transaction."""
        tell = getattr(self.handler, "address_unreachable", None)
        queued = 0
        for news in unannounced(self.db):
            if tell is not None:
                queued += self._queue(
                    tell(self.db, news.address, news.reason, now), now, None
                )
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
                    subject=reply_subject(decode.header(msg, "Subject")),
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
        due_work = getattr(self.handler, "due_work", None)
        now = self.clock()
        keys = []
        try:
            with transaction(self.db):
                queued = self._announce(now)
                if due_work is not None:
                    keys = due_work(self.db, now)
                else:
                    tick = getattr(self.handler, "tick", None) or (lambda db, now: [])
                    queued += self._queue(tick(self.db, now), now, None)
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
        ready = getattr(self.handler, "work_ready", None)
        if ready is not None:
            # work done elsewhere for it (a drawing) still going: handle mail
            # meanwhile, so no transaction and no player waits for it
            limit = time.monotonic() + WORK_READY_WAIT
            while not ready(key) and time.monotonic() < limit:
                if self.should_stop():
                    break
                if not self.process_next():
                    time.sleep(0.01)
        now = self.clock()
        begins = getattr(self.handler, "work_begins", None)
        if begins is not None:
            # Committed before the try, so a try the process does not
            # survive is counted at the next one: a game that kills the
            # judge is put off after a few restarts, not tried first forever.
            limit = self.config.limits.handler_attempts
            with transaction(self.db):
                held = begins(self.db, key, now, limit)
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
                queued = self._queue(self.handler.do_work(self.db, key, now), now, None)
        except Exception as exc:
            error = f"{type(exc).__name__}: {exc}"
            log.exception("scheduler: %s failed", key)
            with transaction(self.db):
                note = self.handler.work_failed(self.db, key, error, now)
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
            message_id, raw = compose(
                mail,
                judge_address=self.address,
                judge_code=self.config.judge.code,
                now=now,
            )
            if self.signer is not None:
                raw = self.signer.sign(raw)
            queue_message(
                self.db,
                message_id=message_id,
                recipients=recipients,
                raw=raw,
                now=now,
                in_reply_to=mail.in_reply_to,
                intake_id=intake_id,
            )
            if replying_to and recipients == (replying_to,):
                note_reply(
                    self.db, replying_to, message_id, mail.subject, mail.body, now
                )
            count += 1
        return count


def reply_subject(subject: str) -> str:
    subject = subject.strip()[:MAX_SUBJECT]
    if not subject:
        return "Re: your message to the judge"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"
