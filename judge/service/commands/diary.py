"""DIARY (njudge): a player's private notes on the game, broadcast to
everyone when it ends (judge/service/diaries.py)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from judge.service import diaries
from judge.service.commands.registry import Spec
from judge.service.flow import Go
from judge.service.queries import load_game

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context


class DiaryBlock:
    """The lines of a DIARY RECORD, up to ENDPRESS, ENDBROADCAST, SIGN OFF
    or the end of the mail (njudge: as a press message ends)."""

    def __init__(self, me, ctx) -> None:
        self.me = me
        self.ctx = ctx  # for the end of the mail (unfinished)
        self.lines: list[str] = []

    def line(self, ctx, raw: str, text: str) -> Go:
        squashed = re.sub(r"\s+", "", text).upper()
        if squashed in ("ENDPRESS", "ENDBROADCAST", "SIGNOFF"):
            ctx.block = None
            ctx.say(f"> {text}\n{self.save(ctx)}")
            return Go.STOP if squashed == "SIGNOFF" else Go.ON
        self.lines.append(raw.rstrip())
        return Go.ON

    def save(self, ctx) -> str:
        body = "\n".join(self.lines).strip("\n")
        if not body.strip():
            return "The diary entry was empty: not kept."
        game, power = self.me.game, self.me.power
        limit = ctx.budgets.diary_entries_per_power
        if diaries.count(ctx.db, game, power) >= limit:
            return (f"Not kept: a player keeps at most {limit} diary entries in"
                    " a game (DIARY DELETE n makes room).")  # fmt: skip
        cut = len(body) > diaries.MAX_ENTRY
        number = diaries.add(ctx.db, game, power, body[: diaries.MAX_ENTRY], ctx.now)
        return (
            f"Diary entry {number} kept: private until the game ends,"
            " when every diary is sent to everyone."
            + (f" (Cut at {diaries.MAX_ENTRY} characters.)" if cut else "")
        )

    def unfinished(self) -> str:
        """The mail ended inside the entry: that ends it, as ENDPRESS."""
        return f"(The end of your mail ended the diary entry.)\n{self.save(self.ctx)}"


def do_diary(ctx: Context, command: Command) -> Go:
    me = ctx.me
    if me is None or me.role != "player" or not me.power:
        ctx.say(
            "DIARY follows SIGNON <letter><game> <password>: a diary is a player's."
        )
        return Go.ON
    words = (command.args[0] if command.args else "").split()
    verb = words[0].upper() if words else "RECORD"
    game = load_game(ctx.db, me.game)
    if verb == "RECORD" and len(words) == 1 or not words:
        if game.status == "finished":
            ctx.say(f"Game '{game.name}' is over: its diaries have been sent.")
            return Go.ON
        ctx.block = DiaryBlock(me, ctx)
        return Go.ON
    if verb == "LIST" and len(words) == 1:
        listed = diaries.entries(ctx.db, me.game, me.power)
        lines = [f"  {n:>3}  {written[:16]} UTC  {len(body)} characters"
                 for n, written, body in listed]  # fmt: skip
        ctx.say("Your diary entries:\n" + "\n".join(lines) if lines
                else "Your diary has no entries.")  # fmt: skip
        return Go.ON
    if verb in ("READ", "DELETE") and len(words) == 2 and words[1].isdigit():
        number = int(words[1])
        if verb == "READ":
            found = [e for e in diaries.entries(ctx.db, me.game, me.power)
                     if e[0] == number]  # fmt: skip
            ctx.say(f"Diary entry {number} ({found[0][1][:16]} UTC):\n{found[0][2]}"
                    if found else f"You have no diary entry {number}.")  # fmt: skip
        elif diaries.delete(ctx.db, me.game, me.power, number):
            ctx.say(f"Diary entry {number} deleted (its number is not used again).")
        else:
            ctx.say(f"You have no diary entry {number}.")
        return Go.ON
    ctx.say("Use: DIARY [RECORD], DIARY LIST, DIARY READ <n> or DIARY DELETE <n>.")
    return Go.ON


COMMANDS = [
    Spec(
        "diary",
        "press",
        "DIARY [RECORD|LIST|READ <n>|DELETE <n>]",
        "DIARY (or DIARY RECORD), your notes, ENDPRESS: a private entry,"
        " numbered; every diary goes to everyone when the game ends",
        do_diary,
    ),
]
