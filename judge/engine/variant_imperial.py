"""Imperial Diplomacy (Calcraft & Poole), variants specification §2
(docs/variants.md says what is implemented and what is not).

Neutral garrisons are units of the power NEUTRAL (they never take orders and
are destroyed when dislodged).  The Imperial Garrison lives in the state's
extra data, not among the units, so a friendly unit may share its city and
builds are not blocked; in a movement phase it fights as an army when alone
in its city, and otherwise guards it (the engine's `guards` hook: a lone
attack cannot enter).  `ImperialRules` plays the phases; pure pieces:

* the starting state: every centre neutral with a garrison, every other land
  province barbarian (IMP-1);
* whether a JOIN may take a city, and first-come conflicts (IMP-2);
* the end-of-season barbarian step: clearing and one ring of spread (IMP-9);
* the fleets' petrol budget, the cost of an order set and its truncation at
  the deadline (IMP-5a, 5d);
* the victory threshold and the blocs that reach it (IMP-14).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from judge.engine.board import Board
from judge.engine.orders import Convoy, Hold, Move, SupportHold, SupportMove, Unit

NEUTRAL = "NEUTRAL"
DISORDER = "DISORDER"  # units of empires fallen into civil disorder (CDUs)
PASSIVE = (NEUTRAL, DISORDER)  # powers that never order nor adjust


# -- the map ------------------------------------------------------------------


def coastal_centres(board: Board) -> list[str]:
    """The centres an empire may choose as its Imperial City."""
    return sorted(
        p for p, prov in board.provinces.items() if prov.centre and prov.kind == "coast"
    )


def edge_provinces(board: Board) -> frozenset[str]:
    return frozenset(board.data.get("imperial", {}).get("edge", ()))


def land_provinces(board: Board) -> list[str]:
    return sorted(
        p for p, prov in board.provinces.items() if prov.kind in ("land", "coast")
    )


@dataclass(frozen=True)
class ImperialStart:
    garrisons: dict[str, str]  # centre -> NEUTRAL: one neutral garrison each
    centres: dict[str, str]  # centre -> owner (all NEUTRAL)
    barbarian: frozenset[str]  # non-centre land provinces with the marker


def initial_state(board: Board) -> ImperialStart:
    """IMP-1: every centre neutral and garrisoned, other land barbarian."""
    centres = board.supply_centres()
    return ImperialStart(
        garrisons=dict.fromkeys(centres, NEUTRAL),
        centres=dict.fromkeys(centres, NEUTRAL),
        barbarian=frozenset(p for p in land_provinces(board) if p not in centres),
    )


# -- joining (IMP-2) ----------------------------------------------------------


def join_problem(
    board: Board,
    city: str,
    owners: Mapping[str, str],
    occupied_by_other_than_garrison: Iterable[str],
) -> str | None:
    """Why an empire may not take `city` as its Imperial City, or None.
    `owners`: centre -> owner; the second argument: provinces holding any unit
    other than a neutral garrison."""
    prov = board.provinces.get(city)
    if prov is None or not prov.centre:
        return f"{city} is not a supply centre"
    if prov.kind != "coast":
        return f"{prov.name} is not on a sea coast"
    if owners.get(city, NEUTRAL) != NEUTRAL:
        return f"{prov.name} is not neutral (owned by {owners[city]})"
    if city in set(occupied_by_other_than_garrison):
        return f"{prov.name} is occupied"
    return None


def resolve_joins(
    board: Board,
    requests: Sequence[tuple[str, str]],
    owners: Mapping[str, str],
    occupied: Iterable[str] = (),
    conflict: str = "first_come",
) -> tuple[dict[str, str], dict[str, str]]:
    """(empire, city) requests in the order received -> (accepted empire ->
    city, refused empire -> reason).  Two joins for one city: the first wins
    (`first_come`) or both fail (`both_fail`)."""
    occupied = set(occupied)
    accepted: dict[str, str] = {}
    refused: dict[str, str] = {}
    wanted: dict[str, list[str]] = {}
    for empire, city in requests:
        if empire in accepted or empire in refused:
            continue  # one join per empire; the first stands
        problem = join_problem(board, city, owners, occupied)
        if problem:
            refused[empire] = problem
            continue
        wanted.setdefault(city, []).append(empire)
    for city, empires in wanted.items():
        if len(empires) == 1 or conflict == "first_come":
            accepted[empires[0]] = city
            rest = empires[1:]
        else:
            rest = empires
        for empire in rest:
            refused[empire] = f"{board.provinces[city].name} was chosen by another"
    return accepted, refused


# -- the barbarian step (IMP-9) -------------------------------------------------


@dataclass(frozen=True)
class BarbarianStep:
    barbarian: frozenset[str]  # the markers after the step
    new_garrisons: tuple[str, ...]  # centres that get a neutral garrison
    pending: frozenset[str]  # centres still waiting for a garrison


def barbarian_step(
    board: Board,
    barbarian: Iterable[str],
    occupied: Iterable[str],
    entered: Iterable[str],
    barbarian_units: Iterable[str] = (),
    pending: Iterable[str] = (),
) -> BarbarianStep:
    """IMP-9, run after each Spring and Fall (retreats included).

    `occupied`: provinces holding a unit of any kind (garrisons included);
    `entered`: provinces a non-barbarian unit entered this season (clearing);
    `barbarian_units`: provinces of ownerless barbarian armies (they spread
    like markers); `pending`: centres a barbarian army captured, waiting to be
    vacant for their garrison.  Spread is one ring, all from the same set."""
    occupied = set(occupied)
    markers = set(barbarian) - set(entered)
    source = markers | set(barbarian_units)
    edge = edge_provinces(board)
    new_markers = set(markers)
    garrisons = []
    for p in land_provinces(board):
        if p in source or p in occupied:
            continue
        borders = board.army_adjacency.get(p, frozenset()) & source
        if not borders and p not in edge:
            continue
        if board.provinces[p].centre:
            garrisons.append(p)  # centres never carry the marker
        else:
            new_markers.add(p)
    waiting = set()
    for p in sorted(set(pending)):
        if p in occupied:
            waiting.add(p)
        elif p not in garrisons:
            garrisons.append(p)
    return BarbarianStep(
        frozenset(new_markers), tuple(sorted(garrisons)), frozenset(waiting)
    )


# -- petrol rationing (IMP-5) ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class MultiMove:
    """`F MAO - WES - TYS`: a fleet's move of several steps."""

    unit: Unit
    steps: tuple[str, ...]

    def canonical(self) -> str:
        return f"{self.unit} - " + " - ".join(self.steps)


