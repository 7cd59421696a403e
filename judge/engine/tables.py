"""Per-board lookup tables, computed once per Board and reused by every phase.

The rules ask the same map questions thousands of times per second (can this
fleet reach that province? which sea areas touch this coast?); answering them
from flat sets keeps adjudication fast.
"""

from __future__ import annotations

import functools
from collections import deque
from dataclasses import dataclass

from judge.engine.board import Board, province_of


@dataclass(frozen=True)
class Tables:
    army: dict[str, frozenset[str]]  # province -> provinces an army reaches
    fleet: dict[str, frozenset[str]]  # location -> locations a fleet reaches
    fleet_reach: dict[str, frozenset[str]]  # location -> provinces (coast-free)
    coasts: dict[str, tuple[str, ...]]  # split province -> its coast locations
    kind: dict[str, str]  # province -> land/coast/sea/impassable
    sea: frozenset[str]  # provinces a fleet may convoy from
    homes: dict[str, tuple[str, ...]]  # power -> home centres
    centres: frozenset[str]
    names: dict[str, str]  # province -> full name (alphabetical tie-breaks)
    # Any-unit graph over provinces (land and sea alike): armies' distances
    # "including convoys" and every distance under the 2023 rules.
    any_graph: dict[str, frozenset[str]]
    # power -> side: units of one side never dislodge each other nor cut each
    # other's support (one per power, unless the map data's `sides` joins them).
    side: dict[str, str]


@functools.cache
def tables(board: Board) -> Tables:
    fleet = dict(board.fleet_adjacency)
    fleet_reach = {
        loc: frozenset(province_of(d) for d in dests) for loc, dests in fleet.items()
    }
    coasts: dict[str, tuple[str, ...]] = {}
    for pid, prov in board.provinces.items():
        if prov.coasts:
            coasts[pid] = tuple(f"{pid}/{c}" for c in prov.coasts)
    any_graph: dict[str, set[str]] = {
        p: set(a) for p, a in board.army_adjacency.items()
    }
    for loc, reach in fleet_reach.items():
        any_graph.setdefault(province_of(loc), set()).update(reach)
    # Through home_centres: a variant's board may add homes (1913's minors).
    homes = {p: board.home_centres(p) for p in board.powers}
    return Tables(
        army={p: frozenset(a) for p, a in board.army_adjacency.items()},
        fleet=fleet,
        fleet_reach=fleet_reach,
        coasts=coasts,
        kind={p: prov.kind for p, prov in board.provinces.items()},
        sea=frozenset(p for p, prov in board.provinces.items() if prov.kind == "sea"),
        homes={p: tuple(sorted(h)) for p, h in homes.items()},
        centres=frozenset(p for p, prov in board.provinces.items() if prov.centre),
        names={p: prov.name for p, prov in board.provinces.items()},
        any_graph={p: frozenset(a) for p, a in any_graph.items()},
        side={p: board.data.get("sides", {}).get(p, p) for p in board.powers},
    )


def distances(graph: dict[str, frozenset[str]], sources) -> dict[str, int]:
    """Breadth-first distances from any of `sources` over `graph`."""
    dist = {s: 0 for s in sources}
    queue = deque(dist)
    while queue:
        node = queue.popleft()
        for nxt in graph.get(node, ()):
            if nxt not in dist:
                dist[nxt] = dist[node] + 1
                queue.append(nxt)
    return dist
