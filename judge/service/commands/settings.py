"""A player's own settings: REGISTER ... END and the player's SET commands
(the master's are in master.py, a random world's in worlds.py)."""

from __future__ import annotations

import re
from datetime import time, timedelta
from typing import TYPE_CHECKING

from judge.engine.api import orders_needed
from judge.mail.addresses import for_sending
from judge.reports.dates import zone_label
from judge.service import endings, game_options, reachability, seats, votes
from judge.service.commands import powers, timing
from judge.service.commands.registration import do_end, do_register
from judge.service.commands.registry import Spec
from judge.service.flow import Go
from judge.service.queries import (
    absence_days,
    add_absence,
    drop_absences,
    iso,
    load_game,
    member_by_id,
    seat_of,
    set_account_zone,
    update_member,
)
from judge.service.registration import zone_for

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context


def update_seat(ctx, me, **values) -> None:
    """A player's setting, on every country of the seat (a variant's seat
    with several countries is several rows)."""
    rows = [me]
    if me.role == "player" and me.power:
        game = load_game(ctx.db, me.game)
        rows = seats.seat_rows(ctx.db, game, game.board, me)
    for row in rows:
        update_member(ctx.db, row.id, **values)


def set_password(ctx: Context, command: Command) -> Go:
    me = ctx.me or ctx.joined or ctx.need_me()
    if me is None:
        return Go.ON
    hashed = ctx.hash_password(command.args[0])
    if hashed is None:  # the message's password budget is spent
        return ctx.stop()
    update_seat(ctx, me, password=hashed)
    ctx.say("Your password has been changed.")
    return Go.ON


def set_address(ctx: Context, command: Command) -> Go:
    me = ctx.need_me()
    if me is None:
        return Go.ON
    # njudge: with no address, the one this mail came from (its Reply-To)
    address = command.args[0].strip("<>") if command.args else ctx.sender
    if "," in address:  # njudge's a,b: reports to each
        ctx.say(
            "Your address was not changed: this judge sends a seat's reports to"
            " one address, so SET ADDRESS takes one (not a list a,b)."
        )
        return Go.ON
    problem = ctx.address_problem(address)
    if problem:
        ctx.say(f"Your address was not changed: {problem}.")
        return Go.ON
    address = for_sending(address)
    update_seat(ctx, me, address=address)
    reachability.address_set(ctx.db, address, ctx.now)
    ctx.say(f"Your address in game '{me.game}' is now {address}.")
    return Go.ON


def set_wait(ctx: Context, command: Command) -> Go:
    on = not command.words[0].startswith("NO")
    me = ctx.need_me("player")
    if me is None:
        return Go.ON
    game = load_game(ctx.db, me.game)
    if on and game.position and game_options.stored(game)["strict_wait"]:
        board = game.board
        owed = orders_needed(board, game.current(board), game.rules)
        if me.power not in owed:
            ctx.say(
                f"Game '{game.name}' is STRICT WAIT: only players who owe orders"
                " this phase may SET WAIT."
            )
            return Go.ON
    update_seat(ctx, me, wait=1 if on else 0)
    ctx.games_touched.add(me.game)
    ctx.say(
        "WAIT set: the phase will not be processed before the deadline."
        if on
        else "WAIT cleared."
    )
    return Go.ON


def set_absence(ctx: Context, command: Command) -> Go:
    """SET ABSENCE|HOLIDAY|VACATION <from> [TO <to>] (njudge data/absence):
    the start defaults to 00:00, the end to 23:59, no end to a day; SET
    NOABSENCE [<date>] cancels the absence holding that date (all to come,
    without one).  Dates in the sender's zone, restated in words."""
    me = master_for(ctx) or ctx.need_me("player")
    if me is None:
        return Go.ON
    text = command.args[0] if command.args else ""
    if command.words[0].startswith("NO"):
        cancel_absence(ctx, me, text)
        return Go.ON
    if not text:
        ctx.say("Use: SET ABSENCE <from> [TO <to>], e.g. SET ABSENCE Dec 20 TO Dec 27.")
        return Go.ON
    parts = re.split(r"\s+to\s+", text, flags=re.IGNORECASE)
    if len(parts) > 2:
        ctx.say("Absence not set: write one TO, between the two dates.")
        return Go.ON
    start = timing.read_when(ctx, parts[0], "Absence", time(0, 0))
    if start is None:
        return Go.ON
    if len(parts) > 1:
        until = timing.read_when(ctx, parts[1], "Absence", time(23, 59))
        if until is None:
            return Go.ON
    else:
        until = start + timedelta(days=1)
    if until <= start:
        ctx.say(
            f"Absence not set: it would end ({timing.words(ctx, until)}) before"
            f" it starts ({timing.words(ctx, start)})."
        )
        return Go.ON
    if until <= ctx.now:
        ctx.say(f"Absence not set: {timing.words(ctx, until)} has already passed.")
        return Go.ON
    if not absence_allowed(ctx, me, (until - start).total_seconds() / 86400):
        return Go.ON
    add_absence(ctx.db, me.id, iso(start), iso(until))
    ctx.say(
        f"Absence noted from {timing.words(ctx, start)} to"
        f" {timing.words(ctx, until)}: no later deadline will fall in it (the"
        " current one stays)."
    )
    return Go.ON


