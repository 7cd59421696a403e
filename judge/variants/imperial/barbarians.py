"""Imperial Diplomacy's barbarians: the end-of-season step (IMP-9) and
barbarian armies (IMP-10)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from judge.engine.board import Board
from judge.engine.orders import Unit
from judge.engine.results import Outcome
from judge.variants.imperial.map import NEUTRAL, edge_provinces, land_provinces


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
        done.append(late_type(power, None, order, () if ok else (Outcome.VOID,)))
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
