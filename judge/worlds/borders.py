"""Provinces and their borders, read off the shape.

Armies cross any border between two land provinces.  Fleets follow the
shoreline: a fleet moves between a sea and a coast it borders, between two
seas, and between two coastal provinces only where their common border runs
down to the sea (an end of that border touches a sea cell).  A coastal
province whose shoreline comes in two separate stretches (an isthmus) may
get two coasts, one per stretch, like St Petersburg.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.worlds.shape import Point, Shape

Location = tuple[int, str | None]  # (province index, coast id or None)


@dataclass
class Province:
    index: int
    kind: str  # "land", "coast" or "sea"
    sites: list[int]
    unit_site: int
    coasts: dict[str, Point] = field(default_factory=dict)  # coast id -> point
    run_coasts: tuple[str, ...] = ()  # coast id of each shoreline stretch


@dataclass
class Borders:
    provinces: list[Province]
    site_province: list[int]
    touching: set[frozenset[int]]
    army: dict[int, set[int]]
    # per land site: the shoreline stretch of each edge (None for a land edge)
    runs: dict[int, list[int | None]]
    fleet: dict[Location, set[Location]] = field(default_factory=dict)


def provinces_of(shape: Shape) -> Borders:
    provinces: list[Province] = []
    site_province = [-1] * len(shape.sites)
    for i, is_land in enumerate(shape.land):
        if is_land:
            site_province[i] = len(provinces)
            provinces.append(Province(len(provinces), "land", [i], i))
    first_sea = len(provinces)
    for k, centre in enumerate(shape.sea_centres):
        provinces.append(Province(first_sea + k, "sea", [], centre))
    for site, k in sorted(shape.sea_owner.items()):
        site_province[site] = first_sea + k
        if site != shape.sea_centres[k]:
            provinces[first_sea + k].sites.append(site)
    for k, centre in enumerate(shape.sea_centres):
        provinces[first_sea + k].sites.insert(0, centre)

    touching: set[frozenset[int]] = set()
    for i, row in enumerate(shape.edges):
        for j, _, _ in row:
            if j >= 0 and site_province[i] != site_province[j]:
                touching.add(frozenset((site_province[i], site_province[j])))
    army: dict[int, set[int]] = {p.index: set() for p in provinces if p.kind != "sea"}
    runs: dict[int, list[int | None]] = {}
    for prov in provinces:
        if prov.kind == "sea":
            continue
        site = prov.unit_site
        sea_edges = [not shape.land[j] for j, _, _ in shape.edges[site]]
        if any(sea_edges):
            prov.kind = "coast"
            runs[site] = _runs(sea_edges)
    for pair in touching:
        a, b = sorted(pair)
        if provinces[a].kind != "sea" and provinces[b].kind != "sea":
            army[a].add(b)
            army[b].add(a)
    return Borders(provinces, site_province, touching, army, runs)


def _runs(sea_edges: list[bool]) -> list[int | None]:
    """Number the separate stretches of sea edges around a cell."""
    n = len(sea_edges)
    start = next(k for k in range(n) if not sea_edges[k])  # a land edge
    out: list[int | None] = [None] * n
    run = -1
    for step in range(1, n + 1):
        k = (start + step) % n
        if sea_edges[k]:
            if not sea_edges[k - 1]:
                run += 1
            out[k] = run
    return out


def isthmuses(borders: Borders) -> list[int]:
    """Coastal provinces whose shoreline is in exactly two stretches."""
    return [
        p.index
        for p in borders.provinces
        if p.kind == "coast"
        and max(r for r in borders.runs[p.unit_site] if r is not None) == 1
    ]


def split_coasts(shape: Shape, borders: Borders, chosen: list[int]) -> None:
    """Give each chosen isthmus two coasts: north/south or west/east by where
    its two shoreline stretches lie, each with a point for a fleet."""
    for index in chosen:
        prov = borders.provinces[index]
        site = prov.unit_site
        sx, sy = shape.sites[site]
        row = shape.edges[site]
        runs = borders.runs[site]
        middles: list[list[Point]] = [[], []]
        for k, (_, p, q) in enumerate(row):
            if runs[k] is not None:
                middles[runs[k]].append(((p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
        means = [
            (sum(x for x, _ in m) / len(m), sum(y for _, y in m) / len(m))
            for m in middles
        ]
        dx, dy = means[1][0] - means[0][0], means[1][1] - means[0][1]
        if abs(dy) >= abs(dx):  # y grows downwards: the upper stretch is north
            names = ("NC", "SC") if dy > 0 else ("SC", "NC")
        else:
            names = ("WC", "EC") if dx > 0 else ("EC", "WC")
        for r in (0, 1):
            mid = middles[r][len(middles[r]) // 2]
            point = (sx + 0.6 * (mid[0] - sx), sy + 0.6 * (mid[1] - sy))
            prov.coasts[names[r]] = (round(point[0], 1), round(point[1], 1))
        prov.run_coasts = names


def fleet_links(shape: Shape, borders: Borders) -> None:
    """Fill borders.fleet: location -> locations, symmetric by construction."""
    sp = borders.site_province
    provs = borders.provinces
    fleet: dict[Location, set[Location]] = {}

    def loc(site: int, k: int) -> Location | None:
        """Where a fleet stands in `site`'s province by its edge k (a sea edge)."""
        prov = provs[sp[site]]
        if not prov.coasts:
            return (prov.index, None)
        run = borders.runs[site][k]
        return None if run is None else (prov.index, prov.run_coasts[run])

    def link(a: Location | None, b: Location | None) -> None:
        if a is None or b is None or a[0] == b[0]:
            return
        fleet.setdefault(a, set()).add(b)
        fleet.setdefault(b, set()).add(a)

    for i, row in enumerate(shape.edges):
        n = len(row)
        i_sea = not shape.land[i]
        for k, (j, _, _) in enumerate(row):
            if j < 0 or sp[i] == sp[j]:
                continue
            j_sea = not shape.land[j]
            if i_sea and j_sea:
                link((sp[i], None), (sp[j], None))
            elif not i_sea and j_sea:
                link(loc(i, k), (sp[j], None))
            elif not i_sea and not j_sea and i < j:
                if provs[sp[i]].kind != "coast" or provs[sp[j]].kind != "coast":
                    continue
                jrow = shape.edges[j]
                m = next(t for t, (s, _, _) in enumerate(jrow) if s == i)
                mn = len(jrow)
                # At the edge's start: i's previous edge, j's next one; at its
                # end: i's next edge, j's previous one.
                for ki, kj in (
                    ((k - 1) % n, (m + 1) % mn),
                    ((k + 1) % n, (m - 1) % mn),
                ):
                    ci, cj = row[ki][0], jrow[kj][0]
                    i_wet = ci >= 0 and not shape.land[ci]
                    j_wet = cj >= 0 and not shape.land[cj]
                    # Both shores meet the same sea at this end of the border.
                    if i_wet and j_wet and sp[ci] == sp[cj]:
                        link(loc(i, ki), loc(j, kj))
    borders.fleet = fleet
