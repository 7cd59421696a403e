"""A game's life: forming -> active (powers drawn) -> finished."""

from __future__ import annotations

import random
from datetime import datetime

from judge.mail.message import OutgoingMail
from judge.reports.dates import judge_date
from judge.service.processing import notice, schedule, tell_all
from judge.service.seats import (
    game_seats,
    seat_label,
    seat_players,
    signon_hint,
)
from judge.service.store import (
    Game,
    load_game,
    members,
    moment,
    put_order,
    save_position,
    update_game,
)
from judge.variants import variant_for


def draw_powers(
    game: Game, players, powers: list[str], seat_of: dict[str, str] | None = None
) -> dict[int, str]:
    """Seat each player: in an order drawn at random, players with a
    preference list take the first of their powers still free; then everyone
    else (and anyone whose list ran out) gets a free power drawn at random.
    Seeded by the game, so the same game always draws the same seats.
    `powers` are the seats; `seat_of` maps a preferred country to its seat
    (a variant's multi-country seats)."""
    # seeded with the creation time as games have always been (its form
    # before stored times had one format), so a draw never depends on it
    rng = random.Random(f"{game.name}|{moment(game.created).isoformat()}")
    order = list(players)
    rng.shuffle(order)
    free = sorted(powers)
    rng.shuffle(free)
    seats: dict[int, str] = {}
    for player in order:
        named = (player.preference or "").split(",")
        wanted = [s for p in named if (s := (seat_of or {}).get(p, p)) in free]
        if wanted:
            free.remove(wanted[0])
            seats[player.id] = wanted[0]
    for player in order:
        if player.id not in seats:
            seats[player.id] = free.pop(0)
    return seats


def roster_lines(db, game: Game, board) -> list[str]:
    """Powers and players; addresses only in games that are not anonymous.
    In a variant: countries nobody plays are neutral; Imperial lists the
    empires that have a player."""
    seats = {m.power: m for m in members(db, game.name, "player") if m.power}
    table = game_seats(game, board)
    seated = {c for countries in table.values() for c in countries}
    every_country = variant_for(board).roster_lists_every_country
    lines = []
    for power in sorted(board.powers):
        name = board.powers[power].name
        member = seats.get(power)
        if power not in seated:
            if not every_country:
                continue  # e.g. Imperial's NEUTRAL garrisons: no player
            who = "(neutral)"
        elif member is None and not every_country:
            continue  # e.g. an Imperial City nobody has taken
        else:
            who = player_label(game, member)
        lines.append(f"  {name:<10} {who}")
    return lines


def player_label(game: Game, member) -> str:
    """Who holds a power or seat, for rosters: the address (unless the game
    is anonymous) and any state other than active."""
    if member is None:
        return "(civil disorder)"
    who = "(anonymous)" if game.anonymous else member.address
    return who if member.state == "active" else f"{who} [{member.state}]"


def start_game(db, settings, name: str, now: datetime) -> list[OutgoingMail]:
    game = load_game(db, name)
    board = game.board
    players = members(db, name, "player")
    table = game_seats(game, board)
    owner = {c: seat for seat, countries in table.items() for c in countries}
    drawn = draw_powers(game, players, list(table), owner)
    seat_players(db, game, drawn, board)
    position = variant_for(board).start(board)
    save_position(db, name, board, position)
    update_game(db, name, status="active")
    game = load_game(db, name)
    join_cities(db, game, board)
    deadline = schedule(db, game, settings, position, now)
    game = load_game(db, name)
    roster = "\n".join(roster_lines(db, game, board))
    when = judge_date(deadline, settings.timezone)
    mails = []
    mailed = set()
    for member in members(db, name):
        if member.state == "pending":  # an observer who has not confirmed
            continue
        if member.role == "player" and member.power:
            if member.address.lower() in mailed:
                continue  # a seat with several countries: one mail
            mailed.add(member.address.lower())
            seat = drawn.get(member.id, member.power)
            countries = table.get(seat, [member.power])
            first = (
                f"You have been selected as {seat_label(board, seat, countries)}"
                f" in game '{name}'."
            )
            hint = signon_hint(board, seat, countries, name)
            first += f"\n{hint}" if hint else ""
        else:
            first = f"Game '{name}' has started."
        text = (
            f"{first}\n\nThe players:\n{roster}\n\n"
            f"The first phase is {position.phase} and the deadline for orders is"
            f" {when}.\n"
        )
        mails.append(notice(settings, game, member, "Game Starting", text))
    return mails


def join_cities(db, game: Game, board) -> None:
    """The orders the variant gives each player's country at the start
    (Imperial: each empire drawn orders `JOIN <its city>`, IMP-2)."""
    variant = variant_for(board)
    for member in members(db, game.name, "player"):
        join = variant.opening_join(board, member.power or "")
        if join:
            put_order(db, game.name, member.power, "JOIN", join)


def finish_game(db, settings, name: str, result: str) -> list[OutgoingMail]:
    update_game(db, name, status="finished", result=result, process_at=None)
    return tell_all(
        db,
        settings,
        name,
        "Game Over",
        f"The game is over. Thank you for playing.\n{result}\n",
    )
