"""The rulebook's games for two to six players (1971 rulebook XIV.2).

Data (maps/standard-*p.toml) says who is neutral, who plays which countries,
which provinces are closed and until when, and how the game is won.  The
rules here:

* Neutral countries take no orders: their units hold (so they support
  nobody), anyone may support them, they are disbanded when dislodged, they
  never build, and they lose units by the civil-disorder rule.
* Closed provinces (Italy in the two-player game) may not be entered, nor
  supported or convoyed into, before the phase the data names.
* Countries stay separate: centres and adjustments per country, and a
  player's own countries may dislodge each other (option same_side=player
  makes them one side: judge.engine.variant_loader writes the map data's `sides`).
* The two-player game: a coin toss after Fall 1914 gives Italy to a player;
  a player wins with 24 units on the board.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping

from judge.engine.api import OrderResult
from judge.engine.board import Board, province_of
from judge.engine.hooks import (
    before,
    extra_of,
    normalise,
    play_out,
    void_results,
    with_extra,
)
from judge.engine.kinds import OrderKind as K
from judge.engine.orders import Order, kind_of
from judge.engine.state import Dislodged, Position

ENTERING = frozenset({K.MOVE, K.RETREAT, K.CONVOY, K.SUPPORT_MOVE})
BACKING = frozenset({K.SUPPORT_HOLD, K.SUPPORT_MOVE, K.CONVOY})


def neutral_powers(board: Board, position: Position) -> set[str]:
    """Countries nobody orders in this phase.  Once the coin is tossed, its
    winner orders Italy (its Winter adjustments, if any, before it joins)."""
    table = board.data.get("neutral", {})
    if not before(position.phase, table.get("until")):
        return set()
    powers = set(table.get("powers", ()))
    toss = extra_of(position).get("coin_toss")
    if toss:
        powers.discard(toss["power"])
    return powers


def closed_provinces(board: Board, position: Position) -> frozenset[str]:
    table = board.data.get("closed", {})
    if not before(position.phase, table.get("until")):
        return frozenset()
    return frozenset(table.get("provinces", ()))


def seating(board: Board, position: Position | None = None) -> dict[str, list[str]]:
    """Player -> the countries they play.  Absent from the data: one player per
    country that is not neutral for good.  The two-player game's coin toss adds
    Italy to its winner."""
    table = board.data.get("players")
    if table:
        seats = {player: list(countries) for player, countries in table.items()}
    else:
        never = (
            set(board.data.get("neutral", {}).get("powers", ()))
            if "until" not in board.data.get("neutral", {})
            else set()
        )
        seats = {p: [p] for p in board.powers if p not in never}
    toss = extra_of(position).get("coin_toss") if position else None
    if toss:
        seats[toss["player"]].append(toss["power"])
        seats[toss["player"]].sort()
    return seats


def blocked(order: Order, closed: frozenset[str]) -> bool:
    """Does the order enter, or help into, a closed province?"""
    if not closed:
        return False
    unit = getattr(order, "unit", None)
    kind = kind_of(order)
    if kind in (K.BUILD, K.DISBAND):
        return False  # adjustments at home are not entering anything
    if unit is not None and unit.province in closed:
        return True
    if kind in ENTERING and province_of(order.dest) in closed:
        return True
    return kind in BACKING and (order.target.province in closed)


def coin_toss(board: Board, rules, year: int) -> str:
    """The player who wins the recorded coin toss: as the master set it, or one
    bit of SHA-256 over the game's seed and the Fall it follows (auditable)."""
    options = getattr(rules, "options", {}) or {}
    players = sorted(seating(board))
    chosen = options.get("coin_toss", "draw")
    if chosen in players:
        return chosen
    digest = hashlib.sha256(f"{options.get('seed', '')}F{year}".encode()).digest()
    return players[digest[0] & 1]


