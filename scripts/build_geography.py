"""Rebuild the standard board's real geography: maps/standard.geography.json
and maps/1913.geography.json.

Source: Natural Earth's 1:50m countries (public domain), as TopoJSON in the
npm package world-atlas (fetched with `npm pack world-atlas@2.0.2` unless
--source names a folder holding countries-50m.json).  The partition into
provinces is ours: maps/geography/standard_provinces.toml.

Run from a checkout (the geographic tools are needed only here, never by the
judge):

    uv run --with shapely==2.1.2 --with pyproj==3.7.2 \
        python scripts/build_geography.py [--source DIR]

It prints how the drawn provinces' contacts differ from the map's adjacency
(the board has a few contacts that the real map does not, and the other way
round); tests/pictures check the written files.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from pathlib import Path

import numpy as np
import shapely
from pyproj import Transformer
from shapely.geometry import MultiPolygon, Polygon, box
from shapely.ops import polylabel, unary_union

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge.engine.variant_loader import load_variant  # noqa: E402
from judge.pictures.marks import centre_box, label_box, unit_box  # noqa: E402

PROJECTION = "+proj=laea +lat_0=50 +lon_0=15 +x_0=0 +y_0=0 +ellps=WGS84 +units=m"
PACKAGE = "world-atlas@2.0.2"
DEFINITIONS = ROOT / "maps" / "geography" / "standard_provinces.toml"
KM2 = 1e6
CRUMB = 4000 * KM2  # leftover land under this, touching a province, joins it
ISLET = 700 * KM2  # leftover islands under this are left to the sea
SEA_CRUMB = 40000 * KM2
SIMPLIFY_PX = 0.9
TOWN_KM = 6.0  # tolerance of the simplification, in pixels


# -- the source ----------------------------------------------------------------


def fetch_source(folder: Path) -> Path:
    subprocess.run(
        ["npm", "pack", PACKAGE, "--silent"],
        cwd=folder,
        check=True,
        capture_output=True,
    )
    archive = next(folder.glob("world-atlas-*.tgz"))
    with tarfile.open(archive) as tar:
        tar.extract("package/countries-50m.json", folder, filter="data")
    return folder / "package" / "countries-50m.json"


def decode_topojson(path: Path) -> dict[str, shapely.Geometry]:
    """Each country's (multi)polygon in lon/lat."""
    topo = json.loads(path.read_text())
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        pts = np.cumsum(np.array(arc, dtype=float), axis=0)
        arcs.append(np.column_stack((pts[:, 0] * sx + tx, pts[:, 1] * sy + ty)))

    def ring(indices):
        coords = []
        for i in indices:
            a = arcs[i] if i >= 0 else arcs[~i][::-1]
            coords.extend(a if not coords else a[1:])
        return coords

    def polygon(rings):
        return Polygon(ring(rings[0]), [ring(r) for r in rings[1:]])

    countries = {}
    for g in topo["objects"]["countries"]["geometries"]:
        if g["type"] == "Polygon":
            shape = polygon(g["arcs"])
        elif g["type"] == "MultiPolygon":
            shape = MultiPolygon([polygon(p) for p in g["arcs"]])
        else:
            continue
        countries[g["properties"]["name"]] = shapely.make_valid(shape)
    return countries


# -- projection ------------------------------------------------------------------

_to_map = Transformer.from_crs("EPSG:4326", PROJECTION, always_xy=True)


def project(geom):
    return shapely.transform(
        geom, lambda c: np.column_stack(_to_map.transform(c[:, 0], c[:, 1]))
    )


def project_point(lon, lat):
    return _to_map.transform(lon, lat)


def outline(points) -> Polygon:
    """A polygon given in lon/lat, its edges densified so they bend with the
    projection."""
    return project(shapely.segmentize(Polygon(points), 0.2))


def bridge(entry) -> Polygon:
    """A strip of land where the board joins what the sea parts."""
    line = project(shapely.LineString(entry["line"]))
    return line.buffer(entry["width_km"] * 500, cap_style="flat")


# -- partition ---------------------------------------------------------------------


