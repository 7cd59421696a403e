"""The board: provinces, coasts, adjacency and powers, loaded from maps/*.toml.

The engine reads map facts only through this module.  A `Board` is immutable
and cached per map name, so loading costs once per process.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from judge.resources import resource_dir

MAPS_DIR = resource_dir("maps")  # the hand-made maps (read only)

# Further folders searched after maps/ (a running judge's generated worlds),
# and what to forget when a map file changes: see add_maps_dir.
_EXTRA_DIRS: list[Path] = []
_FORGETTERS: list[Callable[[], None]] = []


@dataclass(frozen=True, slots=True)
class Province:
    id: str
    name: str
    kind: str  # "land", "coast", "sea" or "impassable"
    centre: bool
    home: str | None
    aliases: tuple[str, ...]
    coasts: tuple[str, ...]  # ("NC", "SC") for split coasts, else ()

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"

    @property
    def is_land(self) -> bool:
        return self.kind == "land"


@dataclass(frozen=True, slots=True)
class Power:
    id: str
    name: str
    adjective: str
    letter: str


def province_of(location: str) -> str:
    """'STP/SC' -> 'STP'; 'PAR' -> 'PAR'."""
    return location.split("/", 1)[0]


def coast_of(location: str) -> str | None:
    """'STP/SC' -> 'SC'; 'PAR' -> None."""
    _, _, coast = location.partition("/")
    return coast or None


class Board:
    """Everything the rules need to know about a map."""

    def __init__(self, data: dict):
        meta = data["map"]
        self.name: str = meta["name"]
        self.title: str = meta.get("title", self.name)
        self.first_phase: str = meta.get("first_phase", "S1901M")
        self.victory_centres: int = meta["victory_centres"]
        self.data = data  # raw data, for variant rule hooks and renderers

        self.powers: dict[str, Power] = {}
        self.start_units: dict[str, tuple[tuple[str, str], ...]] = {}
        self.start_centres: dict[str, tuple[str, ...]] = {}
        for pid, p in data["powers"].items():
            self.powers[pid] = Power(pid, p["name"], p["adjective"], p["letter"])
            self.start_units[pid] = tuple(
                (u.split()[0], u.split()[1]) for u in p.get("units", ())
            )
            self.start_centres[pid] = tuple(p.get("centres", ()))

        self.provinces: dict[str, Province] = {}
        army: dict[str, frozenset[str]] = {}
        fleet: dict[str, frozenset[str]] = {}
        for pid, p in data["provinces"].items():
            coasts = p.get("coasts", {})
            self.provinces[pid] = Province(
                id=pid,
                name=p["name"],
                kind=p["kind"],
                centre=bool(p.get("centre", False)),
                home=p.get("home"),
                aliases=tuple(p.get("aliases", ())),
                coasts=tuple(coasts),
            )
            army[pid] = frozenset(p.get("army", ()))
            if coasts:
                for coast, adj in coasts.items():
                    fleet[f"{pid}/{coast}"] = frozenset(adj)
            elif "fleet" in p:
                fleet[pid] = frozenset(p["fleet"])
        self.army_adjacency = army
        self.fleet_adjacency = fleet

    # -- places ---------------------------------------------------------
    def locations(self) -> list[str]:
        """Every place a unit can stand: provinces and their coasts."""
        locs = [p for p, prov in self.provinces.items() if prov.kind != "impassable"]
        locs += [loc for loc in self.fleet_adjacency if "/" in loc]
        return sorted(locs)

    def is_location(self, location: str) -> bool:
        prov = self.provinces.get(province_of(location))
        if prov is None or prov.kind == "impassable":
            return False
        coast = coast_of(location)
        return coast is None or coast in prov.coasts

    def can_hold(self, kind: str, location: str) -> bool:
        """May a unit of this kind ('A' or 'F') stand at this location?"""
        prov = self.provinces.get(province_of(location))
        if prov is None or not self.is_location(location):
            return False
        if kind == "A":
            return prov.kind in ("land", "coast") and coast_of(location) is None
        if prov.coasts:
            return coast_of(location) is not None
        return location in self.fleet_adjacency

    def adjacent(self, kind: str, src: str, dst: str) -> bool:
        """Can a unit of `kind` at location `src` move to location `dst`?"""
        if kind == "A":
            return province_of(dst) in self.army_adjacency.get(province_of(src), ())
        return dst in self.fleet_adjacency.get(src, ())

    def fleet_destinations(self, src: str, province: str) -> list[str]:
        """The locations of `province` a fleet at `src` can reach (its coasts)."""
        return sorted(
            d for d in self.fleet_adjacency.get(src, ()) if province_of(d) == province
        )

    def home_centres(self, power: str) -> list[str]:
        """The provinces naming `power` as their home, and those its own
        `homes` list names (a province has one `home`; a variant's later
        power founded in the same place shares it with the first)."""
        homes = {p.id for p in self.provinces.values() if p.home == power}
        homes.update(self.data.get("powers", {}).get(power, {}).get("homes", ()))
        return sorted(homes)

    def is_reserve(self, power: str) -> bool:
        """A power the map keeps in reserve (a variant's later power of the
        same home): listed only once it has units or centres."""
        return bool(self.data.get("powers", {}).get(power, {}).get("reserve"))

    def supply_centres(self) -> list[str]:
        return sorted(p.id for p in self.provinces.values() if p.centre)

    def location_name(self, location: str) -> str:
        """Full name, coast in words: 'St Petersburg (south coast)'."""
        name = self.provinces[province_of(location)].name
        coast = coast_of(location)
        return f"{name} ({COAST_WORDS[coast]})" if coast else name


COAST_WORDS = {
    "NC": "north coast",
    "SC": "south coast",
    "EC": "east coast",
    "WC": "west coast",
}


# -- where map files are ---------------------------------------------------


def add_maps_dir(folder: Path | str) -> None:
    """Look for map files in `folder` too, after maps/ (a hand-made map is
    never shadowed).  The game service registers its worlds directory here;
    the engine only reads from it."""
    path = Path(folder).resolve()
    if path not in _EXTRA_DIRS:
        _EXTRA_DIRS.append(path)
        maps_changed()


def remove_maps_dir(folder: Path | str) -> None:
    path = Path(folder).resolve()
    if path in _EXTRA_DIRS:
        _EXTRA_DIRS.remove(path)
        maps_changed()


def maps_dirs() -> tuple[Path, ...]:
    """The folders holding map files, in the order they are searched."""
    return (MAPS_DIR, *_EXTRA_DIRS)


def map_file(name: str, suffix: str = ".toml") -> Path:
    """The file `<name><suffix>` in the first folder that has it (maps/'s
    path when none has it, for messages)."""
    for folder in maps_dirs():
        path = folder / f"{name}{suffix}"
        if path.is_file():
            return path
    return MAPS_DIR / f"{name}{suffix}"


def on_maps_changed(forget: Callable[[], None]) -> Callable[[], None]:
    """Register a cache to clear when map files change (see maps_changed)."""
    _FORGETTERS.append(forget)
    return forget


def maps_changed() -> None:
    """A map file was added or rewritten: forget every cached map."""
    load_board.cache_clear()
    for forget in _FORGETTERS:
        forget()


@functools.cache
def load_board(name: str = "standard") -> Board:
    path = map_file(name)
    if not path.is_file():
        raise KeyError(f"no map called {name!r}")
    with path.open("rb") as f:
        return Board(tomllib.load(f))
