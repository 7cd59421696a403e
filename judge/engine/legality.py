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
from judge.engine.orders import (
    GARRISON,
    Convoy,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
)
from judge.engine.results import Outcome
from judge.engine.retreats import retreat_target
from judge.engine.state import Position
from judge.engine.tables import Tables, tables

LAND, CONVOY, EITHER = "land", "convoy", "either"
VOID, NO_CONVOY = Outcome.VOID, Outcome.NO_CONVOY
MOVEMENT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy)
_MOVEMENT_TYPES = frozenset(MOVEMENT_ORDERS)


class OrderSet:
    """The effective orders of a movement phase, indexed by province."""

    def __init__(self, board: Board, t: Tables):
        self.board = board
        self.t = t
        self.power: dict[str, str] = {}  # province -> owner of its unit
        self.side: dict[str, str] = {}  # province -> side of its unit (Tables.side)
        # A guard: a second piece in a province (beside a unit there, or
        # alone), ordered as a piece of its own; the variant that places it
        # (Imperial's garrisons) gives the rules of its fights, `guard_rules`
        # (judge.engine.hooks.GuardRules).  province -> the guard's key
        # ("IG BRE"), and the key -> its province.  Keys sit beside provinces
        # in the tables below; a guard never moves.
        self.guard: dict[str, str] = {}
        self.home: dict[str, str] = {}
        self.guard_rules: GuardRules | None = None
        self.unit: dict = {}  # province -> Unit
        self.kind: dict[str, str] = {}  # province -> H, M, SH, SM, C
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
    rules_2023: bool = False,
    coastal_convoys: bool = False,
) -> OrderSet:
    t = tables(board)
    o = OrderSet(board, t)
    if coastal_convoys:
        o.waters = _waters(t)
    sides = t.side
    if position.extra and "sides" in position.extra:  # Imperial's federations
        sides = {**sides, **position.extra["sides"]}
    units = position.units
    # One comprehension per table: much faster than one loop filling four.
    o.power = power_of = {prov: power for prov, (power, _unit) in units.items()}
    o.side = side_of = {
        prov: sides.get(power, power) for prov, power in power_of.items()
    }
    o.unit = unit_of = {prov: unit for prov, (_power, unit) in units.items()}
    o.kind = kind_of = dict.fromkeys(units, "H")
    guards = position.extra.get("guards", {}) if position.extra else {}
    if guards:
        o.guard_rules = guard_rules(board)
    for prov, power in guards.items():
        key = guard_key(prov)
        o.guard[prov], o.home[key] = key, prov
        power_of[key], side_of[key] = power, sides.get(power, power)
        unit_of[key], kind_of[key] = Unit(GARRISON, prov), "H"

    # Attach each order to the unit it names; strays are void.
    given = o.given
    for power in sorted(orders):
        for order in orders[power]:
            if type(order) not in _MOVEMENT_TYPES:
                o.stray.append((power, order))
                continue
            unit = order.unit
            prov = guard_key(unit.province) if unit.kind == GARRISON else unit.province
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
            o.kind[prov] = "H"

    _match_convoys(o, rules_2023)
    _match_supports(o)
    for prov, kind in o.kind.items():
        if kind == "M":
            o.moves_into.setdefault(o.dest[prov], []).append(prov)
    return o


def guard_key(province: str) -> str:
    """The key of the guard in `province` in an OrderSet's tables."""
    return f"{GARRISON} {province}"


def _target(o: OrderSet, unit: Unit) -> str:
    """The key of the piece a support or convoy names."""
    return guard_key(unit.province) if unit.kind == GARRISON else unit.province


def _reaches(o: OrderSet, prov: str, province: str) -> bool:
    """Can the unit at `prov` move to (and so support into) `province`?
    A guard supports as an army (into neighbouring land) from its province."""
    unit = o.unit[prov]
    if unit.kind != "F":
        return province in o.t.army[unit.province]
    return province in o.t.fleet_reach.get(unit.location, ())


