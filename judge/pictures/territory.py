"""Who holds each territory, for the tints of the map.

A board printed for play colours whole countries, not just their supply
centres.  Here: a supply centre belongs to its owner; a land province
without a centre to the power whose unit stands in it, else to the power
owning most of the centres next to it (none on a tie), so a power's home
country reads as one block and a conquest spreads its colour with it.
"""

from __future__ import annotations

from collections import Counter

from judge.engine.board import Board
from judge.engine.state import Position


def territories(board: Board, position: Position) -> dict[str, str]:
    """Land province -> the power it is drawn as held by."""
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
            continue
        near = Counter(
            position.centres[q]
            for q in board.army_adjacency.get(pid, ())
            if board.provinces[q].centre and q in position.centres
        )
        ranked = near.most_common(2)
        if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
            held[pid] = ranked[0][0]
    return held
