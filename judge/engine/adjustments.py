"""Adjustment (Winter) phases: builds, waives, removals and civil disorder.

Orders are taken one by one in the order given: the first legal ones count
(DATC 4.D.4-4.D.6).  Removals a power does not order follow the civil
disorder rule: farthest from home first, fleets before armies, then by the
province's name (DATC 6.J)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.board import Board, province_of
from judge.engine.home_transfer import home_centres, homes_now
from judge.engine.orders import Order, Unit, adjustment_of
from judge.engine.results import DEFAULT_RULES, OrderResult, Outcome, Rules
from judge.engine.state import Position
from judge.engine.tables import Tables, distances, tables

FAR = 10**6  # distance of a unit that cannot reach home at all


def adjustment_counts(board: Board, position: Position) -> dict[str, int]:
    """Power -> builds allowed (positive) or removals owed (negative)."""
    counts = dict.fromkeys(board.powers, 0)
    for power in position.centres.values():
        if power in counts:
            counts[power] += 1
    for power, _unit in position.units.values():
        if power in counts:
            counts[power] -= 1
    return counts


HOME_ONLY = DEFAULT_RULES


def build_sites(
    board: Board, position: Position, power: str, rules: Rules = HOME_ONLY
) -> list[str]:
    """Vacant centres the power may build in: its home centres it still
    owns, or (by the game's rules) any centre it owns."""
    return [
        c
        for c in _centres_for_builds(board, position, power, rules)
        if c not in position.units
    ]


def _centres_for_builds(board, position, power, rules: Rules) -> list[str]:
    homes = [
        c for c in home_centres(board, position, power, rules)
        if position.centres.get(c) == power
    ]  # fmt: skip
    owned = sorted(c for c, p in position.centres.items() if p == power)
    if rules.build_sites == "any" or (rules.build_sites == "one" and homes):
        return owned
    return homes


def needs_adjustment(
    board: Board, position: Position, rules: Rules = HOME_ONLY
) -> bool:
    if rules.any_disband:  # every winter is played (judge/engine/any_disband.py)
        return bool(position.units) or any(
            p in board.powers for p in position.centres.values()
        )
    for power, n in adjustment_counts(board, position).items():
        if n < 0 or (n > 0 and build_sites(board, position, power, rules)):
            return True
    return False


def adjudicate_adjustments(
    board: Board,
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    rules: Rules = HOME_ONLY,
) -> tuple[list[OrderResult], dict[str, tuple[str, Unit]]]:
    t = tables(board)
    sites = {p: _centres_for_builds(board, position, p, rules) for p in board.powers}
    counts = adjustment_counts(board, position)
    units = dict(position.units)
    results: list[OrderResult] = []
    for power in sorted(set(orders) | set(counts)):
        count = counts.get(power, 0)
        left = abs(count)
        winter = _PowerWinter(board, units, sites.get(power, []), power, count)
        for order in orders.get(power, ()):
            winter.left = left
            ok, unit = adjustment_of(order, winter)
            if ok:
                left -= 1
            codes = () if ok else (Outcome.VOID,)
            results.append(OrderResult(power, unit, order, codes))
        if count < 0 and left:
            for unit in _civil_disorder(t, position, units, power, rules)[:left]:
                del units[unit.province]
                results.append(OrderResult(power, unit, None, (Outcome.DISBAND,)))
    return results, units


class _PowerWinter:
    """One power's winter as its orders see it (judge.engine.orders.Winter):
    what it still owes, and the board its builds and removals change."""

    def __init__(self, board, units, sites: list[str], power: str, count: int):
        self.board, self.units, self.sites = board, units, sites
        self.power, self.count, self.left = power, count, abs(count)

    @property
    def builds_left(self) -> bool:
        return self.count > 0 and self.left > 0

    @property
    def removals_left(self) -> bool:
        return self.count < 0 and self.left > 0

    def build(self, unit: Unit) -> Unit | None:
        placed = _buildable(self.board, self.units, self.sites, unit)
        if placed is not None:
            self.units[placed.province] = (self.power, placed)
        return placed

    def remove(self, unit: Unit) -> Unit | None:
        entry = self.units.get(unit.province)
        if entry is None or entry[0] != self.power or entry[1].kind != unit.kind:
            return None
        del self.units[unit.province]
        return entry[1]


def _buildable(board, units, sites: list[str], unit: Unit) -> Unit | None:
    prov = unit.province
    if board.provinces.get(prov) is None or prov not in sites or prov in units:
        return None
    location = prov if unit.kind == "A" else unit.location
    return Unit(unit.kind, location) if board.can_hold(unit.kind, location) else None


def _civil_disorder(
    t: Tables, position: Position, units, power: str, rules: Rules
) -> list[Unit]:
    """The power's units in the order the civil-disorder rule removes them."""
    mine = [u for p, u in units.values() if p == power]
    if rules.rules_2023:
        # 2023 rulebook: to the nearest owned centre, any unit over land or sea.
        owned = [c for c, p in position.centres.items() if p == power]
        dist = distances(t.any_graph, owned)
        far = {u: dist.get(u.province, FAR) for u in mine}
    else:
        # 1982/2000: to the nearest home centre by the shortest route;
        # armies may go by convoy (over sea), fleets sail as fleets.
        homes = homes_now(t.homes.get(power, ()), position, power, rules)
        army_dist = distances(t.any_graph, homes)
        sources = [
            loc for h in homes for loc in t.coasts.get(h, (h,)) if loc in t.fleet
        ]
        fleet_dist = distances(t.fleet, sources)
        far = {
            u: (army_dist if u.kind == "A" else fleet_dist).get(
                u.province if u.kind == "A" else u.location, FAR
            )
            for u in mine
        }
    return sorted(
        mine, key=lambda u: (-far[u], u.kind != "F", t.names[province_of(u.location)])
    )
