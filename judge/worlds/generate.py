"""A whole world from a seed: map data in the format of maps/standard.toml and
its drawing in the schematic format of docs/pictures.md.

Same seed and power count, same world: every random choice comes from one
`random.Random` seeded from them, and every set is walked in sorted order.
"""

from __future__ import annotations

import random
import re
import secrets
from dataclasses import dataclass, field

from judge.engine.board import Board
from judge.worlds.borders import (
    Borders,
    fleet_links,
    isthmuses,
    provinces_of,
    split_coasts,
)
from judge.worlds.names import SEA_WORDS, Namer, adjective
from judge.worlds.powers import fairness, place_homes, place_neutrals
from judge.worlds.shape import carve_bays, grow_land, make_sites, split_sea, tessellate
from judge.worlds.validate import check_board, check_drawing

GENERATOR_VERSION = 1
MIN_POWERS, MAX_POWERS = 2, 12
NAME_PATTERN = re.compile(r"^[a-z][a-z0-9-]{0,39}$")


class WorldError(ValueError):
    """Bad arguments for a world, or a world that cannot be written."""


@dataclass
class World:
    name: str
    data: dict  # map data, as maps/<name>.toml
    geometry: dict  # drawing, schematic (docs/pictures.md)
    report: dict = field(default_factory=dict)


def check_arguments(seed: int, powers: int, name: str | None) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise WorldError(
            f"the seed must be a whole number from 0 to 2**63-1, not {seed!r}"
        )
    if not isinstance(powers, int) or not MIN_POWERS <= powers <= MAX_POWERS:
        raise WorldError(
            f"a world has {MIN_POWERS} to {MAX_POWERS} powers, not {powers!r}"
        )
    if name is not None and not NAME_PATTERN.match(name):
        raise WorldError(
            f"a world's name is lower-case letters, digits and dashes, starting "
            f"with a letter, at most 40 characters: not {name!r}"
        )


def generate(
    seed: int | None = None, powers: int = 7, name: str | None = None
) -> World:
    """The world for `seed` (None: a random one) with `powers` powers, named
    `name` (default world-<seed>, or world-<seed>-<powers> for other than
    seven powers)."""
    if seed is None:
        seed = secrets.randbelow(10**9)
    check_arguments(seed, powers, name)
    if name is None:
        name = f"world-{seed}" if powers == 7 else f"world-{seed}-{powers}"
    for attempt in range(30):
        rng = random.Random(
            f"judge-world:{GENERATOR_VERSION}:{seed}:{powers}:{attempt}"
        )
        world = _attempt(rng, powers, name)
        if world is not None and not problems(world):
            world.data["world"]["seed"] = seed
            world.report["seed"] = seed
            world.report["attempts"] = attempt + 1
            return world
    raise WorldError(f"no playable world found for seed {seed}; try another seed")


def problems(world: World) -> list[str]:
    """Everything wrong with a world, as the engine, the order language and
    the pictures will read it (empty: it is sound)."""
    board = Board(world.data)
    return check_board(board) + check_drawing(board, world.geometry)


def _attempt(rng: random.Random, n_powers: int, name: str) -> World | None:
    n_land = 8 * n_powers
    n_seas = max(4, round(19 / 7 * n_powers))
    width, height, sites = make_sites(rng, round(n_land * 2.3))
    shape = tessellate(width, height, sites)
    n_bays = n_powers
    grow_land(shape, rng, n_land + n_bays)
    carve_bays(shape, rng, n_bays)
    split_sea(shape, rng, n_seas)
    borders = provinces_of(shape)
    if -1 in borders.site_province:
        return None  # a bit of sea that split_sea gave to no sea: try again
    provs = borders.provinces
    graph = {p.index: set() for p in provs}
    for pair in borders.touching:
        a, b = sorted(pair)
        graph[a].add(b)
        graph[b].add(a)
    coastal = [p.index for p in provs if p.kind == "coast"]
    n_centres = round(34 / 75 * len(provs))
    n_neutral = n_centres - 3 * n_powers
    if n_neutral < n_powers:
        return None
    best = None
    for _ in range(8):
        homes = place_homes(borders.army, coastal, rng, n_powers)
        if homes is None:
            continue
        home_set = {h for hs in homes for h in hs}
        free = [p.index for p in provs if p.kind != "sea" and p.index not in home_set]
        neutrals = place_neutrals(graph, free, homes, rng, n_neutral)
        if len(neutrals) < n_neutral:
            continue
        means, spread = fairness(graph, homes, neutrals)
        if best is None or spread < best[0]:
            best = (spread, homes, neutrals, means)
    if best is None:
        return None
    spread, homes, neutrals, means = best
    home_set = {h for hs in homes for h in hs}
    candidates = [p for p in isthmuses(borders) if p not in home_set]
    n_split = min(len(candidates), max(1, round(3 * n_powers / 7)))
    split_coasts(shape, borders, sorted(rng.sample(candidates, n_split)))
    fleet_links(shape, borders)
    return _assemble(rng, shape, borders, name, homes, neutrals, means, spread)


