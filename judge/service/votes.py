"""Draws and concessions as njudge has them (its help file `draws`).

* DIAS (the default): SET DRAW votes for a draw of all survivors; it passes
  when every current player votes for it.
* NoDIAS (SET NO DIAS): SET DRAW <powers>.  A player who lists himself
  accepts any draw of those powers that includes him; one who leaves
  himself out accepts any draw of those powers, with or without him.  The
  largest draw every current player accepts ends the game.
* SET CONCEDE <power> (CONCESSIONS on, DIAS games): to the power with the
  most centres; it passes when every current player concedes to it.

Votes are secret: only the voter is answered; they are cleared whenever a
phase is processed.  The game ends at once when the last vote arrives."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from judge.reports import game_result
from judge.service import endings, game_options, seats
from judge.service.flow import Go
from judge.service.lifecycle import finish_game
from judge.service.press import read_list
from judge.service.queries import load_game, members, update_member

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context


MOST_POWERS = 12  # NoDIAS draws are searched among at most this many survivors


def seat_rows(ctx, game, me):
    return seats.seat_rows(ctx.db, game, game.board, me)


def voter(ctx, votes: str):
    """(the signed-on player, their running game), or (.., None) when they
    cannot vote (the reply says why)."""
    me = ctx.need_me("player")
    if me is None:
        return None, None
    game = load_game(ctx.db, me.game)
    if game.status != "active":
        ctx.say(f"{votes} are voted in running games only.")
        return me, None
    return me, game


def set_draw(ctx: Context, command: Command) -> Go:
    on = not command.words[0].startswith("NO")
    me, game = voter(ctx, "Draws")
    if game is None:
        return Go.ON
    board = game.board
    dias = game_options.stored(game)["dias"]
    listed = command.args[0] if command.args else ""
    survivors = endings.survivors(game, board)
    if listed and not on:
        ctx.say("SET NO DRAW takes no powers: it withdraws your vote.")
        return Go.ON
    powers: list[str] = []
    if listed:
        if dias:
            ctx.say(
                f"Game '{game.name}' is DIAS: a draw includes all survivors, so"
                " SET DRAW takes no powers (the master may SET NO DIAS)."
            )
            return Go.ON
        found, master, observers, error = read_list(board, listed)
        if error or master or observers:
            ctx.say(f"Draw not voted: {error or 'only powers can share a draw'}.")
            return Go.ON
        dead = sorted(found - set(survivors))
        if dead:
            ctx.say(f"Draw not voted: {board.powers[dead[0]].name} is out of the game.")
            return Go.ON
        powers = [p for p in board.powers if p in found]
    for row in seat_rows(ctx, game, me):
        update_member(
            ctx.db, row.id, draw=1 if on else 0,
            draw_powers=",".join(powers) if on and powers else None,
        )  # fmt: skip
    if not on:
        ctx.say("Your draw vote is withdrawn.")
        return Go.ON
    names = ", ".join(board.powers[p].name for p in (powers or survivors))
    if powers:
        ctx.say(f"You vote for a draw among {names} (secret until it passes).")
    else:
        ctx.say(f"You vote for a draw of all survivors: {names}.")
    decide(ctx, game)
    return Go.ON


def decide(ctx, game) -> None:
    """End the game if the votes now agree on a draw or a concession."""
    board = game.board
    voters = endings.current_voters(ctx.db, game, board)
    survivors = endings.survivors(game, board)
    if not voters:
        return
    dias = game_options.stored(game)["dias"]
    result = None
    if dias:
        if all(m.draw and not m.draw_powers for m in voters) and len(survivors) > 1:
            result = game_result(board, draw=survivors)
    else:
        draw = largest_draw(voters, survivors)
        if draw:
            result = game_result(board, draw=draw)
    conceded = {m.concede for m in voters}
    if result is None and len(conceded) == 1 and None not in conceded:
        power = conceded.pop()
        result = f"The game has been conceded to {board.powers[power].name}."
    if result is not None:
        ctx.mail(finish_game(ctx.db, ctx.settings, game.name, result), results=True)


def largest_draw(voters, survivors: list[str]) -> list[str] | None:
    """The largest set of two or more survivors every voter accepts."""
    if len(survivors) > MOST_POWERS or not all(m.draw for m in voters):
        return None
    accepts = []
    for m in voters:
        listed = set(m.draw_powers.split(",")) if m.draw_powers else set(survivors)
        accepts.append((m.power, listed))
    for size in range(len(survivors), 1, -1):
        for draw in combinations(survivors, size):
            chosen = set(draw)
            if all(_accepts(me, listed, chosen) for me, listed in accepts):
                return list(draw)
    return None


def _accepts(me: str, listed: set[str], draw: set[str]) -> bool:
    if me in listed:
        return me in draw and draw <= listed
    return draw <= listed | {me}


def set_concede(ctx: Context, command: Command) -> Go:
    on = not command.words[0].startswith("NO")
    me, game = voter(ctx, "Concessions")
    if game is None:
        return Go.ON
    options = game_options.stored(game)
    board = game.board
    if not on:
        for row in seat_rows(ctx, game, me):
            update_member(ctx.db, row.id, concede=None)
        ctx.say("Your concession is withdrawn.")
        return Go.ON
    if not options["concessions"] or not options["dias"]:
        ctx.say(
            f"Game '{game.name}' allows no concessions"
            + (" (a NoDIAS game)." if not options["dias"] else " (SET NO CONCESSIONS).")
        )
        return Go.ON
    found, _, _, error = read_list(board, command.args[0] if command.args else "")
    if error or len(found) != 1:
        ctx.say("Use: SET CONCEDE <power> (the one power with the most centres).")
        return Go.ON
    power = found.pop()
    position = game.current(board)
    counts = {p: len(position.centres_of(p)) for p in board.powers}
    top = max(counts.values())
    leaders = [p for p, n in counts.items() if n == top]
    if leaders != [power]:
        ctx.say(
            f"Not conceded: a concession goes to the one power with the most"
            f" centres, and {board.powers[power].name} has {counts[power]}"
            f" (the most: {top})."
        )
        return Go.ON
    for row in seat_rows(ctx, game, me):
        update_member(ctx.db, row.id, concede=power)
    ctx.say(
        f"You concede the game to {board.powers[power].name} (secret until it passes)."
    )
    decide(ctx, game)
    return Go.ON


def for_master(db, game) -> str | None:
    """The votes as the master sees them (players never see each other's)."""
    if game.status != "active":
        return None
    board = game.board
    lines = []
    for m in members(db, game.name, "player"):
        if not m.power or m.state == "resigned":
            continue
        name = board.powers[m.power].name
        if m.draw:
            among = (
                ", ".join(board.powers[p].name for p in m.draw_powers.split(","))
                if m.draw_powers
                else "all survivors"
            )
            lines.append(f"  {name}: a draw of {among}")
        if m.concede:
            lines.append(f"  {name}: concedes to {board.powers[m.concede].name}")
    return (
        "Votes so far (secret to the players):\n" + "\n".join(lines) if lines else None
    )
