"""PRESS <options> ... ENDPRESS, BROADCAST [options] ... ENDBROADCAST and
POSTALPRESS ... ENDPRESS: the lines between are the press, read by a block
(judge.service.press checks and sends it)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from judge.language.press_options import PressOptionError, read_press_options
from judge.service.commands.context import HOUR
from judge.service.commands.registry import Spec
from judge.service.flow import Go
from judge.service.press import PressDraft, send_press
from judge.service.processing import recipients
from judge.service.queries import load_game, quota_take, quota_used, savepoint

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context


class OverBudget(Exception):
    """The press would cause more mails than the message may."""


class PressBlock:
    """The press's lines, ended (njudge's data/press) by ENDPRESS or
    ENDBROADCAST alone on a line, which go on to the next line, or by
    SIGNOFF or the end of the mail, which end the message too."""

    def __init__(self, draft: PressDraft, ctx) -> None:
        self.draft = draft
        self.ctx = ctx  # for the end of the mail (unfinished)

    def line(self, ctx, raw: str, text: str) -> Go:
        squashed = re.sub(r"\s+", "", text).upper()
        if squashed in ("ENDPRESS", "ENDBROADCAST", "SIGNOFF"):
            ctx.block = None
            ctx.say(f"> {text}\n{self.finish(ctx)}")
            return Go.STOP if squashed == "SIGNOFF" else Go.ON
        self.draft.lines.append(raw.rstrip())
        return Go.ON

    def finish(self, ctx) -> str:
        if self.draft.error:
            return f"No press sent: {self.draft.error}"
        return self.send(ctx)

    def send(self, ctx) -> str:
        """Send the press unless the sender's budgets are spent: the mails
        this message may still cause, and the player's press per hour."""
        sender = self.draft.sender
        kind = f"press:{sender.game}"
        limit = ctx.budgets.press_per_hour
        if quota_used(ctx.db, sender.address, kind, ctx.now, HOUR) >= limit:
            return f"Press not sent: at most {limit} press messages an hour."
        if ctx.mail_room() < self.least_mails(ctx):
            return over_budget(ctx)
        try:
            with savepoint(ctx.db, "press"):
                reply, mails = send_press(ctx.db, ctx.settings, self.draft, ctx.now)
                if len(mails) > ctx.mail_room():
                    raise OverBudget
        except OverBudget:
            return over_budget(ctx)
        if mails or reply.startswith("Postal press held"):
            quota_take(ctx.db, sender.address, kind, ctx.now, HOUR)
        ctx.mail(mails)
        return reply

    def least_mails(self, ctx) -> int:
        """A broadcast's mails, known before they are written: one for each
        of the game's recipients but the sender (other press: one)."""
        options = self.draft.options
        if self.draft.error or self.draft.kind == "postal":
            return 0
        if options is not None and options.partial == "to":
            return 1
        game = load_game(ctx.db, self.draft.sender.game)
        return max(1, len(recipients(ctx.db, game)) - 1)

    def unfinished(self) -> str:
        """The mail ended inside the press: that ends it, as ENDPRESS."""
        return f"(The end of your mail ended the press.)\n{self.finish(self.ctx)}"


def over_budget(ctx) -> str:
    return (
        f"Press not sent: one message may cause at most"
        f" {ctx.budgets.mails_per_message} mails (send it in another)."
    )


def start_press(ctx, kind: str, options_text: str | None) -> None:
    """The press's lines follow whatever happens, so they are never read as
    orders; a press that cannot go says why at its ENDPRESS."""
    me = ctx.need_me()
    if me is None:
        ctx.block = PressBlock(
            PressDraft(None, None, None, error="sign on first."), ctx
        )
        return
    options, error = None, None
    if options_text:
        try:
            options = read_press_options(options_text)
        except PressOptionError as why:
            error = f"{why} (GET PRESS lists the options)."
    elif kind == "press":
        error = (
            "PRESS with no options sends nothing, so no press goes to everyone"
            " by mistake: write PRESS TO <powers>, or BROADCAST for everyone."
        )
    if error:
        ctx.say(error)
    ctx.block = PressBlock(
        PressDraft(me, ctx.acting, options, error=error, kind=kind), ctx
    )


def do_press(ctx: Context, command: Command) -> Go:
    start_press(ctx, "press", command.args[0] if command.args else None)
    return Go.ON


def do_broadcast(ctx: Context, command: Command) -> Go:
    start_press(ctx, "broadcast", command.args[0] if command.args else None)
    return Go.ON


def do_postal_press(ctx: Context, command: Command) -> Go:
    start_press(ctx, "postal", None)
    return Go.ON


def do_endpress(ctx: Context, command: Command) -> Go:
    ctx.say("ENDPRESS without PRESS: nothing to end.")
    return Go.ON


COMMANDS = [
    Spec(
        "press",
        "press",
        "PRESS TO <powers> [GREY|WHITE] [FAKE ...]",
        "press to some (names or letters run together, FRG; M: the master, O:"
        " the observers; TO ALL BUT R or -R: all but them; +FR as TO FR), the"
        " lines up to ENDPRESS; GREY/WHITE and FAKE [TO <powers>] as the game"
        " allows (GET PRESS)",
        do_press,
        shown="PRESS <options> ... ENDPRESS",
    ),
    Spec(
        "broadcast",
        "press",
        "BROADCAST [<options>]",
        "press to everyone, the lines up to ENDBROADCAST; with options, as PRESS",
        do_broadcast,
        shown="BROADCAST ... ENDBROADCAST",
    ),
    Spec(
        "postalpress",
        "press",
        "POSTALPRESS",
        "white press to everyone, mailed after the phase is processed (games"
        " with SET POSTAL PRESS), the lines up to ENDPRESS",
        do_postal_press,
        shown="POSTALPRESS ... ENDPRESS",
    ),
    Spec("endpress", "press", "ENDPRESS", "", do_endpress),
    Spec("endbroadcast", "press", "ENDBROADCAST", "", do_endpress),
]
