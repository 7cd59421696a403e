"""The 'Ownership of supply centers:' block of Fall results (njudge st_porder.c).

Centre lists wrap after a comma before column 80, continuation lines indented
under the first centre; the count lines keep njudge's column layout so the
tools that read them by position keep working:

    Austria:   Budapest, Greece, Trieste, Vienna.
    Austria:   4 Supply centers,  3 Units:  Builds   1 unit.
"""

from __future__ import annotations

from judge.engine.board import Board
from judge.engine.home_transfer import home_powers
from judge.engine.state import Position

LINE_WIDTH = 79  # njudge wraps when a line would reach column 80


def name_width(board: Board) -> int:
    """njudge GetMaxCountryStrlen: longest power name + 1, at least 10."""
    return max(max(len(p.name) for p in board.powers.values()) + 1, 10)


def wrap_at_commas(prefix: str, items: list[str], indent: int) -> list[str]:
    """'prefix a, b, c.' broken after commas so no line passes LINE_WIDTH."""
    pieces = [f"{item}," for item in items[:-1]] + [f"{items[-1]}."]
    lines, line = [], prefix + pieces[0]
    for piece in pieces[1:]:
        if len(line) + 1 + len(piece) > LINE_WIDTH:
            lines.append(line)
            line = " " * indent + piece
        else:
            line += " " + piece
    return [*lines, line]


def centre_lines(
    board: Board, position: Position, homes_shown: bool = False
) -> list[str]:
    """homes_shown (HOME TRANSFER, where homes change): each home centre
    followed by its home power's letter, and '*' before it when the owner
    is that power ('Berlin*(G), Denmark, Warsaw(R)'), as njudge shows them."""
    width = name_width(board)
    lines = []
    homes = home_powers(board, position) if homes_shown else {}
    for power in sorted(board.powers.values(), key=lambda p: p.name):
        names = sorted(
            board.provinces[c].name + _home_mark(board, homes, c, power.id)
            for c in position.centres_of(power.id)
        )
        if names:
            lines += wrap_at_commas(f"{power.name}:".ljust(width + 1), names, width + 1)
    return lines


def _home_mark(board: Board, homes: dict[str, str], centre: str, owner: str) -> str:
    home = homes.get(centre)
    if home is None:
        return ""
    return ("*" if home == owner else "") + f"({board.powers[home].letter})"


def count_line(board: Board, power: str, centres: int, units: int, winner: bool):
    """'Austria:   4 Supply centers,  3 Units:  Builds   1 unit.'"""
    diff = abs(centres - units)
    line = (
        f"{board.powers[power].name}:".ljust(name_width(board))
        + f"{centres:2d} Supply center{', ' if centres == 1 else 's,'}"
        + f" {units:2d} Unit{': ' if units == 1 else 's:'}"
        + f"  {'Builds ' if centres >= units else 'Removes'}"
        + f" {diff:2d} unit{'' if diff == 1 else 's'}."
    )
    if winner:  # njudge pads the singular so the marks line up
        line += (" " if diff == 1 else "") + "  (* VICTORY!! *)"
    return line


def count_lines(board: Board, position: Position) -> list[str]:
    lines = []
    # a shared victory ('ENGLAND+FRANCE') marks each of its powers (njudge)
    winners = set(position.winner.split("+")) if position.winner else set()
    for power in sorted(board.powers.values(), key=lambda p: p.name):
        centres = len(position.centres_of(power.id))
        units = len(position.units_of(power.id))
        if centres or units:
            winner = power.id in winners
            lines.append(count_line(board, power.id, centres, units, winner))
    return lines
