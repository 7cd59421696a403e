"""A game's board as a picture, read from the game store: for `judge map
GAME [--phase P]` on the command line.

Without a phase: the current position with the last processed phase's
orders drawn on it, the picture of the latest results mail.  With a phase
already processed: the position at the start of that phase with its orders
drawn as they were adjudicated (adjudication is a pure function of the
stored position and orders, so it is replayed, not stored)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from judge.engine.api import PhaseResult, adjudicate
from judge.engine.board import Board
from judge.engine.serialize import position_from_json
from judge.engine.state import Position
from judge.service import queries
from judge.service.queries import load_game
from judge.service.variant_orders import engine_orders
from judge.variants import load_variant


class NoPicture(LookupError):
    """No such game or phase; the message says which."""


@dataclass(frozen=True)
class Scene:
    board: Board
    position: Position
    orders: PhaseResult | None
    title: str


def game_scene(db, game_name: str, phase: str | None = None) -> Scene:
    game = load_game(db, game_name.lower().lstrip("?"))
    if game is None:
        raise NoPicture(f"there is no game named {game_name!r}")
    if not game.position:
        raise NoPicture(f"game {game.name!r} has not started")
    board, rules = load_variant(game.variant)
    current = position_from_json(board, json.loads(game.position))
    turns = queries.turns(db, game.name)
    if phase is None or phase.upper() == str(current.phase):
        if phase is None and turns:
            last = _replay(board, rules, turns[-1])
            return Scene(board, current, last, f"{game.name} {last.phase}")
        return Scene(board, current, None, f"{game.name} {current.phase}")
    wanted = [t for t in turns if t[0] == phase.upper()]
    if not wanted:
        known = ", ".join([t[0] for t in turns] + [str(current.phase)])
        raise NoPicture(f"game {game.name!r} has no phase {phase!r} (it has {known})")
    result = _replay(board, rules, wanted[-1])
    before = position_from_json(board, json.loads(wanted[-1][1]))
    return Scene(board, before, result, f"{game.name} {result.phase}")


def _replay(board: Board, rules, turn) -> PhaseResult:
    _phase, position_json, orders_json = turn
    position = position_from_json(board, json.loads(position_json))
    orders = engine_orders(board, position, json.loads(orders_json))
    return adjudicate(board, position, orders, rules)
