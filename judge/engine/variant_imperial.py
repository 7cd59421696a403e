"""Imperial Diplomacy (Calcraft & Poole): the rules done so far, as pure
functions over the board and plain values (variants specification §2).

Not yet wired into adjudication (the variant's hooks refuse with a clear
message): the Imperial Garrison shares its city with a friendly unit, which the
standard position (one unit per province) cannot hold, and fleets move in
rounds.  What is here is what that wiring will use:

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
from dataclasses import dataclass

from judge.engine.board import Board
from judge.engine.orders import Convoy, Hold, Move, SupportHold, SupportMove, Unit

NEUTRAL = "NEUTRAL"


class NotPlayable:
    """The hooks of a variant whose adjudication is not implemented."""

    def _refuse(self, board: Board):
        raise ValueError(
            f"variant {board.name!r} cannot be adjudicated yet "
            "(see docs/variants.md: Imperial Diplomacy)"
        )

    def adjudicate(self, board, position, orders, rules, standard, standard_needed):
        self._refuse(board)

    def orders_needed(self, board, position, standard_needed):
        self._refuse(board)


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
