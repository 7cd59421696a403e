"""Orders for later phases (issue 25): PHASE <season> <year> <phase>, the
IF / ELSE [IF] / ENDIF lines inside its block, CLEAR (the pending orders,
as njudge) and CANCEL ORDERS (this phase's orders).

The lines after a PHASE line, up to the next PHASE line, a SIGNON or the
message's end, are that phase's; they are read (judge/language/phased.py)
and stored when the block ends (judge/service/pending.py applies them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.language.phased import PhasedError, read_block, read_phase
from judge.service import pending
from judge.service.commands.information import page
from judge.service.commands.registry import Spec, Topic
from judge.service.flow import Go
from judge.service.queries import delete_orders, load_game
from judge.service.replies import echo

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context


REFUSED = "-"  # the block of a PHASE line that was refused: its lines are dropped


def _seat_powers(ctx) -> list[str]:
    return ctx.countries.get(ctx.acting, [ctx.acting])


def _blind(game) -> bool:
    """njudge refuses conditions in blind games (each player sees only
    their own units).  A game's `blind` setting, where the judge has one."""
    return bool(getattr(game, "blind", 0))


def do_phase(ctx: Context, command: Command) -> Go:
    flush_pending(ctx)
    if ctx.acting is None or ctx.me is None:
        ctx.say("PHASE follows SIGNON <letter><game> <password>: orders ahead are a"
                " power's.")  # fmt: skip
        ctx.pending_phase = REFUSED
        return Go.ON
    game = load_game(ctx.db, ctx.me.game)
    ctx.pending_phase = REFUSED
    if game.status not in ("active", "paused"):
        ctx.say(f"Game '{game.name}' is {game.status}: no orders ahead.")
        return Go.ON
    try:
        phase = read_phase(command.args[0])
    except PhasedError as error:
        ctx.say(f"PHASE not read: {error}. The orders after it are not taken.")
        return Go.ON
    now = game.current(game.board).phase
    if phase <= now:
        ctx.say(
            f"{phase} is not a later phase (the game is at {now}): orders for"
            " this phase need no PHASE line. The orders after it are not taken."
        )
        return Go.ON
    if phase.year > now.year + pending.YEARS_AHEAD:
        ctx.say(
            f"Orders may be sent at most {pending.YEARS_AHEAD} years ahead"
            f" (until {now.year + pending.YEARS_AHEAD}). The orders after it are"
            " not taken."
        )
        return Go.ON
    ctx.pending_phase = str(phase)
    ctx.pending_lines = []
    return Go.ON


def directive(word: str):
    def handler(ctx: Context, command: Command) -> Go:
        text = " ".join([word, *command.args]).strip()
        if ctx.pending_phase is None:
            ctx.say(
                f"{word} only follows a PHASE line: conditions are for later"
                " phases (PHASE Fall 1902 Movement, then IF ...)."
            )
            return Go.ON
        if ctx.pending_phase == REFUSED:
            return Go.ON  # said with the PHASE line
        game = load_game(ctx.db, ctx.me.game)
        if _blind(game):
            ctx.say(f"Conditions are not taken in a blind game: {echo(text)}")
            return Go.ON
        ctx.pending_lines.append(text)
        return Go.ON

    return handler


def keep_for_phase(ctx, text: str) -> bool:
    """SET WAIT / SET NOWAIT inside a PHASE block: kept for that phase (as
    njudge propagates them), not done now.  False outside a block."""
    if ctx.pending_phase in (None, REFUSED):
        return False
    ctx.pending_lines.append(text)
    ctx.say(f"> {echo(text)}\nKept for {ctx.pending_phase}: it is set when that"
            " phase begins.")  # fmt: skip
    return True


