"""The shape of a world: sites on a jittered grid, their Voronoi cells, a
landmass grown over them, and the sea split into provinces.

Each land province is one site's cell; each sea province is a connected
cluster of sea sites.  The cells come from the pictures' own tessellation
(judge.pictures.tessellate), computed from the very points written to the
drawing, so the borders the generator reasons about are exactly the ones the
picture shows.
"""

from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass, field

from judge.pictures.tessellate import OUTSIDE, voronoi_cells

Point = tuple[float, float]
SPACING = 72.0  # pixels between grid sites
ROUGHNESS = 0.9  # noise on the height field: higher, a more ragged coast
MIN_EDGE = 2.0  # shorter borders are corners, not borders (as the pictures say)


@dataclass
class Shape:
    width: float
    height: float
    sites: list[Point]
    # per site: its cell's edges in order around it: (neighbour site, p, q)
    edges: list[list[tuple[int, Point, Point]]]
    neighbours: list[set[int]]
    land: list[bool] = field(default_factory=list)
    sea_owner: dict[int, int] = field(default_factory=dict)  # site -> sea cluster
    sea_centres: list[int] = field(default_factory=list)  # cluster -> its unit site


def make_sites(rng: random.Random, n_sites: int) -> tuple[float, float, list[Point]]:
    cols = max(6, round(math.sqrt(n_sites * 4 / 3)))
    rows = max(5, math.ceil(n_sites / cols))
    width, height = cols * SPACING, rows * SPACING
    sites = []
    for r in range(rows):
        for c in range(cols):
            x = (c + 0.5 + rng.uniform(-0.38, 0.38)) * SPACING
            y = (r + 0.5 + rng.uniform(-0.38, 0.38)) * SPACING
            sites.append((round(x, 1), round(y, 1)))
    return width, height, sites


def tessellate(width: float, height: float, sites: list[Point]) -> Shape:
    cells = voronoi_cells(sites, width, height)
    raw: list[list[tuple[int, Point, Point]]] = []
    neighbours: list[set[int]] = [set() for _ in sites]
    for i, (poly, labels) in enumerate(cells):
        n = len(poly)
        row = []
        for k in range(n):
            p, q, j = poly[k], poly[(k + 1) % n], labels[k]
            row.append((j, p, q))
            if j != OUTSIDE and math.dist(p, q) > MIN_EDGE:
                neighbours[i].add(j)
                neighbours[j].add(i)
        raw.append(row)
    # Keep only real borders (either side long enough) and the canvas edge.
    edges = [
        [(j, p, q) for j, p, q in row if j == OUTSIDE or j in neighbours[i]]
        for i, row in enumerate(raw)
    ]
    return Shape(width, height, sites, edges, neighbours)


def _on_rim(shape: Shape, i: int) -> bool:
    return any(j == OUTSIDE for j, _, _ in shape.edges[i])


def grow_land(shape: Shape, rng: random.Random, n_land: int) -> None:
    """A connected landmass of about `n_land` sites, never touching the rim:
    a priority flood over a bumpy height field (a few random hills)."""
    w, h = shape.width, shape.height
    hills = [
        (
            rng.uniform(0.2, 0.8) * w,
            rng.uniform(0.2, 0.8) * h,
            rng.uniform(0.12, 0.3) * min(w, h),
            rng.uniform(0.5, 1.0),
        )
        for _ in range(rng.randint(3, 6))
    ]

    def height_at(p: Point) -> float:
        dx, dy = (p[0] - w / 2) / w, (p[1] - h / 2) / h
        bump = sum(
            a * math.exp(-((math.dist(p, (x, y)) / r) ** 2)) for x, y, r, a in hills
        )
        return bump - 1.2 * (dx * dx + dy * dy) + rng.uniform(0, ROUGHNESS)

    heights = [height_at(p) for p in shape.sites]
    inner = [i for i in range(len(shape.sites)) if not _on_rim(shape, i)]
    start = max(inner, key=lambda i: heights[i])
    land = {start}
    frontier = set(shape.neighbours[start])
    while len(land) < n_land and frontier:
        nxt = max(
            (i for i in sorted(frontier) if not _on_rim(shape, i)),
            key=lambda i: heights[i],
            default=None,
        )
        if nxt is None:
            break
        land.add(nxt)
        frontier.discard(nxt)
        frontier |= shape.neighbours[nxt] - land
    # Seas cut off from the ocean become land (no lakes: fleets must reach all).
    ocean = _sea_component(shape, land)
    shape.land = [i not in ocean for i in range(len(shape.sites))]


def carve_bays(shape: Shape, rng: random.Random, count: int) -> None:
    """Turn `count` shore cells deep in the land into sea: inlets and gulfs,
    so the coast is ragged and some provinces end up between two waters."""
    for _ in range(count):
        land = {i for i, is_land in enumerate(shape.land) if is_land}
        options = [
            i
            for i in sorted(land)
            if any(not shape.land[j] for j in shape.neighbours[i])
            and sum(shape.land[j] for j in shape.neighbours[i]) >= 4
            and _connected(shape, land - {i})
        ]
        if not options:
            return
        shape.land[rng.choice(options)] = False


def _connected(shape: Shape, sites: set[int]) -> bool:
    start = min(sites)
    seen = {start}
    queue = deque([start])
    while queue:
        for j in shape.neighbours[queue.popleft()]:
            if j in sites and j not in seen:
                seen.add(j)
                queue.append(j)
    return len(seen) == len(sites)


def _sea_component(shape: Shape, land: set[int]) -> set[int]:
    """The sea sites connected to the rim."""
    rim = [i for i in range(len(shape.sites)) if _on_rim(shape, i) and i not in land]
    seen = set(rim)
    queue = deque(rim)
    while queue:
        i = queue.popleft()
        for j in sorted(shape.neighbours[i]):
            if j not in land and j not in seen:
                seen.add(j)
                queue.append(j)
    return seen


def split_sea(shape: Shape, rng: random.Random, n_seas: int) -> None:
    """Cluster the sea sites into `n_seas` connected provinces, each around a
    site in coastal waters (spread out by farthest-point sampling)."""
    sea = [i for i, is_land in enumerate(shape.land) if not is_land]
    coastal = [i for i in sea if any(shape.land[j] for j in shape.neighbours[i])]
    centres = [rng.choice(coastal)]
    dist = _bfs(shape, [centres[0]], sea)
    while len(centres) < min(n_seas, len(coastal)):
        far = max(dist.get(i, 0) for i in coastal if i not in centres)
        choices = [i for i in coastal if i not in centres and dist.get(i, 0) == far]
        pick = rng.choice(choices)
        centres.append(pick)
        for i, d in _bfs(shape, [pick], sea).items():
            dist[i] = min(dist.get(i, d), d)
    owner = {c: k for k, c in enumerate(centres)}
    queue = deque(centres)
    seas = set(sea)
    while queue:
        i = queue.popleft()
        for j in sorted(shape.neighbours[i]):
            if j in seas and j not in owner:
                owner[j] = owner[i]
                queue.append(j)
    shape.sea_owner = owner
    shape.sea_centres = centres


def _bfs(shape: Shape, starts: list[int], allowed: list[int]) -> dict[int, int]:
    ok = set(allowed)
    dist = {s: 0 for s in starts}
    queue = deque(starts)
    while queue:
        i = queue.popleft()
        for j in sorted(shape.neighbours[i]):
            if j in ok and j not in dist:
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist
