"""The results mail of an adjudicated phase (docs/contracts/results-format.md)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from judge.engine.api import PhaseResult
from judge.engine.board import Board
from judge.engine.orders import unit_kind
from judge.engine.results import Outcome
from judge.engine.state import Dislodged, Phase
from judge.reports import describe, ownership
from judge.reports.dates import judge_date
from judge.reports.header import header_context, results_subject
from judge.reports.templating import render

# How the trailer names the next phase (njudge dip.c): plural for orders owed.
NEXT_PHASE_WORDS = {"M": "Movement", "R": "Retreats", "A": "Adjustments"}


def phase_title(phase: Phase, what: str, game: str, turn_number: int) -> str:
    """'Movement results for Spring of 1901. (game.001)'; what: results|orders."""
    return (
        f"{phase.type_name} {what} for {phase.season_name} of {phase.year}. "
        f"({game}.{turn_number:03d})"
    )


def next_phase_words(phase: Phase) -> str:
    """'Retreats for Spring of 1901'."""
    return f"{NEXT_PHASE_WORDS[phase.type]} for {phase.season_name} of {phase.year}"


def game_result(board: Board, winner: str | None = None, draw: Sequence[str] = ()):
    """The sentence after 'The game is over.': a solo winner or a shared draw."""
    if winner and "+" in winner:  # a variant's shared victory (1913's alliance)
        names = sorted(board.powers[p].name for p in winner.split("+"))
        listed = ", ".join(names[:-1]) + f" and {names[-1]}"
        return f"The game has ended in a shared victory for {listed}."
    if winner:
        return f"The game has ended in a victory for {board.powers[winner].name}."
    names = sorted(board.powers[p].name for p in draw)
    if len(names) < 2:
        raise ValueError("a game ends in a victory or a draw of two or more powers")
    listed = ", ".join(names[:-1]) + f" and {names[-1]}"
    return f"The game has ended in a draw between {listed}."


def shows_ownership(result: PhaseResult) -> bool:
    """After Fall movement with no retreats pending, or after Fall retreats."""
    phase = result.phase
    if phase.season != "F":
        return False
    return phase.type == "R" or (
        phase.type == "M" and result.position.phase.type != "R"
    )


def order_lines(board: Board, result: PhaseResult) -> list[str]:
    owners = {
        r.unit.province: (r.power, r.unit)
        for r in result.results
        if r.unit and not unit_kind(r.unit.kind).beside
    }
    lines = []
    for r in describe.by_power(board, result.results):
        silent = r.unit is not None and unit_kind(r.unit.kind).holds_silently
        if silent and r.order is None and not r.outcomes:
            continue  # a unit kind that holds unordered, as it always may
        if describe.is_variant_order(r.order) and r.unit is None:
            lines.append(describe.variant_line(board, r.power, r.order, r.outcomes))
        elif result.phase.type == "A":
            if r.order is not None and not getattr(r.order, "in_results", True):
                continue  # njudge lists a maintained unit in the orders only
            lines.append(
                describe.adjustment_line(board, r.power, r.unit, r.order, r.outcomes)
            )
        else:
            retreat = result.phase.type == "R"
            outcomes = r.outcomes if retreat else movement_outcomes(r.outcomes)
            lines.append(
                describe.unit_line(
                    board, r.power, r.unit, r.order, outcomes, owners, retreat
                )
            )
    return lines


def home_lines(board: Board, result: PhaseResult) -> list[str]:
    """After a winter under HOME TRANSFER, a line for each centre that is a
    home not on the map ('Germany:   Assumes Warsaw as a home centre.'),
    after a blank line, as njudge lists them (st_build.c)."""
    if result.phase.type != "A" or not result.position.homes:
        return []
    lines = [""]
    for power in sorted(board.powers.values(), key=lambda p: p.name):
        label = f"{power.name}:".ljust(describe.NJUDGE_POWER_COLUMN)
        won = [c for c, p in result.position.homes.items() if p == power.id]
        for name in sorted(board.provinces[c].name for c in won):
            lines.append(f"{label} Assumes {name} as a home centre.")
    return lines


def dislodged_units(result: PhaseResult) -> list[Dislodged]:
    """The dislodged block: the engine's dislodged units, and any other unit
    a movement phase destroyed (a variant's guard), which the block is
    then the only place to name."""
    units = list(result.dislodged)
    if result.phase.type != "M":
        return units
    named = {(d.power, d.unit) for d in units}
    for r in result.results:
        if r.unit and Outcome.DISBAND in r.outcomes and (r.power, r.unit) not in named:
            units.append(Dislodged(r.power, r.unit, ()))
    return units


def movement_outcomes(outcomes: Sequence[str]) -> tuple[str, ...]:
    """A movement line says (*dislodged*), never destroyed: njudge names a
    unit with no retreat only in the dislodged block (st_movement.c), and
    tools match each dislodged line to that block by province."""
    return tuple(code for code in outcomes if code != Outcome.DISBAND)


def results_mail(
    board: Board,
    *,
    judge_code: str,
    game: str,
    variant_label: str,
    phase_result: PhaseResult,
    turn_number: int,
    next_deadline: datetime | None,
    tz: str,
    game_over: str | None = None,
    player_tz: str | None = None,
    variant_lines: Sequence[str] = (),
    homes_shown: bool = False,
    proxy_lines: Sequence[str] = (),
) -> tuple[str, str]:
    """(subject, body) of the results of `phase_result`.

    turn_number: the game's turn counter of the phase processed (printed as
    game.001).  next_deadline: UTC deadline of the next phase; may be None
    only when the game is over.  game_over: the result sentence (see
    `game_result`); when None and the position has a winner, it is derived.
    player_tz: the recipient's own zone, for the line after the header.
    variant_lines: what is particular to a variant at the new position
    (judge.reports.variant), in a block before the next-phase lines.
    homes_shown: the game plays HOME TRANSFER (the centres show their homes).
    proxy_lines: the units handed over for the phase (describe.proxy_line),
    in a block before the units' lines, as njudge prints them."""
    position = phase_result.position
    if game_over is None and position.winner:
        game_over = game_result(board, winner=position.winner)
    if not game_over and next_deadline is None:
        raise ValueError("a game that goes on needs the next deadline")
    show_centres = shows_ownership(phase_result)
    body = render(
        "results.txt",
        **header_context(
            judge_code=judge_code,
            game=game,
            variant_label=variant_label,
            phase=str(position.phase),
            deadline=next_deadline,
            tz=tz,
            player_tz=None if game_over else player_tz,
        ),
        title=phase_title(phase_result.phase, "results", game, turn_number),
        proxy_lines=list(proxy_lines),
        order_lines=order_lines(board, phase_result) + home_lines(board, phase_result),
        dislodged_lines=[
            describe.dislodged_line(board, d)
            for d in describe.by_power(board, dislodged_units(phase_result))
        ],
        centre_lines=(
            ownership.centre_lines(board, position, homes_shown) if show_centres else []
        ),
        count_lines=ownership.count_lines(board, position) if show_centres else [],
        game_over=game_over,
        variant_lines=list(variant_lines),
        next_phase=next_phase_words(position.phase),
        next_deadline=judge_date(next_deadline, tz),
    )
    return results_subject(judge_code, game, str(phase_result.phase)), body
