"""Seats: who a player is in a variant (the Variant object's `seats`).

A seat is the countries one player orders: one power in the standard game and
1913; P1, P2, ... with one to three countries in the rulebook's small games;
a place, in a variant whose seats are places (`Variant.seat_city`).  The
service keeps
one svc_members row per country, so everything that works per power (late
notices, civil disorder, the roster, press) works unchanged; a seat with
several countries is several rows with one address and one password.

Signing on (docs/variants.md, "By mail"): `SIGNON <letter><game>` with the
letter of any of the seat's countries, or the seat's number in the small
games (`SIGNON 2<game>` for P2); where a map letters its powers with
several letters, those (`long_letter`).
"""

from __future__ import annotations

import json

from judge.engine.board import Board
from judge.engine.state import Position
from judge.service import queries
from judge.service.queries import Game, Member, load_game, members, update_member
from judge.variants import variant_for, variant_seats


def game_seats(game: Game, board: Board) -> dict[str, list[str]]:
    """Seat -> its countries, at the game's current position (before the
    start: the first).  A duplex game's seats are those drawn at its start
    (SET PLAYERS: each player's powers)."""
    if game.seating:
        return json.loads(game.seating)
    position = game.current(board) if game.position else variant_for(board).start(board)
    return variant_seats(board, position)


def players_needed(game: Game, board: Board) -> int:
    """How many players start the game: SET PLAYERS, else one a seat."""
    seats = len(game_seats(game, board))
    if game.powers:  # SET POWERS: fewer powers, one player each
        return min(game.powers, seats)
    return min(game.players, seats) if game.players else seats


def seat_name(seats: dict[str, list[str]], power: str) -> str | None:
    return next((s for s, countries in seats.items() if power in countries), None)


def seat_label(board: Board, seat: str, countries: list[str]) -> str:
    """'England' for a one-country seat named after it, else 'P2 (Austria
    and France)'."""
    names = [board.powers[c].name for c in countries]
    listed = names[-1]
    if len(names) > 1:
        listed = f"{', '.join(names[:-1])} and {names[-1]}"
    if countries == [seat]:
        return listed
    return f"{seat} ({listed})"


def power_for_letter(
    board: Board, seats: dict[str, list[str]], letter: str
) -> tuple[str | None, str | None]:
    """(power id, None) for a SIGNON letter, or (None, why not).  A digit
    names a small game's seat P<n>; a country nobody plays is refused."""
    letter = letter.upper()
    if letter.isdigit():
        countries = seats.get(f"P{letter}")
        return (countries[0] if countries else None), None
    power = next((p for p in board.powers.values() if p.letter.upper() == letter), None)
    if power is None:
        return None, None
    if seat_name(seats, power.id) is None:
        closed = variant_for(board).seat_closed(board, power.id)
        if closed:  # a seat the variant opens later
            return None, f"{power.name} is not open: {closed}"
        return None, f"{power.name} is played by nobody in this variant"
    return power.id, None


def seat_rows(db, game: Game, board: Board, member: Member) -> list[Member]:
    """The rows of the seat `member` holds: its countries with the same player."""
    if not member.power:
        return [member]
    seats = game_seats(game, board)
    countries = seats.get(seat_name(seats, member.power) or "", [member.power])
    return [
        m
        for m in members(db, game.name, "player")
        if m.power in countries and m.address.lower() == member.address.lower()
        and (m.state != "resigned" or member.state == "resigned")
    ] or [member]  # fmt: skip


def seat_players(db, game: Game, seats: dict[str, str], board: Board) -> None:
    """Write the draw (member id -> seat) as rows: the seat's first country on
    the player's row, a copied row for each other country."""
    by_id = {m.id: m for m in members(db, game.name, "player")}
    table = game_seats(game, board)
    for member_id, seat in seats.items():
        countries = table[seat]
        update_member(db, member_id, power=countries[0])
        for country in countries[1:]:
            queries.copy_member(db, by_id[member_id], country)


def reseat(db, game: Game, board: Board, position: Position) -> list[str]:
    """Countries that joined a seat since the last phase (the two-player
    game's Italy after the coin toss) get a row for the seat's player.
    Returns the countries added."""
    added = []
    rows = members(db, game.name, "player")
    held = {m.power for m in rows if m.power and m.state != "resigned"}
    for countries in variant_seats(board, position).values():
        owner = next(
            (m for m in rows if m.power in countries and m.state != "resigned"), None
        )
        if owner is None:
            continue
        for country in countries:
            if country not in held:
                queries.copy_member(db, owner, country)
                added.append(country)
    return added


def city_taken(board: Board, position: Position, seat: str) -> str | None:
    """Why a newcomer cannot take this seat now (the variant says: e.g. the
    place it is named after is no longer free), or None."""
    return variant_for(board).seat_taken(board, position, seat)


def signon_hint(board: Board, seat: str, countries: list[str], game: str) -> str:
    """How the player of a variant's seat signs on ('' in the standard game)."""
    hint = variant_for(board).signon_hint(board, seat, game)
    if hint is not None:
        return hint
    if countries == [seat]:
        return ""
    letters = ", ".join(board.powers[c].letter for c in countries)
    return (
        f"Sign on with SIGNON {seat[1:]}{game} <password> (or the letter of any"
        f" of your countries: {letters}) and order all your countries in one"
        " message; orders go to the country whose unit they name, or head"
        " them with the country's name (e.g. 'France:')."
    )


def long_letter(db, target: str) -> str | None:
    """A SIGNON prefix of three letters, where a map letters its powers so:
    'ABCalpha' -> 'ABC' when game 'alpha' exists and has a power lettered
    ABC; three letters and a digit name a later power of the same letters
    ('ABC2alpha' -> 'ABC2').  Else None: one letter."""
    if len(target) < 4 or not target[:3].isalpha():
        return None
    size = 4 if target[3:4].isdigit() else 3
    game = load_game(db, target[size:].lower())
    if game is None:
        return None
    letter = target[:size].upper()
    if any(p.letter.upper() == letter for p in game.board.powers.values()):
        return letter
    return None


def newcomer_slot(board: Board, position: Position, seat: str) -> str | None:
    """The seat a newcomer signing on to `seat` founds instead, when the
    variant has one (`Variant.newcomer_seat`), else None."""
    return variant_for(board).newcomer_seat(board, position, seat)
