"""Imperial Diplomacy's federations: sides, standing orders (IMP-7) and
trades between partners (IMP-8)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from judge.engine.results import Outcome
from judge.variants.imperial.orders import Accept, Federate, Give


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
        done.append((giver, order, () if ok else (Outcome.VOID,)))
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
            done.append((giver, order, (Outcome.VOID,)))
            continue
        lent = [c for c in owned if garrisons.get(c) != giver] + [
            c for c in owned if garrisons.get(c) == giver
        ]
        for c in lent[:n]:
            centres[c] = to
        done.append((giver, order, ()))
    return replace(work, centres=centres), done
