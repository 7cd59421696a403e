"""A game's life: forming -> active (powers drawn) -> finished."""

from __future__ import annotations

import random
from datetime import datetime

from judge.engine.api import initial_position
from judge.mail.message import OutgoingMail
from judge.reports.dates import judge_date
from judge.service.processing import notice, schedule, tell_all
from judge.service.store import (
    Game,
    load_game,
    members,
    save_position,
    update_game,
    update_member,
)


def draw_powers(game: Game, players, powers: list[str]) -> dict[int, str]:
    """Seat each player: in an order drawn at random, players with a
    preference list take the first of their powers still free; then everyone
    else (and anyone whose list ran out) gets a free power drawn at random.
    Seeded by the game, so the same game always draws the same seats."""
    rng = random.Random(f"{game.name}|{game.created}")
    order = list(players)
    rng.shuffle(order)
    free = sorted(powers)
    rng.shuffle(free)
    seats: dict[int, str] = {}
    for player in order:
        wanted = [p for p in (player.preference or "").split(",") if p in free]
        if wanted:
            free.remove(wanted[0])
            seats[player.id] = wanted[0]
    for player in order:
        if player.id not in seats:
            seats[player.id] = free.pop(0)
    return seats


def roster_lines(db, game: Game, board) -> list[str]:
    """Powers and players; addresses only in games that are not anonymous."""
    seats = {m.power: m for m in members(db, game.name, "player") if m.power}
    lines = []
    for power in sorted(board.powers):
        name = board.powers[power].name
        member = seats.get(power)
        if member is None:
            who = "(civil disorder)"
        elif game.anonymous:
            who = "(anonymous)"
        else:
            who = member.address
        state = (
            "" if member is None or member.state == "active" else f" [{member.state}]"
        )
        lines.append(f"  {name:<10} {who}{state}")
    return lines


def start_game(db, settings, name: str, now: datetime) -> list[OutgoingMail]:
    game = load_game(db, name)
    board = game.board
    players = members(db, name, "player")
    seats = draw_powers(game, players, list(board.powers))
    for member_id, power in seats.items():
        update_member(db, member_id, power=power)
    position = initial_position(board)
    save_position(db, name, board, position)
    update_game(db, name, status="active")
    game = load_game(db, name)
    deadline = schedule(db, game, settings, position, now)
    game = load_game(db, name)
    roster = "\n".join(roster_lines(db, game, board))
    when = judge_date(deadline, settings.timezone)
    mails = []
    for member in members(db, name):
        if member.role == "player" and member.power:
            first = (
                f"You have been selected as {board.powers[member.power].name}"
                f" in game '{name}'."
            )
        else:
            first = f"Game '{name}' has started."
        text = (
            f"{first}\n\nThe players:\n{roster}\n\n"
            f"The first phase is {position.phase} and the deadline for orders is"
            f" {when}.\n"
        )
        mails.append(notice(settings, game, member, "Game Starting", text))
    return mails


def finish_game(db, settings, name: str, result: str) -> list[OutgoingMail]:
    update_game(db, name, status="finished", result=result, process_at=None)
    return tell_all(
        db,
        settings,
        name,
        "Game Over",
        f"The game is over. Thank you for playing.\n{result}\n",
    )