def parts(geom) -> list[Polygon]:
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    return [
        g
        for g in getattr(geom, "geoms", [])
        if isinstance(g, Polygon) and not g.is_empty
    ] + [
        p
        for g in getattr(geom, "geoms", [])
        if not isinstance(g, Polygon)
        for p in parts(g)
    ]


def partition(entries, whole, sources, taken_start=None):
    """Cut `whole` into the entries' pieces, in order; returns {id: geom}
    and what is left."""
    shapes: dict[str, list] = {}
    taken = taken_start if taken_start is not None else shapely.Polygon()
    for entry in entries:
        base = whole
        if "countries" in entry:
            missing = [c for c in entry["countries"] if c not in sources]
            if missing:
                raise SystemExit(f"{entry['id']}: no country {missing}")
            base = base.intersection(
                unary_union([sources[c] for c in entry["countries"]])
            )
        if "within" in entry:
            base = base.intersection(outline(entry["within"]))
        if "line" in entry:
            base = base.intersection(bridge(entry))
        if "disc" in entry:
            base = base.intersection(entry["disc"])
        piece = base.difference(taken)
        if piece.is_empty:
            print(f"warning: {entry['id']} takes nothing", file=sys.stderr)
            continue
        shapes.setdefault(entry["id"], []).append(piece)
        taken = taken.union(piece)
    merged = {k: shapely.make_valid(unary_union(v)) for k, v in shapes.items()}
    return merged, whole.difference(taken)


def settle_leftovers(shapes, leftover, crumb, islet, kind):
    """Crumbs join the neighbour they touch most; islets vanish; the rest is
    filler (land or water that is no province)."""
    fillers = []
    for piece in parts(leftover):
        if piece.area < 1.0:
            continue
        touching = []
        for pid, geom in shapes.items():
            contact = piece.buffer(10).intersection(geom.buffer(10)).area
            if contact > 0:
                touching.append((contact, pid))
        if touching and piece.area < crumb:
            pid = max(touching)[1]
            shapes[pid] = shapely.make_valid(shapes[pid].union(piece))
        elif not touching and piece.area < islet:
            continue
        else:
            fillers.append((kind, piece))
    return fillers


# -- marks --------------------------------------------------------------------------


def inner_point(shape, near=None):
    """A point well inside the shape (its largest part), or the point of the
    shape nearest to `near`."""
    if near is not None:
        p = shapely.Point(near)
        if shape.contains(p):
            return near
        inner = shape.buffer(-6)
        target = inner if not inner.is_empty else shape
        q = shapely.ops.nearest_points(target, p)[0]
        return (q.x, q.y)
    largest = max(parts(shape), key=lambda g: g.area)
    q = polylabel(largest, tolerance=0.5)
    return (q.x, q.y)


def spiral(centre, step=2.5, rings=40):
    x, y = centre
    yield centre
    for r in range(1, rings + 1):
        for k in range(8 * r):
            a = 2 * np.pi * k / (8 * r)
            yield (x + np.cos(a) * r * step, y + np.sin(a) * r * step)


def place_box(shape, start, size_fn, avoid):
    """The first spot spiralling out from `start` whose box lies inside the
    shape and clear of the boxes in `avoid` (tuples); if none, the least bad."""
    near = [
        a for a in avoid if abs(a[0] - start[0]) < 130 and abs(a[1] - start[1]) < 130
    ]
    shapely.prepare(shape)
    best, best_score = None, None
    for p in spiral(start):
        b = size_fn(p)
        clash = sum(
            max(0.0, min(b[2], a[2]) - max(b[0], a[0]))
            * max(0.0, min(b[3], a[3]) - max(b[1], a[1]))
            for a in near
        )
        if clash == 0 and shape.contains(box(*b)):
            return p
        # A spot off the shape is better than one over a unit's.
        outside = 1000.0 if clash else box(*b).difference(shape).area
        score = clash * 1000 + outside
        if best_score is None or score < best_score:
            best, best_score = p, score
    return best


def kinds_at(board, pid):
    prov = board.provinces[pid]
    if prov.is_sea:
        return ("F",)
    return ("A", "F") if prov.kind == "coast" else ("A",)


