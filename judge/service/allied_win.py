"""ALLIED WIN (njudge's SET ALLIED WIN, st_porder.c): in a duplex game (SET
PLAYERS: a player holds several powers), a player whose powers together own
a third more centres than a win needs (rounded up: 24 of the standard
map's 18) wins, with each of those powers that still owns a centre.

njudge counts it where it counts the centres, after the fall, and only when
no power has won alone; its default is off.  The winners travel as the
position's winner, the powers joined by '+' (a shared victory), so the game
ends as a victory does: the results mark each power "(* VICTORY!! *)" and
the game-over mail names them all."""

from __future__ import annotations

import dataclasses

from judge.engine.api import PhaseResult
from judge.engine.board import Board
from judge.engine.results import Rules
from judge.engine.state import Position
from judge.service import game_options
from judge.service.seats import game_seats


def allied_centres(victory: int) -> int:
    """njudge's DEFAULT_AVP: the victory count and a third more, rounded up."""
    return victory + -(-victory // 3)


def goal(board: Board, rules: Rules) -> int:
    return allied_centres(rules.victory_centres or board.victory_centres)


def allied_winner(game, board: Board, position: Position, rules: Rules) -> str | None:
    """The allied winners ('ENGLAND+FRANCE'), or None."""
    if position.winner or not game_options.stored(game)["allied_win"]:
        return None
    needed = goal(board, rules)
    for countries in game_seats(game, board).values():
        owned = {c: len(position.centres_of(c)) for c in countries}
        if sum(owned.values()) >= needed:
            return "+".join(sorted(c for c, n in owned.items() if n))
    return None


def with_allied_win(game, board: Board, before: Position, result: PhaseResult, rules):
    """`result` with its position won by an alliance, when the phase just
    counted the centres (a fall's end) and a player's powers reach the goal."""
    after = result.position
    counted = before.phase.season == "F" and after.phase.season != "F"
    winner = allied_winner(game, board, after, rules) if counted else None
    if winner is None:
        return result
    return dataclasses.replace(
        result, position=dataclasses.replace(after, winner=winner)
    )
