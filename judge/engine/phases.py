"""The phase sequence: which phase comes next, centre ownership, victory.

Phases with nothing to order are skipped: a retreat phase without dislodged
units, an adjustment phase where nobody may build or must remove."""

from __future__ import annotations

from judge.engine.adjustments import HOME_ONLY, needs_adjustment
from judge.engine.board import Board
from judge.engine.home_transfer import winter_end
from judge.engine.kinds import PhaseKind
from judge.engine.results import Rules
from judge.engine.state import Phase, Position

M, R, A = PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT


def advance(
    board: Board, after: Position, winner: str | None, rules: Rules = HOME_ONLY
) -> Position:
    """`after` holds the units as the phase `after.phase` left them; return
    the position at the next phase that needs orders."""
    phase = after.phase
    if phase.type == M and after.dislodged:
        return _moved_on(after, Phase(phase.year, phase.season, R), winner)
    if phase.season == "S":
        return _moved_on(after, Phase(phase.year, "F", M), winner)
    if phase.season == "F":
        centres = dict(after.centres)
        for prov, (power, _unit) in after.units.items():
            if prov in centres or board.provinces[prov].centre:
                centres[prov] = power
        goal = rules.victory_centres or board.victory_centres
        winner = winner or _winner(goal, centres)
        winter = Position(
            Phase(phase.year, "W", A), after.units, centres, {}, winner,
            homes=after.homes, held=after.held,
        )  # fmt: skip
        if needs_adjustment(board, winter, rules):
            return winter
        if rules.home_transfer:  # a winter nobody plays still ends the year
            winter = winter_end(board, winter)
        return _moved_on(winter, Phase(phase.year + 1, "S", M), winter.winner)
    return Position(
        Phase(phase.year + 1, "S", M), after.units, after.centres, {}, winner,
        homes=after.homes, held=after.held,
    )  # fmt: skip


def _moved_on(position: Position, phase: Phase, winner: str | None) -> Position:
    """`position` at another phase (dataclasses.replace, without its cost)."""
    p = position
    return Position(
        phase, p.units, p.centres, p.dislodged, winner, p.extra, p.homes, p.held
    )


def _winner(goal: int, centres: dict[str, str]) -> str | None:
    counts: dict[str, int] = {}
    for power in centres.values():
        counts[power] = counts.get(power, 0) + 1
    best = [p for p, n in counts.items() if n >= goal]
    if len(best) == 1:
        return best[0]
    return None
