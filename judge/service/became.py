"""What a master did in a power's name, mailed to that power's player
(njudge: BECOME <power>).  Apart from the order reading (orders.py), which
processing reaches through orders sent ahead."""

from __future__ import annotations

from judge.service.processing import notice
from judge.service.queries import load_game, seat_of


def tell_became(ctx) -> None:
    """njudge: after BECOME <power> the power's player is sent what the
    master did in its name (the reply from the BECOME on)."""
    if ctx.me is None or ctx.me.role != "master" or not ctx.became:
        return
    game = load_game(ctx.db, ctx.me.game)
    ends = [start for _, start in ctx.became[1:]] + [len(ctx.reply.lines)]
    for (power, start), end in zip(ctx.became, ends, strict=True):
        seat = seat_of(ctx.db, game.name, power)
        if seat is None or seat.address.lower() == ctx.sender.lower():
            continue
        name = game.board.powers[power].name
        first, last = ctx.reports.get(power, (end, end))
        # what followed its BECOME up to the next, and its own order report
        done = "\n\n".join(
            ctx.reply.lines[start : min(end, first)] + ctx.reply.lines[first:last]
        )
        text = (
            f"The master of game '{game.name}' acted as {name} (BECOME"
            f" {name}) and sent, in your name:\n\n{done}\n"
        )
        ctx.mail([notice(ctx.settings, game, seat, f"Master acted as {name}", text)])
