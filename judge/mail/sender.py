"""Drains the outbox: each due message is delivered, then marked sent; a
failure schedules a retry with exponential backoff, so a relay outage only
delays mail."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

import sqlite_utils

from judge.mail.transports import PermanentFailure
from judge.store.db import transaction
from judge.store.errors import record_error
from judge.store.outbox import due_messages, mark_failed, mark_retry, mark_sent

log = logging.getLogger("judge.sender")

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
    should_stop: Callable[[], bool] = lambda: False,
) -> int:
    """Deliver every due message; return how many were delivered."""
    delivered = 0
    while not should_stop():
        batch = due_messages(db, clock(), limit=BATCH)
        if not batch:
            break
        failed_connection = False
        try:
            transport.open()
        except Exception as exc:
            failed_connection = True
            error = f"cannot reach the relay: {exc}"
            for row in batch:
                _retry(db, row.id, clock(), error, retry_initial, retry_max)
            log.warning("%s; %d message(s) wait", error, len(batch))
            break
        batched = getattr(transport, "idempotent", False)
        sent: list[int] = []
        try:
            for row in batch:
                if should_stop():
                    break
                try:
                    transport.send(row.message_id, row.recipients, row.raw)
                except PermanentFailure as exc:
                    mark_failed(db, row.id, clock(), str(exc))
                    _record(db, f"outbox {row.id}: {exc}", clock())
                    log.error("outbox %d refused for good: %s", row.id, exc)
                    continue
                except Exception as exc:
                    error = f"{type(exc).__name__}: {exc}"
                    when = _retry(db, row.id, clock(), error, retry_initial, retry_max)
                    log.warning(
                        "outbox %d not delivered (%s); retry at %s",
                        row.id,
                        error,
                        when.isoformat(timespec="seconds"),
                    )
                    transport.close()
                    failed_connection = True
                    break
                if batched:
                    sent.append(row.id)
                else:
                    mark_sent(db, row.id, clock())
                delivered += 1
                log.info("outbox %d delivered to %s", row.id, ", ".join(row.recipients))
        finally:
            transport.close()
            if sent:
                mark_sent(db, sent, clock())
        if failed_connection:
            break
    return delivered


def _retry(db, outbox_id, now, error, initial, maximum) -> datetime:
    when = mark_retry(db, outbox_id, now, error, initial=initial, maximum=maximum)
    _record(db, f"outbox {outbox_id}: {error}", now)
    return when


def _record(db, message, now) -> None:
    with transaction(db):
        record_error(db, "sender", message, now)
