"""One incoming message: the reading of its lines.  Each line is a command
(dispatched through the registry, judge.service.commands), an order for the
power signed on, or part of a block (PRESS ... ENDPRESS, REGISTER ... END).

Each command is applied whole or not at all.  Whatever reads a line (a
command's handler, a block, the message's budgets) answers with a `Go`: on,
or stop (a failed SIGNON or CREATE: what followed was meant for that game;
SIGNOFF).  That verdict is the one way the reading ends early."""

from __future__ import annotations

import re
from datetime import datetime

from judge.language.commands import CommandError, read_command
from judge.mail.message import IncomingMail, OutgoingMail
from judge.service import unsubscribe
from judge.service.became import tell_became
from judge.service.commands import REGISTRY
from judge.service.commands.context import Context, Request
from judge.service.commands.joining import start_full_games
from judge.service.commands.phases import (
    flush_pending,
    keep_for_phase,
    report_pending,
)
from judge.service.flow import Go
from judge.service.game_options import stored
from judge.service.order_block import report_orders
from judge.service.press_replies import answer, reply_token_of
from judge.service.processing import check_early, notice, recipients
from judge.service.queries import load_game
from judge.service.replies import compose, echo, mask_passwords


class Session:
    def __init__(self, service, db, mail: IncomingMail, now: datetime):
        self.settings = service.settings
        self.mail = mail
        self.budgets = service.budgets
        self.ctx = Context(
            Request(
                db, self.settings, mail.sender, now, REGISTRY, service.budgets,
                service.address_problem,
            )
        )  # fmt: skip
        self.commands = 0  # commands read, against the message's budget
        self.order_lines = 0
        # a reply to a confirmation mail: its subject confirms, and the
        # "Yes, please" written above the quote is no unknown command
        self.confirming = False

    def run(self) -> None:
        ctx = self.ctx
        token = reply_token_of(self.mail.subject)
        if token is not None and self.is_answer():
            answer(ctx, token, self.mail.body)
            ctx.reply.finish()
            return
        for raw in self.command_text().splitlines():
            if raw.rstrip() == "--" or raw.startswith("-- "):
                break
            if self.line(raw) is Go.STOP:
                break
        if ctx.block is not None:
            ctx.say(ctx.block.unfinished())
            ctx.block = None
        flush_pending(ctx)
        start_full_games(ctx)
        ctx.flush_orders()
        report_orders(ctx)
        tell_became(ctx)
        report_pending(ctx)
        send_notices(ctx)
        for game in ctx.games_touched:
            check_early(ctx.db, game, self.settings, ctx.now)
        if not ctx.reply.lines:
            ctx.say("Your message had no commands. Send HELP for the list.")
        ctx.reply.finish()

    def is_answer(self) -> bool:
        """A reply to a press mail whose first line is no command."""
        for raw in self.mail.body.splitlines():
            text = raw.strip()
            if not text or quoted(text):
                continue
            try:
                return read_command(text) is None
            except CommandError:
                return False
        return False

    def command_text(self) -> str:
        """The body; a bare command in the subject of an empty mail
        (Subject: HELP) is read as the body.  A subject naming a token
        (a reply to a confirmation mail) confirms it first."""
        subject = self.mail.subject.strip()
        leaving = unsubscribe.SUBJECT.search(subject)
        if leaving:  # a List-Unsubscribe mailto: the body is the client's
            return f"UNSUBSCRIBE {leaving.group(1)}"
        confirm = CONFIRMATION.search(subject)
        first = f"CONFIRM {confirm.group(1)}\n" if confirm else ""
        self.confirming = confirm is not None
        if self.mail.body.strip() or subject.lower().startswith(("re:", "fwd:")):
            return first + self.mail.body
        return first or subject

    def line(self, raw: str) -> Go:
        """Read one line; Go.STOP ends the message."""
        ctx = self.ctx
        text = raw.strip()
        if ctx.block is not None:
            return ctx.block.line(ctx, raw, text)
        if not text or quoted(text):
            return Go.ON
        try:
            command, error = read_command(text), None
        except CommandError as mistyped:
            command, error = None, mistyped
        shown = echo(mask_passwords(text, command))
        if command is None and error is None and self.master_order(text):
            return self.count_order()
        if command is None and error is None and ctx.acting is not None:
            if self.count_order() is Go.STOP:
                return Go.STOP
            if ctx.pending_phase is not None:  # a PHASE block's line
                ctx.pending_lines.append(text)
            else:
                ctx.order_text.setdefault(ctx.acting, []).append(text)
            return Go.ON
        if self.count_command(shown) is Go.STOP:
            return Go.STOP
        if error is not None:
            usage = REGISTRY.nearest_usage(error.keyword, text)
            ctx.say(f"> {shown}\nUse: {usage}")
            return Go.ON
        if command is None and self.confirming:
            return Go.ON  # the answer to the confirmation mail, in words
        if command is None:
            word = text.split()[0][:40]
            ctx.say(
                f'> {shown}\n"{word}" is not a command this judge knows'
                + (" (orders need a SIGNON first)." if ctx.me is None else ".")
                + " Send HELP for the list of commands."
            )
            return Go.ON
        if command.name == "signoff":
            return REGISTRY.dispatch(ctx, command)  # nothing to echo or flush
        ctx.flush_orders()
        if command.name in ENDS_PHASE_BLOCK:
            flush_pending(ctx)
        if command.name in ("set_wait", "set_nowait") and keep_for_phase(ctx, text):
            return Go.ON  # njudge: SET WAIT in a PHASE block is that phase's
        ctx.say(f"> {shown}")
        return REGISTRY.dispatch(ctx, command)

    def master_order(self, text: str) -> bool:
        """An order line of a master signed on without BECOME: kept for the
        power whose unit it names."""
        ctx = self.ctx
        if ctx.acting is not None or ctx.me is None or ctx.me.role != "master":
            return False
        ctx.master_orders.append(text)
        return True

    def count_order(self) -> Go:
        """Count an order line (orders do not count against the commands);
        the reading stops beyond the message's budget."""
        self.order_lines += 1
        if self.order_lines <= self.budgets.order_lines_per_message:
            return Go.ON
        self.ctx.say(
            f"Only the first {self.budgets.order_lines_per_message} order"
            " lines of a message are read; the rest were not."
        )
        return Go.STOP

    def count_command(self, text: str) -> Go:
        """Count a line (not an order) against the message's budget of
        commands; the reading stops beyond it."""
        self.commands += 1
        if self.commands <= self.budgets.commands_per_message:
            return Go.ON
        self.ctx.say(
            f"> {text}\nOnly the first {self.budgets.commands_per_message}"
            " commands of a message are read; this line and the rest were not."
        )
        return Go.STOP

    def outgoing(self) -> list[OutgoingMail]:
        return compose(self.ctx, self.mail, self.settings.code)


