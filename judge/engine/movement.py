"""Movement phases: from orders to moved, bounced and dislodged units.

The rules follow the DATC's description (section 5.B): each order kind is a
yes/no question settled by its own method (`_move`, `_support`, `_convoy`)
against the strengths below, and the guess-and-check `Resolver` handles
orders that depend on each other.  Illegal orders were already turned into
holds by `judge.engine.legality`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from judge.engine.board import Board, province_of
from judge.engine.kinds import OrderKind
from judge.engine.legality import CONVOY, LAND, NO_CONVOY, VOID, OrderSet, prepare
from judge.engine.orders import Order, Unit
from judge.engine.resolver import Resolver
from judge.engine.results import DEFAULT_RULES, OrderResult, Outcome, Rules
from judge.engine.state import Dislodged, Position


class NodeKind(StrEnum):
    """The resolver's yes/no questions: a node is (kind, province of the
    ordered unit).  Does the move succeed, does the support hold (not cut,
    not dislodged), does the convoying fleet stay?"""

    MOVE = "move"
    SUPPORT = "support"
    CONVOY = "convoy"


# Plain strings in the nodes and tables: they are hashed and compared in the
# resolver's innermost loops, where a str is fastest.
MOVE, SUPPORT = NodeKind.MOVE.value, NodeKind.SUPPORT.value
CONVOY_NODE = NodeKind.CONVOY.value
# The order kinds of the effective orders (judge.engine.legality).
MOVING = OrderKind.MOVE.value
SUPPORTING = frozenset({OrderKind.SUPPORT_HOLD.value, OrderKind.SUPPORT_MOVE.value})


class MovementResolution:
    """The answers of one movement phase, computed on demand."""

    def __init__(self, orders: OrderSet):
        self.o = orders
        self.resolver = Resolver(self._adjudicate, self._backup)
        self.resolve = self.resolver.resolve
        # Moves whose destination's unit moves back to them: the only ones
        # that may be head-to-head battles (kept apart to ask convoys less).
        kind, dest = orders.kind, orders.dest
        self._facing = {
            p
            for p, k in kind.items()
            if k == MOVING and kind.get(dest[p]) == MOVING and dest[dest[p]] == p
        }

    # -- the resolver's hooks ------------------------------------------------
    def _adjudicate(self, node) -> bool:
        kind, prov = node
        if kind == MOVE:
            return self._move(prov)
        if kind == SUPPORT:
            return self._support(prov)
        return self._convoy(prov)

    def _backup(self, cycle) -> dict:
        """Szykman when a convoy is in the cycle (the convoying fleets hold),
        otherwise circular movement (every move of the cycle succeeds)."""
        convoys = [n for n in cycle if n[0] == CONVOY_NODE]
        if convoys:
            return dict.fromkeys(convoys, False)
        return {n: True for n in cycle if n[0] == MOVE}

    # -- convoy routes -------------------------------------------------------
    def convoy_path(self, prov: str) -> bool:
        """Is there a route of working convoys for the army at `prov`?"""
        o = self.o
        fleets = o.convoyers.get(prov)
        if not fleets:
            return False
        working = [f for f in fleets if self.resolve((CONVOY_NODE, f))]
        return o.route_exists(prov, o.dest[prov], working)

    def by_convoy(self, prov: str) -> bool:
        mode = self.o.mode.get(prov, LAND)
        if mode == LAND:
            return False
        if mode == CONVOY:
            return True
        return self.convoy_path(prov)  # EITHER: the convoy if it works, else land

    def path_ok(self, prov: str) -> bool:
        mode = self.o.mode.get(prov, LAND)
        if mode == CONVOY:
            return self.convoy_path(prov)
        return True  # land route (EITHER falls back to it)

    def head_to_head(self, prov: str) -> bool:
        return (
            prov in self._facing
            and not self.by_convoy(prov)
            and not self.by_convoy(self.o.dest[prov])
        )

    # -- strengths -----------------------------------------------------------
    def _supports(self, prov: str, exclude_power: str | None = None) -> int:
        o = self.o
        supporters = o.move_supporters.get(prov)
        if not supporters:  # most moves
            return 0
        n = 0
        for s in supporters:
            if (exclude_power is None or o.side[s] != exclude_power) and self.resolve(
                (SUPPORT, s)
            ):
                n += 1
        return n

    def supports_against(self, prov: str, defender: str) -> int:
        """The move from `prov`'s supports that count against `defender`
        (none of the defender's own side)."""
        return self._supports(prov, exclude_power=self.o.side[defender])

    def attack_strength(self, prov: str) -> int:
        o = self.o
        if not self.path_ok(prov):
            return 0
        dest = o.dest[prov]
        if dest not in o.power:
            return 1 + self._supports(prov)
        if (
            o.kind[dest] == MOVING
            and not self.head_to_head(prov)
            and self.resolve((MOVE, dest))
        ):
            return 1 + self._supports(prov)
        if o.side[dest] == o.side[prov]:
            return 0
        return 1 + self._supports(prov, exclude_power=o.side[dest])

    def hold_strength(self, prov: str) -> int:
        o = self.o
        if prov not in o.power:
            return 0
        if o.kind[prov] == MOVING:
            return 0 if self.resolve((MOVE, prov)) else 1
        n = 1
        for s in o.hold_supporters.get(prov, ()):
            if self.resolve((SUPPORT, s)):
                n += 1
        return n

    def defend_strength(self, prov: str) -> int:
        return 1 + self._supports(prov)

    def prevent_strength(self, prov: str) -> int:
        if not self.path_ok(prov):
            return 0
        if self.head_to_head(prov) and self.resolve((MOVE, self.o.dest[prov])):
            return 0
        return 1 + self._supports(prov)

    # -- the order kinds -----------------------------------------------------
    def _move(self, prov: str) -> bool:
        o = self.o
        attack = self.attack_strength(prov)
        if attack == 0:
            return False
        dest = o.dest[prov]
        guard = o.guard.get(dest)  # a second piece defending, by its own rules
        if guard is not None and o.guard_rules.stops(self, prov, guard):
            return False
        if self.head_to_head(prov):
            if attack <= self.defend_strength(dest):
                return False
        elif attack <= self.hold_strength(dest):
            return False
        for rival in o.moves_into[dest]:
            if rival != prov and attack <= self.prevent_strength(rival):
                return False
        return True

    def _support(self, prov: str) -> bool:
        o = self.o
        attackers = o.moves_into.get(o.home.get(prov, prov))
        if not attackers:
            return True  # neither cut nor dislodged
        exempt = o.dest.get(prov)  # a support is not cut from where it helps
        side = o.side[prov]
        for attacker in attackers:
            if o.side[attacker] == side or attacker == exempt:
                continue
            if self.path_ok(attacker):
                return False
        return not self.dislodged(prov)

    def _convoy(self, prov: str) -> bool:
        return not self.dislodged(prov)

    # -- derived answers -----------------------------------------------------
    def moves(self, prov: str) -> bool:
        return self.o.kind.get(prov) == MOVING and self.resolve((MOVE, prov))

    def dislodger(self, prov: str) -> str | None:
        """The province of the unit that dislodged the unit at `prov`."""
        if self.moves(prov):
            return None
        o = self.o
        guard = prov in o.home  # some may enter beside a guard, by its rules
        for attacker in o.moves_into.get(o.home.get(prov, prov), ()):
            if guard and o.guard_rules.enters_beside(o, attacker, prov):
                continue
            if self.resolve((MOVE, attacker)):
                return attacker
        return None

    def dislodged(self, prov: str) -> bool:
        return self.dislodger(prov) is not None


@dataclass(frozen=True)
class MovementOutcome:
    results: list[OrderResult]
    units: dict[str, tuple[str, Unit]]  # after the moves
    dislodged: list[Dislodged]  # with their retreat options (maybe none)


def adjudicate_movement(
    board: Board,
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    rules: Rules = DEFAULT_RULES,
) -> MovementOutcome:
    o = prepare(board, position, orders, rules)
    r = MovementResolution(o)
    t = o.t

    resolve = r.resolve
    moved = {p for p, k in o.kind.items() if k == MOVING and resolve((MOVE, p))}
    dislodger = {}
    for prov in o.power:
        if prov not in moved and prov in o.moves_into:
            by = r.dislodger(prov)
            if by is not None:
                dislodger[prov] = by

    units: dict[str, tuple[str, Unit]] = {}
    for prov, (power, unit) in position.units.items():
        if prov in moved:
            units[o.dest[prov]] = (power, _unit(unit.kind, o.dest_loc[prov]))
        elif prov not in dislodger:
            units[prov] = (power, unit)

    # Provinces left empty by a stand-off: no retreat there.
    # (A unit beaten in a head-to-head battle leaves no stand-off behind.)
    contested = {
        o.dest[p]
        for p, k in o.kind.items()
        if k == MOVING
        and p not in moved
        and r.path_ok(p)
        and not (dislodger.get(p) == o.dest[p] and r.head_to_head(p))
    }
    dislodged = []
    for prov, by in sorted(dislodger.items()):
        power, unit = position.units[prov]
        attacker_origin = None if r.by_convoy(by) else by
        fleet = t.fleet.get(unit.location, ())
        options = t.army[prov] if unit.kind == "A" else fleet
        retreats = tuple(
            sorted(
                loc
                for loc in options
                if (p := province_of(loc)) not in units
                and p not in contested
                and p != attacker_origin
            )
        )
        dislodged.append(Dislodged(power, unit, retreats))

    results = []
    given = o.given
    for prov, (power, unit) in position.units.items():
        received = given.get(prov)
        tail = (Outcome.DISLODGED,) if prov in dislodger else ()
        if not received:
            results.append(OrderResult(power, unit, None, tail))
            continue
        if len(received) > 1:
            received = sorted(received, key=lambda order: order.canonical())
        codes = _codes(o, r, prov)
        for order in received:
            results.append(OrderResult(power, unit, order, codes + tail))
    for key in o.home:  # guards: after the units, destroyed if beaten
        tail = (Outcome.DISLODGED,) if r.dislodged(key) else ()
        received = o.given.get(key) or [None]
        for order in received:
            codes = _codes(o, r, key) if order is not None else ()
            results.append(OrderResult(o.power[key], o.unit[key], order, codes + tail))
    for power, order in o.stray:
        unit = getattr(order, "unit", None)
        results.append(OrderResult(power, unit, order, (VOID,)))
    return MovementOutcome(results, units, dislodged)


# Units are immutable values: the few hundred a board can hold are made once.
_unit = functools.lru_cache(maxsize=4096)(Unit)


def _codes(o: OrderSet, r: MovementResolution, prov: str) -> tuple[str, ...]:
    """Outcome codes of the order of the unit at `prov` (without dislodged)."""
    code = o.codes.get(prov)
    if code is not None:
        return (code,)
    kind = o.kind[prov]
    if kind == MOVING:
        if r.moves(prov):
            return ()
        if o.mode.get(prov, LAND) == CONVOY and not r.convoy_path(prov):
            return (Outcome.DISRUPTED,) if prov in o.routed else (NO_CONVOY,)
        return (Outcome.BOUNCE,)
    if kind in SUPPORTING:
        return () if r.resolve((SUPPORT, prov)) else (Outcome.CUT,)
    return ()
