"""The game-start notice in njudge's layout (ml_signon.c), which tools read
to set up a game (jDip looks for 'You have been selected as', 'The
following players are in this game:' and 'Starting position for'):

    You have been selected as France in game 'alpha' of Diplomacy.

    The following players are in this game:
         Austria:                  someone@example.org
         ...

    Starting position for Spring of 1901.

    Austria: Army Budapest.
    ...

    The deadline for the first orders is Thu Jan 08 2026 23:30:00 +0000.

What a player needs besides comes after the deadline line, where the layout
ends: how to sign on, their units, the deadline in their time zone."""

from __future__ import annotations

from collections.abc import Sequence

from judge.engine.board import Board
from judge.engine.state import Position
from judge.reports.status import starting_position

# njudge pads the power column to its longest power name (LPOWER, 24) + 1.
ROSTER_COLUMN = 25


def roster_line(power_name: str, who: str) -> str:
    """'     Austria:                  someone@example.org'."""
    return f"     {power_name}:" + " " * max(ROSTER_COLUMN - len(power_name), 1) + who


def start_notice(
    board: Board,
    *,
    game: str,
    selected_as: str,
    roster: Sequence[tuple[str, str]],
    position: Position,
    deadline: str,
    extra: Sequence[str] = (),
) -> str:
    """selected_as: 'France', 'Observer', 'Master' or a seat's label;
    roster: (power name, address or placeholder); deadline: judge_date text;
    extra: the recipient's own lines, after the layout."""
    lines = [
        f"You have been selected as {selected_as} in game '{game}' of Diplomacy.",
        "",
        "The following players are in this game:",
        *(roster_line(name, who) for name, who in roster),
        "",
        starting_position(board, position),
        "",
        f"The deadline for the first orders is {deadline}.",
    ]
    if extra:
        lines += ["", *extra]
    return "\n".join(lines) + "\n"
