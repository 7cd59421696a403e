"""A player's own settings: REGISTER ... END and the player's SET commands
(the master's are in master.py, a random world's in worlds.py)."""

from __future__ import annotations

import re
from datetime import timedelta

from judge.engine.api import orders_needed
from judge.mail.addresses import for_sending
from judge.reports.dates import judge_date
from judge.service import endings, game_options, reachability, seats, votes
from judge.service.checks import read_time, valid_zone
from judge.service.commands.registry import Spec
from judge.service.press import read_recipients
from judge.service.replies import echo
from judge.service.store import (
    absence_days,
    add_absence,
    has_account,
    holds_seats,
    iso,
    load_game,
    member_by_id,
    save_account,
    seat_of,
    set_account_zone,
    update_member,
)


class RegisterBlock:
    """REGISTER's Name:, Country: and Timezone: lines, up to END."""

    def __init__(self) -> None:
        self.values: dict[str, str] = {}

    def line(self, ctx, raw: str, text: str) -> bool:
        if re.fullmatch(r"end", text, re.IGNORECASE):
            ctx.block = None
            self.save(ctx)
            return True
        key, _, value = text.partition(":")
        key = key.strip().lower().replace(" ", "")
        if key in ("name", "country", "timezone") and value.strip():
            self.values[key] = value.strip()[:80]
        elif text:
            ctx.say(
                f"> {echo(text)}\nIn REGISTER write Name:, Country: or Timezone: lines."
            )
        return True

    def save(self, ctx) -> None:
        """A new address registers freely; a registered one, or one holding
        seats, only after signing on with a seat's password (a forged From
        changes nobody's profile).  The time zone then goes to that seat."""
        me = ctx.me or ctx.joined
        known = has_account(ctx.db, ctx.sender) or holds_seats(ctx.db, ctx.sender)
        if known and me is None:
            ctx.say(
                f"> END\n{ctx.sender} is already known to the judge: sign on"
                " (SIGNON <letter><game> <password>) before REGISTER to change"
                " its profile. Nothing was changed."
            )
            return
        tz = self.values.get("timezone")
        if tz and not valid_zone(tz):
            ctx.say(f"'{tz}' is not a time zone (e.g. Europe/Paris). Not registered.")
            return
        save_account(
            ctx.db, ctx.sender, self.values.get("name"), self.values.get("country"),
            tz, iso(ctx.now),
        )  # fmt: skip
        if tz and me is not None:
            update_seat(ctx, me, tz=tz)
        ctx.say(f"> END\nRegistered {ctx.sender}.")

    def unfinished(self) -> str:
        return "REGISTER had no END: nothing was registered."


def do_register(ctx, command) -> None:
    ctx.block = RegisterBlock()


def do_end(ctx, command) -> None:
    ctx.say("END without REGISTER: nothing to end.")


def update_seat(ctx, me, **values) -> None:
    """A player's setting, on every country of the seat (a variant's seat
    with several countries is several rows)."""
    rows = [me]
    if me.role == "player" and me.power:
        game = load_game(ctx.db, me.game)
        rows = seats.seat_rows(ctx.db, game, game.board, me)
    for row in rows:
        update_member(ctx.db, row.id, **values)


def set_password(ctx, command) -> None:
    me = ctx.me or ctx.joined or ctx.need_me()
    if me is None:
        return
    update_seat(ctx, me, password=ctx.hash_password(command.args[0]))
    ctx.say("Your password has been changed.")


def set_address(ctx, command) -> None:
    me = ctx.need_me()
    if me is None:
        return
    address = command.args[0].strip("<>")
    problem = ctx.address_problem(address)
    if problem:
        ctx.say(f"Your address was not changed: {problem}.")
        return
    address = for_sending(address)
    update_seat(ctx, me, address=address)
    reachability.address_set(ctx.db, address, ctx.now)
    ctx.say(f"Your address in game '{me.game}' is now {address}.")


def set_wait(ctx, command) -> None:
    on = not command.words[0].startswith("NO")
    me = ctx.need_me("player")
    if me is None:
        return
    game = load_game(ctx.db, me.game)
    if on and game.position and game_options.stored(game)["strict_wait"]:
        board = game.board
        owed = orders_needed(board, game.current(board), game.rules)
        if me.power not in owed:
            ctx.say(
                f"Game '{game.name}' is STRICT WAIT: only players who owe orders"
                " this phase may SET WAIT."
            )
            return
    update_seat(ctx, me, wait=1 if on else 0)
    ctx.games_touched.add(me.game)
    ctx.say(
        "WAIT set: the phase will not be processed before the deadline."
        if on
        else "WAIT cleared."
    )


def set_absence(ctx, command) -> None:
    me = master_for(ctx) or ctx.need_me("player")
    if me is None:
        return
    tz = me.tz or ctx.settings.timezone
    parts = re.split(r"\s+to\s+", command.args[0], flags=re.IGNORECASE)
    start = read_time(parts[0], tz)
    until = read_time(parts[1], tz) if len(parts) > 1 else None
    if start is None or (len(parts) > 1 and until is None):
        ctx.say("Use: SET ABSENCE 2026-03-01 TO 2026-03-05 (dates as YYYY-MM-DD).")
        return
    if until is None:
        until = start + timedelta(days=1)
    elif len(parts[1].strip()) <= 10:
        until += timedelta(days=1)  # a date alone: to the end of that day
    if until <= start or until - start > timedelta(days=15):
        ctx.say("An absence lasts from one to fifteen days.")
        return
    if not absence_allowed(ctx, me, (until - start).total_seconds() / 86400):
        return
    add_absence(ctx.db, me.id, iso(start), iso(until))
    ctx.say(
        f"Absence noted from {judge_date(start, tz)} to {judge_date(until, tz)}:"
        " no later deadline will fall in it (the current one stays)."
    )