def petrol_cost(order) -> int:
    """A fleet order's cost: each step 1, support or convoy 1, hold 0."""
    if order is None or getattr(order, "unit", None) is None:
        return 0
    if order.unit.kind != "F":
        return 0
    if isinstance(order, MultiMove):
        return len(order.steps)
    if isinstance(order, Move | SupportHold | SupportMove | Convoy):
        return 1
    if isinstance(order, Hold):
        return 0
    return 0


def petrol_budget(fleets: int) -> int:
    """The budget of a movement phase: the fleets at its start."""
    return fleets


def fit_to_budget(orders: Sequence, budget: int) -> tuple[list, list[str]]:
    """IMP-5d at the deadline: while over budget, drop the last step of the
    last-listed multi-step move.  Returns the orders and what was cut."""
    out = list(orders)
    cut: list[str] = []
    while sum(petrol_cost(o) for o in out) > budget:
        for i in range(len(out) - 1, -1, -1):
            o = out[i]
            if isinstance(o, MultiMove) and len(o.steps) >= 2:
                cut.append(f"{o.canonical()}: step to {o.steps[-1]} cut")
                steps = o.steps[:-1]
                out[i] = (
                    MultiMove(o.unit, steps)
                    if len(steps) > 1
                    else Move(o.unit, steps[0])
                )
                break
        else:
            break  # nothing left to cut: single orders cost at most one each
    return out, cut


def over_budget(orders: Sequence, budget: int) -> str | None:
    """The message for an order set refused when submitted (IMP-5d)."""
    cost = sum(petrol_cost(o) for o in orders)
    if cost > budget:
        return f"fleet orders cost {cost} but the petrol budget is {budget}"
    return None


# -- victory (IMP-14) -----------------------------------------------------------


def victory_threshold(centres: int) -> int:
    """Half the centres less two, rounded up: 34 -> 15, 35 -> 16."""
    return math.ceil(centres / 2 - 2)


def bloc_result(
    board: Board,
    owners: Mapping[str, str],
    federations: Iterable[Iterable[str]] = (),
) -> tuple[str, tuple[tuple[str, ...], ...]] | None:
    """('win', (bloc,)) when one bloc (a federation or a lone empire) holds
    the threshold; ('draw', blocs) when several do at the same check."""
    threshold = victory_threshold(len(board.supply_centres()))
    counts: dict[str, int] = {}
    for owner in owners.values():
        if owner != NEUTRAL:
            counts[owner] = counts.get(owner, 0) + 1
    blocs: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for fed in federations:
        members = tuple(sorted(set(fed)))
        blocs.append(members)
        seen.update(members)
    blocs += [(e,) for e in sorted(counts) if e not in seen]
    reaching = tuple(b for b in blocs if sum(counts.get(m, 0) for m in b) >= threshold)
    if not reaching:
        return None
    return ("win" if len(reaching) == 1 else "draw", reaching)


# -- playing it: the hooks (state in Position.extra) ---------------------------
#
# extra["empires"]    slot -> {"city", "name"}: the empires that have joined
# extra["garrisons"]  city -> slot: live Imperial Garrisons (never in units)
# extra["barbarian"]  the barbarian markers (absent: the starting set)
# extra["joins"]      [[slot, city, name], ...]: JOINs waiting, in arrival order
# extra["entered"]    provinces entered in this season's movement, kept for the
#                     barbarian step after its retreats
# Neutral garrisons are NEUTRAL armies in Position.units.


@dataclass(frozen=True, slots=True)
class Join:
    """`JOIN <city> [NAME <text>]`: found an empire with this Imperial City."""

    city: str
    name: str = ""
    unit = None  # names no unit

    def canonical(self) -> str:
        return f"JOIN {self.city}" + (f" NAME {self.name}" if self.name else "")


def parse_join(board: Board, text: str) -> Join | None:
    words = text.split()
    if len(words) < 2 or words[0].upper() != "JOIN":
        return None
    name = ""
    if len(words) > 3 and words[2].upper() == "NAME":
        name = " ".join(words[3:])
    elif len(words) != 2:
        return None
    word = words[1].upper()
    for pid, prov in board.provinces.items():
        if word in {pid, prov.name.upper(), *(a.upper() for a in prov.aliases)}:
            return Join(pid, name)
    return None


