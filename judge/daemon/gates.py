"""The gates a stored message passes on its way to the handler.

In order: bounce, not to answer, reply address, deliverable, rate limit,
size, echo loop, and last the handler itself.  Each gate is a small function
of the `Letter` (the message and what earlier gates learned of it) and the
`Desk` (the database, the configuration, the handler); it returns a verdict:
None to go on to the next gate, or a `Finish` saying how the message ends
(its state and note, the mail to send, a line for the error log).  The
worker (judge.daemon.worker) acts on every verdict in one place.  Gates may
write what they find (a bounce, a rate count) in the worker's open
transaction; they queue no mail themselves."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from email.message import Message
from functools import cached_property

import sqlite_utils

from judge.config import Config
from judge.mail import decode, quotes
from judge.mail.addresses import for_sending, undeliverable
from judge.mail.bounces import handle_bounce
from judge.mail.compose import MAX_SUBJECT
from judge.mail.dsn import is_bounce
from judge.mail.loops import (
    ANSWER,
    check_echo,
    echo_notice,
    reason_not_to_answer,
)
from judge.mail.loops import NOTICE as ECHO_NOTICE
from judge.mail.message import Handler, IncomingMail, OutgoingMail
from judge.store.addresses import clear_address
from judge.store.db import from_iso
from judge.store.intake import IntakeRow
from judge.store.rates import NOTICE, OK, check_rate

log = logging.getLogger("judge.worker")


@dataclass(frozen=True)
class Desk:
    """What the gates work with: the worker's database connection (in its
    open transaction), the configuration and the handler."""

    db: sqlite_utils.Database
    config: Config
    handler: Handler

    @property
    def address(self) -> str:
        return self.config.judge.address

    def undeliverable(self, address: str) -> str | None:
        """Why the judge cannot write to `address` (None: it can)."""
        return cannot_write_to(self.config, address)


def cannot_write_to(config: Config, address: str) -> str | None:
    """Why the judge cannot write to `address` (None: it can)."""
    relay = config.relay
    return undeliverable(
        address,
        smtputf8=relay is not None and relay.smtputf8,
        judge_address=config.judge.address,
    )


@dataclass
class Letter:
    """A stored message on its way through the gates.  A message nested too
    deep is read for its headers only (the size gate refuses it)."""

    row: IntakeRow
    now: datetime
    msg: Message
    depth: int  # how deep its MIME parts nest
    reply_to: str = ""  # the reply address as written (the reply-address gate)
    sender: str | None = None  # the address answered (once the deliverable gate passed)

    @classmethod
    def read(cls, row: IntakeRow, now: datetime) -> Letter:
        depth = decode.mime_depth(row.raw)
        too_deep = depth > decode.MAX_MIME_DEPTH
        msg = decode.parse_headers(row.raw) if too_deep else decode.parse(row.raw)
        return cls(row, now, msg, depth)

    @property
    def too_deep(self) -> bool:
        return self.depth > decode.MAX_MIME_DEPTH

    @cached_property
    def subject(self) -> str:
        return decode.header(self.msg, "Subject")

    @cached_property
    def message_id(self) -> str:
        return decode.message_id_of(self.msg) or ""

    @cached_property
    def references(self) -> tuple[str, ...]:
        return decode.references_of(self.msg)

    @cached_property
    def whole_text(self) -> str:
        return decode.body_text(self.msg)

    @cached_property
    def text(self) -> str:
        """The text the handler reads: quotes and signature removed."""
        return quotes.strip_quotes_and_signature(self.whole_text)

    def reply(self, body: str) -> OutgoingMail:
        """The worker's own answer to the sender (a refusal, a notice)."""
        assert self.sender is not None, "no answer before the sender is known"
        return OutgoingMail(
            to=(self.sender,),
            subject=re_subject(self.subject),
            body=body,
            in_reply_to=self.message_id or None,
            references=self.references,
        )


@dataclass(frozen=True)
class Finish:
    """A verdict that the message goes no further.  Its intake row becomes
    `state` ("dropped": nothing answered it; "done") with `note`; `mails`
    are queued, and with `answers` the echo-loop check remembers them as
    replies to the sender; `error` also goes to the error log; `announce`
    tells the handler of addresses newly found unreachable."""

    state: str
    note: str | None
    mails: tuple[OutgoingMail, ...] = field(default=())
    answers: bool = False
    error: str | None = None
    announce: bool = False


Verdict = Finish | None  # None: go on to the next gate
Gate = Callable[[Letter, Desk], Verdict]


def bounce(letter: Letter, desk: Desk) -> Verdict:
    """A bounce is read for the address it reports, never answered.  Mail to
    a VERP address that is no bounce (a player's client replying to the
    Return-Path, an auto-reply) is read like any other mail."""
    if not is_bounce(letter.msg, letter.row.envelope_from):
        return None
    outcome = handle_bounce(
        desk.db,
        letter.msg,
        letter.row.id,
        letter.now,
        judge_address=desk.address,
        separator=desk.config.judge.bounce_separator,
        soft_days=desk.config.limits.bounce_soft_days,
    )
    return Finish("dropped", outcome.note, announce=True)


