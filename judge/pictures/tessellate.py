"""Province outlines from hand-placed points: a Voronoi tessellation.

Each province of a map's geometry lists a few seed points; every point of the
canvas belongs to the province of its nearest seed.  The cells are computed by
clipping the canvas rectangle with one half-plane per neighbouring seed, and
the cells of one province are then merged into outline loops by keeping only
the edges whose other side belongs to a different province.  The result is a
clean schematic map where neighbouring provinces share borders exactly.

Pure geometry: no map or rendering knowledge here.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

Point = tuple[float, float]

OUTSIDE = -1  # edge label for the canvas border


@dataclass(frozen=True)
class Region:
    """One province's outline: closed loops of points (outer boundaries run
    counter-clockwise in canvas coordinates, holes clockwise)."""

    owner: str
    loops: tuple[tuple[Point, ...], ...]


def _clip(
    poly: list[Point], labels: list[int], a: Point, b: Point, label: int
) -> tuple[list[Point], list[int]]:
    """Keep the part of `poly` nearer to seed `a` than to seed `b`.

    labels[k] names the seed across edge poly[k] -> poly[k+1]; the new edge
    along the bisector gets `label`.
    """
    # Points p with (p - mid) . (b - a) <= 0 are nearer to a.
    nx, ny = b[0] - a[0], b[1] - a[1]
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2

    def side(p: Point) -> float:
        return (p[0] - mx) * nx + (p[1] - my) * ny

    out: list[Point] = []
    out_labels: list[int] = []
    n = len(poly)
    for k in range(n):
        p, q = poly[k], poly[(k + 1) % n]
        sp, sq = side(p), side(q)
        if sp <= 0:
            out.append(p)
            if sq <= 0:
                out_labels.append(labels[k])
            else:  # leaving: cut, then run along the bisector
                t = sp / (sp - sq)
                out_labels.append(labels[k])
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
                out_labels.append(label)
        elif sq <= 0:  # entering
            t = sp / (sp - sq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
            out_labels.append(labels[k])
    return out, out_labels


def voronoi_cells(
    seeds: list[Point], width: float, height: float
) -> list[tuple[list[Point], list[int]]]:
    """Each seed's cell within the canvas, with the neighbour across each edge."""
    cells = []
    for i, a in enumerate(seeds):
        poly: list[Point] = [(0.0, 0.0), (0.0, height), (width, height), (width, 0.0)]
        labels = [OUTSIDE] * 4
        others = sorted(
            (j for j in range(len(seeds)) if j != i),
            key=lambda j: (seeds[j][0] - a[0]) ** 2 + (seeds[j][1] - a[1]) ** 2,
        )
        for j in others:
            b = seeds[j]
            reach = max(math.dist(a, p) for p in poly)
            if math.dist(a, b) > 2 * reach:
                break  # no farther seed can cut this cell any more
            poly, labels = _clip(poly, labels, a, b, j)
            if not poly:
                break
        cells.append((poly, labels))
    return cells


def _chain(edges: list[tuple[Point, Point]]) -> list[tuple[Point, ...]]:
    """Join directed edges end to start into closed loops."""
    key = lambda p: (round(p[0], 3), round(p[1], 3))  # noqa: E731
    starts: dict[tuple[float, float], list[int]] = defaultdict(list)
    for k, (p, _) in enumerate(edges):
        starts[key(p)].append(k)
    used = [False] * len(edges)
    loops = []
    for k in range(len(edges)):
        if used[k]:
            continue
        loop = []
        cur = k
        while cur is not None and not used[cur]:
            used[cur] = True
            p, q = edges[cur]
            loop.append(p)
            nxt = [e for e in starts.get(key(q), []) if not used[e]]
            cur = nxt[0] if nxt else None
        if len(loop) >= 3:
            loops.append(tuple(loop))
    return loops


def regions(
    seeds: list[Point], owners: list[str], width: float, height: float
) -> tuple[dict[str, Region], set[frozenset[str]]]:
    """Merge the seeds' cells by owner.

    Returns each owner's Region and the set of owner pairs that share a
    border (for checking a drawing against the map's adjacency).
    """
    cells = voronoi_cells(seeds, width, height)
    boundary: dict[str, list[tuple[Point, Point]]] = defaultdict(list)
    touching: set[frozenset[str]] = set()
    for i, (poly, labels) in enumerate(cells):
        n = len(poly)
        for k in range(n):
            j = labels[k]
            if j != OUTSIDE and owners[j] == owners[i]:
                continue
            p, q = poly[k], poly[(k + 1) % n]
            if math.dist(p, q) < 1e-6:
                continue
            boundary[owners[i]].append((p, q))
            if j != OUTSIDE and math.dist(p, q) > 2.0:
                touching.add(frozenset((owners[i], owners[j])))
    result = {
        owner: Region(owner, tuple(_chain(edges))) for owner, edges in boundary.items()
    }
    return result, touching