def place_units(pid, shape, board, coasts_px):
    """Where a unit stands, a fleet on each coast, a dislodged unit waits."""
    unit = inner_point(shape)
    coasts = {c: inner_point(shape, near=p) for c, p in coasts_px.items()}
    kinds = kinds_at(board, pid)
    taken = [unit_box(unit, k) for k in kinds]
    taken += [unit_box(p, "F") for p in coasts.values()]
    dislodged = place_box(
        shape,
        (unit[0] + 16, unit[1] + 14),
        lambda p: unit_bounds(p, kinds),
        taken,
    )
    return {"unit": unit, "coasts": coasts, "dislodged": dislodged}


def unit_bounds(p, kinds):
    boxes = [unit_box(p, k) for k in kinds]
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def spots_of(board, pid, units):
    kinds = kinds_at(board, pid)
    out = [unit_bounds(units["unit"], kinds), unit_bounds(units["dislodged"], kinds)]
    out += [unit_box(p, "F") for p in units["coasts"].values()]
    return out


def place_labels(shapes, board, units):
    """Each label and centre clear of every spot a unit can take, its own
    province's and its neighbours' (and of each other)."""
    every = [b for pid in units for b in spots_of(board, pid, units[pid])]
    marks = {}
    placed = []
    for pid, shape in shapes.items():
        sea = board.provinces[pid].is_sea
        u = units[pid]["unit"]
        label = place_box(
            shape,
            (u[0], u[1] + 16),
            lambda p, pid=pid, sea=sea: label_box(p, pid, sea),
            every + placed,
        )
        placed.append(label_box(label, pid, sea))
        centre = place_box(shape, (u[0] + 12, u[1] - 10), centre_box, every + placed)
        placed.append(centre_box(centre))
        marks[pid] = {"label": label, "centre": centre}
    return marks


# -- output ---------------------------------------------------------------------------


def loops_of(geom):
    loops = []
    for poly in parts(geom):
        for ring in (poly.exterior, *poly.interiors):
            pts = [(round(x, 1), round(y, 1)) for x, y in ring.coords[:-1]]
            dedup = [p for i, p in enumerate(pts) if p != pts[i - 1]]
            if len(dedup) >= 3:
                loops.append([list(p) for p in dedup])
    return loops


