"""`Variant`: everything the judge needs to know of a variant, in one object.

This class is the standard game.  A variant extends it (judge/variants/<name>/
exports one instance as `VARIANT`) and overrides what it changes:

* map and start: the map data file(s) in maps/ whose `[variant] rules` name
  `rules`; the start is the map's units and centres (`start`);
* seats: who orders which countries (`seats`), whether a country nobody
  plays is listed (`roster_lists_every_country`), whether players are
  listed by seat (`roster_by_seat`), whether a seat can be
  taken (`seat_taken`, `seat_closed`, `newcomer_seat` and what the
  newcomer is told, `newcomer_note`, `seat_city`), how
  to sign on (`signon_hint`), opening orders (`opening_join`);
* the language: words for its unit kinds (`unit_words`, `unit_word_prefixes`),
  its own unit kinds (`unit_kinds`) and where its guards stand (`guards`),
  orders of its own
  (`parse_order`), a fleet's move through several provinces
  (`multi_step_move`);
* adjudication hooks: `adjudicate` and `orders_needed` wrap the standard
  rules (judge.engine.hooks, which the registry installs in the engine),
  handing over to `rule_hooks` when it has them;
  `guard_rules` say how the guards it places fight;
* state fields (`state_fields`, `check_relations`), checked whenever a state
  is read;
* orders as they arrive: refusals (`refuse_order`), a reading settled by the
  position (`settle_order`), warnings (`order_notes`);
* reports and pictures: the facts LIST and the results show (`summary`,
  in words: `report_headings`, `report_fact`), agreed endings
  (`agreed_endings`); a multi-step move is drawn as such when its order
  has `steps`.

docs/variants.md ("Adding a variant") walks through a new one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from judge.engine.api import initial_position
from judge.engine.board import Board
from judge.engine.orders import Order, Unit, UnitKind
from judge.engine.state import Position
from judge.variants.state import Checker, check_fields


class AgreedEndings(Protocol):
    """A variant's rule letting the players end the game by agreement
    (SET END <text>, SET NOEND): the service keeps each current player's
    proposal and asks the rule whether they agree."""

    max_length: int  # characters of an ending

    def normal(self, text: str) -> str:
        """The form two endings are compared in."""

    def agreed(self, proposals: Mapping[int, str], voters: Iterable[int]) -> str | None:
        """The ending the voters (their ids) agreed on, or None."""

    def result(self, ending: str) -> str:
        """The game's result, in words, once they agreed on `ending`."""


