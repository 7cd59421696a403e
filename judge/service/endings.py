"""Agreed endings, in a variant that has them (`Variant.agreed_endings`):
SET END <text> and SET NOEND.

The variant's rule (judge.variants.base.AgreedEndings) says how long an
ending may be, when two are the same and when the players agree; this
module keeps the votes.  A player's proposed ending is kept in svc_endings
(one row per svc_members row of the seat); the voters are the current
players (active, on a power that still has units or centres: the same
voters as a draw).  Once they agree the game finishes as a unanimous
draw does (`finish_game`: status finished, the game-over mail to everyone).
Like draw votes, the proposals are cleared when a phase is processed
(processing.py), so each vote is about the position the players see."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.service import seats
from judge.service.flow import Go
from judge.service.lifecycle import finish_game
from judge.service.queries import load_game, members, proposals, propose_ending
from judge.variants import variant_for

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context


def survivors(game, board) -> list[str]:
    """The powers that still have units or centres, sorted."""
    position = game.current(board)
    return sorted(
        p for p in board.powers if position.units_of(p) or position.centres_of(p)
    )


def current_voters(db, game, board) -> list:
    """The players whose vote counts, for a draw as for an ending: active,
    seated on a surviving power."""
    alive = set(survivors(game, board))
    return [
        m for m in members(db, game.name, "player")
        if m.power in alive and m.state == "active"
    ]  # fmt: skip


def _game_for_vote(ctx):
    """(me, game) when the sender may vote on an ending, else (None, None)
    after saying why not."""
    me = ctx.need_me("player")
    if me is None:
        return None, None
    game = load_game(ctx.db, me.game)
    if not variant_for(game.board).agreed_endings:
        ctx.say(
            "SET END refused: agreed endings are not a rule of this game's"
            f" variant ({game.variant}); use SET DRAW."
        )
        return None, None
    if game.status != "active":
        ctx.say("Endings are voted in running games only.")
        return None, None
    return me, game


def _seat_rows(ctx, game, me) -> list:
    return seats.seat_rows(ctx.db, game, game.board, me)


def set_end(ctx: Context, command: Command) -> Go:
    me, game = _game_for_vote(ctx)
    if game is None:
        return Go.ON
    text = " ".join(command.args[0].split()) if command.args else ""
    if not text:
        ctx.say("Use: SET END <the ending, as free text>, e.g. SET END Gaul wins.")
        return Go.ON
    rule = variant_for(game.board).agreed_endings
    if len(text) > rule.max_length:
        ctx.say(
            f"SET END refused: an ending is at most {rule.max_length} characters"
            f" (this one has {len(text)})."
        )
        return Go.ON
    board = game.board
    voters = current_voters(ctx.db, game, board)
    if me.id not in {m.id for m in voters}:
        ctx.say(
            "SET END refused: only players whose power has units or centres"
            " vote on an ending."
        )
        return Go.ON
    for row in _seat_rows(ctx, game, me):
        propose_ending(ctx.db, row.id, text)
    ctx.say(f'You propose to end the game with: "{text}".')
    votes = proposals(ctx.db, game.name)
    ctx.say(_tally(game, board, voters, votes))
    if rule.agreed(votes, [m.id for m in voters]) is not None:
        result = rule.result(text)  # in the last proposer's words
        ctx.mail(finish_game(ctx.db, ctx.settings, game.name, result), results=True)
    return Go.ON


def set_noend(ctx: Context, command: Command) -> Go:
    me, game = _game_for_vote(ctx)
    if game is None:
        return Go.ON
    for row in _seat_rows(ctx, game, me):
        propose_ending(ctx.db, row.id, None)
    ctx.say("Your proposed ending is withdrawn.")
    board = game.board
    voters = current_voters(ctx.db, game, board)
    ctx.say(_tally(game, board, voters, proposals(ctx.db, game.name)))
    return Go.ON


def _tally(game, board, voters, votes: dict[int, str]) -> str:
    """Who has proposed which ending so far; counts only when anonymous."""
    rule = variant_for(board).agreed_endings
    by_ending: dict[str, list] = {}
    for m in voters:
        if m.id in votes:
            by_ending.setdefault(rule.normal(votes[m.id]), []).append(m)
    waiting = [m for m in voters if m.id not in votes]
    lines = [f"Endings proposed so far ({len(voters) - len(waiting)} of"
             f" {len(voters)} players):"]  # fmt: skip
    for group in by_ending.values():
        text = " ".join(votes[group[0].id].split())
        if game.anonymous:
            lines.append(f'  "{text}": {len(group)}')
        else:
            names = ", ".join(board.powers[m.power].name for m in group)
            lines.append(f'  "{text}": {names}')
    if not by_ending:
        lines.append("  none")
    if waiting and not game.anonymous:
        names = ", ".join(board.powers[m.power].name for m in waiting)
        lines.append(f"  Not voted: {names}")
    return "\n".join(lines)
