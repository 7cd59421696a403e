"""Imperial Diplomacy's petrol rationing: fleet budgets and multi-step
moves adjudicated in rounds (IMP-5)."""

from __future__ import annotations

from collections.abc import Sequence

from judge.engine.board import Board
from judge.engine.kinds import OrderKind as K
from judge.engine.orders import Move, Unit, kind_of
from judge.engine.results import Outcome
from judge.variants.imperial.federations import same_side
from judge.variants.imperial.orders import MultiMove

PAID = frozenset({K.MOVE, K.SUPPORT_HOLD, K.SUPPORT_MOVE, K.CONVOY})


def petrol_cost(order) -> int:
    """A fleet order's cost: each step 1, support or convoy 1, hold 0."""
    if order is None or getattr(order, "unit", None) is None:
        return 0
    if order.unit.kind != "F":
        return 0
    # Its own multi-step move: the one order class only this variant makes.
    if isinstance(order, MultiMove):
        return len(order.steps)
    return 1 if kind_of(order) in PAID else 0


def fit_to_budget(orders: Sequence, budget: int) -> tuple[list, list[str]]:
    """IMP-5d at the deadline: while over budget, drop the last step of the
    last-listed multi-step move.  Returns the orders and what was cut."""
    out = list(orders)
    cut: list[str] = []
    while sum(petrol_cost(o) for o in out) > budget:
        for i in range(len(out) - 1, -1, -1):
            o = out[i]
            # its own multi-step moves, the one order class only it makes
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


def valid_path(board: Board, order: MultiMove) -> bool:
    """Every step a legal fleet move from where the previous one ended."""
    here = order.unit.location
    for step in order.steps:
        if not board.adjacent("F", here, step):
            return False
        here = step
    return True


def later_rounds(
    units, garrisons, multis, entered, side, arrived: set[str]
) -> tuple[dict[str, int], set]:
    """IMP-5e rounds 2..k, on `units` (changed in place): each fleet whose
    steps so far succeeded (`arrived`: the origins whose first step did, in
    round 1) makes its next step, unsupported, strength 1; a
    step into an occupied province fails unless its occupant moves out; two
    steps into one province both fail; so do swaps; rotations go.  Returns
    origin -> the round its fleet stopped in (absent: went all the way), and
    the provinces left empty by a stand-off."""
    at: dict[str, tuple[str, str, MultiMove]] = {}  # where it is -> fleet
    stopped: dict[str, int] = {}
    for origin, (power, order) in multis.items():
        first = order.steps[0].split("/")[0]
        if origin in arrived and units.get(first) == (power, Unit("F", order.steps[0])):
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
        if entry is not None and r.power == entry[0] and kind_of(r.order) == K.MOVE:
            codes = tuple(c for c in r.outcomes if c != Outcome.BOUNCE)
            if r.unit.province in stopped:
                codes = (Outcome.BOUNCE,) + codes
            r = result_type(r.power, r.unit, entry[1], codes)
        out.append(r)
    return tuple(out)


def province_of_dest(order) -> str:
    return order.dest.split("/")[0]
