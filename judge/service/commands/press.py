"""PRESS TO ... ENDPRESS and BROADCAST ... ENDBROADCAST: the lines between
are the press, read by a block (judge.service.press sends it)."""

from __future__ import annotations

import re

from judge.service.commands.registry import Spec
from judge.service.press import PressDraft, send_press


class PressBlock:
    def __init__(self, draft: PressDraft) -> None:
        self.draft = draft

    def line(self, ctx, raw: str, text: str) -> bool:
        squashed = re.sub(r"\s+", "", text).upper()
        if squashed in ("ENDPRESS", "ENDBROADCAST"):
            ctx.block = None
            if self.draft.error:
                ctx.say("> ENDPRESS\nPress not sent: sign on first.")
                return True
            reply, mails = send_press(ctx.db, ctx.settings, self.draft, ctx.now)
            ctx.say(f"> {text}\n{reply}")
            ctx.extra += mails
            return True
        if squashed == "SIGNOFF":
            return False
        self.draft.lines.append(raw.rstrip())
        return True

    def unfinished(self) -> str:
        return "Your press had no ENDPRESS / ENDBROADCAST: it was not sent."


def start_press(ctx, to: str | None) -> None:
    me = ctx.need_me()
    if me is None:
        ctx.block = PressBlock(PressDraft(None, None, None, error="not signed on"))
        return
    ctx.block = PressBlock(PressDraft(me, ctx.acting, to))


def do_press(ctx, command) -> None:
    start_press(ctx, command.args[0] if command.args else None)


def do_broadcast(ctx, command) -> None:
    start_press(ctx, None)


def do_endpress(ctx, command) -> None:
    ctx.say("ENDPRESS without PRESS: nothing to end.")


COMMANDS = [
    Spec(
        "press",
        "press",
        "PRESS TO <powers>",
        "private press (names or letters; M: the master), the lines up to ENDPRESS",
        do_press,
        shown="PRESS TO <powers> ... ENDPRESS",
    ),
    Spec(
        "broadcast",
        "press",
        "BROADCAST",
        "press to everyone, the lines up to ENDBROADCAST",
        do_broadcast,
        shown="BROADCAST ... ENDBROADCAST",
    ),
    Spec("endpress", "press", "ENDPRESS", "", do_endpress),
    Spec("endbroadcast", "press", "ENDBROADCAST", "", do_endpress),
]
