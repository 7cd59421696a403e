"""A map's drawing: real geography from maps/<name>.geography.json, or a
schematic one from maps/<name>.geometry.toml.

The geography (the standard board, 1913's, and every variant on them) is
built by scripts/build_geography.py from Natural Earth's public-domain data
and our own partition into provinces: outlines already in pixels, with the
projection and the transform that places a real point on the picture, and
the spots for units, labels and centres.  The schematic format (random
worlds, a variant's own small map) is described in docs/pictures.md: hand-
placed points whose Voronoi cells make the outlines.  Either is read once per
map (cached: rendering pays nothing for it).
"""

from __future__ import annotations

import functools
import json
import math
import tomllib
from dataclasses import dataclass
from pathlib import Path

from judge.engine.board import Board, coast_of, map_file, province_of
from judge.pictures.tessellate import Point, Region, regions

# Where labels and centre markers go when the file does not say: the first of
# these offsets from the unit's point that falls inside the province.
LABEL_OFFSETS = ((0.0, 21.0), (0.0, -19.0), (24.0, 4.0), (-24.0, 4.0), (0.0, 14.0))
CENTRE_OFFSETS = ((15.0, -13.0), (-15.0, -13.0), (16.0, 11.0), (-16.0, 11.0))


class GeometryError(ValueError):
    """The map has no drawing, or its drawing is malformed."""


@dataclass(frozen=True)
class ProvinceShape:
    id: str
    unit: Point
    label: Point
    centre: Point
    coasts: dict[str, Point]
    region: Region
    dislodged: Point | None = None  # where a dislodged unit waits (geography)


@dataclass(frozen=True)
class Filler:
    kind: str  # "land" or "sea"
    region: Region


@dataclass(frozen=True)
class Geometry:
    width: float
    height: float
    provinces: dict[str, ProvinceShape]
    fillers: tuple[Filler, ...]
    touching: frozenset[frozenset[str]]  # province pairs that share a border
    # Real geography only: the PROJ string of the projection, and a, b, c, d,
    # e, f placing a projected point (X, Y) at x = aX + cY + e, y = bX + dY + f
    # in the map's pixels.
    projection: str | None = None
    transform: tuple[float, ...] | None = None

    def location_point(self, location: str) -> Point:
        """Where a unit at `location` ('PAR', 'STP/NC') is drawn."""
        shape = self.provinces[province_of(location)]
        coast = coast_of(location)
        if coast and coast in shape.coasts:
            return shape.coasts[coast]
        return shape.unit


def contains(region: Region, point: Point) -> bool:
    """Is `point` inside the region's outline (even-odd rule)?"""
    x, y = point
    hit = False
    for loop in region.loops:
        n = len(loop)
        for k in range(n):
            (x1, y1), (x2, y2) = loop[k], loop[(k + 1) % n]
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
    return hit


def geometry_path(map_name: str) -> Path:
    return map_file(map_name, ".geometry.toml")


def geography_path(map_name: str) -> Path:
    return map_file(map_name, ".geography.json")


def _loops(value, where: str) -> tuple[tuple[Point, ...], ...]:
    try:
        return tuple(tuple((float(x), float(y)) for x, y in loop) for loop in value)
    except (TypeError, ValueError) as e:
        raise GeometryError(f"{where}: loops must be lists of [x, y]") from e