def cancel_absence(ctx, me, text: str) -> None:
    when = None
    if text:
        when = timing.read_when(ctx, text, "Absence", time(12, 0))
        if when is None:
            return
    gone = drop_absences(ctx.db, me.id, iso(when) if when else None, iso(ctx.now))
    if not gone:
        ctx.say(
            "No absence of yours holds that date: nothing was cancelled."
            if when
            else "You have no absence to come: nothing was cancelled."
        )
        return
    ctx.say(f"{gone} absence(s) cancelled.")


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
    most = budgets.absence_days_per_player
    if game.max_absence is not None:  # SET MAX ABSENCE
        most = game.max_absence
    if mine + days > most:
        ctx.say(
            f"Absence refused: a player's absences in a game total at most"
            f" {most} days (yours: {mine:.3g}). Ask the master, who may grant"
            " more."
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


def set_timezone(ctx: Context, command: Command) -> Go:
    """What a player receives changes: only with the seat's password (after
    SIGNON), and only that seat's, and the account of the address signed
    on from."""
    me = ctx.me or ctx.joined or ctx.need_me()
    if me is None:
        return Go.ON
    written = command.args[0]
    zone = zone_for(written)
    if zone is None:
        ctx.say(
            f"'{written[:40]}' is not a time zone (e.g. Europe/Paris, Eastern,"
            " UTC+2, UTC)."
        )
        return Go.ON
    update_seat(ctx, me, tz=zone)
    set_account_zone(ctx.db, me.address, zone)
    ctx.me = member_by_id(ctx.db, ctx.me.id) if ctx.me else None
    ctx.say(f"Your time zone is now {zone_label(zone)}.")
    return Go.ON


def set_map(ctx: Context, command: Command) -> Go:
    me = ctx.need_me()
    if me is None:
        return Go.ON
    value = command.args[0].upper()
    if value not in ("ON", "OFF"):
        ctx.say("Use: SET MAP ON or SET MAP OFF")
        return Go.ON
    update_seat(ctx, me, map=1 if value == "ON" else 0)
    ctx.say(f"Maps with results: {value.lower()}.")
    return Go.ON


COMMANDS = [
    Spec(
        "register",
        "settings",
        "REGISTER",
        "your registration, njudge's form (GET FORM): Name:, Phone:, Site:,"
        " Address:, Country:, Timezone: (Eastern, Europe/Paris...), Email:,"
        " Level:, Birthdate:, Sex:, Package: lines",
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
        "where your game's mail goes (one address; with none, the one this"
        " mail came from)",
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
        "SET ABSENCE <from> [TO <to>]",
        "no later deadline falls in your absence (HOLIDAY and VACATION are the"
        " same; dates as Dec 20, Mon, 20 Dec 2026 or 2026-12-20 23:30);"
        " SET NOABSENCE [<date>] cancels",
        set_absence,
    ),
    Spec(
        "set_timezone",
        "settings",
        "SET TIMEZONE <zone>",
        "the time zone of your deadlines (Europe/Paris, Eastern, UTC+2)",
        set_timezone,
    ),
    Spec(
        "set_end",
        "settings",
        "SET END <ending>/NOEND (a variant's rule)",
        "propose (or withdraw) an ending; all current players agreeing ends the game",
        endings.set_end,
    ),
    Spec("set_noend", "settings", "", "", endings.set_noend),
    powers.PREFERENCE,
    Spec(
        "set_map",
        "settings",
        "SET MAP ON/OFF",
        "a map with each result, or not",
        set_map,
    ),
]