def build(defs, sources, ireland_province: bool):
    fr = defs["frame"]
    x0 = project_point(*fr["west"])[0]
    x1 = project_point(*fr["east"])[0]
    y1 = project_point(*fr["north"])[1]
    y0 = project_point(*fr["south"])[1]
    scale = fr["width"] / (x1 - x0)
    width, height = fr["width"], round((y1 - y0) * scale)
    frame = box(x0, y1 - height / scale, x1, y1)

    # Only the part of the world near Europe: the projection tears the far side.
    region = box(-50, 20, 80, 85)
    near = {n: g.intersection(region) for n, g in sources.items()}
    projected = {
        n: shapely.make_valid(project(g)) for n, g in near.items() if not g.is_empty
    }
    land = unary_union(list(projected.values())).intersection(frame)
    bridges = [bridge(e) for e in defs["land"] if "line" in e]
    discs = [
        project(shapely.Point(t["at"])).buffer(TOWN_KM * 1000)
        for t in defs.get("town", [])
    ]
    land = shapely.make_valid(unary_union([land, *bridges, *discs]))
    towns = [
        {"id": t["province"], "disc": disc}
        for t, disc in zip(defs.get("town", []), discs, strict=True)
        if t["province"]
    ]

    land_shapes, land_left = partition([*towns, *defs["land"]], land, projected)
    ireland = land_shapes.pop("_IRELAND")
    if ireland_province:
        land_shapes["IRE"] = ireland
    fillers = [] if ireland_province else [("land", ireland)]
    fillers += settle_leftovers(land_shapes, land_left, CRUMB, ISLET, "land")
    # Islets of no province belong to the water around them.
    land_drawn = unary_union([*land_shapes.values(), *(g for _, g in fillers)])
    water = frame.difference(land_drawn)
    sea_shapes, sea_left = partition(defs["sea"], water, {})
    fillers += settle_leftovers(sea_shapes, sea_left, SEA_CRUMB, 0, "sea")

    ids = list(land_shapes) + list(sea_shapes)
    geoms = [land_shapes.get(i) or sea_shapes[i] for i in ids]
    geoms += [g for _, g in fillers]
    polygonal = [MultiPolygon(parts(shapely.make_valid(g))) for g in geoms]
    simple = shapely.coverage_simplify(polygonal, SIMPLIFY_PX / scale)

    def to_px(g):
        return shapely.transform(
            g,
            lambda c: np.column_stack(((c[:, 0] - x0) * scale, (y1 - c[:, 1]) * scale)),
        )

    px = [shapely.make_valid(to_px(g)) for g in simple]
    px = [
        unary_union([p for p in parts(g) if p.area >= 4.0]) if parts(g) else g
        for g in px
    ]
    board = load_variant("1913" if ireland_province else "standard")[0]
    anchors = defs.get("anchors", {})
    provinces = {}
    shapes = dict(zip(ids, px[: len(ids)], strict=True))
    units = {}
    for pid, shape in shapes.items():
        coasts = {
            c: to_px(shapely.Point(project_point(*ll))).coords[0]
            for c, ll in anchors.get(pid, {}).get("coasts", {}).items()
        }
        units[pid] = place_units(pid, shape, board, coasts)
    labels = place_labels(shapes, board, units)
    for pid in ids:
        marks = {**units[pid], **labels[pid]}
        provinces[pid] = {
            "loops": loops_of(shapes[pid]),
            **{
                k: [round(v[0], 1), round(v[1], 1)]
                for k, v in marks.items()
                if k != "coasts"
            },
            "coasts": {
                c: [round(p[0], 1), round(p[1], 1)] for c, p in marks["coasts"].items()
            },
        }
    filler_out = [
        {"kind": kind, "loops": loops_of(g)}
        for (kind, _), g in zip(fillers, px[len(ids) :], strict=True)
        if loops_of(g)
    ]
    touching = contacts(dict(zip(ids, px, strict=False)))
    transform = [scale, 0.0, 0.0, -scale, -x0 * scale, y1 * scale]
    data = {
        "about": (
            "Generated by scripts/build_geography.py from Natural Earth 1:50m "
            f"countries (public domain, npm {PACKAGE}) and "
            "maps/geography/standard_provinces.toml; do not edit."
        ),
        "projection": PROJECTION,
        "transform": [round(v, 9) for v in transform],
        "width": width,
        "height": height,
        "provinces": provinces,
        "fillers": filler_out,
        "touching": sorted(sorted(p) for p in touching),
    }
    return data, board, touching


def contacts(shapes):
    pairs = set()
    items = list(shapes.items())
    for i, (a, ga) in enumerate(items):
        for b, gb in items[i + 1 :]:
            if ga.buffer(0.3).intersection(gb.buffer(0.3)).length > 3.0 or (
                ga.buffer(0.3).intersection(gb.buffer(0.3)).area > 1.5
            ):
                pairs.add(frozenset((a, b)))
    return pairs


def report(board, touching):
    adjacent = set()
    for p, dests in board.army_adjacency.items():
        adjacent |= {frozenset((p, q)) for q in dests}
    for loc, dests in board.fleet_adjacency.items():
        adjacent |= {frozenset((loc.split("/")[0], q.split("/")[0])) for q in dests}
    drawn = {p for p in touching if "SWI" not in p}
    for pair in sorted(map(sorted, adjacent - drawn)):
        print(f"  {board.name}: adjacent but apart in the drawing: {'-'.join(pair)}")
    for pair in sorted(map(sorted, drawn - adjacent)):
        print(f"  {board.name}: touching but not adjacent: {'-'.join(pair)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, help="folder with countries-50m.json")
    args = parser.parse_args()
    defs = tomllib.loads(DEFINITIONS.read_text())
    with tempfile.TemporaryDirectory() as tmp:
        path = (
            args.source / "countries-50m.json"
            if args.source
            else fetch_source(Path(tmp))
        )
        sources = decode_topojson(path)
    for name, ireland in (("standard", False), ("1913", True)):
        data, board, touching = build(defs, sources, ireland)
        out = ROOT / "maps" / f"{name}.geography.json"
        out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(f"wrote {out.relative_to(ROOT)} ({out.stat().st_size // 1024} KiB)")
        report(board, touching)


if __name__ == "__main__":
    main()