def _assemble(
    rng, shape, borders: Borders, name, homes, neutrals, means, spread
) -> World:
    provs = borders.provinces
    namer = Namer(rng)
    title = namer.root((2, 3))
    letters: set[str] = set()
    countries = [namer.country(letters) for _ in homes]
    taken: set[str] = set()
    ids, names, aliases = [], [], []
    for prov in provs:
        root, pid = namer.place(taken)
        ids.append(pid)
        if prov.kind == "sea":
            names.append(f"{root} {rng.choice(SEA_WORDS)}")
            aliases.append([root])
        else:
            names.append(root)
            aliases.append([])

    def location(loc) -> str:
        index, coast = loc
        return f"{ids[index]}/{coast}" if coast else ids[index]

    power_ids = [c.upper() for c in countries]
    home_of = {h: power_ids[k] for k, hs in enumerate(homes) for h in hs}
    centres = set(home_of) | set(neutrals)
    data: dict = {
        "map": {
            "name": name,
            "title": title,
            "first_phase": "S1901M",
            "victory_centres": len(centres) // 2 + 1,
        },
        "world": {
            "generator": GENERATOR_VERSION,
            "seed": 0,  # set by generate()
            "powers": len(homes),
            "neutral_distance_spread": round(spread, 2),
        },
        "powers": {},
        "provinces": {},
    }
    for k, hs in enumerate(homes):
        units = []
        for n, h in enumerate(hs):
            fleet = n == 0  # the capital is coastal: a fleet there
            units.append(f"{'F' if fleet else 'A'} {ids[h]}")
        data["powers"][power_ids[k]] = {
            "name": countries[k],
            "adjective": adjective(countries[k]),
            "letter": countries[k][0],
            "units": units,
            "centres": sorted(ids[h] for h in hs),
        }
    order = sorted(range(len(provs)), key=lambda i: ids[i])
    geo_provinces: dict = {}
    for i in order:
        prov = provs[i]
        entry: dict = {"name": names[i], "kind": prov.kind}
        if i in centres:
            entry["centre"] = True
        if i in home_of:
            entry["home"] = home_of[i]
        if aliases[i]:
            entry["aliases"] = aliases[i]
        if prov.kind != "sea":
            entry["army"] = sorted(ids[j] for j in borders.army[i])
        if prov.coasts:
            entry["coasts"] = {
                coast: sorted(location(d) for d in borders.fleet[(i, coast)])
                for coast in sorted(prov.coasts)
            }
        elif prov.kind != "land":
            entry["fleet"] = sorted(
                location(d) for d in borders.fleet.get((i, None), ())
            )
        data["provinces"][ids[i]] = entry
        drawing: dict = {"unit": list(shape.sites[prov.unit_site])}
        if len(prov.sites) > 1:
            drawing["seeds"] = [list(shape.sites[s]) for s in prov.sites[1:]]
        if prov.coasts:
            drawing["coasts"] = {c: list(prov.coasts[c]) for c in sorted(prov.coasts)}
        geo_provinces[ids[i]] = drawing
    geometry = {
        "canvas": {"width": shape.width, "height": shape.height},
        "provinces": geo_provinces,
    }
    kinds = [p.kind for p in provs]
    report = {
        "name": name,
        "title": title,
        "powers": {power_ids[k]: countries[k] for k in range(len(homes))},
        "provinces": len(provs),
        "land": kinds.count("land"),
        "coast": kinds.count("coast"),
        "sea": kinds.count("sea"),
        "two_coast": sorted(ids[p.index] for p in provs if p.coasts),
        "centres": len(centres),
        "neutral_centres": len(neutrals),
        "neutral_distance": {power_ids[k]: round(m, 2) for k, m in enumerate(means)},
        "neutral_distance_spread": round(spread, 2),
    }
    return World(name, data, geometry, report)
