"""What a command's handler sees and writes.  A handler never sees the mail
or the reading of its lines.

    Request  what it reads and cannot change: the database, the settings,
             the sender, the clock, the registry, the message's budgets
    Reply    what it writes: the reply paragraph by paragraph (within its
             size), the other mails the message causes (within their
             budget), attachments, copies, notices to the players
    Context  both, and what the reading knows so far: who the sender is
             signed on as (identity), the orders gathered, an open block;
             it also spends the message's password budget"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol, TypeAlias

from judge.config import Budgets
from judge.language.commands import Command
from judge.mail.message import Attachment, OutgoingMail
from judge.reports.dates import judge_date
from judge.service import passwords
from judge.service.flow import Go
from judge.service.order_block import take_master_orders, take_orders
from judge.service.queries import (
    Game,
    Member,
    load_game,
    moment,
    quota_start,
    quota_take,
    quota_used,
)

GAME_NAME = re.compile(r"^[a-z0-9_-]{1,20}$")
REPEATED = 120  # a paragraph this long said twice is said once (HELP x 1000)
HOUR, DAY = 3600, 86400
SLOW = 300  # seconds between password checks for an address that guesses


def _writable(address: str) -> str | None:
    return None


@dataclass(frozen=True)
class Request:
    """What a handler reads: fixed for the whole message."""

    db: Any
    settings: Any
    sender: str
    now: datetime
    registry: Any
    budgets: Budgets = field(default_factory=Budgets)
    # Why the judge could not write to an address (None: it can).
    address_problem: Callable[[str], str | None] = _writable


class Reply:
    """What a handler writes: the reply and the mails the message causes,
    each within the message's budget."""

    def __init__(self, budgets: Budgets) -> None:
        self.budgets = budgets
        self.lines: list[str] = []  # the reply, paragraph by paragraph
        self.size = 0  # bytes of the reply so far
        self.skipped = 0  # paragraphs left out of the reply (its size cap)
        self.said: set[str] = set()  # long paragraphs already in the reply
        self.extra: list[OutgoingMail] = []  # other mails the message causes
        self.mails = 0  # mails caused, besides a processing's results
        self.mails_dropped = 0
        self.attachments: list[Attachment] = []  # on the reply (a world's map)
        self.copy_to: set[str] = set()  # seat holders who see the reply too
        # changes every player must know of (SET, EJECT ...), by game: one
        # notice per game at the end of the message
        self.notices: dict[str, list[str]] = {}

    def say(self, text: str) -> None:
        if len(text) >= REPEATED:
            if text in self.said:
                text = "(The same answer as above.)"
            self.said.add(text)
        if self.size + len(text) > self.budgets.reply_bytes:
            self.skipped += 1
            return
        self.size += len(text) + 2
        self.lines.append(text)

    def announce(self, game: str, text: str) -> None:
        self.notices.setdefault(game, []).append(text)

    def mail(self, mails: list[OutgoingMail], *, results: bool = False) -> None:
        """Mails a command causes.  The results of a processing it triggers
        (a phase, a game's start or end) always go; other mails count
        against the message's budget, and those beyond it are dropped."""
        if results:
            self.extra += mails
            return
        room = self.mail_room()
        self.extra += mails[:room]
        self.mails += min(room, len(mails))
        self.mails_dropped += max(0, len(mails) - room)

    def mail_room(self) -> int:
        return max(0, self.budgets.mails_per_message - self.mails)

    def finish(self) -> None:
        """Say what the budgets left out (the last words of the reply)."""
        if self.skipped:
            self.lines.append(
                f"{self.skipped} more answer(s) were left out: a reply holds at"
                f" most {self.budgets.reply_bytes} characters."
            )
        if self.mails_dropped:
            self.lines.append(
                f"{self.mails_dropped} mail(s) were not sent: one message may"
                f" cause at most {self.budgets.mails_per_message}."
            )


