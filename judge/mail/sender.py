"""Drains the outbox, each message on its own.

Every due message is tried by itself: a recipient or a message the relay
refuses never holds back the others.  One connection serves message after
message only while it works; when it breaks, the message in hand waits for
its retry and the next one opens a new connection.  Each message has its own exponential
backoff; after `max_retry_age` it is given up.

Per recipient: accepted, done; refused for good (5xx, or an address the
relay cannot take), the address is marked unreachable (the way a hard bounce
marks it, judge.store.addresses); refused for now (4xx, e.g. greylisting),
that recipient alone is tried again later.  A message whose whole
transaction is refused for good is failed; for now, retried."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

import sqlite_utils

from judge.mail.transports import PermanentFailure, TemporaryFailure
from judge.store.addresses import HARD, record_bounce, record_failure
from judge.store.db import transaction
from judge.store.errors import record_error
from judge.store.outbox import (
    OutboxRow,
    due_messages,
    mark_failed,
    mark_retry,
    mark_sent,
)

log = logging.getLogger("judge.sender")

THREE_DAYS = 3 * 24 * 3600.0

# Messages taken per look at the outbox: small, so a reply queued during a
# storm goes out after at most this many results mails.
BATCH = 10


def drain_outbox(
    db: sqlite_utils.Database,
    transport,
    clock: Callable[[], datetime],
    *,
    retry_initial: float,
    retry_max: float,
    max_retry_age: float = THREE_DAYS,
    soft_days: float = 3.0,
    envelope: Callable[[OutboxRow], str | None] = lambda row: None,
    should_stop: Callable[[], bool] = lambda: False,
    keep_open: bool = False,
    flush: Callable[[], None] = lambda: None,
) -> int:
    """Deliver every due message; return how many were delivered.
    `envelope(row)`: the message's envelope sender (None: the transport's).
    `keep_open`: a connection that works is left open for the next drain
    (the caller closes the transport when mail stops coming).
    `flush()`: makes the commits that queued a batch durable (when they did
    not wait for the disk themselves); called before any of it is sent."""
    sender = _Sender(
        db, transport, clock, retry_initial, retry_max, max_retry_age, soft_days
    )
    delivered = 0
    tried: set[int] = set()  # each message once per drain: its backoff rules
    while not should_stop():
        batch = [
            row for row in due_messages(db, clock(), limit=BATCH) if row.id not in tried
        ]
        if not batch:
            break
        tried.update(row.id for row in batch)
        flush()
        sent: list[int] = []  # an idempotent transport: marked sent at once
        batched = getattr(transport, "idempotent", False)
        try:
            for row in batch:
                if should_stop():
                    break
                # Tried, and for too long: given up.  (Never before one try:
                # a judge that was down for days still sends its mail.)
                if row.attempts and row.age(clock()).total_seconds() > max_retry_age:
                    sender.give_up(row)
                    continue
                if not sender.connect(row):
                    # The relay cannot be reached: every message waits, each
                    # on its own backoff, without a connection attempt each.
                    for other in batch[batch.index(row) + 1 :]:
                        sender.retry(other, sender.connect_error, quiet=True)
                    return delivered
                if sender.deliver(row, envelope(row), sent if batched else None):
                    delivered += 1
        finally:
            if not (keep_open and sender.connected):
                transport.close()
            sender.connected = False
            if sent:
                mark_sent(db, sent, clock())
    return delivered


class _Sender:
    def __init__(
        self, db, transport, clock, retry_initial, retry_max, max_age, soft_days
    ):
        self.db = db
        self.transport = transport
        self.clock = clock
        self.retry_initial = retry_initial
        self.retry_max = retry_max
        self.max_age = max_age
        self.soft_days = soft_days
        self.connected = False
        self.connect_error = ""

    def connect(self, row: OutboxRow) -> bool:
        if self.connected:
            return True
        try:
            self.transport.open()
        except Exception as exc:
            self.connect_error = f"cannot reach the relay: {exc}"
            self.retry(row, self.connect_error)
            log.warning("%s; mail waits", self.connect_error)
            return False
        self.connected = True
        return True

    def deliver(self, row: OutboxRow, envelope_from, sent_later) -> bool:
        """One message; True when some recipient accepted it."""
        try:
            refused = self.transport.send(
                row.message_id, row.recipients, row.raw, envelope_from
            )
        except PermanentFailure as exc:
            with transaction(self.db):
                mark_failed(self.db, row.id, self.clock(), str(exc))
                record_error(self.db, "sender", f"outbox {row.id}: {exc}", self.clock())
            log.error("outbox %d refused for good: %s", row.id, exc)
            return False
        except TemporaryFailure as exc:
            self.retry(row, str(exc))
            return False
        except Exception as exc:
            # The connection broke (or never worked for this message): this
            # one waits, the next one gets a fresh connection.
            self.retry(row, f"{type(exc).__name__}: {exc}")
            self.transport.close()
            self.connected = False
            return False
        hard = {r: v for r, v in refused.items() if v[0] >= 500}
        soft = {r: v for r, v in refused.items() if v[0] < 500}
        accepted = [r for r in row.recipients if r not in refused]
        if hard:
            self.refused_for_good(row, hard)
        if soft:
            error = "; ".join(f"<{r}>: {c} {t}" for r, (c, t) in soft.items())
            self.retry(row, f"refused for now: {error}", tuple(soft))
        elif accepted or not hard:
            if sent_later is not None:
                sent_later.append(row.id)
            else:
                mark_sent(self.db, row.id, self.clock())
        else:
            with transaction(self.db):
                mark_failed(self.db, row.id, self.clock(), "every recipient refused")
        if accepted:
            log.info("outbox %d delivered to %s", row.id, ", ".join(accepted))
        return bool(accepted)

    def refused_for_good(self, row: OutboxRow, hard: dict) -> None:
        now = self.clock()
        with transaction(self.db):
            for recipient, (code, text) in hard.items():
                reason = f"refused by the relay: {code} {text}"
                self._hard_failure(row, recipient, reason, now, status=str(code))
                record_error(
                    self.db, "sender", f"outbox {row.id}: <{recipient}> {reason}", now
                )
        log.warning("outbox %d: refused for good for %s", row.id, ", ".join(hard))

    def retry(self, row: OutboxRow, error: str, remaining=None, quiet=False) -> None:
        now = self.clock()
        when = mark_retry(
            self.db,
            row.id,
            now,
            error,
            initial=self.retry_initial,
            maximum=self.retry_max,
            remaining=remaining,
        )
        if not quiet:
            with transaction(self.db):
                record_error(self.db, "sender", f"outbox {row.id}: {error}", now)
            log.warning(
                "outbox %d not delivered (%s); retry at %s",
                row.id,
                error,
                when.isoformat(timespec="seconds"),
            )

    def give_up(self, row: OutboxRow) -> None:
        """Retried for longer than max_retry_age: failed, and each recipient
        not yet reached is marked unreachable."""
        now = self.clock()
        days = timedelta(seconds=self.max_age).total_seconds() / 86400
        reason = f"not delivered within {days:g} days of retries"
        last = self.db.execute(
            "SELECT last_error FROM outbox WHERE id = ?", (row.id,)
        ).fetchone()[0]
        if last:
            reason += f" (last: {last[:200]})"
        with transaction(self.db):
            mark_failed(self.db, row.id, now, reason)
            for recipient in row.recipients:
                self._hard_failure(row, recipient, reason, now)
            record_error(self.db, "sender", f"outbox {row.id}: {reason}", now)
        log.error("outbox %d given up: %s", row.id, reason)

    def _hard_failure(
        self, row: OutboxRow, recipient: str, reason: str, now, status=None
    ) -> None:
        """Recorded as a bounce would be: the address is then unreachable."""
        record_bounce(
            self.db,
            now,
            verdict="recorded",
            reason=reason,
            outbox_id=row.id,
            address=recipient,
            kind=HARD,
            status=status,
        )
        record_failure(self.db, recipient, HARD, reason, now, soft_days=self.soft_days)
