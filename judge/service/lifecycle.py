"""A game's life: forming -> active (powers drawn) -> finished."""

from __future__ import annotations

import dataclasses
import random
from datetime import datetime

from judge.mail.message import Attachment, OutgoingMail
from judge.reports import describe
from judge.reports.dates import date_in_words, judge_date
from judge.reports.start import start_notice
from judge.service import game_end
from judge.service.picture_pool import render_map
from judge.service.processing import notice, schedule, tell_all
from judge.service.seats import (
    game_seats,
    seat_label,
    seat_players,
    signon_hint,
)
from judge.service.store import (
    Game,
    archive_notice,
    iso,
    load_game,
    members,
    moment,
    put_order,
    record_holder,
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
    subject = f"{position.phase} Game Starting"
    seated = [m for m in members(db, name, "player") if m.power]
    for m in seated:
        record_holder(db, name, m.power, m.address, str(position.phase), iso(now))
    picture = None
    mails = []
    mailed = set()
    for member in members(db, name):
        if member.state == "pending":  # an observer who has not confirmed
            continue
        if member.role == "player" and member.power:
            if member.address.lower() in mailed:
                continue  # a seat with several countries: one mail
            mailed.add(member.address.lower())
        text = start_text(
            settings, game, board, position, deadline, member, drawn, seated
        )
        mail = notice(settings, game, member, subject, text)
        if member.role == "player" and member.map:
            if picture is None:
                picture = render_map(board, position, None, f"{name} {position.phase}")
            if picture:
                png = Attachment(f"{name}-{position.phase}.png", "image/png", picture)
                mail = dataclasses.replace(mail, attachments=(png,))
        mails.append(mail)
    archive_notice(
        db,
        name,
        game.turn,
        f"{settings.code}:{name} - {subject}",
        start_text(settings, game, board, position, deadline, None, drawn, seated),
        iso(now),
    )
    return mails


def start_text(
    settings, game: Game, board, position, deadline, member, drawn, seated
) -> str:
    """The game-start notice for `member` (None: the archive's copy, which
    is the observers'); `seated`: the players with their powers."""
    role = member.role if member else "observer"
    roster = []
    for m in seated:
        shown = not game.anonymous
        roster.append(
            (board.powers[m.power].name, m.address if shown else "(anonymous)")
        )
    roster.sort()
    extra: list[str] = []
    if role == "player" and member.power:
        table = game_seats(game, board)
        seat = drawn.get(member.id, member.power)
        countries = table.get(seat, [member.power])
        selected = seat_label(board, seat, countries)
        hint = signon_hint(board, seat, countries, game.name)
        letter = board.powers[member.power].letter
        extra.append(
            hint
            or f"To send orders, sign on with: SIGNON {letter}{game.name}"
            " <your password>"
        )
        units = [
            describe.unit_words(board, u)
            for c in countries
            for u in position.units_of(c)
        ]
        if units:
            extra.append(f"Your units: {', '.join(units)}.")
        zone = member.tz or settings.timezone
        when = date_in_words(deadline, zone)
        extra.append(f"The deadline in your time zone: {when}.")
        if member.map:
            extra.append("The board at the start is attached.")
    else:
        selected = "Master" if role == "master" else "Observer"
    return start_notice(
        board,
        game=game.name,
        selected_as=selected,
        roster=roster,
        position=position,
        deadline=judge_date(deadline, settings.timezone),
        extra=extra,
    )


def join_cities(db, game: Game, board) -> None:
    """The orders the variant gives each player's country at the start
    (Imperial: each empire drawn orders `JOIN <its city>`, IMP-2)."""
    variant = variant_for(board)
    for member in members(db, game.name, "player"):
        join = variant.opening_join(board, member.power or "")
        if join:
            put_order(db, game.name, member.power, "JOIN", join)


def finish_game(
    db, settings, name: str, result: str, now: datetime | None = None
) -> list[OutgoingMail]:
    """The game ends (a draw, a concession, TERMINATE): the end-of-game mail
    to everyone (judge/service/game_end.py)."""
    update_game(
        db, name, status="finished", result=result, process_at=None, deadline=None
    )
    text = game_end.end_text(db, name, result)
    notices = tell_all(db, settings, name, "Game Over", text)
    return game_end.end_mails(db, settings, name, notices, text, now)