def master_for(ctx):
    """The seat a master acts for after BECOME <power>, or None."""
    if ctx.me is None or ctx.me.role != "master" or ctx.acting is None:
        return None
    return seat_of(ctx.db, ctx.me.game, ctx.acting)


def absence_allowed(ctx, me, days: float) -> bool:
    """Classic judges' caps: so many days of absence per player and per game
    in all; beyond them only the master grants one (BECOME <power>, then
    SET ABSENCE)."""
    if ctx.me is not None and ctx.me.role == "master":
        return True
    game = load_game(ctx.db, me.game)
    seat = [row.id for row in seats.seat_rows(ctx.db, game, game.board, me)]
    budgets = ctx.budgets
    mine = absence_days(ctx.db, me.game, seat)
    everyone = absence_days(ctx.db, me.game)
    if mine + days > budgets.absence_days_per_player:
        ctx.say(
            f"Absence refused: a player's absences in a game total at most"
            f" {budgets.absence_days_per_player} days (yours: {mine:g}). Ask the"
            " master, who may grant more."
        )
        return False
    if everyone + days > budgets.absence_days_per_game:
        ctx.say(
            f"Absence refused: the absences of game '{me.game}' total at most"
            f" {budgets.absence_days_per_game} days. Ask the master, who may"
            " grant more."
        )
        return False
    return True


def set_timezone(ctx, command) -> None:
    """What a player receives changes: only with the seat's password (after
    SIGNON), and only that seat's, and the account of the address signed
    on from."""
    me = ctx.me or ctx.joined or ctx.need_me()
    if me is None:
        return
    zone = command.args[0]
    if not valid_zone(zone):
        ctx.say(f"'{zone[:40]}' is not a time zone (e.g. Europe/Paris, UTC).")
        return
    update_seat(ctx, me, tz=zone)
    set_account_zone(ctx.db, me.address, zone)
    ctx.me = member_by_id(ctx.db, ctx.me.id) if ctx.me else None
    ctx.say(f"Your time zone is now {zone}.")


def set_preference(ctx, command) -> None:
    me = ctx.joined or ctx.me
    if me is None:
        ctx.say("SET PREFERENCE follows SIGNON ?<game> <password>.")
        return
    game = load_game(ctx.db, me.game)
    if game.status != "forming":
        ctx.say("Preferences count only before the game starts.")
        return
    board = game.board
    text = command.args[0]
    letters = {p.letter.upper(): p.id for p in board.powers.values()}
    if re.fullmatch(r"[A-Za-z]+", text) and all(c.upper() in letters for c in text):
        wanted = [letters[c.upper()] for c in text]
    else:
        powers, _, error = read_recipients(board, text)
        if error:
            ctx.say(f"Preference not set: {error}.")
            return
        wanted = [p for p in board.powers if p in powers]
    update_member(ctx.db, me.id, preference=",".join(wanted))
    ctx.say("Your preference: " + ", ".join(board.powers[p].name for p in wanted) + ".")


def set_map(ctx, command) -> None:
    me = ctx.need_me()
    if me is None:
        return
    value = command.args[0].upper()
    if value not in ("ON", "OFF"):
        ctx.say("Use: SET MAP ON or SET MAP OFF")
        return
    update_seat(ctx, me, map=1 if value == "ON" else 0)
    ctx.say(f"Maps with results: {value.lower()}.")


COMMANDS = [
    Spec(
        "register",
        "settings",
        "REGISTER",
        "your name, country and time zone,"
        " one per line (Name: ..., Country: ..., Timezone: Europe/Paris)",
        do_register,
        shown="REGISTER ... END",
    ),
    Spec("end", "settings", "END", "", do_end),
    Spec(
        "set_password", "settings", "SET PASSWORD <new>", "a new password", set_password
    ),
    Spec(
        "set_address",
        "settings",
        "SET ADDRESS <address>",
        "where your game's mail goes",
        set_address,
    ),
    Spec(
        "set_wait",
        "settings",
        "SET WAIT/NOWAIT",
        "hold processing until the deadline, or not",
        set_wait,
    ),
    Spec(
        "set_draw",
        "settings",
        "SET DRAW [<powers>]/NODRAW",
        "vote for a draw of all survivors (in a NoDIAS game: among <powers>),"
        " or withdraw the vote; votes are secret",
        votes.set_draw,
    ),
    Spec(
        "set_concede",
        "settings",
        "SET [NO] CONCEDE <power>",
        "concede the game to the power with the most centres (all must agree)",
        votes.set_concede,
    ),
    Spec(
        "set_absence",
        "settings",
        "SET ABSENCE <from> TO <to>",
        "no deadline falls in your absence (one to fifteen days)",
        set_absence,
    ),
    Spec(
        "set_timezone",
        "settings",
        "SET TIMEZONE <zone>",
        "the time zone of your deadlines (e.g. Europe/Paris)",
        set_timezone,
    ),
    Spec(
        "set_end",
        "settings",
        "SET END <ending>/NOEND (Imperial)",
        "propose (or withdraw) an ending; all current players agreeing ends the game",
        endings.set_end,
    ),
    Spec("set_noend", "settings", "", "", endings.set_noend),
    Spec(
        "set_preference",
        "settings",
        "SET PREFERENCE <powers>",
        "the powers you would like, best first, before the game starts",
        set_preference,
    ),
    Spec(
        "set_map",
        "settings",
        "SET MAP ON/OFF",
        "a map with each result, or not",
        set_map,
    ),
]
