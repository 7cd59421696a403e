"""Imperial Diplomacy: the map's part (edge, coastal centres), the starting
state, joining and victory (variants specification IMP-1, IMP-2, IMP-14)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from judge.engine.board import Board

NEUTRAL = "NEUTRAL"


DISORDER = "DISORDER"  # units of empires fallen into civil disorder (CDUs)


PASSIVE = (NEUTRAL, DISORDER)  # powers that never order nor adjust


def coastal_centres(board: Board) -> list[str]:
    """The centres an empire may choose as its Imperial City."""
    return sorted(
        p for p, prov in board.provinces.items() if prov.centre and prov.kind == "coast"
    )


def edge_provinces(board: Board) -> frozenset[str]:
    return frozenset(board.data.get("imperial", {}).get("edge", ()))


def land_provinces(board: Board) -> list[str]:
    return sorted(
        p for p, prov in board.provinces.items() if prov.kind in ("land", "coast")
    )


@dataclass(frozen=True)
class ImperialStart:
    garrisons: dict[str, str]  # centre -> NEUTRAL: one neutral garrison each
    centres: dict[str, str]  # centre -> owner (all NEUTRAL)
    barbarian: frozenset[str]  # non-centre land provinces with the marker


def initial_state(board: Board) -> ImperialStart:
    """IMP-1: every centre neutral and garrisoned, other land barbarian."""
    centres = board.supply_centres()
    return ImperialStart(
        garrisons=dict.fromkeys(centres, NEUTRAL),
        centres=dict.fromkeys(centres, NEUTRAL),
        barbarian=frozenset(p for p in land_provinces(board) if p not in centres),
    )


def join_problem(
    board: Board,
    city: str,
    owners: Mapping[str, str],
    occupied_by_other_than_garrison: Iterable[str],
) -> str | None:
    """Why an empire may not take `city` as its Imperial City, or None.
    `owners`: centre -> owner; the second argument: provinces holding any unit
    other than a neutral garrison."""
    prov = board.provinces.get(city)
    if prov is None or not prov.centre:
        return f"{city} is not a supply centre"
    if prov.kind != "coast":
        return f"{prov.name} is not on a sea coast"
    if owners.get(city, NEUTRAL) != NEUTRAL:
        return f"{prov.name} is not neutral (owned by {owners[city]})"
    if city in set(occupied_by_other_than_garrison):
        return f"{prov.name} is occupied"
    return None


def resolve_joins(
    board: Board,
    requests: Sequence[tuple[str, str]],
    owners: Mapping[str, str],
    occupied: Iterable[str] = (),
    conflict: str = "first_come",
) -> tuple[dict[str, str], dict[str, str]]:
    """(empire, city) requests in the order received -> (accepted empire ->
    city, refused empire -> reason).  Two joins for one city: the first wins
    (`first_come`) or both fail (`both_fail`)."""
    occupied = set(occupied)
    accepted: dict[str, str] = {}
    refused: dict[str, str] = {}
    wanted: dict[str, list[str]] = {}
    for empire, city in requests:
        if empire in accepted or empire in refused:
            continue  # one join per empire; the first stands
        problem = join_problem(board, city, owners, occupied)
        if problem:
            refused[empire] = problem
            continue
        wanted.setdefault(city, []).append(empire)
    for city, empires in wanted.items():
        if len(empires) == 1 or conflict == "first_come":
            accepted[empires[0]] = city
            rest = empires[1:]
        else:
            rest = empires
        for empire in rest:
            refused[empire] = f"{board.provinces[city].name} was chosen by another"
    return accepted, refused


def victory_threshold(centres: int) -> int:
    """Half the centres less two, rounded up: 34 -> 15, 35 -> 16."""
    return math.ceil(centres / 2 - 2)


def bloc_result(
    board: Board,
    owners: Mapping[str, str],
    federations: Iterable[Iterable[str]] = (),
) -> tuple[str, tuple[tuple[str, ...], ...]] | None:
    """('win', (bloc,)) when one bloc (a federation or a lone empire) holds
    the threshold; ('draw', blocs) when several do at the same check."""
    threshold = victory_threshold(len(board.supply_centres()))
    counts: dict[str, int] = {}
    for owner in owners.values():
        if owner != NEUTRAL:
            counts[owner] = counts.get(owner, 0) + 1
    blocs: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for fed in federations:
        members = tuple(sorted(set(fed)))
        blocs.append(members)
        seen.update(members)
    blocs += [(e,) for e in sorted(counts) if e not in seen]
    reaching = tuple(b for b in blocs if sum(counts.get(m, 0) for m in b) >= threshold)
    if not reaching:
        return None
    return ("win" if len(reaching) == 1 else "draw", reaching)


def slot_of(city: str) -> str:
    """The first empire slot of a city."""
    return f"EMPIRE_{city}"


def city_of(slot: str) -> str | None:
    """The Imperial City of an empire slot: 'EMPIRE_BRE' and its later
    empires 'EMPIRE_BRE_2', 'EMPIRE_BRE_3' -> 'BRE'."""
    if not slot.startswith("EMPIRE_"):
        return None
    return slot.removeprefix("EMPIRE_").split("_")[0]


def slots_of(board: Board, city: str) -> list[str]:
    """Every empire slot of a city, the first empire's first: a newcomer may
    found an empire at any neutral coastal centre whatever its history
    (rule 3), so a city whose empire lost it and lives on elsewhere has
    reserve slots for later empires (maps/imperial.toml)."""
    first = slot_of(city)
    later = sorted(
        (p for p in board.powers if p.startswith(first + "_")),
        key=lambda p: int(p.rsplit("_", 1)[1]),
    )
    return [first, *later] if first in board.powers else later


def is_reserve(board: Board, slot: str) -> bool:
    """A later empire's slot, a seat only once it is open or founded."""
    return board.is_reserve(slot)


