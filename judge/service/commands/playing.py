"""Playing a power: the orders after SIGNON are read by judge.service.orders;
CLEAR withdraws them."""

from __future__ import annotations

from judge.service.commands.registry import Spec
from judge.service.store import delete_orders


def do_clear(ctx, command) -> None:
    if ctx.acting is None or ctx.me is None:
        ctx.say("CLEAR follows SIGNON <letter><game> <password>.")
        return
    ctx.order_text.pop(ctx.acting, None)
    delete_orders(ctx.db, ctx.me.game, ctx.acting)
    ctx.say("Your orders for this phase have been withdrawn.")


COMMANDS = [
    Spec(
        "clear", "playing", "CLEAR", "withdraw all your orders for this phase", do_clear
    ),
]
