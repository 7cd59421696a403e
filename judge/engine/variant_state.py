"""Checks on a variant's own state (`state.variant`, kept as Position.extra).

The standard fields of a state are checked by judge.engine.serialize; this
checks the variant's part the same way: every key the variant's rule hooks
write (and nothing else), each value of the shape they write, with a message
naming the field.  One table per kind of rule hooks: field -> checker.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from judge.engine.board import Board

Checker = Callable[[Board, Any, str], None]

PASSIVE = ("NEUTRAL", "DISORDER")  # Imperial's powers that are no empire


def check_variant_state(board: Board, extra: Mapping) -> None:
    """Raise ValueError naming the first field of `extra` its variant does not
    keep or whose value is not of the shape the variant writes."""
    if not extra:
        return
    kind = board.data.get("variant", {}).get("rules")
    if kind is None:
        raise ValueError(
            "the standard game has no variant state (state.variant must be empty)"
        )
    fields = _fields(board, kind)
    for key, value in extra.items():
        check = fields.get(key)
        if check is None:
            keeps = ", ".join(sorted(fields)) or "none"
            raise ValueError(
                f"state.variant has an unknown field {key!r}"
                f" (this variant keeps: {keeps})"
            )
        check(board, value, f"state.variant.{key}")
    if kind == "imperial":
        _imperial_relations(extra)


def _imperial_relations(extra: Mapping) -> None:
    """What the fields say of each other: an empire is named after its city,
    and a garrison stands in the city of an empire still in the game."""
    from judge.engine.variant_imperial_map import city_of

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


# -- single values -------------------------------------------------------------


def _province(board: Board, value, where: str) -> None:
    if not isinstance(value, str):
        raise ValueError(f"{where} must be a province id, got {value!r}")
    if value not in board.provinces:
        raise ValueError(f"{where}: no province called {value!r}")


def _centre(board: Board, value, where: str) -> None:
    _province(board, value, where)
    if not board.provinces[value].centre:
        raise ValueError(f"{where}: {value} is no supply centre")


def _location(board: Board, value, where: str) -> None:
    if not isinstance(value, str) or not board.is_location(value):
        raise ValueError(f"{where}: no location called {value!r}")


def _power(board: Board, value, where: str) -> None:
    if not isinstance(value, str):
        raise ValueError(f"{where} must be a power id, got {value!r}")
    if value not in board.powers:
        raise ValueError(f"{where}: no power called {value!r}")


def _empire(board: Board, value, where: str) -> None:
    _power(board, value, where)
    if value in PASSIVE:
        raise ValueError(f"{where}: {value} is no empire")


def _count(board: Board, value, where: str) -> None:
    if type(value) is not int or value < 0:
        raise ValueError(f"{where} must be a whole number, got {value!r}")


def _text(board: Board, value, where: str) -> None:
    if not isinstance(value, str):
        raise ValueError(f"{where} must be a string, got {value!r}")


def _flag(board: Board, value, where: str) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{where} must be true or false, got {value!r}")


def one_of(*values: str) -> Checker:
    def check(board: Board, value, where: str) -> None:
        if value not in values:
            allowed = ", ".join(repr(v) for v in values)
            raise ValueError(f"{where} must be one of {allowed}, got {value!r}")

    return check


# -- containers ------------------------------------------------------------------


def list_of(item: Checker, what: str) -> Checker:
    """A JSON list (never a string read letter by letter) of `item`s."""

    def check(board: Board, value, where: str) -> None:
        if not isinstance(value, list):
            raise ValueError(f"{where} must be a list of {what}")
        for entry in value:
            item(board, entry, where)

    return check


def object_of(key: Checker, item: Checker, what: str) -> Checker:
    """A JSON object `what` (e.g. "city -> empire"): keys, then values."""

    def check(board: Board, value, where: str) -> None:
        if not isinstance(value, dict):
            raise ValueError(f"{where} must be an object of {what}")
        for k, v in value.items():
            key(board, k, where)
            item(board, v, f"{where}.{k}")

    return check


def record(required: Mapping[str, Checker], optional=None) -> Checker:
    """A JSON object with these fields (the required ones present)."""
    optional = optional or {}
    fields = {**required, **optional}

    def check(board: Board, value, where: str) -> None:
        if not isinstance(value, dict):
            raise ValueError(f"{where} must be an object with {', '.join(fields)}")
        for name in required:
            if name not in value:
                raise ValueError(f"{where} has no {name!r}")
        for name, v in value.items():
            if name not in fields:
                raise ValueError(f"{where} has an unknown field {name!r}")
            fields[name](board, v, f"{where}.{name}")

    return check


def row(items: tuple[Checker, ...], what: str) -> Checker:
    """A JSON list of fixed length, e.g. [empire, city, name]."""

    def check(board: Board, value, where: str) -> None:
        if not isinstance(value, list) or len(value) != len(items):
            raise ValueError(f"{where}: each entry must be [{what}], got {value!r}")
        for item, v in zip(items, value, strict=True):
            item(board, v, where)

    return check


# -- the variants ----------------------------------------------------------------


def _gift(board: Board, value, where: str) -> None:
    """[giver, kind, what, to]: GIVE SC <location>, GIVE UNIT <A|F location>,
    GIVE BUILDS <n> (variant_imperial_orders.Give)."""
    row((_empire, one_of("sc", "unit", "builds"), _text, _empire), _GIFT)(
        board, value, where
    )
    kind, what = value[1], value[2]
    if kind == "sc":
        _location(board, what, where)
    elif kind == "unit":
        words = what.split()
        if len(words) != 2 or words[0] not in ("A", "F"):
            raise ValueError(
                f"{where}: a unit given must be written 'A BUR', got {what!r}"
            )
        _location(board, words[1], where)
    elif not what.isdigit():
        raise ValueError(f"{where}: builds given must be a number, got {what!r}")


_GIFT = "giver, 'sc'|'unit'|'builds', what, receiver"
_PROVINCES = list_of(_province, "province ids")
_EMPIRES = list_of(_empire, "empires")

IMPERIAL: dict[str, Checker] = {
    "empires": object_of(
        _empire, record({"city": _centre}, {"name": _text}), "empire -> {city, name}"
    ),
    "garrisons": object_of(_centre, _empire, "city -> empire"),
    "barbarian": _PROVINCES,
    "joins": list_of(row((_empire, _province, _text), "empire, city, name"), "joins"),
    "federations": list_of(_EMPIRES, "federations (lists of empires)"),
    "federating": object_of(
        _empire,
        record({}, {"federate": _empire, "accept": _EMPIRES, "leave": _flag}),
        "empire -> {federate, accept, leave}",
    ),
    "nmr": object_of(
        _empire, record({"run": _count, "total": _count}), "empire -> {run, total}"
    ),
    "disorder": _EMPIRES,
    "gifts": list_of(_gift, f"gifts [{_GIFT}]"),
    "barbarian_armies": _PROVINCES,
    "barbarians_retreating": _PROVINCES,
    "wild": _PROVINCES,
    "pending": list_of(_centre, "supply centres"),
    "entered": _PROVINCES,
    "result": one_of("win", "draw"),
}

RULES_1913: dict[str, Checker] = {
    "homes": object_of(_power, _centre, "minor power -> centre"),
    "designations": object_of(_power, _province, "minor power -> province"),
    "alliance": object_of(_power, list_of(_power, "powers"), "power -> list of powers"),
    "result": one_of("alliance"),
}


def _fields(board: Board, kind: str) -> dict[str, Checker]:
    if kind == "imperial":
        return IMPERIAL
    if kind == "1913":
        return RULES_1913
    if kind == "small" and board.data.get("coin_toss"):
        return {"coin_toss": _coin_toss}
    return {}


def _coin_toss(board: Board, value, where: str) -> None:
    """{power, player, year}: the country given and to which seat, after the
    Fall of which year (variant_small.SmallGameRules._toss)."""
    from judge.engine.variant_small import seating

    table = board.data["coin_toss"]

    def power(board: Board, value, where: str) -> None:
        if value != table["power"]:
            raise ValueError(f"{where} must be {table['power']!r}, got {value!r}")

    def player(board: Board, value, where: str) -> None:
        seats = sorted(seating(board))
        if value not in seats:
            raise ValueError(
                f"{where} must be one of {', '.join(seats)}, got {value!r}"
            )

    record({"power": power, "player": player, "year": _count})(board, value, where)
