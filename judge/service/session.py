"""One incoming message: the reading of its lines.  Each line is a command
(dispatched through the registry, judge.service.commands), an order for the
power signed on, or part of a block (PRESS ... ENDPRESS, REGISTER ... END).

Each command is applied whole or not at all; a failed SIGNON or CREATE stops
the reading (what followed was meant for that game)."""

from __future__ import annotations

import re
from datetime import datetime

from judge.language.commands import CommandError, read_command
from judge.mail.message import IncomingMail, OutgoingMail
from judge.service.commands import REGISTRY
from judge.service.commands.context import Context, Stop
from judge.service.orders import report_orders
from judge.service.processing import check_early
from judge.service.replies import compose, echo


class Session:
    def __init__(self, service, db, mail: IncomingMail, now: datetime):
        self.settings = service.settings
        self.mail = mail
        self.ctx = Context(db, self.settings, mail.sender, now, REGISTRY)

    def run(self) -> None:
        ctx = self.ctx
        try:
            for raw in self.command_text().splitlines():
                if raw.rstrip() == "--" or raw.startswith("-- "):
                    break
                if not self.line(raw):
                    break
        except Stop:
            ctx.say("The rest of your message was not read.")
        if ctx.block is not None:
            ctx.say(ctx.block.unfinished())
            ctx.block = None
        ctx.flush_orders()
        report_orders(ctx)
        for game in ctx.games_touched:
            check_early(ctx.db, game, self.settings, ctx.now)
        if not ctx.lines:
            ctx.say("Your message had no commands. Send HELP for the list.")

    def command_text(self) -> str:
        """The body; a bare command in the subject of an empty mail
        (Subject: HELP) is read as the body."""
        subject = self.mail.subject.strip()
        if self.mail.body.strip() or subject.lower().startswith(("re:", "fwd:")):
            return self.mail.body
        return subject

    def line(self, raw: str) -> bool:
        """Read one line; False ends the message (SIGNOFF)."""
        ctx = self.ctx
        text = raw.strip()
        if ctx.block is not None:
            return ctx.block.line(ctx, raw, text)
        if not text or quoted(text):
            return True
        try:
            command = read_command(text)
        except CommandError as error:
            ctx.say(f"> {echo(text)}\nUse: {REGISTRY.usage(error.keyword)}")
            return True
        if command is None:
            if ctx.acting is not None:
                ctx.order_text.setdefault(ctx.acting, []).append(text)
                return True
            word = text.split()[0][:40]
            ctx.say(
                f'> {echo(text)}\n"{word}" is not a command this judge knows'
                + (" (orders need a SIGNON first)." if ctx.me is None else ".")
                + " Send HELP for the list of commands."
            )
            return True
        if command.name == "signoff":
            return False
        ctx.flush_orders()
        ctx.say(f"> {echo(text)}")
        REGISTRY.dispatch(ctx, command)
        return True

    def outgoing(self) -> list[OutgoingMail]:
        return compose(self.ctx, self.mail, self.settings.code)


JUDGE_HEADER = re.compile(r"^::\s*[A-Za-z][\w ]*:")


def quoted(text: str) -> bool:
    """A line quoted from an earlier mail ('> ...') or one of the judge's own
    header lines (':: Judge: ...', ':: Deadline: ...') copied into a reply:
    never a command or an order."""
    return text.startswith(">") or bool(JUDGE_HEADER.match(text))
