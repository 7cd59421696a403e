"""MILA's saved-game JSON (the `diplomacy` package's `to_saved_game_format`)
for the standard map: its state of a phase, and the Zobrist hash of that
state that its `is_valid_saved_game` compares after replaying each phase.

Our province, coast, phase and order texts are already MILA's (`STP/SC`,
`S1901M`, `A PAR - BUR`, `F NTH C A LON - BEL`, `A PAR B`, `WAIVE`), so this
module only arranges them as MILA lays out a phase."""

from __future__ import annotations

import random
import sys
from functools import cache

from judge.engine.adjustments import adjustment_counts, build_sites
from judge.engine.board import Board
from judge.engine.state import Position

MILA_MAPS = {"standard": "standard"}  # our variant -> MILA's map of it


@cache
def _zobrist_tables(
    locations: tuple[str, ...], powers: tuple[str, ...], centres: tuple[str, ...]
) -> dict:
    """MILA's random numbers for a map: seeded from the map itself (its
    location count and its centres' names), drawn in its order, so the same
    map gives the same numbers in every program that draws them this way.
    A private generator: the global one is left alone."""
    joined = "-".join(centres)
    seed = 12345 + len(locations) + sum(ord(ch) * 7**i for i, ch in enumerate(joined))
    rng = random.Random(seed % 2**32)

    def rows(n: int) -> list[list[int]]:
        return [
            [rng.randint(1, sys.maxsize) for _ in range(len(locations))]
            for _ in range(n)
        ]

    tables = {}
    for name, n in (
        ("unit_type", 2),
        ("units", len(powers)),
        ("dis_unit_type", 2),
        ("dis_units", len(powers)),
        ("centers", len(powers)),
        ("homes", len(powers)),
    ):
        tables[name] = rows(n)
    tables["locs"] = {loc: i for i, loc in enumerate(locations)}
    tables["powers"] = {power: i for i, power in enumerate(powers)}
    return tables


def zobrist_hash(board: Board, state: dict) -> str:
    """The hash MILA keeps of a state (units, dislodged units, centres and
    home centres by power), as the decimal string it stores."""
    t = _zobrist_tables(
        tuple(board.locations()),
        tuple(sorted(board.powers)),
        tuple(sorted(board.supply_centres())),
    )
    value = 0
    for power, units in state["units"].items():
        p = t["powers"][power]
        for text in units:
            dislodged = text.startswith("*")
            kind, loc = text.lstrip("*").split()
            k, i = "AF".index(kind), t["locs"][loc]
            if dislodged:
                value ^= t["dis_unit_type"][k][i] ^ t["dis_units"][p][i]
            else:
                value ^= t["unit_type"][k][i] ^ t["units"][p][i]
    for key in ("centers", "homes"):
        for power, places in state[key].items():
            p = t["powers"][power]
            for place in places:
                value ^= t[key][p][t["locs"][place[:3]]]
    return str(value)


def mila_state(board: Board, position: Position) -> dict:
    """A position as MILA's `Game.get_state()` lays it out."""
    powers = sorted(board.powers)
    units = {p: [] for p in powers}
    for power, unit in sorted(position.units.values(), key=lambda pu: pu[1].text):
        units[power].append(unit.text)
    retreats = {p: {} for p in powers}
    for d in sorted(position.dislodged.values(), key=lambda d: d.unit.text):
        units[d.power].append("*" + d.unit.text)
        retreats[d.power][d.unit.text] = sorted(d.retreats)
    centres = {
        p: sorted(c for c, o in position.centres.items() if o == p) for p in powers
    }
    homes = {p: list(board.home_centres(p)) for p in powers}
    influence = {
        p: sorted({*centres[p], *(u.lstrip("*").split()[1][:3] for u in units[p])})
        for p in powers
    }
    counts = adjustment_counts(board, position) if position.phase.type == "A" else {}
    builds = {}
    for p in powers:
        count = counts.get(p, 0)
        sites = build_sites(board, position, p) if count > 0 else []
        builds[p] = {
            "count": min(count, len(sites)) if count > 0 else count,
            "homes": sites,
        }
    state = {
        "timestamp": 0,
        "zobrist_hash": "",
        "note": "",
        "name": str(position.phase),
        "units": units,
        "retreats": retreats,
        "centers": centres,
        "homes": homes,
        "influence": influence,
        "civil_disorder": dict.fromkeys(powers, 0),
        "builds": builds,
    }
    state["zobrist_hash"] = zobrist_hash(board, state)
    return state