def parse_geography(board: Board, data: dict, source: str = "geography") -> Geometry:
    """A Geometry from a built geography file, checked against `board`."""
    try:
        table = data["provinces"]
        missing = sorted(set(board.provinces) - set(table))
        if missing:
            raise GeometryError(
                f"{source}: no drawing for provinces {', '.join(missing)}"
            )
        provinces = {}
        for pid in board.provinces:
            entry = table[pid]
            where = f"{source}: provinces.{pid}"
            coasts = {
                c: _point(p, f"{where}.coasts") for c, p in entry["coasts"].items()
            }
            if set(board.provinces[pid].coasts) - set(coasts):
                raise GeometryError(f"{where}: a point for each coast is needed")
            provinces[pid] = ProvinceShape(
                pid,
                unit=_point(entry["unit"], f"{where}.unit"),
                label=_point(entry["label"], f"{where}.label"),
                centre=_point(entry["centre"], f"{where}.centre"),
                coasts=coasts,
                region=Region(pid, _loops(entry["loops"], where)),
                dislodged=_point(entry["dislodged"], f"{where}.dislodged"),
            )
        fillers = tuple(
            Filler(f["kind"], Region(f"_filler{n}", _loops(f["loops"], source)))
            for n, f in enumerate(data.get("fillers", []))
        )
        touching = frozenset(frozenset(p) for p in data.get("touching", []))
        transform = tuple(float(v) for v in data["transform"])
        if len(transform) != 6:
            raise GeometryError(f"{source}: transform needs six numbers")
        return Geometry(
            float(data["width"]),
            float(data["height"]),
            provinces,
            fillers,
            touching,
            projection=str(data["projection"]),
            transform=transform,
        )
    except (KeyError, TypeError, AttributeError) as e:
        raise GeometryError(f"{source}: malformed geography ({e!r})") from e


def _projector(data: dict):
    proj = data.get("projection")
    if proj is None:
        return lambda p: (float(p[0]), float(p[1]))
    try:
        west, north = float(proj["west"]), float(proj["north"])
        scale = float(proj["scale"])
        squeeze = math.cos(math.radians(float(proj.get("ref_lat", 0.0))))
        magnify = float(proj.get("magnify", 1.0))
        fx, fy = _point(proj.get("focus", [west, north]), "[projection] focus")
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise GeometryError(
            f"[projection] needs numbers west, north and scale (and optionally "
            f"ref_lat, magnify and a focus point): {e}"
        ) from e
    if magnify < 1:
        raise GeometryError("[projection] magnify must be 1 or more")
    width, height = float(data["canvas"]["width"]), float(data["canvas"]["height"])
    focus_x, focus_y = (fx - west) * squeeze * scale, (north - fy) * scale

    def stretch(v: float, centre: float, size: float) -> float:
        # Enlarge the middle of the map by `magnify`, keeping the edges where
        # they are (the board, like the printed one, gives the crowded centre
        # of Europe more room than the wide seas and steppes around it).
        d = v - centre
        room = (size - centre) if d > 0 else centre
        if room <= 0:
            return v
        t = min(abs(d) / room, 1.0)
        return centre + math.copysign(room * magnify * t / (1 + (magnify - 1) * t), d)

    def project(p: Point) -> Point:
        x, y = (p[0] - west) * squeeze * scale, (north - p[1]) * scale
        return (stretch(x, focus_x, width), stretch(y, focus_y, height))

    return project


def _table(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise GeometryError(f"{where}: expected a table, got {value!r}")
    return value


def _list(value, where: str) -> list:
    if not isinstance(value, list):
        raise GeometryError(f"{where}: expected a list, got {value!r}")
    return value


def _point(value, where: str) -> tuple[float, float]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int | float) for v in value)
    ):
        raise GeometryError(f"{where}: expected a point [x, y], got {value!r}")
    return (float(value[0]), float(value[1]))