def flush_pending(ctx) -> None:
    """The PHASE block ends: read and store its lines."""
    phase, lines = ctx.pending_phase, ctx.pending_lines
    ctx.pending_phase, ctx.pending_lines = None, []
    if phase is None:
        return
    if phase == REFUSED:
        if lines:
            ctx.say(f"{len(lines)} order line(s) after the refused PHASE line were"
                    " not taken.")  # fmt: skip
        return
    if ctx.me is None or ctx.acting is None:
        return
    if not lines:
        ctx.say(f"No orders followed PHASE {phase}: nothing stored.")
        return
    game = load_game(ctx.db, ctx.me.game)
    block, refused = read_block(game.board, lines)
    for line, why in refused:
        ctx.say(f"Not taken for {phase}: {echo(line.strip())}: {why}.")
    if not block.lines:
        return
    power = ctx.acting
    kept = pending.line_count(ctx.db, game.name, _seat_powers(ctx))
    budget = ctx.budgets.pending_lines_per_power
    if kept + len(block.lines) > budget:
        ctx.say(
            f"Orders for {phase} not stored: a power keeps at most {budget}"
            f" lines of orders ahead ({kept} now). CLEAR deletes them."
        )
        return
    pending.store_block(ctx.db, game.name, power, phase, block.lines, ctx.now)
    conditions = " (with conditions)" if block.conditional else ""
    ctx.say(
        f"{len(block.lines)} line(s) stored for {phase}{conditions}: they are"
        " read against the position when that phase begins, and you are told"
        " what was applied."
    )


def report_pending(ctx) -> None:
    """The reply lists the pending orders of the power signed on, by phase."""
    if ctx.me is None or ctx.acting is None:
        return
    game = load_game(ctx.db, ctx.me.game)
    if game is None:
        return
    table = pending.pending_of(ctx.db, game.name, _seat_powers(ctx))
    if not table:
        return
    lines = ["Pending orders:"]
    for phase, texts in table.items():
        lines.append(f"  {phase}:")
        lines += [f"    {echo(t.strip())}" for t in texts]
    ctx.say("\n".join(lines))


def do_clear(ctx: Context, command: Command) -> Go:
    if ctx.acting is None or ctx.me is None:
        ctx.say("CLEAR follows SIGNON <letter><game> <password>.")
        return Go.ON
    ctx.pending_lines = []  # this message's lines too
    gone = pending.clear(ctx.db, ctx.me.game, _seat_powers(ctx))
    if gone:
        ctx.say("Pending orders cleared.")
    else:
        ctx.say(
            "You had no pending orders (orders sent ahead with PHASE): nothing"
            " cleared. CANCEL ORDERS withdraws your orders for this phase."
        )
    return Go.ON


def do_cancel_orders(ctx: Context, command: Command) -> Go:
    if ctx.acting is None or ctx.me is None:
        ctx.say("CANCEL ORDERS follows SIGNON <letter><game> <password>.")
        return Go.ON
    for power in _seat_powers(ctx):
        ctx.order_text.pop(power, None)
        delete_orders(ctx.db, ctx.me.game, power)
    ctx.say("Your orders for this phase have been withdrawn.")
    return Go.ON


COMMANDS = [
    Spec(
        "phase",
        "playing",
        "PHASE <season> <year> <phase>",
        "the orders that follow are for that later phase (PHASE Fall 1902"
        " Movement, or PHASE F1902M; at most 5 years ahead), with IF/ELSE/"
        "ENDIF if you like (GET AHEAD); they are applied when it comes",
        do_phase,
    ),
    Spec(
        "cond_if",
        "playing",
        "IF <condition>",
        "after PHASE: the orders up to ELSE or ENDIF apply only if, at the"
        " start of that phase, a unit (of the power and type named) is in the"
        " province: IF NOT French Army Ruhr AND (Russian Prussia OR Silesia)",
        directive("IF"),
        keyword="if",
    ),
    Spec(
        "cond_else",
        "playing",
        "ELSE [IF <condition>]",
        "",
        directive("ELSE"),
        keyword="else",
    ),
    Spec("cond_endif", "playing", "ENDIF", "", directive("ENDIF"), keyword="endif"),
    Spec(
        "clear",
        "playing",
        "CLEAR",
        "delete your pending orders (those sent ahead with PHASE)",
        do_clear,
    ),
    Spec(
        "cancel_orders",
        "playing",
        "CANCEL ORDERS",
        "withdraw all your orders for this phase",
        do_cancel_orders,
        keyword="cancel",
    ),
]

TOPICS = [Topic("ahead", lambda ctx: page(ctx, "ahead"))]