class SmallGameRules:
    def orders_needed(self, board: Board, position: Position, standard_needed):
        neutral = neutral_powers(board, position)
        needed = standard_needed(board, position)
        return {p: n for p, n in needed.items() if p not in neutral}

    def adjudicate(self, board, position, orders, rules, standard, standard_needed):
        orders = normalise(orders)
        neutral = neutral_powers(board, position)
        closed = closed_provinces(board, position)
        kept: dict[str, list[Order]] = {}
        voided: list[tuple[str, Order]] = []
        for power, given in orders.items():
            for order in given:
                if power in neutral or blocked(order, closed):
                    voided.append((power, order))
                else:
                    kept.setdefault(power, []).append(order)
        work = position
        toss = extra_of(position).get("coin_toss")
        if toss and getattr(rules, "options", {}).get("same_side") == "player":
            # Italy joins its player's side (the map data's sides predate it).
            sides = {**extra_of(position), "sides": {toss["power"]: toss["player"]}}
            work = dataclasses.replace(position, extra=sides)
        result = standard(board, work, kept, rules)
        result = dataclasses.replace(
            result,
            results=void_results(OrderResult, result.results, voided),
            dislodged=tuple(d for d in result.dislodged if d.power not in neutral),
        )
        extra = extra_of(position)

        def tidy(pos: Position) -> Position:
            pos = with_extra(pos, extra)
            pos = self._toss(board, pos, rules, extra)
            return self._drop_neutral_dislodged(board, pos)

        def passive(pos: Position) -> set[str]:
            return neutral_powers(board, pos)

        result = play_out(
            board, result, rules, standard, standard_needed, passive, tidy
        )
        return dataclasses.replace(
            result, position=self._victory(board, result.position, rules)
        )

    # -- pieces ---------------------------------------------------------------
    def _toss(self, board: Board, pos: Position, rules, extra: dict) -> Position:
        table = board.data.get("coin_toss")
        if not table or "coin_toss" in extra:
            return pos
        if pos.phase.key < (table["year"], 2, 0):  # before its Winter
            return pos
        extra["coin_toss"] = {
            "power": table["power"],
            "player": coin_toss(board, rules, table["year"]),
            "year": table["year"],
        }
        return with_extra(pos, extra)

    def _drop_neutral_dislodged(self, board: Board, pos: Position) -> Position:
        """Neutral units cannot retreat: they are disbanded (at once, when real
        players retreat in the same phase).  Retreats into closed provinces
        are struck out."""
        if not pos.dislodged:
            return pos
        neutral = neutral_powers(board, pos)
        closed = closed_provinces(board, pos)
        if all(d.power in neutral for d in pos.dislodged.values()):
            return pos  # play_out plays the retreat phase: all disband
        kept: dict[str, Dislodged] = {}
        for prov, d in pos.dislodged.items():
            if d.power in neutral:
                continue
            options = tuple(r for r in d.retreats if province_of(r) not in closed)
            if options:
                kept[prov] = dataclasses.replace(d, retreats=options)
        if kept == pos.dislodged:
            return pos
        return dataclasses.replace(pos, dislodged=kept)

    def _victory(self, board: Board, pos: Position, rules) -> Position:
        target = board.data.get("victory", {}).get("units")
        options = getattr(rules, "options", {}) or {}
        if target:
            winner = self._unit_winner(board, pos, target)
            return dataclasses.replace(pos, winner=winner)
        if options.get("victory") == "player_sum_18":
            return dataclasses.replace(
                pos, winner=self._player_sum_winner(board, pos) or pos.winner
            )
        return pos

    def _unit_winner(self, board: Board, pos: Position, target: int) -> str | None:
        """2P-5: units on the board across a player's countries (Italy once it
        has joined), checked at every phase."""
        counts = {}
        for player, countries in seating(board, pos).items():
            active = [c for c in countries if c not in neutral_powers(board, pos)]
            counts[player] = sum(len(pos.units_of(c)) for c in active)
        return self._best(board, pos, counts, target)

    def _player_sum_winner(self, board: Board, pos: Position) -> str | None:
        counts = {
            player: sum(len(pos.centres_of(c)) for c in countries)
            for player, countries in seating(board, pos).items()
        }
        return self._best(board, pos, counts, board.victory_centres)

    def _best(self, board, pos, counts: Mapping[str, int], target: int):
        """D5: the bloc with strictly the most wins; a tie wins nothing.  The
        winner is written as its countries joined by '+'."""
        top = max(counts.values(), default=0)
        leaders = [p for p, n in counts.items() if n == top]
        if top < target or len(leaders) != 1:
            return None
        return "+".join(sorted(seating(board, pos)[leaders[0]]))
