"""A game's life: forming -> active (powers drawn) -> finished."""

from __future__ import annotations

import dataclasses
import json
import random
from datetime import datetime

from judge.engine.blank_board import blank_start
from judge.engine.hooks import hooks_for
from judge.language.preference import Preference
from judge.mail.message import Attachment, OutgoingMail
from judge.reports import describe
from judge.reports.dates import date_in_words, judge_date
from judge.reports.start import start_notice
from judge.service import game_end, game_options, reliability
from judge.service.assignment import assign, assign_rounds
from judge.service.picture_pool import render_map
from judge.service.processing import diary_broadcast, notice, schedule, tell_all
from judge.service.queries import (
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
from judge.service.seats import (
    game_seats,
    seat_label,
    seat_players,
    signon_hint,
)
from judge.variants import variant_for


def draw_powers(
    game: Game, players, powers: list[str], seat_of: dict[str, str] | None = None
) -> dict[int, str]:
    """Seat each player (judge/service/assignment.py): by the preference
    lists, made to give the players the powers they rank best in total, or
    at random as the game's setting (SET PRFLIST/PRFRAND/PRFBOTH) says.
    Seeded by the game, so the same game always draws the same seats.
    `powers` are the seats; `seat_of` maps a country named in a list stored
    before seats were stored to its seat (a variant's multi-country seats)."""
    # seeded with the creation time as games have always been (its form
    # before stored times had one format), so a draw never depends on it
    rng = _rng(game)
    if game.assignment == "list" and not any(p.preference for p in players):
        return _plain_draw(players, powers, rng)  # the draw games always had
    return assign(_preferences(players, seat_of), sorted(powers), game.assignment, rng)


def _rng(game: Game) -> random.Random:
    # seeded with the creation time as games have always been (its form
    # before stored times had one format), so a draw never depends on it
    return random.Random(f"{game.name}|{moment(game.created).isoformat()}")


def _preferences(players, seat_of: dict[str, str] | None):
    wanted = []
    for player in players:
        preference = Preference.from_stored(player.preference)
        ranks = tuple(
            tuple(dict.fromkeys((seat_of or {}).get(p, p) for p in group))
            for group in preference.ranks
        )
        wanted.append((player.id, Preference(ranks=ranks, random=preference.random)))
    return wanted


def duplex_draw(db, game: Game, players, table, seat_of) -> dict[int, str]:
    """SET PLAYERS n with fewer players than seats: each player's seats, in
    njudge's rounds, become one seat P1..Pn (in the order they joined) of
    all their countries, stored as the game's seating."""
    groups = assign_rounds(
        _preferences(players, seat_of), sorted(table), game.assignment, _rng(game)
    )
    seating: dict[str, list[str]] = {}
    drawn: dict[int, str] = {}
    for number, player in enumerate(players, 1):
        seat = f"P{number}"
        seating[seat] = [c for s in groups[player.id] for c in table[s]]
        drawn[player.id] = seat
    update_game(db, game.name, seating=json.dumps(seating))
    return drawn


def _plain_draw(players, powers: list[str], rng: random.Random) -> dict[int, str]:
    """Nobody gave a list: each player, in an order drawn at random, gets a
    free power drawn at random."""
    order = list(players)
    rng.shuffle(order)
    free = sorted(powers)
    rng.shuffle(free)
    return {player.id: free.pop(0) for player in order}


def leave_out(position, table: dict[str, list[str]], played: set[str]):
    """The start without the countries of the seats nobody plays (SET
    POWERS, njudge): no units, and their centres open, as neutral ones."""
    gone = {c for seat, countries in table.items() if seat not in played
            for c in countries}  # fmt: skip
    return dataclasses.replace(
        position,
        units={p: entry for p, entry in position.units.items() if entry[0] not in gone},
        centres={c: p for c, p in position.centres.items() if p not in gone},
    )


def roster_lines(db, game: Game, board) -> list[str]:
    """Powers and players; addresses only in games that are not anonymous.
    In a variant: countries nobody plays are neutral, or left out where
    the variant lists only the seats that have a player."""
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
                continue  # a country that is never anyone's seat
            who = "(neutral)"
        elif member is None and not every_country:
            continue  # a seat nobody has taken
        elif member is None and game.powers:
            who = "(not in this game)"  # SET POWERS left it out
        else:
            who = player_label(game, member)
        lines.append(f"  {name:<10} {who}")
    return lines


def player_label(game: Game, member) -> str:
    """Who holds a power or seat, for rosters: the address (unless the game
    is anonymous) and any state other than active."""
    if member is None:
        return "(civil disorder)"
    who = "(anonymous)" if game_options.identities_hidden(game) else member.address
    return who if member.state == "active" else f"{who} [{member.state}]"


def start_game(db, settings, name: str, now: datetime) -> list[OutgoingMail]:
    game = load_game(db, name)
    board = game.board
    players = members(db, name, "player")
    table = game_seats(game, board)
    owner = {c: seat for seat, countries in table.items() for c in countries}
    if game.players and game.players < len(table):  # duplex
        drawn = duplex_draw(db, game, players, table, owner)
        game = load_game(db, name)
        table = game_seats(game, board)
    else:
        drawn = draw_powers(game, players, list(table), owner)
    seat_players(db, game, drawn, board)
    for address in {m.address.lower(): m.address for m in players}.values():
        reliability.started(db, address)
    position = variant_for(board).start(board)
    if game.powers and not game.seating:  # SET POWERS: the seats nobody drew
        position = leave_out(position, table, set(drawn.values()))
    if game.rules.blank_board and hooks_for(board) is None:  # SET BLANK BOARD
        position = blank_start(position)
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
    if game.powers:  # SET POWERS: the powers nobody drew are out of the game
        held = {m.power for m in seated}
        roster += [
            (board.powers[p].name, "(not in this game)")
            for p in board.powers
            if p not in held and not board.is_reserve(p)
        ]
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
        extra.append(f"Game '{game.name}' has started: its mail comes to you.")
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
    (`Variant.opening_join`), which its player may replace."""
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
    game = load_game(db, name)
    return game_end.end_mails(db, settings, name, notices, text, now) + diary_broadcast(
        db, settings, name, game.board
    )
