"""Random orders for a power, as a player would mail them: legal-looking
orders for its own units (moves, supports of real moves, convoys, holds,
retreats, builds with coasts, removals, waives) in canonical form, and the
same orders written in several styles (canonical, full names, the
rulebook's abbreviations, lower case).

Deterministic for a given `random.Random`; independent of the order
language (it writes what players write, the test checks what the judge
read)."""

from __future__ import annotations

import random
import re

from judge.engine.adjustments import build_sites
from judge.engine.board import Board, province_of
from judge.engine.state import Position

UNIT_WORDS = {"A": "Army", "F": "Fleet"}
COASTS = {"NC": "north coast", "SC": "south coast", "EC": "east coast"}

# Lines the judge must refuse, never read as an order for a unit.
GARBAGE = [
    "xyzzy plugh",
    "A Xyz - Qqq",
    "F Zzz H",
    "Please process my orders quickly",
    "Fleet Atlantis -> Utopia",
]


def reach(board: Board, kind: str, location: str) -> list[str]:
    """Locations a unit of `kind` at `location` may move to."""
    if kind == "A":
        return sorted(board.army_adjacency.get(province_of(location), ()))
    return sorted(board.fleet_adjacency.get(location, ()))


def movement_orders(
    board: Board, position: Position, power: str, rng: random.Random, gaps=True
) -> dict[str, str]:
    """Province -> canonical order, for most of the power's units (for
    all of them without `gaps`)."""
    units = position.units
    mine = sorted(p for p, (owner, _) in units.items() if owner == power)
    chosen: dict[str, str] = {}
    moves: dict[str, str] = {}  # province -> destination of chosen moves
    # convoys: a fleet at sea carries an adjacent army (own or foreign)
    for prov in mine:
        unit = units[prov][1]
        if unit.kind != "F" or not board.provinces[prov].is_sea or rng.random() < 0.5:
            continue
        near = reach(board, "F", unit.location)
        armies = [
            province_of(n)
            for n in near
            if province_of(n) in units and units[province_of(n)][1].kind == "A"
        ]
        shores = sorted(
            {
                province_of(n)
                for n in near
                if board.provinces[province_of(n)].kind == "coast"
            }
        )
        if not armies:
            continue
        army = rng.choice(armies)
        dests = [s for s in shores if s != army]
        if not dests:
            continue
        dest = rng.choice(dests)
        chosen[prov] = f"F {unit.location} C A {army} - {dest}"
        if units[army][0] == power and army not in chosen:
            chosen[army] = f"A {army} - {dest} VIA"
            moves[army] = dest
    for prov in mine:
        if prov in chosen:
            continue
        unit = units[prov][1]
        options = reach(board, unit.kind, unit.location)
        attacks = [
            d for d in options if units.get(province_of(d), (power,))[0] != power
        ]
        if attacks and rng.random() < 0.5:  # conflict: dislodgements, retreats
            options = attacks
        if options and rng.random() < 0.45:
            dest = rng.choice(options)
            chosen[prov] = f"{unit.kind} {unit.location} - {dest}"
            moves[prov] = province_of(dest)
    for prov in mine:
        if prov in chosen:
            continue
        unit = units[prov][1]
        near = {province_of(n) for n in reach(board, unit.kind, unit.location)}
        helped = []
        for other, (_, target) in sorted(units.items()):
            if other == prov:
                continue
            dest = moves.get(other)
            if dest is None and other not in chosen and units[other][0] != power:
                # a foreign unit's plausible move
                options = [province_of(d) for d in reach(board, target.kind,
                                                         target.location)]  # fmt: skip
                dest = rng.choice(options) if options and rng.random() < 0.5 else None
            if dest is not None and dest in near and dest != prov:
                helped.append(f"{unit.kind} {unit.location} S {target} - {dest}")
            elif other in near and dest is None:
                helped.append(f"{unit.kind} {unit.location} S {target}")
        attacks = [h for h in helped if " - " in h and _occupied(units, h, power)]
        if attacks and rng.random() < 0.7:
            chosen[prov] = rng.choice(attacks)
        elif helped and rng.random() < 0.8:
            chosen[prov] = rng.choice(helped)
        else:
            chosen[prov] = f"{unit.kind} {unit.location} H"
    # Now and then a well-formed order the rules void (refused as it arrives,
    # so not when the orders must be complete).
    for prov in mine:
        if gaps and rng.random() < 0.03:
            unit = units[prov][1]
            kinds = ("land", "coast") if unit.kind == "A" else ("sea",)
            far = sorted(p for p, v in board.provinces.items() if v.kind in kinds)
            chosen[prov] = f"{unit} - {rng.choice(far)}"
    return {p: chosen[p] for p in mine if not gaps or rng.random() < 0.93}


def _occupied(units, support: str, power: str) -> bool:
    """Does the supported move go into another power's unit?"""
    dest = province_of(support.rsplit(" - ", 1)[1])
    return dest in units and units[dest][0] != power


def retreat_orders(position: Position, power: str, rng: random.Random, gaps=True):
    out = {}
    for prov, d in sorted(position.dislodged.items()):
        if d.power != power or (gaps and rng.random() < 0.1):
            continue
        if d.retreats and rng.random() < 0.8:
            out[prov] = f"{d.unit} R {rng.choice(sorted(d.retreats))}"
        else:
            out[prov] = f"{d.unit} D"
    return out