class Block(Protocol):
    """A command that reads the lines after it (PRESS ... ENDPRESS,
    REGISTER ... END) until it says it is done."""

    def line(self, ctx: Context, raw: str, text: str) -> Go:
        """Read one line; Go.STOP ends the message (SIGNOFF)."""

    def unfinished(self) -> str:
        """What the reply says when the message ends inside the block."""


class Context:
    """A handler's view: `request` (read), `reply` (written), and the
    reading's state so far.  The request's fields and the reply's methods
    are reachable from here too (ctx.db, ctx.say), the request read only."""

    def __init__(self, request: Request) -> None:
        self.request = request
        self.reply = Reply(request.budgets)
        self.hashes = 0  # password hashes this message has cost
        self.hash_seconds = 0.0  # and the time they took
        self.checks = 0  # passwords checked in this message
        # -- identity: who the sender speaks as ------------------------------
        self.me: Member | None = None  # signed on as a power or master
        self.joined: Member | None = None  # joined a forming game here
        self.acting: str | None = None  # the power orders are for
        # BECOME <power>: (power, index in the reply where acting for it began)
        self.became: list[tuple[str, int]] = []
        # -- the orders gathered -----------------------------------------------
        # a master's order lines without BECOME, for any power's units
        self.master_orders: list[str] = []
        self.reports: dict[str, tuple[int, int]] = {}  # power: its order report
        self.order_text: dict[str, list[str]] = {}
        self.refused: dict[str, list[tuple[str, str]]] = {}
        # names read as near misses, for the reply ("Warshaw read as Warsaw")
        self.readings: dict[str, list[str]] = {}
        self.ordered: list[str] = []  # powers to report orders for
        self.countries: dict[str, list[str]] = {}  # a seat's countries (variants)
        self.games_touched: set[str] = set()
        self.starting: set[str] = set()  # games this message filled
        self.infos = 0  # INFO PLAYER lines read (at most 100 a message)
        # a PHASE block being read: its phase ('-': refused) and lines
        self.pending_phase: str | None = None
        self.pending_lines: list[str] = []
        self.subject_game: tuple[str, str] | None = None
        self.block: Block | None = None

    # -- what a handler reads ----------------------------------------------------
    @property
    def db(self):
        return self.request.db

    @property
    def settings(self):
        return self.request.settings

    @property
    def sender(self) -> str:
        return self.request.sender

    @property
    def now(self) -> datetime:
        return self.request.now

    @property
    def registry(self):
        return self.request.registry

    @property
    def budgets(self) -> Budgets:
        return self.request.budgets

    def address_problem(self, address: str) -> str | None:
        return self.request.address_problem(address)

    # -- what it writes ------------------------------------------------------------
    def say(self, text: str) -> None:
        self.reply.say(text)

    def announce(self, game: str, text: str) -> None:
        self.reply.announce(game, text)

    def mail(self, mails: list[OutgoingMail], *, results: bool = False) -> None:
        self.reply.mail(mails, results=results)

    def mail_room(self) -> int:
        return self.reply.mail_room()

    def stop(self) -> Go:
        """End the message here: the reply says the rest was not read."""
        self.say("The rest of your message was not read.")
        return Go.STOP

    # -- passwords ----------------------------------------------------------------
    def hash_password(self, password: str) -> str | None:
        """The password's hash; None (the reply says why) when the message
        has spent its hashes: the handler then stops."""
        if not self._spend_hash():
            return None
        started = time.perf_counter()
        try:
            return passwords.hash_password(password)
        finally:
            self.hash_seconds += time.perf_counter() - started

    def check_password(
        self, password: str, stored: str, holder: str | None, *, guess: bool = True
    ) -> bool | None:
        """Check a password given for a seat.  A wrong one is copied to the
        seat's holder (`holder`, when not the sender) and counted against
        the sender: after some in an hour one try a message, then none.
        None: not checked, the reply says why; the handler then stops."""
        if passwords.remembered(password, stored):
            return passwords.check_password(password, stored)
        failures = quota_used(self.db, self.sender, "badpw", self.now, HOUR)
        budgets = self.budgets
        if failures >= budgets.password_failures_stop:
            until = self._quota_end("badpw", HOUR)
            self.say(
                f"Too many wrong passwords from {self.sender}: no password from"
                f" this address is checked until {until}."
            )
            return None
        slow = failures >= budgets.password_failures_slow
        if slow and (self.checks or quota_used(self.db, self.sender, "badpw-wait",
                                                self.now, SLOW)):  # fmt: skip
            until = self._quota_end("badpw-wait", SLOW)
            self.say(
                f"After {failures} wrong passwords, one password every"
                f" {SLOW // 60} minutes is checked from your address: wait until"
                f" {until}."
            )
            return None
        self.checks += 1
        if not self._spend_hash():
            return None
        started = time.perf_counter()
        try:
            if passwords.check_password(password, stored):
                return True
        finally:
            self.hash_seconds += time.perf_counter() - started
        if guess:  # not a seat open for takeover
            quota_take(self.db, self.sender, "badpw", self.now, HOUR)
            if slow:
                quota_take(self.db, self.sender, "badpw-wait", self.now, SLOW)
        if holder and holder.lower() != self.sender.lower():
            self.reply.copy_to.add(holder)
        return False

    def _spend_hash(self) -> bool:
        """Count one hash; False (the reply says so) when the message has
        spent its hashes, or when one more (as long as those so far) would
        pass its time."""
        budgets = self.budgets
        average = self.hash_seconds / self.hashes if self.hashes else 0.0
        if (
            self.hashes >= budgets.hashes_per_message
            or self.hash_seconds + average > budgets.hash_seconds_per_message
        ):
            self.say(
                f"This message has used its {self.budgets.hashes_per_message}"
                " password checks; send the rest in another message."
            )
            return False
        self.hashes += 1
        return True

    # -- per-sender limits ----------------------------------------------------------
    def allow(
        self, kind: str, limit: int, window: int, what: str, *, take: bool = True
    ) -> bool:
        """Count one `kind` for the sender (unless not `take`: the caller
        counts it once done); False (and the reply says so) when the sender
        has used its `limit` in the window."""
        if quota_used(self.db, self.sender, kind, self.now, window) >= limit:
            span = "an hour" if window == HOUR else "a day"
            self.say(
                f"{what}: at most {limit} in {span} from one address; try again"
                f" after {self._quota_end(kind, window)}."
            )
            return False
        if take:
            quota_take(self.db, self.sender, kind, self.now, window)
        return True

    def _quota_end(self, kind: str, window: int) -> str:
        start = quota_start(self.db, self.sender, kind)
        end = (moment(start) if start else self.now) + timedelta(seconds=window)
        return judge_date(end, self.settings.timezone)

    def need_me(self, role: str | None = None) -> Member | None:
        if self.me is None:
            self.say("Sign on first: SIGNON <letter><game> <password>.")
            return None
        if role == "master" and self.me.role != "master":
            self.say("Only the game's master may do that (SIGNON M<game> <password>).")
            return None
        if role == "player" and (self.me.role != "player" or not self.me.power):
            self.say("Only a player with a power may do that.")
            return None
        return self.me

    def game_arg(self, text: str) -> Game | None:
        name = text.lower().lstrip("?")
        game = load_game(self.db, name) if GAME_NAME.match(name) else None
        if game is None:
            self.say(f"There is no game named '{name[:20]}'.")
        return game

    def flush_orders(self) -> None:
        """Read the order lines gathered since the last command."""
        for power, lines in list(self.order_text.items()):
            take_orders(self, power, lines)
        self.order_text.clear()
        if self.master_orders:
            take_master_orders(self, self.master_orders)
            self.master_orders = []


# A command's handler: the context it reads and writes, the command as read;
# it returns whether the message is read on.
Handler: TypeAlias = Callable[[Context, Command], Go]
