"""Is a world sound and fair?  Every check a generated world must pass, as a
list of problems (empty: the world is fine).  The generator runs them on
each draw and the tests on every world; they read only the written data, so
they check what the engine, the order language and the pictures will see."""

from __future__ import annotations

import re
from collections import deque

from judge.engine.board import Board, province_of
from judge.language.names import name_index, words_of
from judge.pictures.geometry import contains, parse_geometry
from judge.worlds.names import RESERVED

ID = re.compile(r"^[A-Z]{3}$")


def _connected(graph: dict[str, set[str]]) -> bool:
    if not graph:
        return True
    start = min(graph)
    seen = {start}
    queue = deque([start])
    while queue:
        for q in sorted(graph[queue.popleft()]):
            if q not in seen:
                seen.add(q)
                queue.append(q)
    return len(seen) == len(graph)


def check_board(board: Board) -> list[str]:
    problems: list[str] = []
    provs = board.provinces
    # Ids and names.
    names = {}
    for pid, prov in provs.items():
        if not ID.match(pid) or pid.lower() in RESERVED:
            problems.append(f"bad id {pid!r}")
        key = prov.name.lower()
        if key in names:
            problems.append(f"{pid} and {names[key]} share the name {prov.name!r}")
        names[key] = pid
        for word in words_of(prov.name):
            if word in RESERVED and word != "sea":
                problems.append(
                    f"{pid}: {prov.name!r} contains the order word {word!r}"
                )
    index = name_index(board)
    for pid, prov in provs.items():
        for spelling in (pid, prov.name, *prov.aliases):
            match = index.lookup(words_of(spelling))
            if match is None or match.provinces != (pid,) or not match.exact:
                problems.append(f"{spelling!r} does not name {pid} alone")
    letters = [p.letter for p in board.powers.values()]
    if len(set(letters)) != len(letters):
        problems.append(f"power letters repeat: {letters}")
    # Every name in the adjacency lists is a place of this map.
    for p, dests in board.army_adjacency.items():
        for q in sorted(set(dests) - set(provs)):
            problems.append(f"{p}'s army list names unknown {q!r}")
    for loc, dests in board.fleet_adjacency.items():
        for d in sorted(d for d in dests if not board.is_location(d)):
            problems.append(f"{loc}'s fleet list names unknown {d!r}")
    if problems:
        return problems
    # Symmetric adjacency, right kinds.
    for p, dests in board.army_adjacency.items():
        for q in dests:
            if p not in board.army_adjacency.get(q, ()):
                problems.append(f"army {p}-{q} one way")
            if provs[q].kind not in ("land", "coast"):
                problems.append(f"army {p}-{q} into the sea")
    for loc, dests in board.fleet_adjacency.items():
        if provs[province_of(loc)].kind == "land":
            problems.append(f"fleet adjacency for inland {loc}")
        for d in dests:
            if loc not in board.fleet_adjacency.get(d, ()):
                problems.append(f"fleet {loc}-{d} one way")
    # Connected for armies (land) and for fleets (coasts and seas).
    army = {
        p: set(board.army_adjacency.get(p, ()))
        for p, v in provs.items()
        if v.kind != "sea"
    }
    if not _connected(army):
        problems.append("armies cannot reach every land province")
    fleet = {loc: set(d) for loc, d in board.fleet_adjacency.items()}
    if not _connected(fleet):
        problems.append("fleets cannot reach every coast and sea")
    for pid, prov in provs.items():
        if prov.kind in ("coast", "sea") and not any(
            province_of(loc) == pid for loc in board.fleet_adjacency
        ):
            problems.append(f"{pid} is {prov.kind} but no fleet may enter it")
    # Counts: powers, homes, units, centres.
    centres = board.supply_centres()
    ratio = len(centres) / len(provs)
    if not 0.40 <= ratio <= 0.50:
        problems.append(f"{len(centres)} centres for {len(provs)} provinces")
    for power in board.powers:
        homes = board.home_centres(power)
        if len(homes) != 3:
            problems.append(f"{power} has {len(homes)} home centres")
        units = board.start_units[power]
        if sorted(province_of(loc) for _, loc in units) != homes:
            problems.append(f"{power}'s units are not on its home centres")
        for kind, loc in units:
            if not board.can_hold(kind, loc):
                problems.append(f"{power}: {kind} {loc} cannot stand there")
        if sorted(board.start_centres[power]) != homes:
            problems.append(f"{power} does not start owning its home centres")
    problems += _sea_reach(board)
    return problems


def _sea_reach(board: Board) -> list[str]:
    """Every home centre can be reached from the sea by another power: it is
    coastal, or next to a coast an army can be convoyed to, and some other
    power's fleet can sail to that coast's waters."""
    provs = board.provinces
    reach: dict[str, set[str]] = {}  # power -> provinces its fleets can reach
    for power in board.powers:
        starts = [
            loc
            for h in board.home_centres(power)
            for loc in board.fleet_adjacency
            if province_of(loc) == h
        ]
        seen = set(starts)
        queue = deque(starts)
        while queue:
            for d in board.fleet_adjacency[queue.popleft()]:
                if d not in seen:
                    seen.add(d)
                    queue.append(d)
        reach[power] = {province_of(loc) for loc in seen}
    problems = []
    for power in board.powers:
        for home in board.home_centres(power):
            shores = {home} | set(board.army_adjacency.get(home, ()))
            shores = {s for s in shores if provs[s].kind == "coast"}
            if not any(
                shores & reach[other] for other in board.powers if other != power
            ):
                problems.append(f"{home} ({power}) cannot be reached by sea")
    return problems


def check_drawing(board: Board, geometry: dict) -> list[str]:
    """The drawing matches the map: touching provinces are exactly the
    adjacent ones, each province is one piece, its points lie inside it."""

    geo = parse_geometry(board, geometry, f"{board.name}.geometry.toml")
    adjacent = set()
    for p, dests in board.army_adjacency.items():
        adjacent |= {frozenset((p, q)) for q in dests}
    for loc, dests in board.fleet_adjacency.items():
        adjacent |= {frozenset((province_of(loc), province_of(d))) for d in dests}
    problems = []
    for pair in sorted(map(sorted, set(geo.touching) - adjacent)):
        problems.append(f"{pair[0]} and {pair[1]} touch but are not adjacent")
    for pair in sorted(map(sorted, adjacent - set(geo.touching))):
        problems.append(f"{pair[0]} and {pair[1]} are adjacent but do not touch")
    for pid, shape in geo.provinces.items():
        if len(shape.region.loops) != 1:
            problems.append(f"{pid} is drawn in {len(shape.region.loops)} pieces")
        points = [shape.unit, shape.label, *shape.coasts.values()]
        if not all(contains(shape.region, p) for p in points):
            problems.append(f"{pid}: a unit, label or coast point lies outside it")
    return problems
