"""The game's timing, as njudge's masters set it (data/deadlines): SET
DEADLINE, SET GRACE and SET START for the current phase, SET MOVE|RETREAT|
ADJUST <field> <value> ... for later phases, SET MAX ABSENCE.

Dates are read by judge.language.dates in the sender's time zone (else the
judge's), and every reply restates the moment understood in words.  A date
that makes no sense (a deadline in the past, a grace period ending before
the deadline) is refused and nothing is stored."""

from __future__ import annotations

import json
import re
from datetime import datetime, time
from typing import TYPE_CHECKING

from judge.language.dates import DateError, clock_minutes, read_date
from judge.reports.dates import date_in_words
from judge.service import deadlines
from judge.service.deadlines import PhaseTiming
from judge.service.flow import Go
from judge.service.queries import account_tz, iso, moment, update_game

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context
    from judge.service.queries import Game


KINDS = {"MOVE": "movement", "MOVEMENT": "movement", "RETREAT": "retreat",
         "ADJUST": "adjust", "ADJUSTMENT": "adjust", "BUILD": "adjust"}  # fmt: skip
FIELDS = ("clock", "min", "next", "grace", "delay", "days")
MAX_ABSENCE = 31  # njudge: SET MAX ABSENCE 0 to 31


def sender_zone(ctx) -> str:
    """The zone a sender's dates are read in: their seat's when signed on,
    else their registration's (REGISTER), else the judge's."""
    me = ctx.me or ctx.joined
    if me is not None and me.tz:
        return me.tz
    return account_tz(ctx.db, ctx.sender) or ctx.settings.timezone


def read_when(ctx, text: str, what: str, default: time) -> datetime | None:
    """A date the sender wrote, or None (the reply says why)."""
    try:
        return read_date(text, ctx.now, sender_zone(ctx), default)
    except DateError as error:
        ctx.say(
            f"{what} not set: {error}. Write e.g. 'Dec 20 23:30', 'Mon 23:30',"
            " '20 Dec 2026' or '2026-12-20 23:30'."
        )
        return None


def words(ctx, when: datetime) -> str:
    return date_in_words(when, sender_zone(ctx))


