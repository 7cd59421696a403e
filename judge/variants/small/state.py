"""The small games' state (`state.variant`): the two-player game's coin toss."""

from __future__ import annotations

from judge.engine.board import Board
from judge.variants.small.rules import seating
from judge.variants.state import count, record


def coin_toss(board: Board, value, where: str) -> None:
    """{power, player, year}: the country given and to which seat, after the
    Fall of which year (rules.SmallGameRules._toss)."""
    table = board.data["coin_toss"]

    def power(board: Board, value, where: str) -> None:
        if value != table["power"]:
            raise ValueError(f"{where} must be {table['power']!r}, got {value!r}")

    def player(board: Board, value, where: str) -> None:
        seats = sorted(seating(board))
        if value not in seats:
            raise ValueError(
                f"{where} must be one of {', '.join(seats)}, got {value!r}"
            )

    record({"power": power, "player": player, "year": count})(board, value, where)
