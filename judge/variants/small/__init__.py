"""The rulebook's games for two to six players (maps/standard-*p.toml;
the rules in `rules`, the coin toss's state in `state`)."""

from __future__ import annotations

from judge.engine.board import Board
from judge.engine.state import Position
from judge.variants.base import Variant
from judge.variants.small.rules import (
    SmallGameRules,
    closed_provinces,
    neutral_powers,
    seating,
)
from judge.variants.small.state import coin_toss


class SmallGames(Variant):
    rules = "small"
    roster_by_seat = True  # P1, P2...: one to three countries each
    standard_moves = True  # closed provinces and neutrals narrow them
    rule_hooks = SmallGameRules()

    def state_fields(self, board: Board):
        return {"coin_toss": coin_toss} if board.data.get("coin_toss") else {}

    def seats(self, board: Board, position: Position | None = None) -> dict:
        """Players P1.. with several countries, neutral countries unseated;
        after the two-player coin toss Italy joins a seat."""
        return seating(board, position)

    report_headings = {
        "seats": "Seats",
        "neutral": "Neutral countries",
        "closed": "Closed provinces",
        "coin_toss": "Coin toss",
    }

    def report_fact(self, board, key, value, summary, name):
        if key == "seats":
            return "; ".join(
                f"{seat} {', '.join(board.powers[c].name for c in countries)}"
                if [seat] != list(countries)
                else board.powers[seat].name
                for seat, countries in value.items()
            )
        if key == "closed":
            until = summary.get("closed_until")
            names = ", ".join(name(p) for p in value)
            return f"{names} (until {until})" if until else names
        if key == "coin_toss":
            power = name(value.get("power", "?"))
            return (
                f"{power} goes to {value.get('player', '?')} ({value.get('year', '')})"
            )
        return None

    def summary(self, board: Board, position: Position | None) -> dict:
        """Neutral countries, seating, closed provinces, the coin toss."""
        out: dict = {"seats": self.seats(board, position)}
        neutral = sorted(neutral_powers(board, position))
        if neutral:
            out["neutral"] = neutral
        closed = sorted(closed_provinces(board, position))
        if closed:
            out["closed"] = closed
            out["closed_until"] = board.data["closed"].get("until")
        toss = position.extra.get("coin_toss") if position is not None else None
        if toss:
            out["coin_toss"] = dict(toss)
        return out


VARIANT = SmallGames()
