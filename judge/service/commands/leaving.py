"""Leaving a game's mail without a password: UNOBSERVE <game> for an
observer, and UNSUBSCRIBE <token> (or <game>), which the List-Unsubscribe
header of every game mail sends (judge/service/unsubscribe.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.service import unsubscribe
from judge.service.commands.registry import Spec
from judge.service.flow import Go
from judge.service.queries import members

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context


def do_unobserve(ctx: Context, command: Command) -> Go:
    """The sender stops observing; asking is enough, since only the
    sender's own address is affected."""
    game = ctx.game_arg(command.args[0])
    if game is None:
        return Go.ON
    if unsubscribe.stop_observing(ctx.db, game.name, ctx.sender):
        ctx.say(
            f"You no longer observe game '{game.name}': the judge sends you"
            " nothing more of it."
        )
        return Go.ON
    playing = any(
        m.address.lower() == ctx.sender.lower() and m.state != "resigned"
        for m in members(ctx.db, game.name)
        if m.role in ("player", "master")
    )
    if playing:
        ctx.say(
            f"You play or master game '{game.name}' rather than observe it:"
            " sign on and send RESIGN to leave it, or SET ABSENCE <from> TO"
            " <to> to be away for a while."
        )
    else:
        ctx.say(f"You do not observe game '{game.name}'.")
    return Go.ON


def do_unsubscribe(ctx: Context, command: Command) -> Go:
    """A token (from a List-Unsubscribe header) or a game's name."""
    arg = command.args[0].strip().lower()
    if not unsubscribe.TOKEN.fullmatch(arg):
        return do_unobserve(ctx, command)
    answer = unsubscribe.redeem(ctx.db, arg, ctx.now)
    ctx.say(answer or "That unsubscribe token is not known to this judge.")
    return Go.ON


COMMANDS = [
    Spec(
        "unobserve",
        "joining",
        "UNOBSERVE <game>",
        "stop observing a game (no password needed)",
        do_unobserve,
    ),
    Spec(
        "unsubscribe",
        "joining",
        "UNSUBSCRIBE <game>",
        "the same; game mail's unsubscribe link sends it with a token",
        do_unsubscribe,
        shown="UNSUBSCRIBE <game> or <token>",
    ),
]