def _place(board: Board, word: str) -> str | None:
    word = word.strip().upper()
    if board.is_location(word):
        return word
    for pid, prov in board.provinces.items():
        if word in {prov.name.upper(), *(a.upper() for a in prov.aliases)}:
            return pid
    return None


def parse_multimove(board: Board, text: str) -> MultiMove | None:
    """'F MAO - WES - TYS' (two steps or more) -> MultiMove; else None."""
    parts = [p.strip() for p in text.split("-")]
    head = parts[0].split()
    if len(parts) < 3 or len(head) != 2 or head[0].upper() != "F":
        return None
    places = [_place(board, p) for p in [head[1], *parts[1:]]]
    if None in places:
        return None
    return MultiMove(Unit("F", places[0]), tuple(places[1:]))


def slot_of(city: str) -> str:
    return f"EMPIRE_{city}"


class ImperialRules:
    def orders_needed(self, board, position, standard_needed):
        needed = {
            p: n
            for p, n in standard_needed(board, position).items()
            if p not in PASSIVE
        }
        if position.phase.type == "M":  # the Imperial Garrison takes orders too
            for slot in (position.extra or {}).get("garrisons", {}).values():
                needed[slot] = needed.get(slot, 0) + 1
        return needed

    def adjudicate(self, board, position, orders, rules, standard, standard_needed):
        return self._adjudicate(
            board, position, orders, rules, standard, standard_needed, depth=0
        )

    def _adjudicate(
        self, board, position, orders, rules, standard, standard_needed, depth
    ):
        from judge.engine.api import OrderResult
        from judge.engine.variant_rules import extra_of, normalise, with_extra

        extra = extra_of(position)
        empires = dict(extra.get("empires", {}))
        garrisons = dict(extra.get("garrisons", {}))
        joins = [list(j) for j in extra.get("joins", [])]
        late: list = []
        voided: list = []
        kept: dict[str, list] = {}
        phase = position.phase

        federations = [list(f) for f in extra.get("federations", [])]
        standing = {k: dict(v) for k, v in extra.get("federating", {}).items()}
        side = sides_of(federations)
        orders = normalise(orders)
        gifts = [list(g) for g in extra.get("gifts", [])]
        cd = set(extra.get("disorder", []))  # falling into disorder this season
        nmr = self._count_nmrs(board, position, orders, rules, extra, empires)
        cd |= {s for s, rec in nmr.items() if rec["run"] >= 2 or rec["total"] >= 3}
        # Barbarian armies (IMP-10): where the controlled ones stand, the
        # ownerless ones (barbarian civil-disorder units), captured centres
        # waiting for a garrison.  RELEASE acts before anything else.
        ba = set(extra.get("barbarian_armies", []))
        retreating = set(extra.get("barbarians_retreating", []))
        wild = set(extra.get("wild", []))
        pending = set(extra.get("pending", []))
        raises: list[tuple[str, Raise]] = []
        markers = set(extra.get("barbarian", initial_state(board).barbarian))
        released = {}
        for power, given in orders.items():
            for order in given:
                if isinstance(order, Release):
                    ok = (
                        order.province in ba
                        and position.power_at(order.province) == power
                    )
                    if ok:
                        released[order.province] = power
                    late.append(
                        OrderResult(power, None, order, () if ok else ("void",))
                    )
                elif isinstance(order, Raise):
                    if phase.type == "A" and power in empires:
                        raises.append((power, order))
                    else:
                        late.append(OrderResult(power, None, order, ("void",)))
        if released:
            units = dict(position.units)
            for prov in released:
                ba.discard(prov)
                if board.provinces[prov].centre:
                    units[prov] = (NEUTRAL, Unit("A", prov))  # becomes its garrison
                else:
                    units[prov] = (DISORDER, units[prov][1])
                    wild.add(prov)
                    markers.add(prov)
            position = replace(position, units=units)
            extra["barbarian"] = sorted(markers)
        for power, given in orders.items():
            for order in given:
                if isinstance(order, Raise | Release):
                    continue
                if isinstance(order, Federate | Accept | LeaveFederation):
                    ok = power in empires and (
                        isinstance(order, LeaveFederation)
                        or (order.empire in empires and order.empire != power)
                    )
                    if ok:
                        record_federation_order(standing, power, order)
                    late.append(
                        OrderResult(power, None, order, () if ok else ("void",))
                    )
                    continue
                if isinstance(order, Give):
                    ok = power in empires and order.to in empires and order.to != power
                    if ok:
                        gifts.append([power, order.kind, order.what, order.to])
                    else:
                        late.append(OrderResult(power, None, order, ("void",)))
                    continue
                if isinstance(order, Join):
                    if power != slot_of(order.city) or power in empires:
                        late.append(OrderResult(power, None, order, ("void",)))
                    else:
                        joins.append([power, order.city, order.name])
                    continue
                unit = getattr(order, "unit", None)
                is_garrison = (
                    phase.type == "M"
                    and unit is not None
                    and garrisons.get(unit.province) == power
                    and unit.province not in position.units
                )
                if (
                    power == NEUTRAL
                    or power not in empires
                    or (
                        is_garrison
                        and not isinstance(order, Hold | SupportHold | SupportMove)
                    )
                ):
                    voided.append((power, order))
                else:
                    kept.setdefault(power, []).append(order)

        # Petrol (IMP-5): fit each empire's fleet orders to its budget, then
        # only the first step of a multi-step move fights in round 1.
        multis: dict[str, tuple[str, MultiMove]] = {}
        if phase.type == "M":
            overflow = (getattr(rules, "options", {}) or {}).get(
                "petrol_overflow", "truncate"
            )
            for power, given in kept.items():
                budget = sum(1 for u in position.units_of(power) if u.kind == "F")
                if over_budget(given, budget) is None:
                    continue
                if overflow == "truncate":
                    kept[power], _cut = fit_to_budget(given, budget)
                else:
                    fleets = [o for o in given if petrol_cost(o)]
                    voided += [(power, o) for o in fleets]
                    kept[power] = [o for o in given if not petrol_cost(o)]
            for power, given in kept.items():
                for i, o in enumerate(given):
                    if not isinstance(o, MultiMove):
                        continue
                    if not valid_path(board, o):
                        voided.append((power, o))
                        given[i] = Hold(o.unit)
                        continue
                    multis[o.unit.province] = (power, o)
                    given[i] = Move(o.unit, o.steps[0])

        # Movement: a garrison alone in its city stands in the fight as an
        # army (it holds, supports, may be supported); one sharing its city,
        # or whose empire moves a unit in, guards it with strength 1.
        work = position
        inserted: set[str] = set()
        guards: dict[str, str] = {}
        if phase.type == "M":
            units = dict(position.units)
            incoming: dict[str, set[str]] = {}  # province -> sides moving in
            for p, os in kept.items():
                for o in os:
                    if isinstance(o, Move):
                        incoming.setdefault(province_of_dest(o), set()).add(
                            side.get(p, p)
                        )
            for city, slot in garrisons.items():
                friendly = side.get(slot, slot) in incoming.get(city, ())
                if city in units or friendly:
                    guards[city] = side.get(slot, slot)
                else:
                    units[city] = (slot, Unit("A", city))
                    inserted.add(city)
            work = replace(
                position, units=units, extra={**extra, "guards": guards, "sides": side}
            )

        if phase.type == "A":  # civil-disorder units are exempt from adjustments
            work = replace(
                work,
                units={p: e for p, e in position.units.items() if e[0] != DISORDER},
            )
            work, done, raised = raise_barbarians(
                work, raises, markers, late_type=OrderResult
            )
            late += done
            ba |= raised
            work, done = lend_builds(work, gifts, side, garrisons)
            late += [OrderResult(g, None, o, codes) for g, o, codes in done]
            gifts = [g for g in gifts if g[1] != "builds"]
        result = standard(board, work, kept, rules)
        # Victory is IMP-14's (below), never the standard count, which would
        # crown the neutrals.
        nxt = replace(result.position, winner=position.winner)
        units = dict(nxt.units)
        if phase.type == "A":
            units.update({p: e for p, e in position.units.items() if e[0] == DISORDER})
            nxt = replace(nxt, centres=position.centres)  # lent builds go back
        dislodged = dict(nxt.dislodged)
        entered = set(extra.get("entered", ()))

        if phase.type == "M":
            for city in inserted:
                entry = units.get(city)
                if entry == (garrisons[city], Unit("A", city)):
                    del units[city]  # the garrison lives in extra, not units
                else:
                    garrisons.pop(city)  # dislodged: destroyed, no retreat
                    dislodged.pop(city, None)
            for city in guards:
                entry = units.get(city)
                if entry is not None and side.get(entry[0], entry[0]) != side.get(
                    garrisons.get(city), garrisons.get(city)
                ):
                    garrisons.pop(city, None)  # an enemy is in: destroyed
            moved_ba = set()
            hit = {
                r.unit.province
                for r in result.results
                if r.unit is not None and "dislodged" in r.outcomes
            }
            for r in result.results:
                if isinstance(r.order, Move) and not r.outcomes:
                    dest = province_of_dest(r.order)
                    if r.unit.province in ba:
                        moved_ba.add((r.unit.province, dest))
                    else:
                        entered.add(dest)  # barbarian armies clear nothing
            ba, retreating = follow(ba, moved_ba, units, dislodged, hit)
        elif phase.type == "R":
            moved_ba = set()
            for r in result.results:
                if hasattr(r.order, "dest") and not r.outcomes:
                    if r.unit.province in retreating:
                        moved_ba.add((r.unit.province, province_of_dest(r.order)))
                    else:
                        entered.add(province_of_dest(r.order))
            ba |= {dest for prov, dest in moved_ba}
            retreating = set()
        wild = {p for p in wild if units.get(p, (None,))[0] == DISORDER}

        stopped: dict[str, int] = {}
        contested: set[str] = set()
        if multis:
            stopped, contested = later_rounds(units, garrisons, multis, entered, side)

        # Neutral units never retreat; nobody retreats into a foreign garrison,
        # a province now occupied, or one left empty by a later-round stand-off.
        kept_dislodged = {}
        for prov, d in dislodged.items():
            if d.power in PASSIVE:
                continue
            options = tuple(
                loc
                for loc in d.retreats
                if same_side(side, garrisons.get(loc.split("/")[0], d.power), d.power)
                and loc.split("/")[0] not in units
                and loc.split("/")[0] not in contested
            )
            if options:
                kept_dislodged[prov] = replace(d, retreats=options)
        nxt = replace(nxt, units=units, dislodged=kept_dislodged)

        season_over = phase.type in ("M", "R") and nxt.phase.type != "R"
        if season_over and cd:
            nxt = self._disorder(phase, nxt, cd, empires, garrisons, federations)
            for prov in list(ba):  # their barbarian armies go wild
                if nxt.units.get(prov, (None,))[0] == DISORDER:
                    ba.discard(prov)
                    wild.add(prov)
            for slot in cd:
                nmr.pop(slot, None)
                standing.pop(slot, None)
            cd = set()
        if season_over and phase.season == "F":  # IMP-7d: partners keep theirs
            centres = dict(nxt.centres)
            for prov, owner in nxt.centres.items():
                before = position.centres.get(prov)
                if before and before != owner and same_side(side, before, owner):
                    centres[prov] = before
            nxt = replace(nxt, centres=centres)
        if phase.type == "M" and nxt.phase.type == "R":
            extra["entered"] = sorted(entered)
        if season_over:
            extra.pop("entered", None)
            nxt, pending = self._season_end(
                board, phase, nxt, extra, garrisons, entered, wild, pending
            )
            if phase.season == "F":  # IMP-10c: barbarians take centres for nobody
                centres = dict(nxt.centres)
                for prov in board.supply_centres():
                    if prov in ba or prov in wild:
                        centres[prov] = NEUTRAL
                        pending.add(prov)
                nxt = replace(nxt, centres=centres)
        if season_over:  # IMP-8: gifts between partners (units after Spring too)
            nxt, done = execute_gifts(board, phase, nxt, gifts, side, garrisons)
            late += [OrderResult(g, None, o, codes) for g, o, codes in done]
            gifts = (
                [g for g in gifts if g[1] == "builds"]
                if phase.season == "F"
                else [g for g in gifts if g[1] != "unit"]
            )
        if season_over and phase.season == "F":  # ownership changed: a Winter?
            from judge.engine.state import Phase

            winter = replace(nxt, phase=Phase(phase.year, "W", "A"), dislodged={})
            spring = replace(nxt, phase=Phase(phase.year + 1, "S", "M"), dislodged={})
            nxt = winter if standard_needed(board, winter) else spring
            if nxt is spring:  # builds given are for this Winter only
                gifts = [g for g in gifts if g[1] != "builds"]
        if nxt.phase.type == "M" and joins:
            nxt, late_joins = self._apply_joins(
                board, nxt, rules, joins, empires, garrisons
            )
            late += late_joins
            joins = []

        federations, changed = apply_federation_orders(standing, federations, empires)
        extra.update(
            empires=empires,
            garrisons=garrisons,
            joins=joins,
            federations=federations,
            federating=standing,
            nmr=nmr,
            disorder=sorted(cd),
            gifts=gifts,
            barbarian_armies=sorted(
                p for p in ba if nxt.units.get(p, (None,))[0] in empires
            ),
            barbarians_retreating=sorted(p for p in retreating if p in nxt.dislodged),
            wild=sorted(wild),
            pending=sorted(pending),
        )
        for key in (
            "federations",
            "federating",
            "nmr",
            "disorder",
            "gifts",
            "barbarian_armies",
            "barbarians_retreating",
            "wild",
            "pending",
        ):
            if not extra[key]:
                extra.pop(key)
        extra.pop("guards", None)
        for key in ("joins",):
            if not extra[key]:
                extra.pop(key)
        nxt = with_extra(nxt, extra)
        if (changed or (season_over and phase.season == "F")) and not position.winner:
            nxt = self._victory(board, nxt, federations)

        from judge.engine.variant_rules import void_results

        results = void_results(OrderResult, result.results, voided)
        if multis:
            results = multi_results(OrderResult, results, multis, stopped)
        final = replace(
            result,
            results=results + tuple(late),
            dislodged=tuple(
                d for d in result.dislodged if d.unit.province in kept_dislodged
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

    # -- pieces ---------------------------------------------------------------
    def _count_nmrs(self, board, position, orders, rules, extra, empires):
        """IMP-13a: an empire that could order and sent nothing (absent from
        the orders) missed the phase; movement phases only unless
        `nmr_counting=all_phases`."""
        nmr = {k: dict(v) for k, v in extra.get("nmr", {}).items()}
        counting = (getattr(rules, "options", {}) or {}).get(
            "nmr_counting", "movement_only"
        )
        phase = position.phase
        if phase.type != "M" and counting != "all_phases":
            return nmr
        garrisoned = set(extra.get("garrisons", {}).values())
        owing = set(self.orders_needed(board, position, _standard_needed))
        for slot in empires:
            if phase.type == "M":
                could = slot in garrisoned or any(
                    p == slot for p, _u in position.units.values()
                )
            else:
                could = slot in owing
            if not could:
                continue
            rec = nmr.setdefault(slot, {"run": 0, "total": 0})
            if slot in orders:
                rec["run"] = 0
            else:
                rec["run"] += 1
                rec["total"] += 1
        return nmr

    def _disorder(self, phase, nxt, slots, empires, garrisons, federations):
        """IMP-13b-c after the season's retreats: units in centres (the
        garrison too) disband, the rest become civil-disorder units; the
        empire's centres turn neutral, a vacant one gets a neutral garrison;
        it leaves its federation and the game."""
        units = {}
        for prov, (power, unit) in nxt.units.items():
            if power in slots:
                if prov in nxt.centres or prov in garrisons:
                    continue
                power = DISORDER
            units[prov] = (power, unit)
        for city, slot in list(garrisons.items()):
            if slot in slots:
                del garrisons[city]
        centres = dict(nxt.centres)
        for prov, owner in nxt.centres.items():
            if owner not in slots:
                continue
            occupant = units.get(prov)
            if occupant is None:
                units[prov] = (NEUTRAL, Unit("A", prov))
                centres[prov] = NEUTRAL
            elif phase.season == "F" and occupant[0] not in PASSIVE:
                centres[prov] = occupant[0]  # the Fall update's capture
            else:
                centres[prov] = NEUTRAL
        for slot in slots:
            empires.pop(slot, None)
        kept = [[m for m in f if m not in slots] for f in federations]
        federations[:] = [f for f in kept if len(f) > 1]
        return replace(nxt, units=units, centres=centres)

    def _season_end(self, board, phase, nxt, extra, garrisons, entered, wild, pending):
        """IMP-9 after the season's movement (and retreats): clear, spread,
        garrison vacant centres; after Fall, garrisoned centres are neutral."""
        markers = extra.get("barbarian")
        if markers is None:
            markers = initial_state(board).barbarian
        occupied = set(nxt.units) | set(garrisons)
        step = barbarian_step(board, markers, occupied, entered, wild, pending)
        extra["barbarian"] = sorted(step.barbarian)
        if not step.new_garrisons:
            return nxt, set(step.pending)
        units = dict(nxt.units)
        centres = dict(nxt.centres)
        for prov in step.new_garrisons:
            units[prov] = (NEUTRAL, Unit("A", prov))
            if phase.season == "F":
                centres[prov] = NEUTRAL  # the Fall update counts the garrison
        return replace(nxt, units=units, centres=centres), set(step.pending)

    def _apply_joins(self, board, nxt, rules, joins, empires, garrisons):
        """IMP-2 at the start of a movement phase: the neutral garrison becomes
        the Imperial Garrison, an army joins it, the city is the empire's."""
        from judge.engine.api import OrderResult

        occupied = {p for p, (power, _u) in nxt.units.items() if power != NEUTRAL}
        occupied |= set(garrisons)
        conflict = (getattr(rules, "options", {}) or {}).get(
            "join_conflict", "first_come"
        )
        requests = [(slot, city) for slot, city, _name in joins if slot not in empires]
        accepted, refused = resolve_joins(
            board, requests, nxt.centres, occupied, conflict
        )
        names = {slot: name for slot, _city, name in joins}
        units = dict(nxt.units)
        centres = dict(nxt.centres)
        late = []
        for slot, city in accepted.items():
            units[city] = (slot, Unit("A", city))
            centres[city] = slot
            garrisons[city] = slot
            empires[slot] = {"city": city, "name": names.get(slot, "")}
            late.append(OrderResult(slot, None, Join(city, names.get(slot, "")), ()))
        for slot in refused:
            city = next(c for s, c, _n in joins if s == slot)
            late.append(
                OrderResult(slot, None, Join(city, names.get(slot, "")), ("void",))
            )
        return replace(nxt, units=units, centres=centres), late

    def _victory(self, board, nxt, federations=()):
        outcome = bloc_result(board, nxt.centres, federations)
        if outcome is None:
            return nxt
        kind, blocs = outcome
        winners = sorted(m for b in blocs for m in b)
        extra = dict(nxt.extra)
        extra["result"] = kind
        return replace(nxt, winner="+".join(winners), extra=extra)


def province_of_dest(order) -> str:
    return order.dest.split("/")[0]


def valid_path(board: Board, order: MultiMove) -> bool:
    """Every step a legal fleet move from where the previous one ended."""
    here = order.unit.location
    for step in order.steps:
        if not board.adjacent("F", here, step):
            return False
        here = step
    return True


def later_rounds(
    units, garrisons, multis, entered, side=None
) -> tuple[dict[str, int], set]:
    """IMP-5e rounds 2..k, on `units` (changed in place): each fleet whose
    steps so far succeeded makes its next step, unsupported, strength 1; a
    step into an occupied province fails unless its occupant moves out; two
    steps into one province both fail; so do swaps; rotations go.  Returns
    origin -> the round its fleet stopped in (absent: went all the way), and
    the provinces left empty by a stand-off."""
    at: dict[str, tuple[str, str, MultiMove]] = {}  # where it is -> fleet
    stopped: dict[str, int] = {}
    for origin, (power, order) in multis.items():
        first = order.steps[0].split("/")[0]
        if units.get(first) == (power, Unit("F", order.steps[0])):
            at[first] = (origin, power, order)
        else:
            stopped[origin] = 1
    contested: set[str] = set()
    round_no = 1
    while at:
        round_no += 1
        moving = {}
        for prov, (_origin, _power, order) in at.items():
            if len(order.steps) >= round_no:
                moving[prov] = order.steps[round_no - 1]
        if not moving:
            break
        claims: dict[str, list[str]] = {}
        for prov, dest in moving.items():
            claims.setdefault(dest.split("/")[0], []).append(prov)
        ok: dict[str, bool] = {}
        for dest, movers in claims.items():
            if len(movers) > 1:
                ok.update(dict.fromkeys(movers, False))
                if dest not in units:
                    contested.add(dest)
        for prov, dest in moving.items():
            d = dest.split("/")[0]
            back = moving.get(d)
            if back is not None and back.split("/")[0] == prov:
                ok[prov] = False  # a swap
        changed = True
        while changed:
            changed = False
            for prov, dest in moving.items():
                if prov in ok:
                    continue
                d = dest.split("/")[0]
                power = at[prov][1]
                blocked_by_garrison = not same_side(
                    side or {}, garrisons.get(d, power), power
                )
                if blocked_by_garrison:
                    ok[prov] = False
                elif d not in units:
                    ok[prov] = True
                elif d not in moving or ok.get(d) is False:
                    ok[prov] = False
                elif ok.get(d) is True:
                    ok[prov] = True
                else:
                    continue
                changed = True
        for prov in moving:
            ok.setdefault(prov, True)  # a rotation
        nxt_at = {}
        movers = {prov: units.pop(prov) for prov in moving if ok[prov]}
        for prov, dest in moving.items():
            origin, power, order = at[prov]
            if ok[prov]:
                d = dest.split("/")[0]
                units[d] = (movers[prov][0], Unit("F", dest))
                entered.add(d)
                nxt_at[d] = (origin, power, order)
            else:
                stopped[origin] = round_no
                if dest.split("/")[0] not in units:
                    contested.add(dest.split("/")[0])
        at = nxt_at
    return stopped, contested


def multi_results(result_type, results, multis, stopped) -> tuple:
    """Report each multi-step move as given: [] if it went all the way,
    ["bounce"] if a step failed (the fleet stays where the last one ended)."""
    out = []
    for r in results:
        entry = multis.get(r.unit.province) if r.unit is not None else None
        if entry is not None and r.power == entry[0] and isinstance(r.order, Move):
            codes = tuple(c for c in r.outcomes if c != "bounce")
            if r.unit.province in stopped:
                codes = ("bounce",) + codes
            r = result_type(r.power, r.unit, entry[1], codes)
        out.append(r)
    return tuple(out)


# -- federations (IMP-7) ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Federate:
    """`FEDERATE WITH <empire>`: form a federation, or ask to join one."""

    empire: str
    unit = None

    def canonical(self) -> str:
        return f"FEDERATE WITH {self.empire}"


@dataclass(frozen=True, slots=True)
class Accept:
    """`ACCEPT <empire>`: a member agrees that the empire joins."""

    empire: str
    unit = None

    def canonical(self) -> str:
        return f"ACCEPT {self.empire}"


@dataclass(frozen=True, slots=True)
class LeaveFederation:
    unit = None

    def canonical(self) -> str:
        return "LEAVE FEDERATION"


def _empire(board: Board, word: str) -> str | None:
    word = word.strip().upper()
    if word in board.powers and word != NEUTRAL:
        return word
    place = _place(board, word)
    if place and slot_of(place) in board.powers:
        return slot_of(place)
    return None


def parse_federation(board: Board, text: str):
    words = text.upper().split()
    if words == ["LEAVE", "FEDERATION"]:
        return LeaveFederation()
    if len(words) >= 3 and words[:2] == ["FEDERATE", "WITH"]:
        empire = _empire(board, " ".join(words[2:]))
        return Federate(empire) if empire else None
    if len(words) >= 2 and words[0] == "ACCEPT":
        empire = _empire(board, " ".join(words[1:]))
        return Accept(empire) if empire else None
    return None


def sides_of(federations) -> dict[str, str]:
    """Empire -> its side: a federation's first member, or itself."""
    return {m: min(f) for f in federations for m in f}


def same_side(side: Mapping[str, str], a: str | None, b: str | None) -> bool:
    return a == b or (a is not None and side.get(a, a) == side.get(b, b))


def record_federation_order(standing: dict, power: str, order) -> None:
    """Standing orders until they take effect (or are replaced)."""
    mine = standing.setdefault(power, {})
    if isinstance(order, Federate):
        mine["federate"] = order.empire
    elif isinstance(order, Accept):
        mine["accept"] = sorted({*mine.get("accept", []), order.empire})
    else:
        mine["leave"] = True


def apply_federation_orders(standing: dict, federations, empires):
    """IMP-7a-b at the end of a phase: leaves, then new federations (mutual
    FEDERATE), then joins (FEDERATE, and ACCEPT from every member).  Returns
    the federations and whether they changed; satisfied orders are removed."""
    feds = [set(f) for f in federations]
    before = sorted(sorted(f) for f in feds)
    for power, mine in list(standing.items()):
        if mine.pop("leave", False):
            for f in feds:
                f.discard(power)
        if power not in empires:
            standing.pop(power)
    feds = [f for f in feds if len(f) > 1]

    def fed_of(power):
        return next((f for f in feds if power in f), None)

    for power in sorted(standing):
        target = standing[power].get("federate")
        if not target or fed_of(power) is not None:
            continue
        group = fed_of(target)
        if group is None:
            if standing.get(target, {}).get("federate") == power:
                feds.append({power, target})
                standing[power].pop("federate")
                standing[target].pop("federate", None)
        elif all(power in standing.get(m, {}).get("accept", []) for m in group):
            group.add(power)
            standing[power].pop("federate")
            for m in group:
                if m in standing and power in standing[m].get("accept", []):
                    standing[m]["accept"].remove(power)
    for power in list(standing):
        standing[power] = {k: v for k, v in standing[power].items() if v}
        if not standing[power]:
            standing.pop(power)
    after = sorted(sorted(f) for f in feds)
    return after, after != before


def _standard_needed(board, position):
    from judge.engine.api import standard_orders_needed

    return standard_orders_needed(board, position)


# -- trades between partners (IMP-8) --------------------------------------------


@dataclass(frozen=True, slots=True)
class Give:
    """`GIVE SC <p> TO <Y>`, `GIVE UNIT <type> <p> TO <Y>`,
    `GIVE BUILDS <n> TO <Y>`: kind "sc", "unit" or "builds"."""

    kind: str
    what: str  # "BEL", "A BUR", "2"
    to: str
    unit = None

    def canonical(self) -> str:
        label = {"sc": "SC", "unit": "UNIT", "builds": "BUILDS"}[self.kind]
        return f"GIVE {label} {self.what} TO {self.to}"


def parse_give(board: Board, text: str) -> Give | None:
    words = text.upper().split()
    if len(words) < 5 or words[0] != "GIVE" or "TO" not in words:
        return None
    at = words.index("TO")
    to = _empire(board, " ".join(words[at + 1 :]))
    what = words[2:at]
    if to is None:
        return None
    if words[1] == "SC" and len(what) == 1:
        place = _place(board, what[0])
        return Give("sc", place, to) if place else None
    if words[1] == "UNIT" and len(what) == 2 and what[0] in ("A", "F"):
        place = _place(board, what[1])
        return Give("unit", f"{what[0]} {place}", to) if place else None
    if words[1] == "BUILDS" and len(what) == 1 and what[0].isdigit():
        return Give("builds", what[0], to)
    return None


def execute_gifts(board, phase, nxt, gifts, side, garrisons):
    """Centre and unit gifts due after this season's retreats (IMP-8b): a
    centre the giver owns, not its own garrisoned city; a unit of its own.
    Void unless giver and receiver are partners now."""
    centres = dict(nxt.centres)
    units = dict(nxt.units)
    done = []
    for giver, kind, what, to in gifts:
        if kind == "builds" or (kind == "sc" and phase.season != "F"):
            continue
        order = Give(kind, what, to)
        ok = same_side(side, giver, to) and giver != to
        if ok and kind == "sc":
            ok = centres.get(what) == giver and garrisons.get(what) != giver
            if ok:
                centres[what] = to
        elif ok:
            kind_, place = what.split()
            entry = units.get(place.split("/")[0])
            ok = entry is not None and entry[0] == giver and entry[1].kind == kind_
            if ok:
                units[place.split("/")[0]] = (to, entry[1])
        done.append((giver, order, () if ok else ("void",)))
    return replace(nxt, centres=centres, units=units), done


def lend_builds(work, gifts, side, garrisons):
    """GIVE BUILDS at the adjustment phase: the giver's allowance falls by n
    (capped at its surplus) and the receiver's rises by n, by lending the
    receiver n of the giver's centres for this phase's counts only."""
    centres = dict(work.centres)
    done = []
    for giver, kind, what, to in gifts:
        if kind != "builds":
            continue
        order = Give(kind, what, to)
        owned = sorted(c for c, o in centres.items() if o == giver)
        units = sum(1 for p, _u in work.units.values() if p == giver)
        n = min(int(what), len(owned) - units)
        if not same_side(side, giver, to) or n <= 0:
            done.append((giver, order, ("void",)))
            continue
        lent = [c for c in owned if garrisons.get(c) != giver] + [
            c for c in owned if garrisons.get(c) == giver
        ]
        for c in lent[:n]:
            centres[c] = to
        done.append((giver, order, ()))
    return replace(work, centres=centres), done


# -- barbarian armies (IMP-10) ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class Raise:
    """`RAISE B <p>`: a barbarian army in a vacant barbarian province."""

    province: str
    unit = None

    def canonical(self) -> str:
        return f"RAISE B {self.province}"


@dataclass(frozen=True, slots=True)
class Release:
    """`RELEASE B <p>`: let a barbarian army go (any phase)."""

    province: str
    unit = None

    def canonical(self) -> str:
        return f"RELEASE B {self.province}"


def parse_barbarian(board: Board, text: str):
    words = text.upper().split()
    if len(words) != 3 or words[1] != "B" or words[0] not in ("RAISE", "RELEASE"):
        return None
    place = _place(board, words[2])
    if place is None:
        return None
    return Raise(place) if words[0] == "RAISE" else Release(place)


def raise_barbarians(work, raises, markers, late_type):
    """IMP-10a in an adjustment phase: each raise takes one build.  It needs a
    vacant barbarian province; two empires raising in one province both fail
    and lose that build.  Returns the position for the standard adjustments
    (the new armies placed, lost builds lent away), the results, the places."""
    counts: dict[str, int] = {}
    for prov in {r.province for _p, r in raises}:
        counts[prov] = len({p for p, r in raises if r.province == prov})
    units = dict(work.units)
    centres = dict(work.centres)
    done = []
    raised = set()
    for power, order in raises:
        owned = [c for c, o in centres.items() if o == power]
        mine = sum(1 for p, _u in units.values() if p == power)
        allowance = len(owned) - mine
        prov = order.province
        ok = prov in markers and prov not in units and allowance > 0
        if ok and counts[prov] > 1:
            # The build is lost: lend a centre away for this phase's counts.
            spare = sorted(owned, key=lambda c: c in units)
            centres[spare[0]] = NEUTRAL
            ok = False
        elif ok:
            units[prov] = (power, Unit("A", prov))
            raised.add(prov)
        done.append(late_type(power, None, order, () if ok else ("void",)))
    return replace(work, units=units, centres=centres), done, raised


def follow(ba, moves, units, dislodged, hit=()) -> tuple[set[str], set[str]]:
    """Where the controlled barbarian armies are after a movement phase:
    moved ones at their destination, held ones in place; and those dislodged
    and waiting to retreat.  Destroyed ones are gone."""
    moved = dict(moves)
    here, retreating = set(), set()
    for prov in ba:
        if prov in moved:
            here.add(moved[prov])
        elif prov in dislodged:
            retreating.add(prov)
        elif prov in units and prov not in hit:
            here.add(prov)
    return here, retreating