def not_to_answer(letter: Letter, desk: Desk) -> Verdict:
    """Mail no one should answer (auto-replies, lists, the judge's own)."""
    why_not = reason_not_to_answer(letter.msg, letter.row.envelope_from, desk.address)
    return Finish("dropped", why_not) if why_not else None


def reply_address(letter: Letter, desk: Desk) -> Verdict:
    """Reply-To, else From, must hold an address one can write to."""
    address = decode.reply_address(letter.msg)
    if address is not None:
        letter.reply_to = address
        return None
    shown = [
        f"{name} {value[:80]!r}"
        for name in ("From", "Reply-To")
        if (value := decode.raw_header(letter.msg, name))
    ]
    if not shown:
        return Finish("dropped", "no reply address")
    note = f"no reply address (not a mail address one can write to: {', '.join(shown)})"
    return Finish("dropped", note, error=f"reply address refused: {note}")


def deliverable(letter: Letter, desk: Desk) -> Verdict:
    """The judge must be able to write to the reply address (not its own,
    not malformed, UTF-8 only through a relay that takes it).  Mail from an
    address shows it works again: its bounces are forgotten (read strictly:
    a display name holding an address clears nothing)."""
    problem = desk.undeliverable(letter.reply_to)
    if problem:
        note = f"reply address refused: {problem}"
        return Finish("dropped", note, error=note)
    letter.sender = sender = for_sending(letter.reply_to)
    froms = decode.addresses(letter.msg, "From")
    for address in {sender.lower(), *map(str.lower, froms)}:
        if clear_address(desk.db, address, letter.now):
            log.info("%s is reachable again (mail received from it)", address)
    return None


def rate_limit(letter: Letter, desk: Desk) -> Verdict:
    """A sender over the rate limit is ignored, told once."""
    limits = desk.config.limits
    assert letter.sender is not None
    verdict = check_rate(
        desk.db,
        letter.sender,
        letter.now,
        limit=limits.rate_limit_messages,
        window_seconds=limits.rate_limit_window,
    )
    if verdict == OK:
        return None
    if verdict != NOTICE:
        return Finish("dropped", "rate limit")
    minutes = max(1, limits.rate_limit_window // 60)
    notice = (
        f"You have sent more than {limits.rate_limit_messages} messages"
        f" within {minutes} minutes. The judge will ignore further mail"
        " from you until that time has passed; this is the only notice."
    )
    return Finish("dropped", "rate limit (notice sent)", (letter.reply(notice),))


def size(letter: Letter, desk: Desk) -> Verdict:
    """A message too big (the intake marked it) or nested too deep is
    answered with why, unread."""
    if letter.row.oversized:
        note = "oversized"
        refusal = (
            f"Your message was {letter.row.size} bytes long; the judge reads"
            f" messages of at most {desk.config.limits.max_message_size} bytes."
            " Please send your commands as plain text, without attachments."
        )
    elif letter.too_deep:
        note = f"MIME nested {letter.depth} deep"
        refusal = (
            f"Your message's MIME parts are nested {letter.depth} deep; the judge"
            f" reads at most {decode.MAX_MIME_DEPTH} levels. Please send"
            " your commands as plain text, without attachments."
        )
    else:
        return None
    return Finish("done", note, (letter.reply(refusal),), answers=True)


def echo_loop(letter: Letter, desk: Desk) -> Verdict:
    """A message that echoes the judge's last reply to the sender (an
    auto-responder quoting it) is a loop: dropped, the sender told once."""
    assert letter.sender is not None
    # Arrival time: how soon it answered the judge, even behind a queue.
    arrived = min(letter.now, from_iso(letter.row.received_at))
    echo = check_echo(
        desk.db,
        letter.sender,
        letter.subject,
        letter.text,
        letter.whole_text,
        letter.references,
        arrived,
    )
    if echo == ANSWER:
        return None
    if echo != ECHO_NOTICE:
        return Finish("dropped", "mail loop suspected")
    note = "mail loop suspected (notice sent)"
    notice = (letter.reply(echo_notice()),)
    return Finish("dropped", note, notice, error=f"{note}: {letter.sender}")


def handle(letter: Letter, desk: Desk) -> Verdict:
    """The last gate: the handler reads the message and answers it."""
    assert letter.sender is not None
    mail = IncomingMail(
        id=letter.row.id,
        sender=letter.sender,
        subject=letter.subject,
        body=letter.text,
        message_id=letter.message_id,
        references=letter.references,
        received_at=from_iso(letter.row.received_at),
    )
    replies = desk.handler.handle(desk.db, mail, letter.now)
    return Finish("done", None, tuple(replies or ()), answers=True)


GATES: tuple[Gate, ...] = (
    bounce,
    not_to_answer,
    reply_address,
    deliverable,
    rate_limit,
    size,
    echo_loop,
    handle,
)


def re_subject(subject: str) -> str:
    """The subject of the worker's own answers: "Re: " and the sender's."""
    subject = subject.strip()[:MAX_SUBJECT]
    if not subject:
        return "Re: your message to the judge"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"
