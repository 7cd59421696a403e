"""Answering a press mail: each press mail names a token in its subject
([press <token>]), made for that one recipient.  A reply keeping the
subject whose body starts with no command is press from the recipient back
to the press's writer, through the same rules as any press (grey press
stays grey both ways: neither learns who the other is).  The token stands
for the password: only the recipient's mail holds it, and only the
recipient's address may use it."""

from __future__ import annotations

import re

from judge.language.press_options import PressOptions
from judge.service.press import REPLY_TOKEN, PressDraft
from judge.service.queries import load_game, member_by_id, reply_token

PRESS_SUBJECT = re.compile(r"^\s*(re|aw|sv|fwd?):.* - Press\b", re.IGNORECASE)


def reply_token_of(subject: str) -> str | None:
    """The token of the press mail a subject answers; "" for a press mail
    without one (answered with how to write press); None: no press mail."""
    found = REPLY_TOKEN.search(subject)
    if found:
        return found.group(1)
    return "" if PRESS_SUBJECT.search(subject) else None


def answer(ctx, token: str, body: str) -> bool:
    """Send `body` as the answer to the press of `token`; False (and the
    reply says how to answer instead) when it cannot be."""
    from judge.service.commands.press import PressBlock

    row = reply_token(ctx.db, token) if token else None
    me = _member(ctx.db, row["recipient"]) if row else None
    if (
        me is None
        or me.address.lower() != ctx.sender.lower()
        or me.state in ("resigned", "pending")
    ):
        ctx.say(
            "This answers a press mail the judge cannot match to you: send"
            " SIGNON <letter><game> <password>, then PRESS TO <powers>, your"
            " text and ENDPRESS."
        )
        return False
    game = load_game(ctx.db, me.game)
    writer = _member(ctx.db, row["sender"])
    board = game.board
    if writer is None:
        ctx.say("The writer of that press has left the game: nothing was sent.")
        return False
    if writer.role == "master":
        to = "M"
    elif writer.role == "player" and row["sender_power"]:
        to = board.powers[row["sender_power"]].letter
    else:
        ctx.say(
            "Press from observers is answered with PRESS TO O (to all the"
            f" observers): SIGNON <letter>{game.name} <password>, then PRESS TO O,"
            " your text and ENDPRESS."
        )
        return False
    options = PressOptions(colour="grey" if row["grey"] else None, partial="to",
                           recipients=to)  # fmt: skip
    ctx.me = me
    ctx.acting = me.power
    draft = PressDraft(me, me.power, options, kind="reply")
    draft.lines = [line.rstrip() for line in body.splitlines()]
    ctx.say(PressBlock(draft, ctx).send(ctx))
    ctx.me = None
    ctx.acting = None
    return True


def _member(db, member_id: int):
    """The member, or None when it is gone (an ejected observer)."""
    try:
        return member_by_id(db, member_id)
    except StopIteration:
        return None
