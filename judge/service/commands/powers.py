"""Who plays which power (issue 25): SET PREFERENCE, and the master's SET
PRFLIST, PRFRAND, PRFBOTH.  The draw itself is judge/service/assignment.py,
made when the game starts (judge/service/lifecycle.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from judge.language.names import fold
from judge.language.preference import Preference, PreferenceError, read_preference
from judge.service import seats, signon_notices
from judge.service.assignment import MODES
from judge.service.commands.master import master_only
from judge.service.commands.registry import Spec
from judge.service.flow import Go
from judge.service.processing import notice
from judge.service.queries import (
    Game,
    load_game,
    members,
    update_game,
    update_member,
)

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context
    from judge.service.queries import Game


def preference_words(game: Game) -> tuple[dict[str, str], dict[str, str]]:
    """(names, letters) of the game's powers for read_preference: every
    country's name, adjective, id and the map's aliases for it
    ('Austria-Hungary'), and each seat's own name (`P2` in the
    small games, whose seats also answer to their numbers)."""
    board = game.board
    names: dict[str, str] = {}
    letters: dict[str, str] = {}
    tables = board.data.get("powers", {})
    for power in board.powers.values():
        aliases = tables.get(power.id, {}).get("aliases", [])
        for spelling in (power.name, power.adjective, power.id, *aliases):
            names.setdefault(fold(spelling), power.id)
        letters.setdefault(power.letter.upper(), power.id)
    for seat in seats.game_seats(game, board):
        if seat not in board.powers:
            names.setdefault(fold(seat), seat)
            if seat[:1] == "P" and seat[1:].isdigit():
                letters.setdefault(seat[1:], seat)
    return names, letters


def seat_preference(game: Game, text: str) -> tuple[Preference, str | None]:
    """The list read as seats, or (empty, why not)."""
    board = game.board
    table = seats.game_seats(game, board)
    owner = {c: seat for seat, countries in table.items() for c in countries}
    owner.update({seat: seat for seat in table})
    names, letters = preference_words(game)
    try:
        read = read_preference(text, names, letters)
    except PreferenceError as error:
        return Preference(), str(error)
    if read.random:
        return read, None
    ranks: list[tuple[str, ...]] = []
    placed: set[str] = set()
    for group in read.ranks:
        wanted = []
        for country in group:
            seat = owner.get(country)
            if seat is None:
                power = board.powers.get(country)
                name = power.name if power else country
                return Preference(), (
                    f"{name} is played by nobody in this game; its powers are "
                    + ", ".join(seat_words(game, s) for s in table)
                )
            if seat not in placed:  # a seat of several countries: once
                placed.add(seat)
                wanted.append(seat)
        if wanted:
            ranks.append(tuple(wanted))
    return Preference(ranks=tuple(ranks)), None


def seat_words(game: Game, seat: str) -> str:
    board = game.board
    if seat in board.powers:
        return f"{board.powers[seat].name} ({board.powers[seat].letter})"
    countries = seats.game_seats(game, board).get(seat, [])
    return seats.seat_label(board, seat, countries)


def describe(game: Game, preference: Preference) -> str:
    """'England, then [France, Germany, Russia], then Turkey'."""
    if preference.random:
        return "* (a random power)"
    parts = []
    for group in preference.ranks:
        names = [seat_words(game, s) for s in group]
        parts.append(names[0] if len(names) == 1 else "[" + ", ".join(names) + "]")
    return ", then ".join(parts) if parts else "none (any power)"


def set_preference(ctx: Context, command: Command) -> Go:
    me = ctx.joined or ctx.me
    if me is None or me.role != "player":
        ctx.say("SET PREFERENCE follows SIGNON ?<game> <password>.")
        return Go.ON
    game = load_game(ctx.db, me.game)
    if game.status != "forming":
        ctx.say("Preferences count only before the powers are drawn.")
        return Go.ON
    preference, error = seat_preference(game, command.args[0])
    if error:
        table = seats.game_seats(game, game.board)
        powers = game.board.powers
        if len(table) > 16:  # a game of many powers: their codes only
            listed = " ".join(powers[s].letter if s in powers else s for s in table)
        else:
            listed = ", ".join(seat_words(game, seat) for seat in table)
        ctx.say(
            f"Preference not set: {error}. Write this game's powers ({listed}),"
            " best first, by name or letter; powers of equal weight in"
            " brackets, e.g. 'E[FG]'; '*' for a random power."
        )
        return Go.ON
    update_member(ctx.db, me.id, preference=preference.stored())
    note = ""
    if preference.random and game.assignment == "list":
        note = (
            " This game draws powers by the lists only (SET PRFLIST), so '*'"
            " counts as no list."
        )
    elif not preference.random and game.assignment == "random":
        note = " This game draws every power at random (SET PRFRAND)."
    ctx.say(f"Your preference: {describe(game, preference)}.{note}")
    ctx.mail(preference_change(ctx, game, me))
    return Go.ON


PREFERENCE_CHANGE = "Preference Change"  # njudge's subject (ml_set.c)


def preference_change(ctx: Context, game: Game, me) -> list:
    """njudge tells the masters, and only them, of each list set, with every
    player's list as it now stands."""
    lists = [
        f"  {m.address}: {describe(game, Preference.from_stored(m.preference))}"
        for m in members(ctx.db, game.name, "player")
        if m.preference
    ]
    text = (
        f"Player {me.address} changed their preference list.\n\n"
        "The preference lists are now:\n" + "\n".join(lists) + "\n"
    )
    out = []
    for m in members(ctx.db, game.name, "master"):
        if m.address.lower() == me.address.lower():
            continue
        # the master's notice of this message's SIGNON carries it, as njudge's
        joined = _signon_notice_to(ctx, m.address)
        if joined is None:
            out.append(notice(ctx.settings, game, m, PREFERENCE_CHANGE, text))
        else:
            extra = ctx.reply.extra
            extra[extra.index(joined)] = replace(joined, body=joined.body + "\n" + text)
    return out


