"""Imperial Diplomacy (Calcraft & Poole), variants specification §2: the
phases as the game plays them (docs/variants.md says what is implemented).

Neutral garrisons are units of the power NEUTRAL (they never take orders and
are destroyed when dislodged).  The Imperial Garrison lives in the state's
extra data, not among the units, so a friendly unit may share its city and
builds are not blocked; in a movement phase it fights as an army when alone
in its city, and otherwise guards it (the engine's `guards` hook: a lone
attack cannot enter).  The pieces, each in its own module:

* variant_imperial_map: the starting state, joining, victory;
* variant_imperial_orders: the variant's orders and how they are read;
* variant_imperial_barbarians: the barbarian step and barbarian armies;
* variant_imperial_petrol: fleet budgets and multi-step moves in rounds;
* variant_imperial_federations: sides, federation orders, trades.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.orders import Hold, Move, SupportHold, SupportMove, Unit
from judge.engine.variant_imperial_barbarians import (
    barbarian_step,
    follow,
    raise_barbarians,
)
from judge.engine.variant_imperial_federations import (
    apply_federation_orders,
    execute_gifts,
    lend_builds,
    record_federation_order,
    same_side,
    sides_of,
)
from judge.engine.variant_imperial_map import (
    DISORDER,
    NEUTRAL,
    PASSIVE,
    bloc_result,
    coastal_centres,
    initial_state,
    resolve_joins,
    slot_of,
    victory_threshold,
)
from judge.engine.variant_imperial_orders import (
    Accept,
    Federate,
    Give,
    Join,
    LeaveFederation,
    MultiMove,
    Raise,
    Release,
    parse_barbarian,
    parse_federation,
    parse_give,
    parse_join,
    parse_multimove,
)
from judge.engine.variant_imperial_petrol import (
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


def _standard_needed(board, position):
    from judge.engine.api import standard_orders_needed

    return standard_orders_needed(board, position)
