"""Imperial Diplomacy (Calcraft & Poole), variants specification §2: the
phases as the game plays them (docs/variants.md says what is implemented).

Neutral garrisons are units of the power NEUTRAL (they never take orders and
are destroyed when dislodged).  The Imperial Garrison lives in the state's
extra data, not among the units, so a friendly unit may share its city and
builds are not blocked; in a movement phase it is the engine's guard
(`IG <city>`): a piece of its own beside any unit in the city, which holds or
supports as an army, may be hold-supported, and is destroyed when an enemy
enters.  The pieces, each in its own module:

* map: the starting state, joining, victory;
* orders: the variant's orders and how they are read;
* barbarians: the barbarian step and barbarian armies;
* petrol: fleet budgets and multi-step moves in rounds;
* federations: sides, federation orders, trades;
* garrisons: how a garrison fights (the engine's guard rules).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from judge.engine.api import OrderResult, standard_orders_needed
from judge.engine.board import Board
from judge.engine.hooks import extra_of, normalise, void_results, with_extra
from judge.engine.kinds import OrderKind
from judge.engine.orders import Hold, Move, Unit, kind_of
from judge.engine.results import Outcome
from judge.engine.state import Phase, Position
from judge.variants.imperial.barbarians import (
    barbarian_step,
    follow,
    raise_barbarians,
)
from judge.variants.imperial.federations import (
    apply_federation_orders,
    execute_gifts,
    lend_builds,
    record_federation_order,
    same_side,
    sides_of,
)
from judge.variants.imperial.garrisons import GARRISON
from judge.variants.imperial.map import (
    DISORDER,
    NEUTRAL,
    PASSIVE,
    bloc_result,
    city_of,
    coastal_centres,
    initial_state,
    resolve_joins,
    victory_threshold,
)
from judge.variants.imperial.orders import (
    Accept,
    Federate,
    Give,
    Join,
    LeaveFederation,
    MultiMove,
    Raise,
    Release,
    garrison_named,
    parse_barbarian,
    parse_federation,
    parse_give,
    parse_join,
    parse_multimove,
)
from judge.variants.imperial.petrol import (
    fit_to_budget,
    later_rounds,
    multi_results,
    over_budget,
    petrol_cost,
    province_of_dest,
    valid_path,
)

__all__ = [  # what callers and tests use, from one place
    "DISORDER",
    "NEUTRAL",
    "PASSIVE",
    "Accept",
    "Federate",
    "Give",
    "ImperialRules",
    "Join",
    "LeaveFederation",
    "MultiMove",
    "Raise",
    "Release",
    "barbarian_step",
    "bloc_result",
    "coastal_centres",
    "fit_to_budget",
    "initial_state",
    "over_budget",
    "parse_barbarian",
    "parse_federation",
    "parse_give",
    "parse_join",
    "parse_multimove",
    "petrol_cost",
    "resolve_joins",
    "same_side",
    "sides_of",
    "victory_threshold",
]


@dataclass
class Turn:
    """One phase of Imperial being played: the state it starts from (read
    from Position.extra) and what each step changes."""

    board: Board
    rules: Any
    position: Position
    orders: dict[str, list]
    extra: dict
    empires: dict
    garrisons: dict[str, str]  # city -> slot: live Imperial Garrisons
    joins: list
    federations: list
    standing: dict  # federation orders waiting
    gifts: list
    nmr: dict
    cd: set[str]  # empires falling into civil disorder this season
    ba: set[str]  # controlled barbarian armies
    retreating: set[str]  # ... dislodged, waiting to retreat
    wild: set[str]  # ownerless barbarian armies
    pending: set[str]  # centres waiting for a garrison
    markers: set[str]  # barbarian provinces
    entered: set[str]  # provinces entered this season (barbarian clearing)
    late: list = field(default_factory=list)  # results of the variant's orders
    voided: list = field(default_factory=list)  # (power, order) set aside
    kept: dict = field(default_factory=dict)  # orders for the standard rules
    raises: list = field(default_factory=list)
    multis: dict = field(default_factory=dict)  # origin -> (power, MultiMove)
    stopped: dict = field(default_factory=dict)  # multi-moves stopped early
    contested: set = field(default_factory=set)  # later-round stand-offs

    @classmethod
    def start(cls, board, position, orders, rules) -> Turn:
        extra = extra_of(position)
        federations = [list(f) for f in extra.get("federations", [])]
        return cls(
            board=board,
            rules=rules,
            position=position,
            orders=normalise(orders),
            extra=extra,
            empires=dict(extra.get("empires", {})),
            garrisons=dict(extra.get("garrisons", {})),
            joins=[list(j) for j in extra.get("joins", [])],
            federations=federations,
            standing={k: dict(v) for k, v in extra.get("federating", {}).items()},
            gifts=[list(g) for g in extra.get("gifts", [])],
            nmr={k: dict(v) for k, v in extra.get("nmr", {}).items()},
            cd=set(extra.get("disorder", [])),
            ba=set(extra.get("barbarian_armies", [])),
            retreating=set(extra.get("barbarians_retreating", [])),
            wild=set(extra.get("wild", [])),
            pending=set(extra.get("pending", [])),
            markers=set(extra.get("barbarian", initial_state(board).barbarian)),
            entered=set(extra.get("entered", ())),
        )

    @property
    def phase(self) -> Phase:
        return self.position.phase

    @property
    def side(self) -> dict[str, str]:
        return sides_of(self.federations)

    def option(self, name: str, default: str) -> str:
        return (getattr(self.rules, "options", {}) or {}).get(name, default)

    def answer(self, power, order, ok: bool = True) -> None:
        self.late.append(OrderResult(power, None, order, () if ok else (Outcome.VOID,)))


class ImperialRules:
    def orders_needed(self, board, position, standard_needed):
        extra = position.extra or {}
        if position.phase.type == "A" and extra.get("gifts"):
            # Builds given (IMP-8) count as the receiver's: it is asked for
            # them, and a Winter is held for them alone.
            sides = sides_of(extra.get("federations", []))
            position, _done = lend_builds(
                position, extra["gifts"], sides, extra.get("garrisons", {})
            )
        needed = {
            p: n
            for p, n in standard_needed(board, position).items()
            if p not in PASSIVE
        }
        if position.phase.type == "M":  # the Imperial Garrison takes orders too
            for slot in extra.get("garrisons", {}).values():
                needed[slot] = needed.get(slot, 0) + 1
        if position.phase.type == "A":  # a surplus may also raise barbarians
            markers = extra.get("barbarian", initial_state(board).barbarian)
            vacant = sum(1 for p in markers if p not in position.units)
            for slot in extra.get("empires", {}):
                surplus = len(position.centres_of(slot)) - len(position.units_of(slot))
                if surplus > 0 and vacant:
                    needed[slot] = min(surplus, needed.get(slot, 0) + vacant)
        return needed

    def adjudicate(self, board, position, orders, rules, standard, standard_needed):
        return self._adjudicate(
            board, position, orders, rules, standard, standard_needed, depth=0
        )

    def _adjudicate(
        self, board, position, orders, rules, standard, standard_needed, depth
    ):

        t = Turn.start(board, position, orders, rules)
        self._count_nmrs(t)
        self._release(t)
        self._sort_orders(t)
        self._fit_petrol(t)
        result = standard(board, self._fighting_position(t), t.kept, rules)
        nxt = self._after_fight(t, result)
        if t.phase.type in ("M", "R") and nxt.phase.type != "R":
            nxt = self._end_of_season(t, nxt, standard_needed)
        if nxt.phase.type == "M" and t.joins:
            nxt = self._apply_joins(t, nxt)
        nxt, changed = self._store(t, nxt)
        fall_over = t.phase.season == "F" and t.phase.type in ("M", "R")
        if (changed or (fall_over and nxt.phase.type != "R")) and not position.winner:
            nxt = self._victory(board, nxt, t.federations)

        results = void_results(OrderResult, result.results, t.voided)
        if t.multis:
            results = multi_results(OrderResult, results, t.multis, t.stopped)
        final = replace(
            result,
            results=results + tuple(t.late),
            dislodged=tuple(
                d for d in result.dislodged if d.unit.province in nxt.dislodged
            ),
            position=nxt,
        )
        # Phases nobody but the neutrals has to order are played at once.
        needs = self.orders_needed(board, nxt, standard_needed)
        empty_retreat = nxt.phase.type == "R" and not nxt.dislodged
        only_neutral = not needs and standard_needed(board, nxt)
        if depth < 4 and not nxt.winner and (empty_retreat or only_neutral):
            more = self._adjudicate(
                board, nxt, {}, rules, standard, standard_needed, depth + 1
            )
            final = replace(final, position=more.position)
        return final

    # -- before the fight ----------------------------------------------------
    def _count_nmrs(self, t: Turn) -> None:
        """IMP-13a: an empire that could order and sent nothing (absent from
        the orders) missed the phase; movement phases only unless
        `nmr_counting=all_phases`.  Two in a row or three in all: disorder."""
        if t.phase.type != "M" and t.option("nmr_counting", "") != "all_phases":
            return
        garrisoned = set(t.garrisons.values())
        owing = set(self.orders_needed(t.board, t.position, _standard_needed))
        for slot in t.empires:
            if t.phase.type == "M":
                could = slot in garrisoned or any(
                    p == slot for p, _u in t.position.units.values()
                )
            else:
                could = slot in owing
            if not could:
                continue
            rec = t.nmr.setdefault(slot, {"run": 0, "total": 0})
            if slot in t.orders:
                rec["run"] = 0
            else:
                rec["run"] += 1
                rec["total"] += 1
        t.cd |= {s for s, rec in t.nmr.items() if rec["run"] >= 2 or rec["total"] >= 3}

    def _release(self, t: Turn) -> None:
        """IMP-10d: RELEASE acts before the phase is adjudicated; the army
        goes wild (or becomes the garrison of the centre it stands in)."""
        units = dict(t.position.units)
        for power, given in t.orders.items():
            for order in given:
                if not isinstance(order, Release):
                    continue
                prov = order.province
                ok = prov in t.ba and units.get(prov, (None,))[0] == power
                t.answer(power, order, ok)
                if ok:
                    _let_go(t, units, prov, units[prov][1])
        t.position = replace(t.position, units=units)

    def _sort_orders(self, t: Turn) -> None:
        """The variant's own orders are recorded; orders for units go to the
        standard rules unless nobody may give them (neutrals, empires not in
        the game, a garrison ordered to move)."""
        for power, given in t.orders.items():
            for order in given:
                if isinstance(order, Release):
                    continue
                if isinstance(order, Raise):
                    if t.phase.type == "A" and power in t.empires:
                        t.raises.append((power, order))
                    else:
                        t.answer(power, order, False)
                elif isinstance(order, Federate | Accept | LeaveFederation):
                    ok = power in t.empires and (
                        isinstance(order, LeaveFederation)
                        or (order.empire in t.empires and order.empire != power)
                    )
                    if ok:
                        record_federation_order(t.standing, power, order)
                    t.answer(power, order, ok)
                elif isinstance(order, Give):
                    ok = power in t.empires and order.to in t.empires
                    if ok and order.to != power:
                        t.gifts.append([power, order.kind, order.what, order.to])
                    else:
                        t.answer(power, order, False)
                elif isinstance(order, Join):
                    # Any slot of the city no living empire holds (rule 3:
                    # a later empire of a city that is neutral again).
                    if city_of(power) != order.city or power in t.empires:
                        t.answer(power, order, False)
                    else:
                        t.joins.append([power, order.city, order.name])
                elif power in t.empires:  # not neutrals, disorder, the gone
                    if t.phase.type == "M":
                        order = garrison_named(t.position, power, order)
                    t.kept.setdefault(power, []).append(order)
                else:
                    t.voided.append((power, order))

    def _fit_petrol(self, t: Turn) -> None:
        """IMP-5: fit each empire's fleet orders to its budget; only the
        first step of a multi-step move fights in round 1."""
        if t.phase.type != "M":
            return
        for power, given in t.kept.items():
            budget = sum(1 for u in t.position.units_of(power) if u.kind == "F")
            if over_budget(given, budget) is None:
                continue
            if t.option("petrol_overflow", "truncate") == "truncate":
                t.kept[power], _cut = fit_to_budget(given, budget)
            else:
                t.voided += [(power, o) for o in given if petrol_cost(o)]
                t.kept[power] = [o for o in given if not petrol_cost(o)]
        for power, given in t.kept.items():
            for i, o in enumerate(given):
                # its own multi-step moves, the one order class only it makes
                if not isinstance(o, MultiMove):
                    continue
                if not valid_path(t.board, o):
                    t.voided.append((power, o))
                    given[i] = Hold(o.unit)
                    continue
                t.multis[o.unit.province] = (power, o)
                given[i] = Move(o.unit, o.steps[0])

    def _fighting_position(self, t: Turn) -> Position:
        """What the standard rules see.  Movement: each garrison is a guard
        (the engine's `guards` hook), a piece beside any unit in its city
        that holds or supports and must be beaten on its own (IMP-3).
        Adjustments: disorder units are left out; raises take builds; lent
        builds move the counts."""
        if t.phase.type == "M":
            extra = {**t.extra, "guards": dict(t.garrisons), "sides": t.side}
            return replace(t.position, extra=extra)
        if t.phase.type == "A":
            work = replace(
                t.position,
                units={p: e for p, e in t.position.units.items() if e[0] != DISORDER},
            )
            work, done, raised = raise_barbarians(
                work, t.raises, t.markers, late_type=OrderResult
            )
            t.late += done
            t.ba |= raised
            work, done = lend_builds(work, t.gifts, t.side, t.garrisons)
            t.late += [OrderResult(g, None, o, codes) for g, o, codes in done]
            t.gifts = [g for g in t.gifts if g[1] != "builds"]
            return work
        return t.position

    # -- after the fight -----------------------------------------------------
    def _after_fight(self, t: Turn, result) -> Position:
        """Garrisons out of the units (destroyed if beaten), barbarian armies
        followed, later petrol rounds, retreat options struck out."""
        # Victory is IMP-14's, never the standard count (it would crown the
        # neutrals).
        nxt = replace(result.position, winner=t.position.winner)
        units = dict(nxt.units)
        dislodged = dict(nxt.dislodged)
        side = t.side
        if t.phase.type == "A":
            units.update(
                {p: e for p, e in t.position.units.items() if e[0] == DISORDER}
            )
            nxt = replace(nxt, centres=t.position.centres)  # lent builds go back
            # Rule 9: a barbarian army "disbanded" (a removal, ordered or by
            # civil disorder) stands where it was, uncontrolled, as RELEASE
            # leaves it.
            for prov in sorted(t.ba):
                entry = t.position.units.get(prov)
                if entry is not None and entry[0] in t.empires and prov not in units:
                    _let_go(t, units, prov, entry[1])
        elif t.phase.type == "M":
            for city, owner in list(t.garrisons.items()):
                entry = units.get(city)
                if entry is not None and not same_side(side, entry[0], owner):
                    del t.garrisons[city]  # an enemy is in: destroyed
            self._follow_barbarian_armies(t, result, units, dislodged)
            if t.multis:
                arrived = {
                    r.unit.province
                    for r in result.results
                    if kind_of(r.order) == OrderKind.MOVE and not r.outcomes
                }
                t.stopped, t.contested = later_rounds(
                    units, t.garrisons, t.multis, t.entered, side, arrived
                )
        else:
            self._follow_barbarian_armies(t, result, units, dislodged)
        t.wild = {p for p in t.wild if units.get(p, (None,))[0] == DISORDER}

        # Neutral units never retreat; nobody retreats into a foreign garrison,
        # a province now occupied, or one left empty by a later-round stand-off.
        kept = {}
        for prov, d in dislodged.items():
            if d.power in PASSIVE:
                continue
            options = tuple(
                loc
                for loc in d.retreats
                if same_side(side, t.garrisons.get(loc.split("/")[0], d.power), d.power)
                and loc.split("/")[0] not in units
                and loc.split("/")[0] not in t.contested
            )
            if options:
                kept[prov] = replace(d, retreats=options)
        return replace(nxt, units=units, dislodged=kept)

    @staticmethod
    def _follow_barbarian_armies(t: Turn, result, units, dislodged) -> None:
        """Where the controlled barbarian armies went; entries by any other
        unit clear barbarian markers (IMP-9a), theirs do not."""
        moved = set()
        if t.phase.type == "M":
            hit = {
                r.unit.province
                for r in result.results
                if r.unit is not None
                and r.unit.kind != GARRISON
                and Outcome.DISLODGED in r.outcomes
            }
            for r in result.results:
                if kind_of(r.order) == OrderKind.MOVE and not r.outcomes:
                    dest = province_of_dest(r.order)
                    if r.unit.province in t.ba:
                        moved.add((r.unit.province, dest))
                    else:
                        t.entered.add(dest)
            t.ba, t.retreating = follow(t.ba, moved, units, dislodged, hit)
        elif t.phase.type == "R":
            for r in result.results:
                if hasattr(r.order, "dest") and not r.outcomes:
                    dest = province_of_dest(r.order)
                    if r.unit.province in t.retreating:
                        t.ba.add(dest)
                    else:
                        t.entered.add(dest)
            t.retreating = set()

    def _end_of_season(self, t: Turn, nxt: Position, standard_needed) -> Position:
        """After a season's movement and retreats, in the rules' order: civil
        disorder, partners keeping their centres, the barbarian step, the
        barbarians' captures, gifts; after Fall, whether a Winter is due."""

        fall = t.phase.season == "F"
        if t.cd:
            nxt = self._disorder(t, nxt)
        if fall:  # IMP-7d: a partner in your centre does not take it
            centres = dict(nxt.centres)
            for prov, owner in nxt.centres.items():
                before = t.position.centres.get(prov)
                if before and before != owner and same_side(t.side, before, owner):
                    centres[prov] = before
            # A live garrison keeps its city (PROPOSED: only beating it takes
            # the city, e.g. not a former partner's unit still inside).
            centres.update(t.garrisons)
            nxt = replace(nxt, centres=centres)
        nxt = self._barbarian_step(t, nxt)
        if fall:  # IMP-10c: barbarians take centres for nobody
            centres = dict(nxt.centres)
            for prov in t.board.supply_centres():
                if (prov in t.ba or prov in t.wild) and prov not in t.garrisons:
                    centres[prov] = NEUTRAL
                    t.pending.add(prov)
            # One an empire's ordinary unit took at this update waits no more.
            t.pending = {p for p in t.pending if centres.get(p) == NEUTRAL}
            nxt = replace(nxt, centres=centres)
        # IMP-8: gifts between partners (units after Spring too)
        nxt, done = execute_gifts(t.board, t.phase, nxt, t.gifts, t.side, t.garrisons)
        t.late += [OrderResult(g, None, o, codes) for g, o, codes in done]
        keep = ("builds",) if fall else ("sc", "builds")
        t.gifts = [g for g in t.gifts if g[1] in keep]
        t.extra.pop("entered", None)
        if not fall:
            return nxt
        winter = replace(nxt, phase=Phase(t.phase.year, "W", "A"), dislodged={})

        facts = {
            "empires": t.empires,
            "barbarian": sorted(t.markers),
            "gifts": t.gifts,
            "federations": t.federations,
            "garrisons": t.garrisons,
        }
        due = self.orders_needed(t.board, with_extra(winter, facts), standard_needed)
        if due or standard_needed(t.board, winter):
            return winter
        t.gifts = [g for g in t.gifts if g[1] != "builds"]  # for this Winter only
        return replace(nxt, phase=Phase(t.phase.year + 1, "S", "M"), dislodged={})

    def _disorder(self, t: Turn, nxt: Position) -> Position:
        """IMP-13b-c after the season's retreats: units in centres (the
        garrison too) disband, the rest become civil-disorder units (barbarian
        armies go wild); the empire's centres turn neutral, a vacant one gets a
        neutral garrison; it leaves its federation and the game."""
        slots = t.cd
        units = {}
        for prov, (power, unit) in nxt.units.items():
            if power in slots:
                if prov in nxt.centres or prov in t.garrisons:
                    continue
                power = DISORDER
                if prov in t.ba:
                    t.ba.discard(prov)
                    t.wild.add(prov)
            units[prov] = (power, unit)
        for city, slot in list(t.garrisons.items()):
            if slot in slots:
                del t.garrisons[city]
        centres = dict(nxt.centres)
        for prov, owner in nxt.centres.items():
            if owner not in slots:
                continue
            occupant = units.get(prov)
            if prov in t.garrisons:  # another empire's garrison is still there
                centres[prov] = t.garrisons[prov]
            elif occupant is None:
                units[prov] = (NEUTRAL, Unit("A", prov))
                centres[prov] = NEUTRAL
            elif t.phase.season == "F" and occupant[0] not in PASSIVE:
                centres[prov] = occupant[0]  # the Fall update's capture
            else:
                centres[prov] = NEUTRAL
        for slot in slots:
            t.empires.pop(slot, None)
            t.nmr.pop(slot, None)
            t.standing.pop(slot, None)
        kept = [[m for m in f if m not in slots] for f in t.federations]
        t.federations = [f for f in kept if len(f) > 1]
        t.cd = set()
        return replace(nxt, units=units, centres=centres)

    @staticmethod
    def _barbarian_step(t: Turn, nxt: Position) -> Position:
        """IMP-9: clear, spread, garrison vacant centres; after Fall a new
        garrison makes its centre neutral (the ownership update counts it)."""
        occupied = set(nxt.units) | set(t.garrisons)
        step = barbarian_step(
            t.board, t.markers, occupied, t.entered, t.wild, t.pending
        )
        t.markers = set(step.barbarian)
        t.pending = set(step.pending)
        units = dict(nxt.units)
        centres = dict(nxt.centres)
        for prov in step.new_garrisons:
            units[prov] = (NEUTRAL, Unit("A", prov))
            if t.phase.season == "F":
                centres[prov] = NEUTRAL
        return replace(nxt, units=units, centres=centres)

    def _apply_joins(self, t: Turn, nxt: Position) -> Position:
        """IMP-2 at the start of a movement phase: the neutral garrison becomes
        the Imperial Garrison, an army joins it, the city is the empire's."""
        occupied = {p for p, (power, _u) in nxt.units.items() if power != NEUTRAL}
        occupied |= set(t.garrisons)
        requests = [(s, c) for s, c, _n in t.joins if s not in t.empires]
        accepted, refused = resolve_joins(
            t.board,
            requests,
            nxt.centres,
            occupied,
            t.option("join_conflict", "first_come"),
        )
        names = {slot: name for slot, _city, name in t.joins}
        units = dict(nxt.units)
        centres = dict(nxt.centres)
        for slot, city in accepted.items():
            units[city] = (slot, Unit("A", city))
            centres[city] = slot
            t.garrisons[city] = slot
            t.empires[slot] = {"city": city, "name": names.get(slot, "")}
            t.answer(slot, Join(city, names.get(slot, "")))
        for slot in refused:
            city = next(c for s, c, _n in t.joins if s == slot)
            t.answer(slot, Join(city, names.get(slot, "")), False)
        t.joins = []
        return replace(nxt, units=units, centres=centres)

    def _store(self, t: Turn, nxt: Position) -> tuple[Position, bool]:
        """Federation changes (at the end of every phase), then the state."""
        t.federations, changed = apply_federation_orders(
            t.standing, t.federations, t.empires
        )
        extra = dict(t.extra)
        if t.phase.type == "M" and nxt.phase.type == "R":
            extra["entered"] = sorted(t.entered)  # for the step after retreats
        stored = {
            "empires": t.empires,
            "garrisons": t.garrisons,
            "barbarian": sorted(t.markers),
            "joins": t.joins,
            "federations": t.federations,
            "federating": t.standing,
            "nmr": t.nmr,
            "disorder": sorted(t.cd),
            "gifts": t.gifts,
            "barbarian_armies": sorted(
                p for p in t.ba if nxt.units.get(p, (None,))[0] in t.empires
            ),
            "barbarians_retreating": sorted(
                p for p in t.retreating if p in nxt.dislodged
            ),
            "wild": sorted(t.wild),
            "pending": sorted(t.pending),
        }
        always = ("empires", "garrisons", "barbarian")
        for key, value in stored.items():
            if value or key in always:
                extra[key] = value
            else:
                extra.pop(key, None)
        return with_extra(nxt, extra), changed

    def _victory(self, board, nxt, federations=()):
        outcome = bloc_result(board, nxt.centres, federations)
        if outcome is None:
            return nxt
        kind, blocs = outcome
        winners = sorted(m for b in blocs for m in b)
        extra = dict(nxt.extra)
        extra["result"] = kind
        return replace(nxt, winner="+".join(winners), extra=extra)


def _let_go(t: Turn, units: dict, prov: str, unit: Unit) -> None:
    """IMP-10d: a barbarian army released or disbanded stands in civil
    disorder where it was, a barbarian unit that spreads the barbarians;
    in a centre it becomes the centre's neutral garrison.  In a city whose
    Imperial Garrison lives the army simply goes: the city has its garrison
    and stays its empire's (IMP-3, as the army inside did not take it)."""
    t.ba.discard(prov)
    if prov in t.garrisons:
        units.pop(prov, None)
    elif t.board.provinces[prov].centre:
        units[prov] = (NEUTRAL, Unit("A", prov))
        t.pending.discard(prov)  # the centre has its garrison
    else:
        units[prov] = (DISORDER, unit)
        t.wild.add(prov)
        t.markers.add(prov)


def _standard_needed(board, position):
    return standard_orders_needed(board, position)
