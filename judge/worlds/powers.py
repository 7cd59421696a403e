"""Where the powers start and where the neutral centres lie, fairly.

Capitals are spread over the coast by farthest-point sampling; each power
takes two more home centres next to its capital, the powers choosing in
turn.  Neutral centres are then drafted in turns too: each power in turn
claims the free province nearest its homes (two steps away when it can, so
neutrals lie between the powers rather than inside them).  The fairness
figure is each power's mean distance to its nearest neutral centres; the
generator keeps the draw with the smallest spread.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Mapping

Graph = Mapping[int, Iterable[int]]


def bfs(graph: Graph, starts: Iterable[int]) -> dict[int, int]:
    dist = dict.fromkeys(starts, 0)
    queue = deque(sorted(dist))
    while queue:
        p = queue.popleft()
        for q in sorted(graph.get(p, ())):
            if q not in dist:
                dist[q] = dist[p] + 1
                queue.append(q)
    return dist


def place_homes(
    army: Graph, coastal: list[int], rng: random.Random, n_powers: int
) -> list[list[int]] | None:
    """Three home centres per power, capital (coastal) first; None when the
    land is too cramped for this draw."""
    capitals = [rng.choice(coastal)]
    nearest = bfs(army, capitals)
    while len(capitals) < n_powers:
        free = [p for p in coastal if p not in capitals]
        if not free:
            return None
        far = max(nearest.get(p, 0) for p in free)
        pick = rng.choice([p for p in free if nearest.get(p, 0) == far])
        capitals.append(pick)
        for p, d in bfs(army, [pick]).items():
            nearest[p] = min(nearest.get(p, d), d)
    # Homes stay within a step of the coast: an enemy can land next to them.
    shore = set(coastal) | {q for p in coastal for q in army.get(p, ())}
    homes = [[c] for c in capitals]
    claimed = set(capitals)
    for _ in range(2):
        for power in rng.sample(range(n_powers), n_powers):
            own = homes[power]
            dist = bfs(army, own)
            others = {h for k, hs in enumerate(homes) if k != power for h in hs}
            options = [
                p
                for p, d in dist.items()
                if 1 <= d <= 2 and p not in claimed and p in shore
            ]
            if not options:
                return None

            def crowding(p: int, dist=dist, others=others) -> tuple[int, int]:
                return (dist[p], sum(q in others for q in army.get(p, ())))

            best = min(crowding(p) for p in options)
            pick = rng.choice(sorted(p for p in options if crowding(p) == best))
            own.append(pick)
            claimed.add(pick)
    return homes


def place_neutrals(
    graph: Graph,
    candidates: list[int],
    homes: list[list[int]],
    rng: random.Random,
    count: int,
) -> list[int]:
    n = len(homes)
    dists = [bfs(graph, hs) for hs in homes]
    free = set(candidates)
    chosen: list[int] = []
    while len(chosen) < count and free:
        for power in rng.sample(range(n), n):
            if len(chosen) >= count or not free:
                break
            mine = dists[power]

            def key(p: int, mine=mine, power=power) -> tuple[int, bool, int]:
                d = mine.get(p, 99)
                other = min(
                    (dists[k].get(p, 99) for k in range(n) if k != power), default=99
                )
                return (max(d, 2), d < 2, abs(d - other))

            best = min(key(p) for p in free)
            pick = rng.choice(sorted(p for p in free if key(p) == best))
            chosen.append(pick)
            free.discard(pick)
    return sorted(chosen)


def fairness(
    graph: Graph, homes: list[list[int]], neutrals: list[int]
) -> tuple[list[float], float]:
    """Each power's mean distance (in moves) to its nearest neutral centres,
    and the spread (largest minus smallest)."""
    k = max(1, round(len(neutrals) / max(1, len(homes))))
    means = []
    for hs in homes:
        dist = bfs(graph, hs)
        near = sorted(dist.get(p, 99) for p in neutrals)[:k]
        means.append(sum(near) / len(near) if near else 0.0)
    return means, (max(means) - min(means) if means else 0.0)
