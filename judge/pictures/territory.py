"""Who holds each territory, for the tints of the map.

A board printed for play colours whole home countries, and leaves the
neutral lands plain.  Here:

* a supply centre is its owner's, and plain while nobody owns it;
* a land province without a centre is the power's whose unit stands in it;
* else, when it is part of a power's home country, it goes with that
  country's home centres: their holder's (most of them; on a tie the home
  power if it is among those tied, else nobody's).  So at the start every
  home province shows its power (Prussia German, Piedmont Italian), and a
  conquered country changes colour with its centres;
* any other land (Albania, North Africa on the standard board) is plain.

A home country is its home centres and the provinces the map lists under
the power's `country` (maps/standard.toml).  A map without such lists (a
generated world) counts a province without a centre as part of a home
country when every home centre next to it is that power's, and there are
at least two of them.
"""

from __future__ import annotations

from collections import Counter

from judge.engine.board import Board
from judge.engine.state import Position


def home_countries(board: Board) -> dict[str, str]:
    """Land province without a centre -> the power whose home country it is."""
    listed = {
        pid: power
        for power, data in board.data.get("powers", {}).items()
        if power in board.powers
        for pid in data.get("country", ())
        if pid in board.provinces
    }
    if listed or any(
        "country" in data for data in board.data.get("powers", {}).values()
    ):
        return listed
    home_of = {pid: p.home for pid, p in board.provinces.items() if p.home}
    derived = {}
    for pid, prov in board.provinces.items():
        if prov.centre or prov.is_sea or prov.kind == "impassable":
            continue
        homes = [home_of[q] for q in board.army_adjacency.get(pid, ()) if q in home_of]
        if len(homes) >= 2 and len(set(homes)) == 1:
            derived[pid] = homes[0]
    return derived


def _country_holder(power: str, centres: list[str], position: Position) -> str | None:
    """Who a home country's provinces without centres are drawn as held by:
    the holder of most of its home centres."""
    ranked = Counter(
        position.centres[c] for c in centres if c in position.centres
    ).most_common()
    if not ranked:
        return None
    best = ranked[0][1]
    tied = [p for p, n in ranked if n == best]
    if len(tied) == 1:
        return tied[0]
    return power if power in tied else None


def territories(board: Board, position: Position) -> dict[str, str]:
    """Land province -> the power it is drawn as held by."""
    country = home_countries(board)
    holders = {
        power: _country_holder(power, board.home_centres(power), position)
        for power in set(country.values())
    }
    held: dict[str, str] = {}
    for pid, prov in board.provinces.items():
        if prov.is_sea or prov.kind == "impassable":
            continue
        if prov.centre:
            owner = position.centres.get(pid)
            if owner:
                held[pid] = owner
            continue
        unit = position.units.get(pid)
        if unit is not None:
            held[pid] = unit[0]
        elif pid in country and holders[country[pid]]:
            held[pid] = holders[country[pid]]
    return held
