"""Which movement orders count, and what they mean, before any fighting.

Turns the powers' orders into an `OrderSet`: one effective order per unit,
illegal ones turned into holds (and reported "void"), supports and convoys
matched against the orders they name, and for every army move the route it
may take (by land, by convoy, or by convoy with the land route as fallback).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.board import Board, province_of
from judge.engine.hooks import GuardRules, guard_rules
from judge.engine.kinds import OrderKind, Outcome, PhaseKind, Route
from judge.engine.orders import STAYING, Order, Retreat, Unit, unit_kinds_where
from judge.engine.results import DEFAULT_RULES, Rules
from judge.engine.retreats import retreat_target
from judge.engine.state import Position
from judge.engine.tables import Tables, tables

# The kinds' plain strings: the tables below are read in the resolver's
# innermost loops, where a str compares and hashes fastest.
LAND, CONVOY, EITHER = Route.LAND.value, Route.CONVOY.value, Route.EITHER.value
VOID, NO_CONVOY = Outcome.VOID, Outcome.NO_CONVOY
HOLD, MOVE = OrderKind.HOLD.value, OrderKind.MOVE.value
SUPPORT_HOLD, SUPPORT_MOVE = OrderKind.SUPPORT_HOLD.value, OrderKind.SUPPORT_MOVE.value
CONVOYING = OrderKind.CONVOY.value
MOVEMENT = PhaseKind.MOVEMENT


def for_movement(order: Order) -> bool:
    """Is this an order of a movement phase (of any kind, a variant's too)?"""
    return MOVEMENT in getattr(order, "phases", ())


class OrderSet:
    """The effective orders of a movement phase, indexed by province."""

    def __init__(self, board: Board, t: Tables):
        self.board = board
        self.t = t
        self.power: dict[str, str] = {}  # province -> owner of its unit
        self.side: dict[str, str] = {}  # province -> side of its unit (Tables.side)
        # A guard: a second piece in a province (beside a unit there, or
        # alone), ordered as a piece of its own; the variant that places it
        # gives its unit kind and the rules of its fights, `guard_rules`
        # (judge.engine.hooks.GuardRules).  province -> the guard's key
        # (its unit's text, "X BRE"), and the key -> its province.  Keys sit
        # beside provinces in the tables below; a guard never moves.
        self.guard: dict[str, str] = {}
        self.home: dict[str, str] = {}
        self.guard_rules: GuardRules | None = None
        self.unit: dict = {}  # province -> Unit
        self.kind: dict[str, str] = {}  # province -> OrderKind: H, M, SH, SM, C
        self.dest: dict[str, str] = {}  # move / supported move -> province
        self.dest_loc: dict[str, str] = {}  # move -> location (coast kept)
        self.target: dict[str, str] = {}  # support / convoy -> province
        self.mode: dict[str, str] = {}  # army move -> LAND / CONVOY / EITHER
        self.moves_into: dict[str, list[str]] = {}
        self.move_supporters: dict[str, list[str]] = {}
        self.hold_supporters: dict[str, list[str]] = {}
        self.convoyers: dict[str, list[str]] = {}  # army province -> fleets
        self.routed: set[str] = set()  # armies with a full route of convoy orders
        self.support_coast: dict[str, str] = {}  # support naming a coast
        self.given: dict[str, list[Order]] = {}  # province -> orders received
        self.codes: dict[str, str] = {}  # province -> void / no convoy
        self.stray: list[tuple[str, Order]] = []  # orders for no unit of theirs
        # Where a fleet may convoy: the seas, and the coasts too under the
        # rule option coastal_convoys (njudge's SET COASTAL CONVOYS).
        self.waters: frozenset[str] | set[str] = t.sea
        # Codes of the unit kinds that stand beside another unit (guards), and
        # of those that only hold or support.
        self.beside = unit_kinds_where("beside")
        self.stays = unit_kinds_where("only_holds_and_supports")

    def piece(self, unit: Unit) -> str:
        """The key of the piece an order names: its province, or a guard's
        key."""
        return unit.text if unit.kind in self.beside else unit.province

    def reaches(self, prov: str, province: str) -> bool:
        """Can the unit at `prov` move to (and so support into) `province`?
        A guard supports as an army (into neighbouring land) from its
        province."""
        unit = self.unit[prov]
        if unit.kind != "F":
            return province in self.t.army[unit.province]
        return province in self.t.fleet_reach.get(unit.location, ())

    def fleet_destination(self, src: str, dest: str) -> str | None:
        """The location a fleet at `src` ordered to `dest` sails to, or None.

        A missing coast is filled in when only one coast is reachable (DATC
        4.B.2); a coast it cannot reach makes the order illegal (4.B.3); a
        coast named for a province without coasts is ignored (4.B.6)."""
        t = self.t
        reach = t.fleet.get(src, ())
        province = province_of(dest)
        if province in t.coasts:
            if dest != province:
                return dest if dest in reach else None
            options = [c for c in t.coasts[province] if c in reach]
            return options[0] if len(options) == 1 else None
        return province if province in reach else None

    def route_exists(self, origin: str, dest: str, fleets: Sequence[str]) -> bool:
        """A chain of the given fleets from `origin` to `dest`."""
        reach = self.t.fleet_reach
        frontier = [f for f in fleets if origin in reach[f]]
        seen = set(frontier)
        while frontier:
            f = frontier.pop()
            if dest in reach[f]:
                return True
            for g in fleets:
                if g not in seen and g in reach[f]:
                    seen.add(g)
                    frontier.append(g)
        return False


def prepare(
    board: Board,
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    rules: Rules = DEFAULT_RULES,
) -> OrderSet:
    t = tables(board)
    o = OrderSet(board, t)
    if rules.coastal_convoys:
        o.waters = _waters(t)
    sides = t.side
    if position.extra and "sides" in position.extra:  # a variant's alliances
        sides = {**sides, **position.extra["sides"]}
    units = position.units
    # One comprehension per table: much faster than one loop filling four.
    o.power = power_of = {prov: power for prov, (power, _unit) in units.items()}
    o.side = side_of = {
        prov: sides.get(power, power) for prov, power in power_of.items()
    }
    o.unit = unit_of = {prov: unit for prov, (_power, unit) in units.items()}
    o.kind = kind_of = dict.fromkeys(units, HOLD)
    guards = position.extra.get("guards", {}) if position.extra else {}
    if guards:
        o.guard_rules = guard_rules(board)
    for prov, power in guards.items():
        guard = Unit(o.guard_rules.unit_kind, prov)
        key = guard.text
        o.guard[prov], o.home[key] = key, prov
        power_of[key], side_of[key] = power, sides.get(power, power)
        unit_of[key], kind_of[key] = guard, HOLD

    # Attach each order to the unit it names; strays are void.
    given = o.given
    for power in sorted(orders):
        for order in orders[power]:
            if not for_movement(order):
                o.stray.append((power, order))
                continue
            unit = order.unit
            prov = o.piece(unit)
            if power_of.get(prov) != power or unit_of[prov].kind != unit.kind:
                o.stray.append((power, order))
                continue
            received = given.get(prov)
            if received is None:
                given[prov] = [order]
            elif order not in received:
                received.append(order)

    for prov, received in o.given.items():
        if len(received) > 1:
            o.codes[prov] = VOID  # contradictory orders: the unit holds
        elif not _read(o, prov, received[0]):
            o.codes[prov] = VOID
            o.kind[prov] = HOLD

    _match_convoys(o, rules)
    _match_supports(o)
    for prov, kind in o.kind.items():
        if kind == MOVE:
            o.moves_into.setdefault(o.dest[prov], []).append(prov)
    return o


def _read(o: OrderSet, prov: str, order: Order) -> bool:
    """Record a legal order's meaning (the order kind's own `settle`);
    False if it is illegal."""
    if o.unit[prov].kind in o.stays and (
        getattr(order, "order_kind", None) not in STAYING
    ):
        return False
    return order.settle(o, prov)


def _match_convoys(o: OrderSet, rules: Rules) -> None:
    """Pair convoy orders with army moves and settle each army's route.

    An army moving to a neighbour goes by convoy only if its order says VIA
    or a fleet of its own power convoys it along a route where that fleet is
    needed (2000 rulebook; DATC 6.G.7, 6.G.19).  Under the seeds' rules the
    land route stays the fallback when the convoy fails; under the 2023
    rules (DATC v3 preference) it does not.  A move that no route of the
    fleets on the board could carry is illegal, and so a hold (DATC 6.D.32).
    """
    convoys = [p for p, kind in o.kind.items() if kind == CONVOYING]
    candidates: dict[str, list[str]] = {}
    for prov in convoys:
        army = o.target[prov]
        if (
            o.kind.get(army) == MOVE
            and o.unit[army].kind == "A"
            and o.dest[army] == o.dest[prov]
            and o.t.kind[army] == "coast"
            and o.t.kind[o.dest[army]] == "coast"
        ):
            candidates.setdefault(army, []).append(prov)

    afloat = None
    for army, mode in list(o.mode.items()):
        fleets = candidates.get(army, [])
        if mode == LAND and not fleets:
            continue  # marching, and no convoy offered: nothing to settle
        if afloat is None:
            afloat = [p for p, u in o.unit.items() if u.kind == "F" and p in o.waters]
        dest = o.dest[army]
        adjacent = dest in o.t.army[army]
        own = [f for f in fleets if o.power[f] == o.power[army]]
        if (
            mode == LAND
            and own
            and adjacent
            and any(_on_minimal_route(o, army, dest, afloat, f) for f in own)
        ):
            mode = CONVOY
        routed = bool(fleets) and o.route_exists(army, dest, fleets)
        if mode == CONVOY and adjacent and not rules.rules_2023:
            mode = EITHER if routed else LAND
        if mode == CONVOY and not o.route_exists(army, dest, afloat):
            o.codes[army] = VOID  # no fleets could ever carry it: a hold
            o.kind[army] = HOLD
            del o.mode[army]
            continue
        o.mode[army] = mode
        if mode != LAND:
            o.convoyers[army] = fleets
            if routed:
                o.routed.add(army)

    for prov in convoys:
        if prov not in o.convoyers.get(o.target[prov], ()):
            o.codes[prov] = NO_CONVOY
            o.kind[prov] = HOLD  # an unmatched convoy is a hold


def _on_minimal_route(
    o: OrderSet, origin: str, dest: str, fleets: Sequence[str], fleet: str
) -> bool:
    """Is `fleet` needed on some route of `fleets` from origin to dest?

    That is, does it lie on a route without shortcuts (no fleet touches a
    non-neighbouring step of the route, nor the ends except at the ends)."""
    reach = o.t.fleet_reach

    def extend(path: list[str]) -> bool:
        last = path[-1]
        if dest in reach[last]:
            return fleet in path
        for nxt in fleets:
            if nxt in path or nxt not in reach[last] or origin in reach[nxt]:
                continue
            if any(nxt in reach[p] for p in path[:-1]):
                continue  # a shortcut: this route has a needless fleet
            if extend([*path, nxt]):
                return True
        return False

    return any(extend([f]) for f in fleets if origin in reach[f])


def _coast_matches(o: OrderSet, supporter: str, target: str) -> bool:
    coast = o.support_coast.get(supporter)
    return coast is None or o.unit[target].kind == "A" or coast == o.dest_loc[target]


def _needed_by(o: OrderSet, army: str, fleet: str) -> bool:
    """Must the army's move be convoyed by this very fleet?  Then the fleet
    cannot support it too (DATC 6.D.31)."""
    if o.mode.get(army) != CONVOY or o.dest[army] in o.t.army[army]:
        return False
    if fleet not in o.waters:
        return False
    others = [p for p, u in o.unit.items() if u.kind == "F" and p in o.waters]
    others.remove(fleet)
    return not o.route_exists(army, o.dest[army], others)


def _match_supports(o: OrderSet) -> None:
    for prov, kind in o.kind.items():
        if kind == SUPPORT_HOLD:
            target = o.target[prov]
            if target in o.kind and o.kind[target] != MOVE:
                o.hold_supporters.setdefault(target, []).append(prov)
                continue
        elif kind == SUPPORT_MOVE:
            target = o.target[prov]
            if (
                o.kind.get(target) == MOVE
                and o.dest[target] == o.dest[prov]
                and _coast_matches(o, prov, target)
                and not _needed_by(o, target, prov)
            ):
                o.move_supporters.setdefault(target, []).append(prov)
                continue
        else:
            continue
        o.codes[prov] = VOID  # supports an order that was not given
        o.kind[prov] = HOLD


def _waters(t: Tables) -> set[str]:
    return set(t.sea) | {p for p, kind in t.kind.items() if kind == "coast"}


def void_whatever_ordered(
    board: Board, position: Position, order: Order, rules: Rules = DEFAULT_RULES
) -> bool:
    """Is this movement order for a unit on the board void whatever else is
    ordered: a move to a place the unit cannot reach (and, for an army, that
    no fleets on the board could carry it to), a support into a place the
    supporter cannot reach, a convoy by a unit that is not a fleet at sea?

    A judge can say so as the order arrives instead of at the deadline."""
    prov = order.unit.province
    entry = position.units.get(prov)
    if entry is None or entry[1].kind != order.unit.kind:
        return False  # not this unit's order: another check's business
    if not for_movement(order):
        return False
    o = OrderSet(board, tables(board))
    if rules.coastal_convoys:
        o.waters = _waters(o.t)
    for where, (power, unit) in position.units.items():
        o.power[where], o.unit[where], o.kind[where] = power, unit, HOLD
    if not _read(o, prov, order):
        return True
    if o.mode.get(prov) == CONVOY and prov not in o.t.army.get(o.dest[prov], ()):
        afloat = [p for p, u in o.unit.items() if u.kind == "F" and p in o.waters]
        return not o.route_exists(prov, o.dest[prov], afloat)
    return False


def retreat_options_if_void(
    position: Position, order: Retreat
) -> tuple[str, ...] | None:
    """None when this retreat would be carried out (unless another unit
    retreats to the same place); else the places the dislodged unit may
    retreat to (empty: none), so a judge can refuse it as it arrives."""
    if retreat_target(position, order) is not None:
        return None
    entry = position.dislodged.get(order.unit.province)
    return tuple(entry.retreats) if entry else ()
