"""What a command's handler sees: the sender, the clock, the database, who
has signed on so far in this message, and the reply being built.  Handlers
never see the mail or the reading of its lines."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Protocol

from judge.mail.message import Attachment, OutgoingMail
from judge.service.orders import take_orders
from judge.service.store import Game, Member, load_game

GAME_NAME = re.compile(r"^[a-z0-9_-]{1,20}$")


class Stop(Exception):
    """The rest of the message is not read."""


class Block(Protocol):
    """A command that reads the lines after it (PRESS ... ENDPRESS,
    REGISTER ... END) until it says it is done."""

    def line(self, ctx: Context, raw: str, text: str) -> bool:
        """Read one line; False ends the message (SIGNOFF)."""

    def unfinished(self) -> str:
        """What the reply says when the message ends inside the block."""


class Context:
    def __init__(self, db, settings, sender: str, now: datetime, registry) -> None:
        self.db, self.settings, self.sender, self.now = db, settings, sender, now
        self.registry = registry
        self.lines: list[str] = []  # the reply, paragraph by paragraph
        self.extra: list[OutgoingMail] = []  # other mails the message causes
        self.attachments: list[Attachment] = []  # on the reply (a world's map)
        self.copy_to: set[str] = set()  # seat holders who see the reply too
        self.me: Member | None = None  # signed on as a power or master
        self.joined: Member | None = None  # joined a forming game here
        self.acting: str | None = None  # the power orders are for
        self.order_text: dict[str, list[str]] = {}
        self.refused: dict[str, list[tuple[str, str]]] = {}
        self.ordered: list[str] = []  # powers to report orders for
        self.countries: dict[str, list[str]] = {}  # a seat's countries (variants)
        self.games_touched: set[str] = set()
        self.subject_game: tuple[str, str] | None = None
        self.block: Block | None = None

    def say(self, text: str) -> None:
        self.lines.append(text)

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