def _signon_notice_to(ctx: Context, address: str):
    return next(
        (
            m
            for m in ctx.reply.extra
            if m.to == (address,) and m.subject.endswith(signon_notices.SUBJECT)
        ),
        None,
    )


def set_assignment(ctx: Context, game: Game, command: Command) -> Go:
    mode = {v: k for k, v in MODES.items()}[command.words[0]]
    if game.status != "forming":
        ctx.say("How powers are drawn can change only before the game starts.")
        return Go.ON
    update_game(ctx.db, game.name, assignment=mode)
    ctx.say(
        {
            "list": "Powers will be drawn by the players' preference lists.",
            "random": "Powers will be drawn at random for everyone.",
            "both": "Players whose list is '*' get a random power first; the"
            " others' lists share what is left.",
        }[mode]
    )
    return Go.ON


def _seat_count(
    ctx: Context, game: Game, command: Command, what: str, usage: str
) -> tuple[int | None, int]:
    """(the n of SET PLAYERS/POWERS <n>, or None when refused; the seats)."""
    seats_count = len(seats.game_seats(game, game.board))
    if game.status != "forming":
        ctx.say(f"The number of {what} can change only before the game starts.")
        return None, seats_count
    text = command.args[0]
    if not text.isdigit() or not 1 <= int(text) <= seats_count:
        ctx.say(f"Use: {usage.format(n=seats_count)}.")
        return None, seats_count
    return int(text), seats_count


def set_players(ctx: Context, game: Game, command: Command) -> Go:
    players, seats_count = _seat_count(
        ctx, game, command, "players", "SET PLAYERS <n>, n from 1 to {n} (the powers)"
    )
    if players is None:
        return Go.ON
    update_game(
        ctx.db, game.name, players=None if players == seats_count else players,
        powers=None,
    )  # fmt: skip
    if players == seats_count:
        ctx.say(f"Game '{game.name}' has one player a power ({players}).")
        return Go.ON
    ctx.say(
        f"Game '{game.name}' starts with {players} players, who share its"
        f" {seats_count} powers (a duplex game): each is drawn one power a"
        " round by the preference lists until all are given out."
    )
    return Go.ON


def set_powers(ctx: Context, game: Game, command: Command) -> Go:
    powers, seats_count = _seat_count(
        ctx, game, command, "powers", "SET POWERS <n>, n from 1 to {n}"
    )
    if powers is None:
        return Go.ON
    whole = powers == seats_count
    update_game(ctx.db, game.name, powers=None if whole else powers, players=None)
    if whole:
        ctx.say(f"Game '{game.name}' is played by all its {powers} powers.")
        return Go.ON
    ctx.say(
        f"Game '{game.name}' starts with {powers} players, one power each; the"
        f" {seats_count - powers} powers nobody draws are left out: no units,"
        " and their centres open to capture like neutral ones."
    )
    return Go.ON


# SET PREFERENCE is listed with the players' settings (settings.py), where
# it has always been; the master's setting is here.
PREFERENCE = Spec(
    "set_preference",
    "settings",
    "SET PREFERENCE <powers>",
    "the powers you would like, best first, before the game starts:"
    " letters (ATRIFEG), names (Russia, Germany), [FGR] for equal"
    " choices (E[FGR][TAI]), or * for a random power",
    set_preference,
)

COMMANDS = [
    Spec(
        "set_assignment",
        "master",
        "SET PRFLIST|PRFRAND|PRFBOTH",
        "powers drawn by preference lists (the default), at random, or at"
        " random for players who asked with SET PREFERENCE *",
        master_only(set_assignment),
    ),
    Spec(
        "set_players",
        "master",
        "SET PLAYERS <n>",
        "before the start: the game starts with n players, who share the"
        " powers (a duplex game; each player orders all theirs)",
        master_only(set_players),
    ),
    Spec(
        "set_powers",
        "master",
        "SET POWERS <n>",
        "before the start: only n powers are played (one player each); the"
        " others are left out of the game, their centres neutral",
        master_only(set_powers),
    ),
]