class Variant:
    """The standard game: no hooks, one seat per power, no state of its own."""

    # The `[variant] rules` name of its map files; None for the standard game.
    rules: str | None = None
    # Words naming its own unit kinds ("ig" -> "IG"), and words that may come
    # before one of them and say nothing more ("imperial" before "garrison").
    unit_words: Mapping[str, str] = {}
    unit_word_prefixes: Mapping[str, str] = {}
    # Its own kinds of unit (judge.engine.orders.UnitKind), with their
    # properties; the engine learns them when the variant is registered.
    unit_kinds: Sequence[UnitKind] = ()
    # Builds the order for `F MAO - WES - TYS` when fleets may move several
    # steps in one order (None: that text is a convoy route).
    multi_step_move: Callable[[Unit, tuple[str, ...]], Order] | None = None
    # The roster lists countries nobody plays (as neutral) and open seats.
    roster_lists_every_country = True
    # WHOGAME lists players by seat (`P2: Austria, France`), not by country.
    roster_by_seat = False
    # Its rule for ending the game by agreement (SET END) instead of a draw
    # (None: the variant has none).
    agreed_endings: AgreedEndings | None = None
    # How the guards it places fight (judge.engine.hooks.GuardRules): a
    # second piece in a province, as Imperial's garrisons are.
    guard_rules: Any = None
    # Its rules only narrow the standard game's movement (closed provinces,
    # units that only hold), never widen it (no move beyond the map's
    # adjacencies, no second piece): a movement order the standard rules
    # void whatever else is ordered is void here too, and a move given alone
    # shows whether the variant voids it.  The game then refuses such orders
    # as they arrive; otherwise they are judged at the deadline.
    standard_moves = False
    # How the order reply names the orders a power owes in a winter of
    # builds ("1 build pending: BUILD or WAIVE each.").
    build_orders = "BUILD or WAIVE"

    # -- the start -------------------------------------------------------------

    def start(self, board: Board) -> Position:
        """The position a game of it starts from."""
        return initial_position(board)

    # -- adjudication (judge.engine.hooks.RuleHooks) ---------------------------

    # Its rules of play, when it has any: an object with the two hooks'
    # `adjudicate` and `orders_needed`, which the two below hand over to.
    rule_hooks: Any = None

    def adjudicate(self, board, position, orders, rules, standard, standard_needed):
        if self.rule_hooks is None:
            return standard(board, position, orders, rules)
        return self.rule_hooks.adjudicate(
            board, position, orders, rules, standard, standard_needed
        )

    def orders_needed(self, board, position, standard_needed) -> dict[str, int]:
        if self.rule_hooks is None:
            return standard_needed(board, position)
        return self.rule_hooks.orders_needed(board, position, standard_needed)

    def check_state(self, board: Board, extra: Mapping) -> None:
        if not extra:
            return
        check_fields(board, self.state_fields(board), extra)
        self.check_relations(extra)

    # -- state -------------------------------------------------------------------

    def state_fields(self, board: Board) -> Mapping[str, Checker]:
        """Field of `state.variant` -> its checker (judge.variants.state)."""
        return {}

    def check_relations(self, extra: Mapping) -> None:
        """Raise ValueError when the fields, each well formed, disagree."""

    # -- the language --------------------------------------------------------------

    def guards(self, position: Position) -> Mapping[str, str]:
        """The guards it places (pieces of its `guard_rules.unit_kind`,
        beside any unit in their province) in the position: province -> the
        power that orders it."""
        return {}

    def parse_order(
        self, board: Board, text: str, position: Position | None = None
    ) -> Order | None:
        """An order only this variant knows (1913's `DESIGNATE <centre>`), or
        None: the order language reads everything else."""
        return None

    def display_names(
        self, board: Board, position: Position | None
    ) -> Mapping[str, str]:
        """Power -> the name its player gave it, where the variant lets them
        (pictures and listings show it instead of the map's)."""
        return {}

    # -- seats and orders as they arrive --------------------------------------------

    def seats(self, board: Board, position: Position | None = None) -> dict:
        """Seat -> the countries its player orders."""
        return {power: [power] for power in board.powers}

    def opening_join(self, board: Board, power: str) -> str | None:
        """The JOIN order a player's country is given when the game starts,
        which the player may replace (None: none)."""
        return None

    def seat_taken(self, board: Board, position: Position, seat: str) -> str | None:
        """Why a newcomer cannot take this seat now (None: it may)."""
        return None

    def seat_closed(self, board: Board, power: str) -> str | None:
        """Why a country nobody plays yet is not open to sign on to, when it
        may open later (None: it is simply played by nobody)."""
        return None

    def newcomer_seat(self, board: Board, position: Position, seat: str) -> str | None:
        """The seat a newcomer signing on to a held `seat` founds instead
        (None: none; the seat is taken over as usual)."""
        return None

    def newcomer_note(self, board: Board, seat: str, founded: str, game: str) -> str:
        """What a newcomer signing on to `seat` is told on founding
        `founded` instead (`newcomer_seat`)."""
        name = board.powers[founded].name
        return (
            f"{board.powers[seat].name} is held: you found {name} instead"
            f" (SIGNON {board.powers[founded].letter}{game})."
        )

    def seat_city(self, seat: str) -> str | None:
        """The province a seat is named after, where seats are places."""
        return None

    def signon_hint(self, board: Board, seat: str, game: str) -> str | None:
        """How the player of this seat signs on, when the variant says it
        its own way (None: the judge's words)."""
        return None

    def refuse_order(self, board: Board, power: str, order: Order) -> str | None:
        """Why `power` may not give this order at all (None: taken)."""
        return None

    def settle_order(self, position: Position, power: str, order: Order) -> Order:
        """The order as the position settles it (e.g. which piece is meant)."""
        return order

    def order_notes(
        self, board: Board, position: Position, power: str, orders: Sequence[Order]
    ) -> list[str]:
        """What a player should know about the orders as they stand."""
        return []

    # -- reports -------------------------------------------------------------------

    # Fact of `summary` -> its heading in LIST and the results, in the order
    # shown (facts without one follow, in alphabetical order).
    report_headings: Mapping[str, str] = {}

    def report_fact(
        self,
        board: Board,
        key: str,
        value: Any,
        summary: Mapping[str, Any],
        name: Callable[[Any], str],
    ) -> str | None:
        """A fact of `summary` in words (`name` names a power or province);
        None: the judge's plain listing of the value."""
        return None

    def summary(self, board: Board, position: Position | None) -> dict[str, Any]:
        """What is particular to the variant at this position, as data for LIST
        and the results (judge.reports.variant writes it out)."""
        return {}
