"""njudge's game summary (summary.c), for SUMMARY and the end-of-game mail:
who held each power and from which phase, then the supply centres each
power held at the end of each year."""

from __future__ import annotations

import json

from judge.engine.serialize import position_from_json
from judge.engine.state import Position
from judge.service.game_options import identities_hidden, stored
from judge.service.queries import Game, holders, turns


def summary_text(db, game: Game) -> str:
    board = game.board
    snapshots = [text for (text,) in turns(db, game.name, "position")]
    if game.position:
        snapshots.append(game.position)
    if not snapshots:
        return f"Game '{game.name}' has not started."
    last = position_from_json(board, json.loads(snapshots[-1])).phase
    lines = [f"Summary of game '{game.name}' through {last}.", ""]
    lines += holder_lines(db, game)
    lines += ["", "", *count_lines(db, game)]
    if stored(game)["irregular"]:  # njudge's parameters after the summary
        lines += ["", "Irregular: a rule was changed after the start; the game"
                  " counts for no player's record."]  # fmt: skip
    return "\n".join(lines)


def holder_lines(db, game: Game) -> list[str]:
    """'  Austria:       player1@example.org' and a 'from <phase>' line per
    replacement (njudge); addresses hidden in an anonymous game."""
    board = game.board
    by_power: dict[str, list[tuple[str, str]]] = {}
    for power, address, phase in holders(db, game.name):
        by_power.setdefault(power, []).append((address, phase))
    lines = []
    for power in sorted(by_power, key=lambda p: board.powers[p].name):
        name = board.powers[power].name
        for i, (address, phase) in enumerate(by_power[power]):
            who = "(anonymous)" if identities_hidden(game) else address
            if i == 0:
                lines.append(f"  {name}:".ljust(17) + who)
            else:
                lines.append(f"     from {phase}:  {who}")
    return lines


def count_lines(db, game: Game) -> list[str]:
    """'History of Supply Center Counts': a column per year, the first the
    start (labelled the year before, as njudge does)."""
    board = game.board
    snapshots = [text for (text,) in turns(db, game.name, "position")]
    if game.position:
        snapshots.append(game.position)
    by_year: dict[int, Position] = {}
    for text in snapshots:
        position = position_from_json(board, json.loads(text))
        phase = position.phase
        by_year[phase.year if phase.season == "W" else phase.year - 1] = position
    powers = [
        p
        for p in sorted(board.powers, key=lambda p: board.powers[p].name)
        if any(pos.centres_of(p) for pos in by_year.values())
    ]
    years = sorted(by_year)
    lines = ["History of Supply Center Counts", "-" * 31]
    lines.append(
        "Power    "
        + "".join(
            f"{y:4d}" if i == 0 else f" '{y % 100:02d}" for i, y in enumerate(years)
        )
    )
    for p in powers:
        counts = "".join(f"{len(by_year[y].centres_of(p)):3d} " for y in years)
        lines.append(f"{board.powers[p].name[:10]:<10}{counts}".rstrip())
    players = max(len(powers), 1)
    index = "".join(
        f"{sum(len(by_year[y].centres_of(p)) ** 2 for p in powers) // players:4d}"
        for y in years
    )
    return [
        *lines,
        f"Index:   {index}",
        "",
        "Index is the sum of squares of the number of supply centers divided by",
        "the number of players: how far the game has gone.",
    ]