def _read(o: OrderSet, prov: str, order: Order) -> bool:
    """Record a legal order's meaning; False if it is illegal."""
    t = o.t
    unit = o.unit[prov]
    cls = type(order)
    if unit.kind == GARRISON and cls not in (Hold, SupportHold, SupportMove):
        return False  # a guard only holds or supports
    here = unit.province
    if cls is Move:
        dest = province_of(order.dest)
        kinds = t.kind
        dest_kind = kinds.get(dest, "impassable")
        if dest == prov or dest_kind == "impassable":
            return False
        if unit.kind == "A":
            if dest_kind == "sea":
                return False
            coastal = dest_kind == "coast" and kinds[prov] == "coast"
            if dest in t.army[prov]:
                mode = CONVOY if order.via_convoy and coastal else LAND
            elif coastal:
                mode = CONVOY
            else:
                return False
            o.kind[prov], o.dest[prov], o.dest_loc[prov] = "M", dest, dest
            o.mode[prov] = mode
            return True
        if order.via_convoy:
            return False  # only armies are convoyed
        loc = _fleet_destination(t, unit.location, order.dest)
        if loc is None:
            return False
        o.kind[prov], o.dest[prov], o.dest_loc[prov] = "M", dest, loc
        return True
    if cls is Hold:
        return True
    if cls is SupportHold:
        target = _target(o, order.target)
        where = order.target.province
        if where == here or not _reaches(o, prov, where):
            return False
        o.kind[prov], o.target[prov] = "SH", target
        return True
    if cls is SupportMove:
        target, dest = _target(o, order.target), province_of(order.dest)
        where = order.target.province
        if here in (where, dest) or where == dest or not _reaches(o, prov, dest):
            return False
        o.kind[prov], o.target[prov], o.dest[prov] = "SM", target, dest
        if dest != order.dest:
            o.support_coast[prov] = order.dest  # must match the move (6.B.9)
        return True
    if cls is Convoy:
        target, dest = order.target.province, province_of(order.dest)
        if unit.kind != "F" or prov not in o.waters or target == dest:
            return False
        o.kind[prov], o.target[prov], o.dest[prov] = "C", target, dest
        return True
    return False


def _fleet_destination(t: Tables, src: str, dest: str) -> str | None:
    """The location a fleet at `src` ordered to `dest` sails to, or None.

    A missing coast is filled in when only one coast is reachable (DATC
    4.B.2); a coast it cannot reach makes the order illegal (4.B.3); a coast
    named for a province without coasts is ignored (4.B.6)."""
    reach = t.fleet.get(src, ())
    province = province_of(dest)
    if province in t.coasts:
        if dest != province:
            return dest if dest in reach else None
        options = [c for c in t.coasts[province] if c in reach]
        return options[0] if len(options) == 1 else None
    return province if province in reach else None


def _match_convoys(o: OrderSet, rules_2023: bool) -> None:
    """Pair convoy orders with army moves and settle each army's route.

    An army moving to a neighbour goes by convoy only if its order says VIA
    or a fleet of its own power convoys it along a route where that fleet is
    needed (2000 rulebook; DATC 6.G.7, 6.G.19).  Under the seeds' rules the
    land route stays the fallback when the convoy fails; under the 2023
    rules (DATC v3 preference) it does not.  A move that no route of the
    fleets on the board could carry is illegal, and so a hold (DATC 6.D.32).
    """
    convoys = [p for p, kind in o.kind.items() if kind == "C"]
    candidates: dict[str, list[str]] = {}
    for prov in convoys:
        army = o.target[prov]
        if (
            o.kind.get(army) == "M"
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
        if mode == CONVOY and adjacent and not rules_2023:
            mode = EITHER if routed else LAND
        if mode == CONVOY and not o.route_exists(army, dest, afloat):
            o.codes[army] = VOID  # no fleets could ever carry it: a hold
            o.kind[army] = "H"
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
            o.kind[prov] = "H"  # an unmatched convoy is a hold


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
        if kind == "SH":
            target = o.target[prov]
            if target in o.kind and o.kind[target] != "M":
                o.hold_supporters.setdefault(target, []).append(prov)
                continue
        elif kind == "SM":
            target = o.target[prov]
            if (
                o.kind.get(target) == "M"
                and o.dest[target] == o.dest[prov]
                and _coast_matches(o, prov, target)
                and not _needed_by(o, target, prov)
            ):
                o.move_supporters.setdefault(target, []).append(prov)
                continue
        else:
            continue
        o.codes[prov] = VOID  # supports an order that was not given
        o.kind[prov] = "H"


def _waters(t: Tables) -> set[str]:
    return set(t.sea) | {p for p, kind in t.kind.items() if kind == "coast"}


def void_whatever_ordered(
    board: Board, position: Position, order: Order, coastal_convoys: bool = False
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
    if type(order) not in _MOVEMENT_TYPES:
        return False
    o = OrderSet(board, tables(board))
    if coastal_convoys:
        o.waters = _waters(o.t)
    for where, (power, unit) in position.units.items():
        o.power[where], o.unit[where], o.kind[where] = power, unit, "H"
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