def parse_geometry(board: Board, data: dict, source: str = "geometry") -> Geometry:
    """Build a Geometry from the file's data, checked against `board`."""
    try:
        width = float(data["canvas"]["width"])
        height = float(data["canvas"]["height"])
    except (KeyError, TypeError, ValueError) as e:
        raise GeometryError(f"{source}: [canvas] needs width and height") from e
    if width <= 0 or height <= 0:
        raise GeometryError(f"{source}: [canvas] width and height must be positive")
    project = _projector(data)
    table = _table(data.get("provinces", {}), f"{source}: [provinces]")
    missing = sorted(set(board.provinces) - set(table))
    if missing:
        raise GeometryError(f"{source}: no drawing for provinces {', '.join(missing)}")
    unknown = sorted(set(table) - set(board.provinces))
    if unknown:
        raise GeometryError(f"{source}: unknown provinces {', '.join(unknown)}")

    seeds: list[Point] = []
    owners: list[str] = []
    parts: dict[str, dict] = {}
    for pid, entry in table.items():
        where = f"{source}: provinces.{pid}"
        entry = _table(entry, where)
        unit = project(_point(entry.get("unit"), f"{where}.unit"))
        seeds.append(unit)
        owners.append(pid)
        for k, s in enumerate(_list(entry.get("seeds", []), f"{where}.seeds")):
            seeds.append(project(_point(s, f"{where}.seeds[{k}]")))
            owners.append(pid)
        coasts = {
            c: project(_point(p, f"{where}.coasts.{c}"))
            for c, p in _table(entry.get("coasts", {}), f"{where}.coasts").items()
        }
        wanted = set(board.provinces[pid].coasts)
        if wanted - set(coasts):
            raise GeometryError(f"{where}: needs a point for coasts {sorted(wanted)}")
        parts[pid] = {"unit": unit, "coasts": coasts}
        for key in ("label", "centre"):
            if key in entry:
                parts[pid][key] = project(_point(entry[key], f"{where}.{key}"))

    fillers_kinds = []
    for n, filler in enumerate(_list(data.get("fillers", []), f"{source}: fillers")):
        kind = _table(filler, f"{source}: fillers[{n}]").get("kind")
        if kind not in ("land", "sea"):
            raise GeometryError(f"{source}: fillers[{n}].kind must be land or sea")
        name = f"_filler{n}"
        fillers_kinds.append((name, kind))
        for k, s in enumerate(_list(filler.get("seeds", []), f"{name} seeds")):
            seeds.append(project(_point(s, f"{source}: fillers[{n}].seeds[{k}]")))
            owners.append(name)

    if len(set(seeds)) != len(seeds):
        raise GeometryError(f"{source}: two points are the same; move one")
    outlines, touching = regions(seeds, owners, width, height)
    empty = sorted(set(table) - set(outlines))
    if empty:
        raise GeometryError(
            f"{source}: provinces {', '.join(empty)} have no area "
            "(their points lie outside the canvas?)"
        )
    provinces = {}
    for pid in table:
        region, part = outlines[pid], parts[pid]
        x, y = part["unit"]
        for key, offsets in (("label", LABEL_OFFSETS), ("centre", CENTRE_OFFSETS)):
            if key not in part:
                spots = [(x + dx, y + dy) for dx, dy in offsets]
                inner = [p for p in spots if contains(region, p)]
                part[key] = (inner or spots)[0]
        provinces[pid] = ProvinceShape(pid, region=region, **part)
    fillers = tuple(
        Filler(kind, outlines[name]) for name, kind in fillers_kinds if name in outlines
    )
    return Geometry(width, height, provinces, fillers, frozenset(touching))


def _merge(base: dict, overlay: dict) -> dict:
    """`overlay` over `base`: tables merge key by key, anything else replaces."""
    merged = dict(base)
    for key, value in overlay.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _read(map_name: str, seen: tuple[str, ...] = ()) -> dict:
    """A geometry file's data, merged over its `[geometry] base` if it names one
    (a variant that adds a province draws only what it adds)."""
    path = geometry_path(map_name)
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        raise GeometryError(
            f"map {map_name!r} has no drawing: {path.name} is missing in maps/"
        ) from None
    except tomllib.TOMLDecodeError as e:
        raise GeometryError(f"{path.name}: not valid TOML: {e}") from e
    base = data.get("geometry", {}).get("base")
    if base:
        if base in seen or base == map_name:
            raise GeometryError(f"{path.name}: its base {base!r} loops back")
        data = _merge(_read(base, (*seen, map_name)), data)
    return data


def _read_geography(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise GeometryError(f"{path.name}: not readable JSON: {e}") from e


@functools.lru_cache(maxsize=32)
def _load_cached(board: Board) -> Geometry:
    # A variant played on another map's board draws with that map.
    base = board.data.get("variant", {}).get("base")
    for name in (board.name, base):
        if name and geography_path(name).is_file():
            path = geography_path(name)
            return parse_geography(board, _read_geography(path), path.name)
        if name and geometry_path(name).is_file():
            return parse_geometry(board, _read(name), geometry_path(name).name)
    return parse_geometry(board, _read(board.name), geometry_path(board.name).name)


def load_geometry(board: Board) -> Geometry:
    """The drawing of `board`'s map (GeometryError when there is none)."""
    return _load_cached(board)