# Commands after which the lines are no longer the PHASE block's: another
# identity's orders follow
ENDS_PHASE_BLOCK = frozenset({"signon", "become", "become_master", "create"})


def send_notices(ctx) -> None:
    """One notice per game of the changes this message made (njudge's
    "mucking around with parameters"), to everyone in it but the sender,
    within the message's budget of mails."""
    for game_name, texts in ctx.reply.notices.items():
        game = load_game(ctx.db, game_name)
        if game is None:
            continue
        who = changer(ctx, game)
        text = f"{who} in game '{game_name}' changed:\n\n" + "\n".join(
            f"  {line}" for line in texts
        )
        ctx.mail([
            notice(ctx.settings, game, m, "Diplomacy notice", text)
            for m in recipients(ctx.db, game)
            if m.address.lower() != ctx.sender.lower()
        ])  # fmt: skip
    ctx.reply.notices.clear()


def changer(ctx, game) -> str:
    """Who made a change, as njudge shows it: SET NO SHOW hides it."""
    me = ctx.me
    if me is None or me.game != game.name or not stored(game)["show"]:
        return "Someone"
    if me.role == "master":
        return "The master"
    if me.role == "player" and me.power:
        return game.board.powers[me.power].name
    return "Someone"


JUDGE_HEADER = re.compile(r"^::\s*[A-Za-z][\w ]*:")
CONFIRMATION = re.compile(r"\(CONFIRM ([0-9a-f]{16})\)")


def quoted(text: str) -> bool:
    """A line quoted from an earlier mail ('> ...') or one of the judge's own
    header lines (':: Judge: ...', ':: Deadline: ...') copied into a reply:
    never a command or an order."""
    return text.startswith(">") or bool(JUDGE_HEADER.match(text))
