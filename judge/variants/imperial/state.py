"""Imperial's state (`state.variant`): its fields, and what they say of each
other."""

from __future__ import annotations

from collections.abc import Mapping

from judge.engine.board import Board
from judge.variants.imperial.map import PASSIVE, city_of
from judge.variants.state import (
    Checker,
    centre,
    count,
    flag,
    list_of,
    location,
    object_of,
    one_of,
    power,
    province,
    record,
    row,
    text,
)


def _empire(board: Board, value, where: str) -> None:
    power(board, value, where)
    if value in PASSIVE:
        raise ValueError(f"{where}: {value} is no empire")


def _gift(board: Board, value, where: str) -> None:
    """[giver, kind, what, to]: GIVE SC <location>, GIVE UNIT <A|F location>,
    GIVE BUILDS <n> (orders.Give)."""
    row((_empire, one_of("sc", "unit", "builds"), text, _empire), _GIFT)(
        board, value, where
    )
    kind, what = value[1], value[2]
    if kind == "sc":
        location(board, what, where)
    elif kind == "unit":
        words = what.split()
        if len(words) != 2 or words[0] not in ("A", "F"):
            raise ValueError(
                f"{where}: a unit given must be written 'A BUR', got {what!r}"
            )
        location(board, words[1], where)
    elif not what.isdigit():
        raise ValueError(f"{where}: builds given must be a number, got {what!r}")


_GIFT = "giver, 'sc'|'unit'|'builds', what, receiver"
_PROVINCES = list_of(province, "province ids")
_EMPIRES = list_of(_empire, "empires")

FIELDS: dict[str, Checker] = {
    "empires": object_of(
        _empire, record({"city": centre}, {"name": text}), "empire -> {city, name}"
    ),
    "garrisons": object_of(centre, _empire, "city -> empire"),
    "barbarian": _PROVINCES,
    "joins": list_of(row((_empire, province, text), "empire, city, name"), "joins"),
    "federations": list_of(_EMPIRES, "federations (lists of empires)"),
    "federating": object_of(
        _empire,
        record({}, {"federate": _empire, "accept": _EMPIRES, "leave": flag}),
        "empire -> {federate, accept, leave}",
    ),
    "nmr": object_of(
        _empire, record({"run": count, "total": count}), "empire -> {run, total}"
    ),
    "disorder": _EMPIRES,
    "gifts": list_of(_gift, f"gifts [{_GIFT}]"),
    "barbarian_armies": _PROVINCES,
    "barbarians_retreating": _PROVINCES,
    "wild": _PROVINCES,
    "pending": list_of(centre, "supply centres"),
    "entered": _PROVINCES,
    "result": one_of("win", "draw"),
}


def check_relations(extra: Mapping) -> None:
    """What the fields say of each other: an empire is named after its city,
    and a garrison stands in the city of an empire still in the game."""
    empires = extra.get("empires", {})
    for slot, empire in empires.items():
        if city_of(slot) != empire["city"]:  # EMPIRE_BRE, EMPIRE_BRE_2: BRE
            raise ValueError(
                f"state.variant.empires.{slot}.city must be"
                f" {city_of(slot)!r} (an empire is named after its"
                f" city), got {empire['city']!r}"
            )
    for city, slot in extra.get("garrisons", {}).items():
        if slot not in empires:
            raise ValueError(
                f"state.variant.garrisons.{city}: {slot} is not among the empires"
            )
        if empires[slot]["city"] != city:
            raise ValueError(
                f"state.variant.garrisons.{city}: {slot}'s garrison stands in"
                f" {empires[slot]['city']}"
            )
