"""The two values that cross between the mail plumbing and the game service.

The mail side decodes real-world mail into `IncomingMail` and delivers
`OutgoingMail`; it knows nothing of Diplomacy.  A `Handler` (the game
service, or the plain HELP handler) turns one into the other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import sqlite_utils

if TYPE_CHECKING:
    from judge.store.migrations import Schema


@dataclass(frozen=True)
class IncomingMail:
    id: int  # the intake row that holds the raw message
    sender: str  # reply address, from the headers (Reply-To, else From)
    subject: str
    body: str  # decoded plain text; quoted replies and signature removed
    message_id: str
    references: tuple[str, ...] = ()
    received_at: datetime | None = None  # UTC


@dataclass(frozen=True)
class Attachment:
    filename: str
    content_type: str  # "image/png"
    data: bytes


@dataclass(frozen=True)
class OutgoingMail:
    to: tuple[str, ...]
    subject: str
    body: str
    in_reply_to: str | None = None  # set on replies: adds References too
    references: tuple[str, ...] = ()
    attachments: tuple[Attachment, ...] = field(default_factory=tuple)
    # Mail sent to many people under one name (a game's results): a label
    # for List-Id, so readers can filter it.  None for personal replies.
    list_name: str | None = None
    # List-Unsubscribe URIs (mailto:, https:) of this recipient's copy of a
    # game mail; with an https: one it is also one-click (RFC 8058).
    unsubscribe: tuple[str, ...] = ()


class Handler(Protocol):
    """What the worker calls for each message.  Every handler method runs
    inside the worker's open transaction on `db`: it writes its state
    changes there and must not commit; the worker queues the returned mail
    in the same transaction.

    A handler may do more, each a protocol of its own below, which the
    worker finds once when it starts (isinstance: they are runtime-checkable):
    `Ticks` (periodic work in one piece), `ScheduledHandler` (in pieces),
    `TellsUnreachable`, `Warms`, `WaitsForWork`, `CountsTries`; and the
    daemon, as it starts and stops: `HasTables`, `SetsUp`, `Closes`."""

    def handle(
        self, db: sqlite_utils.Database, mail: IncomingMail, now: datetime
    ) -> list[OutgoingMail]: ...


@runtime_checkable
class Ticks(Protocol):
    def tick(self, db: sqlite_utils.Database, now: datetime) -> list[OutgoingMail]:
        """Called periodically by the scheduler: deadlines, reminders."""
        ...


@runtime_checkable
class TellsUnreachable(Protocol):
    def address_unreachable(
        self, db: sqlite_utils.Database, address: str, reason: str, now: datetime
    ) -> list[OutgoingMail]:
        """Called once when the judge's mail to `address` is found
        undeliverable (bounces, refusals: docs/mail.md)."""
        ...


@runtime_checkable
class ScheduledHandler(Protocol):
    """A handler whose periodic work comes in pieces (the game service: one
    game each), so the worker gives each piece its own transaction and
    handles waiting mail between them.  Keys are the handler's own.  The
    worker prefers this to `Ticks` when a handler has both."""

    def due_work(self, db: sqlite_utils.Database, now: datetime) -> list:
        """The pieces whose time has come (may write: a transaction is open)."""
        ...

    def do_work(
        self, db: sqlite_utils.Database, key, now: datetime
    ) -> list[OutgoingMail]:
        """One piece, inside the worker's transaction."""
        ...

    def work_failed(
        self, db: sqlite_utils.Database, key, error: str, now: datetime
    ) -> str:
        """The piece was rolled back: record it and put it off (in a new
        transaction); returns the line for the error log."""
        ...


@runtime_checkable
class Warms(Protocol):
    def warm(self) -> None:
        """Called once on the worker's thread before the first message: load
        what handling would otherwise load inside a transaction."""
        ...


@runtime_checkable
class WaitsForWork(Protocol):
    def work_ready(self, key) -> bool:
        """False while work done elsewhere for `key` (the game service's
        drawing) is still going; the worker handles mail meanwhile instead
        of waiting in a transaction."""
        ...


@runtime_checkable
class CountsTries(Protocol):
    def work_begins(
        self, db: sqlite_utils.Database, key, now: datetime, limit: int
    ) -> tuple[str, list[OutgoingMail]] | None:
        """Mark `key` as being tried, in a transaction of its own committed
        before the try, so a try the process does not survive (a crash, a
        kill) is counted at the next one.  None: go ahead; else the piece
        stopped the process `limit` times: it was put off instead, and this
        is (the line for the error log, the mail telling of it)."""
        ...


@runtime_checkable
class HasTables(Protocol):
    """A handler with tables of its own, checked and migrated with the
    store's when the judge starts."""

    schema: Schema


@runtime_checkable
class SetsUp(Protocol):
    def setup(self, db: sqlite_utils.Database) -> None:
        """Called once at start, after the migrations: the handler's own
        preparation of the database."""
        ...


@runtime_checkable
class Closes(Protocol):
    def close(self) -> None:
        """Called once when the judge stops (unless hurried): release what the
        handler started (the game service's drawing processes)."""
        ...
