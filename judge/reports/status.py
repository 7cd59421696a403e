"""The position in njudge's listing layout (st_status.c, st_porder.c), as
LIST <game> and the game-start notice write it:

    Status of the Movement phase for Spring of 1903.  (alpha.007)

    Austria: Army Budapest.
    Austria: Fleet Trieste.

    England: Fleet London.
    ...

Unit lines are grouped by power with a blank line between powers and the
unit in a column after the longest power name (njudge); the game-start
notice heads them 'Starting position for Spring of 1901.' instead."""

from __future__ import annotations

from judge.engine.board import Board
from judge.engine.state import Dislodged, Position
from judge.reports import describe, ownership

PHASE_WORDS = {"M": "Movement", "R": "Retreat", "A": "Adjustment"}


def status_title(position: Position, game: str, turn: int) -> str:
    phase = position.phase
    return (
        f"Status of the {PHASE_WORDS[phase.type]} phase for {phase.season_name}"
        f" of {phase.year}.  ({game}.{turn:03d})"
    )


def unit_lines(board: Board, position: Position) -> list[str]:
    """One line per unit, a blank line before each power's group."""
    owners = {power for power, _ in position.units.values()}
    width = max((len(board.powers[p].name) for p in owners), default=0) + 1
    lines: list[str] = []
    for power in sorted(owners, key=lambda p: board.powers[p].name):
        units = sorted(
            (u for p, u in position.units.values() if p == power),
            key=lambda u: board.location_name(u.location),
        )
        lines.append("")
        label = f"{board.powers[power].name}:".ljust(width + 1)
        lines += [f"{label}{describe.unit_words(board, u)}." for u in units]
    return lines


def dislodged_lines(board: Board, position: Position) -> list[str]:
    """At a retreat phase: the results' block of dislodged units, each with
    where it may go (njudge writes them among the units; a block of their own
    keeps the unit lines a position that tools can read as it stands)."""
    pending = [
        Dislodged(d.power, d.unit, tuple(d.retreats))
        for d in position.dislodged.values()
    ]
    if not pending:
        return []
    lines = ["", "The following units were dislodged:", ""]
    lines += [
        describe.dislodged_line(board, d) for d in describe.by_power(board, pending)
    ]
    return lines


def ownership_lines(board: Board, position: Position) -> list[str]:
    return [
        "",
        "Ownership of supply centers:",
        "",
        *ownership.centre_lines(board, position),
        "",
        *ownership.count_lines(board, position),
    ]


def status_listing(board: Board, position: Position, game: str, turn: int) -> str:
    """LIST's position: title, units, dislodged units, centres and counts."""
    lines = [status_title(position, game, turn)]
    lines += unit_lines(board, position)
    lines += dislodged_lines(board, position)
    lines += ownership_lines(board, position)
    return "\n".join(lines)


def starting_position(board: Board, position: Position) -> str:
    """'Starting position for Spring of 1901.' and the unit lines."""
    phase = position.phase
    lines = [f"Starting position for {phase.season_name} of {phase.year}."]
    lines += unit_lines(board, position)
    return "\n".join(lines)