def fresh_slot(board: Board, empires: Mapping, city: str) -> str | None:
    """The slot a newcomer founding an empire at `city` takes: the city's
    first slot no living empire holds (None: all taken)."""
    return next((s for s in slots_of(board, city) if s not in empires), None)


def open_slots(board: Board, position) -> list[str]:
    """Reserve slots a newcomer may take now: a city whose empires all live
    and which is neutral again, with nothing but a neutral garrison in it."""
    extra = (position.extra or {}) if position else {}
    empires = extra.get("empires", {})
    garrisons = extra.get("garrisons", {})
    out = []
    for city in coastal_centres(board):
        slot = fresh_slot(board, empires, city)
        if slot is None or not is_reserve(board, slot) or city in garrisons:
            continue
        held = position.units.get(city)
        if position.centres.get(city, NEUTRAL) == NEUTRAL and (
            held is None or held[0] == NEUTRAL
        ):
            out.append(slot)
    return out


def empire_names(position) -> dict[str, str]:
    """The names players gave their empires (upper case) -> slot; and a
    city whose later empire holds it (its garrison) -> that empire."""
    extra = (position.extra or {}) if position else {}
    empires = extra.get("empires", {})
    names = {e["name"].upper(): s for s, e in empires.items() if e.get("name")}
    for city, slot in extra.get("garrisons", {}).items():
        if slot != slot_of(city):
            names.setdefault(city, slot)
    return names


def place_of(board: Board, word: str) -> str | None:
    word = word.strip().upper()
    if board.is_location(word):
        return word
    for pid, prov in board.provinces.items():
        if word in {prov.name.upper(), *(a.upper() for a in prov.aliases)}:
            return pid
    return None


def empire_of(board: Board, word: str, names=None) -> str | None:
    """The empire slot `word` names: its id, its city, the board's name for
    it ("Empire of Rome") or the name its player gave it (`names`: upper-case
    name -> slot, from the state)."""
    word = " ".join(word.split()).upper()
    if word in board.powers and word != NEUTRAL:
        return word
    if names and word in names:
        return names[word]
    for slot, power in board.powers.items():
        if slot != NEUTRAL and power.name.upper() == word:
            return slot
    place = place_of(board, word)
    if place and names and place in names:  # a later empire holds the city
        return names[place]
    if place and slot_of(place) in board.powers:
        return slot_of(place)
    return None
