"""What tick() does for each running game: early processing, reminders,
late notices, the end of grace (civil disorder or abandonment)."""

from __future__ import annotations

from datetime import datetime

from judge.engine.api import orders_needed
from judge.mail.message import OutgoingMail
from judge.reports.dates import judge_date
from judge.service import deadlines, game_options, reliability
from judge.service.attention import manual_turn_notice
from judge.service.processing import (
    LATE_REPEAT,
    late_powers,
    notice,
    order_lines,
    process,
    recipients,
)
from judge.service.queries import (
    iso,
    load_game,
    members,
    moment,
    stored_orders,
    update_game,
    update_member,
)
from judge.service.reachability import note_for_others
from judge.service.variant_orders import engine_orders


def tick_game(db, settings, name: str, now: datetime) -> list[OutgoingMail]:
    game = load_game(db, name)
    if game is None or game.status != "active" or not game.deadline:
        return []
    if game_options.stored(game)["manual_process"]:
        return turn_waiting(db, settings, game, now)
    if game.process_at and now >= moment(game.process_at):
        return process(db, settings, name, now)
    deadline = moment(game.deadline)
    board = game.board
    position = game.current(board)
    late = late_powers(db, game, board, position)
    if now >= deadline:
        if not late:
            return process(db, settings, name, now)
        if now >= moment(game.grace_end):
            return end_of_grace(db, settings, game, late, now)
        last = moment(game.late_notified)
        if last is None or now - last >= LATE_REPEAT:
            update_game(db, name, late_notified=iso(now))
            if last is None:
                game = count_lateness(db, game, late)
            return late_notices(db, settings, game, late)
        return []
    if not game.reminded and now >= deadlines.reminder_time(deadline) and late:
        update_game(db, name, reminded=1)
        return reminders(db, settings, game, late)
    return []


def turn_waiting(db, settings, game, now: datetime) -> list[OutgoingMail]:
    """SET MANUAL PROCESS: the masters are told, once a day, that the phase
    waits for their PROCESS."""
    if now < manual_turn_notice(game):
        return []
    update_game(db, game.name, late_notified=iso(now))
    board = game.board
    late = late_powers(db, game, board, game.current(board))
    waiting = (
        "Still without complete orders: "
        + ", ".join(board.powers[p].name for p in late)
        if late
        else "Every power's orders are in."
    )
    text = (
        f"Game '{game.name}' is set MANUAL PROCESS: the phase is processed when"
        f" you send PROCESS.\n{waiting}\n"
    )
    return [
        notice(settings, game, m, "Turn Waiting", text)
        for m in members(db, game.name, "master")
    ]


def count_lateness(db, game, late: list[str]):
    """SET LATE COUNT: each power's times late in the game (once a phase),
    named in the late notices; a takeover starts the count anew."""
    options = game_options.stored(game)
    if not options["late_count"]:
        return game
    counts = dict(options.get("late_counts", {}))
    for power in late:
        counts[power] = counts.get(power, 0) + 1
    update_game(
        db, game.name, settings=game_options.changed(game, "late_counts", counts)
    )
    return load_game(db, game.name)


def late_notices(db, settings, game, late: list[str]) -> list[OutgoingMail]:
    board = game.board
    names = ", ".join(board.powers[p].name for p in late)
    secret = game_options.stored(game)["secret"]
    grace = judge_date(moment(game.grace_end), settings.timezone)
    what = (
        "the phase is processed with the orders received (civil disorder)"
        if game.nmr
        else "the power is abandoned and the game waits for a replacement"
    )
    held: dict[str, list[str]] = {}  # a variant's seat: several countries
    for m in members(db, game.name, "player"):
        if m.power and m.state != "resigned":
            held.setdefault(m.address.lower(), []).append(m.power)
    mails = []
    for member in recipients(db, game):
        mine = [p for p in late if p in held.get(member.address.lower(), ())]
        if member.role == "player" and member.power and mine:
            name = " and ".join(board.powers[p].name for p in mine)
            text = (
                f"You are late!  The deadline has passed and {name}"
                f" has not sent complete orders.\nThe grace period ends {grace};"
                f" after that {what}.\n"
            ) + times_late(game, mine)
            mails.append(notice(settings, game, member, "Late Notice", text))
        else:
            waiting = "some powers" if secret else names  # SET SECRET: njudge's "?"
            text = (
                f"The deadline has passed.  Still waiting for orders from: {waiting}.\n"
                f"The grace period ends {grace}.\n"
            ) + note_for_others(db, game, member)
            mails.append(notice(settings, game, member, "Late Powers", text))
    return mails