def phase_default_time(ctx, game) -> time:
    """njudge: a date without a time falls at the phase's clock, or 23:30."""
    timing = game.deadline_settings(ctx.settings.timezone)
    clock = timing.timing(game.current(game.board).phase.type).clock
    return time(23, 30) if clock < 0 else time(clock // 60, clock % 60)


def running_game(ctx, game) -> bool:
    if game.status == "forming":
        ctx.say(
            f"Game '{game.name}' is forming: it has no deadline to set yet.  Its"
            " first deadline is set when it starts, by the movement timing"
            " (SET MOVE CLOCK <hh:mm>, SET MOVE NEXT <hours>); once it runs,"
            " SET DEADLINE, SET GRACE and SET START move that phase's."
        )
        return False
    if game.status != "active":
        ctx.say(f"Game '{game.name}' is {game.status}: it has no deadline to set.")
        return False
    return True


def date_for(ctx, game, command, what: str) -> datetime | None:
    """The date a SET DEADLINE/GRACE/START names, for a running game; None
    when there is none (the reply says why)."""
    if not running_game(ctx, game):
        return None
    return read_when(ctx, command.args[0], what, phase_default_time(ctx, game))


def passed(ctx, when: datetime, what: str) -> bool:
    """Whether `when` is over (and so refused, saying so)."""
    if when <= ctx.now:
        ctx.say(f"{what} not set: {words(ctx, when)} has already passed.")
        return True
    return False


def told(ctx, when: datetime) -> str:
    """A date for the others in the game: in words, in the judge's zone."""
    return date_in_words(when, ctx.settings.timezone)


def usual_grace(ctx, game: Game, deadline: datetime) -> datetime:
    """The end of the phase's usual grace period after `deadline`."""
    timing = game.deadline_settings(ctx.settings.timezone)
    phase_type = game.current(game.board).phase.type
    return deadlines.grace_end(phase_type, timing, deadline)


def set_deadline(ctx: Context, game: Game, command: Command) -> Go:
    when = date_for(ctx, game, command, "Deadline")
    if when is None:
        return Go.ON
    if passed(ctx, when, "Deadline"):
        return Go.ON
    if game.start_at and when < moment(game.start_at):
        ctx.say(
            f"Deadline not set: {words(ctx, when)} is before the start set with"
            f" SET START, {words(ctx, moment(game.start_at))}."
        )
        return Go.ON
    values = {"deadline": iso(when), "process_at": None, "reminded": 0,
              "late_notified": None}  # fmt: skip
    note = told_grace = ""
    old = moment(game.deadline)
    grace = moment(game.grace_end)
    if old is None or grace is None or when > old:
        # njudge: extending the deadline extends the grace period to its
        # usual span after the new one; shortening leaves the grace alone
        new_grace = usual_grace(ctx, game, when)
        if grace is None or new_grace > grace:
            values["grace_end"] = iso(new_grace)
            note = f" The grace period now ends {words(ctx, new_grace)}."
            told_grace = f"; the grace period ends {told(ctx, new_grace)}"
    update_game(ctx.db, game.name, **values)
    ctx.games_touched.add(game.name)
    ctx.say(f"The deadline is now {words(ctx, when)}.{note}")
    ctx.announce(
        game.name, f"SET DEADLINE: the deadline is now {told(ctx, when)}{told_grace}."
    )
    return Go.ON


def set_grace(ctx: Context, game: Game, command: Command) -> Go:
    when = date_for(ctx, game, command, "Grace")
    if when is None:
        return Go.ON
    deadline = moment(game.deadline)
    if deadline is not None and when < deadline:
        ctx.say(
            f"Grace not set: {words(ctx, when)} is before the deadline,"
            f" {words(ctx, deadline)}. The grace period ends at or after it."
        )
        return Go.ON
    if passed(ctx, when, "Grace"):
        return Go.ON
    update_game(ctx.db, game.name, grace_end=iso(when))
    ctx.games_touched.add(game.name)
    ctx.say(f"The grace period now ends {words(ctx, when)}.")
    ctx.announce(game.name, f"SET GRACE: the grace period ends {told(ctx, when)}.")
    return Go.ON


def set_start(ctx: Context, game: Game, command: Command) -> Go:
    """No processing before the date; a later date than the deadline moves
    the deadline (and its grace) there too."""
    when = date_for(ctx, game, command, "Start")
    if when is None:
        return Go.ON
    if passed(ctx, when, "Start"):
        return Go.ON
    values = {"start_at": iso(when), "process_at": None}
    note = told_too = ""
    deadline = moment(game.deadline)
    if deadline is None or when > deadline:
        grace = usual_grace(ctx, game, when)
        values |= {"deadline": iso(when), "reminded": 0, "late_notified": None}
        if game.grace_end is None or grace > moment(game.grace_end):
            values["grace_end"] = iso(grace)
        note = " The deadline moves there too."
        told_too = "; the deadline moves there too"
    update_game(ctx.db, game.name, **values)
    ctx.games_touched.add(game.name)
    ctx.say(f"No processing before {words(ctx, when)}.{note}")
    ctx.announce(
        game.name, f"SET START: no processing before {told(ctx, when)}{told_too}."
    )
    return Go.ON


def set_timing(ctx: Context, game: Game, command: Command) -> Go:
    """SET MOVE NEXT 48 DELAY 1, SET RETREAT GRACE 24 NEXT 12: several
    fields in one line, all applied or none."""
    kind = KINDS[command.words[0].rstrip("S")]
    tokens = [command.words[1], *command.args[0].split()]
    tokens[::2] = [name.lower() for name in tokens[::2]]  # DAYS' value keeps its case
    if len(tokens) % 2:
        ctx.say(
            f"Not set: '{tokens[-1][:20]}' has no value. Write"
            " SET MOVE|RETREAT|ADJUST <field> <value> [<field> <value>...]."
        )
        return Go.ON
    changes = json.loads(game.timing or "{}")
    current = game.deadline_settings(ctx.settings.timezone)
    values = dict(getattr(current, kind).__dict__)
    said = []
    try:
        for name, raw in zip(tokens[::2], tokens[1::2], strict=True):
            if name not in FIELDS:
                raise ValueError(f"'{name[:20]}' is not one of {', '.join(FIELDS)}")
            values[name] = _value(name, raw)
            said.append(f"{name} {_shown(name, values[name])}")
        PhaseTiming(**values)  # validates the whole
    except (ValueError, DateError) as error:
        ctx.say(f"Not set: {error}. Nothing was changed.")
        return Go.ON
    changes.setdefault(kind, {}).update({name: values[name] for name in tokens[::2]})
    update_game(ctx.db, game.name, timing=json.dumps(changes, sort_keys=True))
    text = f"{kind.capitalize()} phases: {', '.join(said)} (from the next phase on)."
    ctx.say(text)
    ctx.announce(game.name, f"SET {command.words[0]}: {text}")
    return Go.ON


def _value(name: str, raw: str):
    if name == "clock":
        return clock_minutes(raw)
    if name == "days":
        return deadlines.check_days(raw)
    try:
        return float(raw)
    except ValueError:
        raise ValueError(f"{name} is a number of hours, not '{raw[:20]}'") from None


def _shown(name: str, value) -> str:
    if name == "clock":
        return (
            "-1 (none)"
            if value < 0
            else f"{value} ({value // 60:02d}:{value % 60:02d})"
        )
    if name == "days":
        return value
    return f"{value:g} hours"


def set_max_absence(ctx: Context, game: Game, command: Command) -> Go:
    raw = command.args[0]
    if not re.fullmatch(r"[0-9]{1,2}", raw) or int(raw) > MAX_ABSENCE:
        ctx.say(f"Use: SET MAX ABSENCE <days>, 0 to {MAX_ABSENCE}.")
        return Go.ON
    update_game(ctx.db, game.name, max_absence=int(raw))
    text = (
        f"Players of game '{game.name}' may now take up to {int(raw)} days of"
        " absence without the master."
    )
    ctx.say(text)
    ctx.announce(game.name, f"SET MAX ABSENCE: {text}")
    return Go.ON
