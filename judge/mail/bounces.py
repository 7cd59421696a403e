"""A bounce in: checked against the outbox, then recorded per address.

The worker routes bounces here before the game service sees any mail.  A
bounce is believed only when it names one of the judge's messages and a
recipient of that message:

* by its VERP address (judge+b-<id>-<secret>@...), whose secret must be the
  message's own (a forger never saw it);
* without one, by the returned original's Message-ID, and only for a
  message that had a single recipient (each of the judge's mails has one:
  its Message-ID is known to that recipient alone).

Anything else is dropped with the reason, in `bounces` and on the intake
row: a malformed report, a message that does not exist, a wrong secret, a
recipient the message never went to.  Bounces are never answered."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from email.message import Message

import sqlite_utils

from judge.mail.decode import addresses
from judge.mail.dsn import Failure, read_report
from judge.mail.verp import VerpTag, parse_tag
from judge.store.addresses import record_bounce, record_failure
from judge.store.outbox import find_by_message_id, find_message

# Headers that carry the address a bounce was delivered to: the envelope
# recipient as the listener or a mail server recorded it, then To/Cc.
RECIPIENT_HEADERS = ("Delivered-To", "X-Original-To", "Envelope-To", "To", "Cc")


@dataclass
class Outcome:
    note: str  # for the intake row: what became of the bounce
    unreachable: list[str] = field(default_factory=list)  # newly marked


def verp_tags(msg: Message, judge_address: str, separator: str) -> list[VerpTag]:
    tags = []
    for name in RECIPIENT_HEADERS:
        for address in addresses(msg, name):
            tag = parse_tag(address, judge_address, separator)
            if tag is not None and tag not in tags:
                tags.append(tag)
    return tags


def handle_bounce(
    db: sqlite_utils.Database,
    msg: Message,
    intake_id: int,
    now: datetime,
    *,
    judge_address: str,
    separator: str,
    soft_days: float,
) -> Outcome:
    """Read, check and record one bounce (inside the caller's transaction)."""

    def drop(reason: str, outbox_id=None, address=None) -> Outcome:
        record_bounce(
            db,
            now,
            verdict="dropped",
            reason=reason,
            intake_id=intake_id,
            outbox_id=outbox_id,
            address=address,
        )
        return Outcome(f"bounce dropped: {reason}")

    report = read_report(msg)
    tags = verp_tags(msg, judge_address, separator)
    if tags:
        tag = tags[0]
        message = find_message(db, tag.outbox_id)
        if message is None:
            return drop(f"names outbox message {tag.outbox_id}, which does not exist")
        if not tag.matches(message["verp_token"]):
            return drop(
                f"forged: wrong secret for outbox message {tag.outbox_id}",
                tag.outbox_id,
            )
    elif report.original_message_id:
        message = find_by_message_id(db, report.original_message_id)
        if message is None:
            return drop(
                f"names message {report.original_message_id[:100]},"
                " which the judge never sent"
            )
        if len(message["recipients"]) != 1:
            return drop(
                "no VERP address, and the message it names had several recipients",
                message["id"],
            )
    else:
        return drop(
            report.problem or "names no message of the judge"
            if not report.failures
            else "names no message of the judge (no VERP address, no Message-ID)"
        )
    if not report.failures:
        return drop(report.problem or "no failed recipient", message["id"])
    sent_to = {r.lower(): r for r in message["recipients"]}
    outcome = Outcome("")
    notes = []
    for failure in report.failures:
        recipient = _recipient(failure, sent_to)
        if recipient is None:
            named = failure.recipient or "no recipient"
            reason = (
                f"forged or misdirected: names <{named[:100]}>, but outbox message"
                f" {message['id']} went to {', '.join(sorted(sent_to))[:200]}"
            )
            drop(reason, message["id"], failure.recipient)
            notes.append(reason)
            continue
        reason = failure.reason()
        record_bounce(
            db,
            now,
            verdict="recorded",
            reason=reason,
            intake_id=intake_id,
            outbox_id=message["id"],
            address=recipient,
            kind=failure.kind,
            status=failure.status,
        )
        if record_failure(
            db, recipient, failure.kind, reason, now, soft_days=soft_days
        ):
            outcome.unreachable.append(recipient.lower())
        notes.append(f"{failure.kind} bounce for <{recipient}>: {reason}")
    recorded = [n for n in notes if not n.startswith("forged")]
    outcome.note = (
        "bounce recorded: " if recorded else "bounce dropped: "
    ) + "; ".join(notes)[:480]
    return outcome


def _recipient(failure: Failure, sent_to: dict[str, str]) -> str | None:
    """The message's recipient this failure is about (None: not one of them)."""
    if failure.recipient is None:
        return next(iter(sent_to.values())) if len(sent_to) == 1 else None
    return sent_to.get(failure.recipient.strip().lower())