def adjustment_orders(
    board: Board,
    position: Position,
    power: str,
    needed: int,
    rng: random.Random,
    gaps=True,
) -> dict[str, str]:
    """Key (province, or WAIVE<n>) -> canonical order."""
    out: dict[str, str] = {}
    if needed > 0:
        sites = sorted(build_sites(board, position, power))
        rng.shuffle(sites)
        waives = 0
        for _ in range(needed):
            if gaps and rng.random() < 0.15:
                continue  # left for civil disorder: the build is waived
            if not sites or rng.random() < 0.15:
                waives += 1
                out[f"WAIVE{waives}"] = "WAIVE"
                continue
            site = sites.pop()
            province = board.provinces[site]
            fleet_at = [c for c in board.fleet_adjacency if province_of(c) == site]
            if province.is_sea or (fleet_at and rng.random() < 0.5):
                out[site] = f"F {rng.choice(sorted(fleet_at))} B"
            else:
                out[site] = f"A {site} B"
    elif needed < 0:
        units = position.units_of(power)
        rng.shuffle(units)
        for unit in units[:-needed]:
            if not gaps or rng.random() < 0.85:
                out[unit.province] = f"{unit} D"
    return out


# -- styles ------------------------------------------------------------------

_ORDER = re.compile(
    r"(?P<kind>[AF]) (?P<loc>\S+) (?:(?P<hold>H)|- (?P<dest>\S+)(?P<via> VIA)?"
    r"|S (?P<skind>[AF]) (?P<sloc>\S+)(?: - (?P<sdest>\S+))?"
    r"|C A (?P<cloc>\S+) - (?P<cdest>\S+)|R (?P<rdest>\S+)|(?P<disband>D)"
    r"|(?P<build>B))"
)


def full_name(board: Board, location: str) -> str:
    name = board.provinces[province_of(location)].name
    if "/" in location:
        return f"{name} ({COASTS[location.split('/')[1]]})"
    return name


def abbreviation(location: str) -> str:
    return location.capitalize()


def bare(board: Board, canonical: str) -> str:
    """The order without the coasts a player may leave out: the unit's own
    (one unit per province) and a destination's when the fleet reaches only
    one coast of it; a build keeps its coast."""
    m = _ORDER.fullmatch(canonical)
    if m is None or m["build"]:
        return canonical
    words = canonical.split()
    out = []
    for k, word in enumerate(words):
        if "/" in word and k != 1:
            dest = province_of(word)
            if len(board.fleet_destinations(m["loc"], dest)) != 1:
                out.append(word)
                continue
        out.append(word.split("/")[0])
    return " ".join(out)


def styled(board: Board, canonical: str, style: str) -> str:
    """One order written as a player might: canonical, full, abbrev, lower."""
    if style == "canonical":
        return canonical
    if style == "bare":
        return abbreviation_words(bare(board, canonical))
    if canonical == "WAIVE":
        return {"full": "Waive", "abbrev": "waive", "lower": "waive"}[style]
    m = _ORDER.fullmatch(canonical)
    assert m, canonical
    if style == "full":
        name, kind = (lambda loc: full_name(board, loc)), UNIT_WORDS
        verbs = {"H": "HOLD", "-": "->", "S": "SUPPORT", "C": "CONVOY", "R": "->",
                 "D": "DISBAND"}  # fmt: skip
    elif style == "abbrev":
        name, kind = abbreviation, {"A": "A", "F": "F"}
        verbs = {"H": "H", "-": "-", "S": "S", "C": "C", "R": "R", "D": "D"}
    else:  # lower-case words
        name = lambda loc: full_name(board, loc).lower()  # noqa: E731
        kind = {"A": "army", "F": "fleet"}
        verbs = {"H": "holds", "-": "-", "S": "supports", "C": "convoys",
                 "R": "retreats to", "D": "disband"}  # fmt: skip
    unit = f"{kind[m['kind']]} {name(m['loc'])}"
    if m["hold"]:
        return f"{unit} {verbs['H']}"
    if m["dest"]:
        via = " via convoy" if m["via"] else ""
        return f"{unit} {verbs['-']} {name(m['dest'])}{via}"
    if m["skind"]:
        target = f"{kind[m['skind']]} {name(m['sloc'])}"
        to = f" {verbs['-']} {name(m['sdest'])}" if m["sdest"] else ""
        return f"{unit} {verbs['S']} {target}{to}"
    if m["cloc"]:
        army = f"{kind['A']} {name(m['cloc'])}"
        return f"{unit} {verbs['C']} {army} {verbs['-']} {name(m['cdest'])}"
    if m["rdest"]:
        return f"{unit} {verbs['R']} {name(m['rdest'])}"
    if m["disband"]:
        return {"full": f"Remove {unit}", "abbrev": f"{unit} D"}.get(
            style, f"disband {unit}"
        )
    return {"full": f"Build {unit}", "abbrev": f"{unit} B"}.get(style, f"build {unit}")


def abbreviation_words(text: str) -> str:
    """'F STP - BOT' as 'F Stp-Bot' (moves run together, as often mailed)."""
    return " ".join(w.capitalize() if len(w) > 1 else w for w in text.split()).replace(
        " - ", "-"
    )


STYLES = ("canonical", "full", "abbrev", "lower", "bare")
