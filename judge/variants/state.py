"""Checks on a variant's own state (`state.variant`, kept as Position.extra).

The standard fields of a state are checked by judge.engine.serialize; a
variant checks its part the same way: every key its rule hooks write (and
nothing else), each value of the shape they write, with a message naming the
field.  A variant lists its fields as a table, field -> checker, built from
the checkers here (judge/variants/imperial/state.py is the largest).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from judge.engine.board import Board

Checker = Callable[[Board, Any, str], None]


def check_fields(board: Board, fields: Mapping[str, Checker], extra: Mapping) -> None:
    """Raise ValueError naming the first field of `extra` not in `fields` or
    whose value is not of the shape the variant writes."""
    for key, value in extra.items():
        check = fields.get(key)
        if check is None:
            keeps = ", ".join(sorted(fields)) or "none"
            raise ValueError(
                f"state.variant has an unknown field {key!r}"
                f" (this variant keeps: {keeps})"
            )
        check(board, value, f"state.variant.{key}")


# -- single values -------------------------------------------------------------


def province(board: Board, value, where: str) -> None:
    if not isinstance(value, str):
        raise ValueError(f"{where} must be a province id, got {value!r}")
    if value not in board.provinces:
        raise ValueError(f"{where}: no province called {value!r}")


def centre(board: Board, value, where: str) -> None:
    province(board, value, where)
    if not board.provinces[value].centre:
        raise ValueError(f"{where}: {value} is no supply centre")


def location(board: Board, value, where: str) -> None:
    if not isinstance(value, str) or not board.is_location(value):
        raise ValueError(f"{where}: no location called {value!r}")


def power(board: Board, value, where: str) -> None:
    if not isinstance(value, str):
        raise ValueError(f"{where} must be a power id, got {value!r}")
    if value not in board.powers:
        raise ValueError(f"{where}: no power called {value!r}")


def count(board: Board, value, where: str) -> None:
    if type(value) is not int or value < 0:
        raise ValueError(f"{where} must be a whole number, got {value!r}")


def text(board: Board, value, where: str) -> None:
    if not isinstance(value, str):
        raise ValueError(f"{where} must be a string, got {value!r}")


def flag(board: Board, value, where: str) -> None:
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
