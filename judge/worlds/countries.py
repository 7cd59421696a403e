"""Players naming their countries before a game on a random world starts
(Diplomaccloud's `SET COUNTRY`).  The power's id and letter stay as they
are, so positions and sign-ons are unaffected; only the name and adjective
players read and write change."""

from __future__ import annotations

import copy
import re

from judge.engine.board import Board
from judge.language.names import name_index, words_of
from judge.worlds.names import RESERVED, adjective

COUNTRY = re.compile(r"^[A-Za-z][A-Za-z'-]{2,19}$")


def country_name_problem(board: Board, power: str, name: str) -> str | None:
    """Why `name` cannot be `power`'s name on this board (None: it can)."""
    if power not in board.powers:
        return f"no power called {power!r} on this map"
    if not COUNTRY.match(name):
        return (
            f"a country's name is one word of 3 to 20 letters (apostrophes and "
            f"dashes allowed): not {name!r}"
        )
    words = words_of(name)
    if any(w in RESERVED for w in words):
        return f"{name!r} is a word orders use; choose another name"
    if name_index(board).lookup(words) is not None:
        return f"{name!r} is already a place's name on this map; choose another"
    key = "".join(words)
    for pid, other in board.powers.items():
        if pid == power:
            continue
        taken = {pid, other.name, other.adjective}
        if key in {"".join(words_of(t)) for t in taken}:
            return f"{name!r} is already {other.name}'s name"
    return None


def rename_country(data: dict, power: str, name: str) -> dict:
    """A copy of the map data with `power` called `name` (checked first:
    ValueError with the reason when the name cannot be used)."""
    problem = country_name_problem(Board(data), power, name)
    if problem:
        raise ValueError(problem)
    renamed = copy.deepcopy(data)
    entry = renamed["powers"][power]
    entry["name"] = name[0].upper() + name[1:]
    entry["adjective"] = adjective(entry["name"])
    return renamed
