"""BLANK BOARD (njudge's SET BLANK BOARD): a game starts with no units, in
the adjustment phase before its first movement phase, so that every power
builds its own starting units in its home centres.  A map that does not
start with a spring movement phase is left as it is (njudge: no effect on a
game that starts in a build phase)."""

from __future__ import annotations

from judge.engine.state import Phase, Position


def blank_start(position: Position) -> Position:
    """The starting position without its units, a winter earlier."""
    phase = position.phase
    if phase.season != "S" or phase.type != "M":
        return position
    return Position(
        Phase(phase.year - 1, "W", "A"),
        {},
        dict(position.centres),
        {},
        None,
        position.extra,
    )
