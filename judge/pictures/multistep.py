"""Multi-step fleet moves on the map (Imperial Diplomacy's): how far a fleet
went.

Such a move is an order with `steps` (the variant's multi-step move), given
with no codes when it went all the way and "bounce" when a step failed;
where the fleet stopped is only in the position after the phase.
`steps_travelled` reads it from there, and answers 0 (nothing known to be
travelled) when it cannot tell.
"""

from __future__ import annotations

from judge.engine.api import OrderResult, Outcome, PhaseResult
from judge.engine.board import province_of
from judge.engine.kinds import OrderKind
from judge.engine.orders import Unit, kind_of


def is_multistep(order) -> bool:
    """A move through several provinces: an order with its `steps`."""
    return isinstance(getattr(order, "steps", None), tuple)


def _where_others_are(result: OrderResult, phase: PhaseResult) -> set[str]:
    """Provinces the power's other units are known to end in (their
    successful single moves' destinations, or where they stayed), so a
    fleet found there is not taken for this one."""
    known = set()
    for r in phase.results:
        if r is result or r.power != result.power or r.unit is None:
            continue
        if Outcome.DISLODGED in r.outcomes:
            continue
        if is_multistep(r.order):
            if not r.outcomes:  # one stopped early: unknown
                known.add(province_of(r.order.steps[-1]))
        elif kind_of(r.order) == OrderKind.MOVE and not r.outcomes:
            known.add(province_of(r.order.dest))
        else:
            known.add(r.unit.province)  # held, supported, or failed to move
    return known


def steps_travelled(result: OrderResult, phase: PhaseResult | None) -> int:
    """How many of the move's steps the fleet made: all of them when it
    succeeded; when it stopped early, the furthest step where the position
    after the phase has it; 0 when it failed at once or that is unknown
    (no position after the phase, as when results are read back from text)."""
    order = result.order
    steps = order.steps
    if not result.outcomes:
        return len(steps)
    if phase is None or Outcome.BOUNCE not in result.outcomes:
        return 0
    after = phase.position
    if after is None or after.phase == phase.phase:
        return 0
    others = _where_others_are(result, phase)
    for done in range(len(steps) - 1, 0, -1):
        loc = steps[done - 1]
        prov = province_of(loc)
        if prov in others:
            continue
        if after.units.get(prov) == (result.power, Unit("F", loc)):
            return done
    return 0