def times_late(game, powers: list[str]) -> str:
    options = game_options.stored(game)
    if not options["late_count"]:
        return ""
    counts = options.get("late_counts", {})
    board = game.board
    return "".join(
        f"{board.powers[p].name} has been late {counts.get(p, 0)} time(s) in this"
        " game.\n"
        for p in powers
    )


def reminders(db, settings, game, late: list[str]) -> list[OutgoingMail]:
    """One reminder per player with late countries, with a copy of the orders
    received so far (as njudge's reminder has)."""
    deadline = judge_date(moment(game.deadline), settings.timezone)
    mine: dict[str, list[str]] = {}  # a player's late countries
    first = {}
    for member in members(db, game.name, "player"):
        if member.power in late and member.state == "active":
            first.setdefault(member.address.lower(), member)
            mine.setdefault(member.address.lower(), []).append(member.power)
    board = game.board
    position = game.current(board)
    orders = engine_orders(board, position, stored_orders(db, game.name), game.rules)
    needed = orders_needed(board, position, game.rules)
    mails = []
    for address, member in first.items():
        copy = []
        for power in mine[address]:
            copy += current_lines(board, position, power, orders, needed, game.rules)
        mails.append(
            notice(
                settings,
                game,
                member,
                "Reminder",
                f"Reminder: your orders for {game.name} are not complete.\n"
                f"The deadline is {deadline}.  Send SIGNON and your orders, or\n"
                "LIST for the state of the game.\n\nYour orders so far:\n"
                + "\n".join(copy)
                + "\n"
                + _spaced(note_for_others(db, game, member)),
            )
        )
    return mails


def _spaced(note: str) -> str:
    return "\n" + note if note else ""


def current_lines(board, position, power, orders, needed, rules) -> list[str]:
    """A power's orders as they stand, and how many are missing."""
    given = orders.get(power, [])
    lines, missing = order_lines(
        board, position, power, given, needed.get(power, 0), rules
    )
    name = board.powers[power].name
    return [*lines, f"{name}: {missing} order(s) missing."]


def end_of_grace(db, settings, game, late, now) -> list[OutgoingMail]:
    board = game.board
    rated = game_options.keeps_records(game)  # not UNRATED nor irregular
    seats = {m.power: m for m in members(db, game.name, "player") if m.power}
    if game.nmr:
        scored = set()
        for power in late:
            if power in seats:
                update_member(db, seats[power].id, state="cd")
                if rated and seats[power].address.lower() not in scored:
                    scored.add(seats[power].address.lower())
                    reliability.civil_disorder(db, seats[power].address)
        names = ", ".join(board.powers[p].name for p in late)
        mails = [
            notice(
                settings,
                game,
                member,
                "Civil Disorder",
                f"The grace period has ended.  In civil disorder: {names}.\n"
                "Orders received are carried out; their units without orders hold,"
                " dislodged ones disband, and removals owed follow the civil"
                " disorder rules.\n"
                "Anyone may take over such a power with SIGNON"
                " <letter><game> <password>.\n",
            )
            for member in told_of_players(db, game)
        ]
        return mails + process(db, settings, game.name, now)
    fresh = [p for p in late if p in seats and seats[p].state == "active"]
    for power in fresh:
        update_member(db, seats[power].id, state="abandoned")
    for address in {seats[p].address.lower(): seats[p].address for p in fresh}.values():
        if rated:
            reliability.abandoned(db, address)
    if not fresh:
        return []
    names = ", ".join(board.powers[p].name for p in fresh)
    letters = ", ".join(
        f"SIGNON {board.powers[p].letter}{game.name} <password>" for p in fresh
    )
    return [
        notice(
            settings,
            game,
            member,
            "Abandoned",
            f"The grace period has ended.  Abandoned: {names}.\n"
            f"The game waits for a replacement: {letters}\n",
        )
        for member in told_of_players(db, game)
    ]


def told_of_players(db, game) -> list:
    """Who hears of powers abandoned or in disorder: everyone, but only the
    masters under SET QUIET."""
    everyone = recipients(db, game)
    if game_options.news_to_masters_only(game):
        return [m for m in everyone if m.role == "master"]
    return everyone
