"""The master's commands, after SIGNON M<game> <password>."""

from __future__ import annotations

import json
import re
from datetime import timedelta

from judge.engine.api import adjudicate
from judge.engine.serialize import position_from_json
from judge.reports.dates import judge_date
from judge.service import seats
from judge.service.checks import check_variant, read_time
from judge.service.commands.options import is_variant_option, variant_option
from judge.service.commands.registry import Spec
from judge.service.deadlines import PhaseTiming, next_deadline
from judge.service.lifecycle import finish_game, start_game
from judge.service.passwords import LOCKED
from judge.service.processing import (
    clear_votes,
    notice,
    process,
    results_body,
    schedule,
    tell_all,
)
from judge.service.store import (
    delete_member,
    eject_address,
    iso,
    load_game,
    members,
    moment,
    roll_back_to,
    stored_orders,
    turn_row,
    update_game,
    update_member,
)
from judge.service.variant_orders import engine_orders

KINDS = {"MOVE": "movement", "MOVEMENT": "movement", "RETREAT": "retreat",
         "ADJUST": "adjust", "ADJUSTMENT": "adjust"}  # fmt: skip


def master_only(body):
    """A handler for the signed-on master of a game: body(ctx, game, command)."""

    def handler(ctx, command) -> None:
        me = ctx.need_me("master")
        if me is None:
            return
        body(ctx, load_game(ctx.db, me.game), command)

    return handler


def _running(ctx, game) -> bool:
    if game.status not in ("active", "paused"):
        ctx.say(f"Game '{game.name}' is {game.status}.")
        return False
    return True


def become(ctx, game, command) -> None:
    if not _running(ctx, game):
        return
    wanted = command.args[0].lower()
    board = game.board
    power = next(
        (p for p in board.powers.values()
         if wanted in (p.name.lower(), p.letter.lower(), p.id.lower())),
        None,
    )  # fmt: skip
    if power is None:
        ctx.say(f"There is no power '{wanted[:20]}' in game '{game.name}'.")
        return
    ctx.acting = power.id
    if power.id not in ctx.ordered:
        ctx.ordered.append(power.id)
    ctx.games_touched.add(game.name)
    ctx.say(f"The orders that follow are {power.name}'s.")


def process_now(ctx, game, command) -> None:
    if game.status != "active":
        ctx.say(f"Game '{game.name}' is {game.status}: nothing to process.")
        return
    board = game.board
    phase = str(game.current(board).phase)
    if command.args and command.args[0].upper() != phase:
        ctx.say(
            f"PROCESS {command.args[0][:10]} ignored: the current phase is {phase}."
        )
        return
    ctx.flush_orders()
    ctx.mail(process(ctx.db, ctx.settings, game.name, ctx.now), results=True)
    ctx.ordered.clear()
    ctx.say(f"Phase {phase} has been processed.")


def predict(ctx, game, command) -> None:
    if game.status != "active":
        ctx.say(f"Game '{game.name}' is {game.status}: nothing to predict.")
        return
    ctx.flush_orders()
    board = game.board
    position = game.current(board)
    result = adjudicate(
        board,
        position,
        engine_orders(board, position, stored_orders(ctx.db, game.name), game.rules),
        game.rules,
    )
    _, body = results_body(
        ctx.settings, game, board, result, predicted_deadline(ctx, game, result), None
    )
    ctx.say("PREDICTION (nothing has been processed):\n\n" + body.rstrip("\n"))


def predicted_deadline(ctx, game, result):
    """The next phase's deadline if this one were processed when it is due
    (early processing, else its deadline), as the clock would set it."""
    processed = moment(game.process_at) or moment(game.deadline) or ctx.now
    timing = game.deadline_settings(ctx.settings.timezone)
    return next_deadline(result.position.phase.type, timing, processed)


def rollback(ctx, game, command) -> None:
    if game.status == "forming":
        ctx.say(f"Game '{game.name}' has not started.")
        return
    if command.args:
        try:
            turn = int(command.args[0])
        except ValueError:
            ctx.say("Use: ROLLBACK [<turn number>] (the number in the results title).")
            return
    else:
        turn = game.turn - 1
    row = turn_row(ctx.db, game.name, turn)
    if row is None:
        ctx.say(f"There is no processed turn {turn} in game '{game.name}'.")
        return
    phase, position_text = row
    roll_back_to(ctx.db, game.name, turn)
    clear_votes(ctx.db, game.name)
    update_game(
        ctx.db, game.name, position=position_text, turn=turn, status="active",
        result=None,
    )  # fmt: skip
    board = game.board
    position = position_from_json(board, json.loads(position_text))
    schedule(ctx.db, load_game(ctx.db, game.name), ctx.settings, position, ctx.now)
    ctx.mail(tell_all(
        ctx.db, ctx.settings, game.name, "Rollback",
        f"The master has rolled the game back to {phase} (turn {turn}).\n"
        "All orders for it must be sent again.",
    ))  # fmt: skip
    ctx.say(f"Game '{game.name}' rolled back to {phase}.")


def pause(ctx, game, command) -> None:
    if game.status != "active":
        ctx.say(f"Game '{game.name}' is {game.status}.")
        return
    update_game(
        ctx.db, game.name, status="paused", process_at=None, paused_at=iso(ctx.now)
    )
    ctx.mail(tell_all(
        ctx.db, ctx.settings, game.name, "Paused",
        "The master has paused the game: no deadline runs until RESUME, which"
        " gives the phase back the time it had left.",
    ))  # fmt: skip
    ctx.say(f"Game '{game.name}' is paused; everyone has been told.")


def resume(ctx, game, command) -> None:
    if game.status != "paused":
        ctx.say(f"Game '{game.name}' is {game.status}, not paused.")
        return
    update_game(ctx.db, game.name, status="active")
    game = load_game(ctx.db, game.name)
    deadline = resumed_deadline(game, ctx.now)
    if deadline is None:  # paused before any deadline ran: a new one
        deadline = schedule(
            ctx.db, game, ctx.settings, game.current(game.board), ctx.now
        )
    else:
        stopped = moment(game.paused_at)
        grace = moment(game.grace_end) or deadline
        update_game(
            ctx.db, game.name, deadline=iso(deadline),
            grace_end=iso(max(deadline, ctx.now + (grace - stopped))),
            process_at=None, reminded=0, late_notified=None,
        )  # fmt: skip
    update_game(ctx.db, game.name, paused_at=None)
    when = judge_date(deadline, ctx.settings.timezone)
    ctx.mail(tell_all(
        ctx.db, ctx.settings, game.name, "Resumed",
        f"The master has resumed the game. The deadline for orders is {when}.",
    ))  # fmt: skip
    ctx.games_touched.add(game.name)
    ctx.say(f"Game '{game.name}' is running again; the deadline is {when}.")


def resumed_deadline(game, now):
    """docs/deadlines.md: a resumed phase gets back the time it had left when
    it was paused (its deadline as the master or the clock set it, never
    recomputed with timing changed since); a phase paused in its grace
    period resumes at once.  None when nothing was running."""
    stopped = moment(game.paused_at)
    deadline = moment(game.deadline)
    if stopped is None or deadline is None:
        return None
    return now + max(deadline - stopped, timedelta(0))


def terminate(ctx, game, command) -> None:
    if game.status == "finished":
        ctx.say(f"Game '{game.name}' is already over.")
        return
    ctx.mail(
        finish_game(
            ctx.db,
            ctx.settings,
            game.name,
            "The game has been terminated by the master.",
            ctx.now,
        ),
        results=True,
    )
    ctx.say(f"Game '{game.name}' is over; everyone has been sent its end.")


def eject(ctx, game, command) -> None:
    target = command.args[0]
    board = game.board
    for member in members(ctx.db, game.name):
        power = board.powers.get(member.power) if member.power else None
        names = {member.address.lower()}
        if power:
            names |= {power.name.lower(), power.letter.lower()}
        if target.lower() in names and member.role != "master":
            # njudge bug 447: an ejected player has resigned, for good
            eject_address(ctx.db, game.name, member.address)
            if game.status == "forming" or member.role == "observer":
                delete_member(ctx.db, member.id)
            else:  # a variant's seat: all its countries; the password dies
                for row in seats.seat_rows(ctx.db, game, board, member):
                    update_member(
                        ctx.db, row.id, state="resigned",
                        password=LOCKED,
                    )  # fmt: skip
            who = power.name if power else "the player"
            ctx.say(
                f"Ejected {who} ({'anonymous' if game.anonymous else member.address})."
            )
            if power:
                ctx.mail(tell_all(
                    ctx.db, ctx.settings, game.name, "Ejected",
                    f"The master has ejected {power.name}. Anyone may take it over"
                    f" with SIGNON {power.letter}{game.name} <password>.",
                ))  # fmt: skip
            # the ejected address hears it too (no longer among the game's)
            ctx.mail([notice(
                ctx.settings, game, member, "Ejected",
                f"The master has ejected you from game '{game.name}'"
                + (f" ({power.name})" if power else "")
                + ": you may not sign on to it again.",
            )])  # fmt: skip
            return
    ctx.say(f"No player '{target[:40]}' in game '{game.name}'.")


def force_begin(ctx, game, command) -> None:
    if game.status != "forming":
        ctx.say(f"Game '{game.name}' is {game.status}.")
        return
    if not members(ctx.db, game.name, "player"):
        ctx.say("No players have signed on yet.")
        return
    ctx.mail(start_game(ctx.db, ctx.settings, game.name, ctx.now), results=True)
    ctx.say(f"Game '{game.name}' has begun; unheld powers are in civil disorder.")


# -- the master's settings -------------------------------------------------------


def _master_time(column: str):
    def body(ctx, game, command) -> None:
        when = read_time(command.args[0], ctx.settings.timezone)
        if when is None:
            ctx.say("Write the time as YYYY-MM-DD HH:MM (judge time).")
            return
        if game.status != "active":
            ctx.say(f"Game '{game.name}' is not running.")
            return
        values = {column: iso(when), "process_at": None, "reminded": 0}
        if column == "deadline" and game.grace_end and iso(when) > game.grace_end:
            values["grace_end"] = iso(when)
        update_game(ctx.db, game.name, **values)
        ctx.games_touched.add(game.name)
        said = (f"{column.replace('_', ' ').capitalize()}: "
                f"{judge_date(when, ctx.settings.timezone)}.")  # fmt: skip
        ctx.say(said)
        ctx.announce(game.name, f"SET {command.words[0]}: {said}")

    return body


def set_timing(ctx, game, command) -> None:
    kind = KINDS[command.words[0]]
    field_name = command.words[1].lower()
    raw = command.args[0].strip()
    changes = json.loads(game.timing or "{}")
    try:
        if field_name == "clock":
            value = -1 if raw == "-1" else _clock(raw)
        elif field_name == "days":
            value = raw
        else:
            value = float(raw)
        current = game.deadline_settings(ctx.settings.timezone)
        timing = getattr(current, kind)
        PhaseTiming(**{**timing.__dict__, field_name: value})  # validates
    except ValueError as error:
        ctx.say(f"Not set: {error}.")
        return
    changes.setdefault(kind, {})[field_name] = value
    update_game(ctx.db, game.name, timing=json.dumps(changes, sort_keys=True))
    said = f"{kind} {field_name} is now {raw} (from the next phase on)."
    ctx.say(said)
    ctx.announce(game.name, f"SET {' '.join(command.words)}: {said}")


def _clock(raw: str) -> int:
    match = re.fullmatch(r"(\d{1,2}):?(\d{2})", raw)
    if not match:
        raise ValueError("clock is HHMM or -1")
    hours, minutes = int(match.group(1)), int(match.group(2))
    if hours > 23 or minutes > 59:
        raise ValueError("clock is HHMM or -1")
    return hours * 60 + minutes


def set_nmr(ctx, game, command) -> None:
    on = not command.words[0].startswith("NO")
    update_game(ctx.db, game.name, nmr=1 if on else 0)
    said = (
        "Late powers will go into civil disorder when grace ends."
        if on
        else "The game will wait for replacements of late powers."
    )
    ctx.say(said)
    ctx.announce(game.name, f"SET {command.words[0]}: {said}")


def set_variant(ctx, game, command) -> None:
    if is_variant_option(command.args[0]):
        variant_option(ctx, game, command.args[0], on=True)
        return
    variant, error = check_variant(command.args[0], game.name)
    if game.status != "forming":
        ctx.say("The variant can change only before the game starts.")
    elif error:
        ctx.say(error)
    else:
        update_game(ctx.db, game.name, variant=variant)
        ctx.say(f"Game '{game.name}' will be played on {variant}.")


def _spec(name: str, usage: str, text: str, body, shown: str = "") -> Spec:
    return Spec(name, "master", usage, text, master_only(body), shown=shown)


COMMANDS = [
    _spec(
        "become", "BECOME <power>", "the orders that follow are that power's", become
    ),
    _spec(
        "process",
        "PROCESS [<phase>]",
        "process now (ignored when <phase> is not current)",
        process_now,
    ),
    _spec(
        "predict",
        "PREDICT",
        "a trial adjudication of the orders so far, to you",
        predict,
    ),
    _spec(
        "rollback",
        "ROLLBACK [<turn>]",
        "back to the start of turn <turn> (default: the last)",
        rollback,
    ),
    _spec("pause", "PAUSE", "stop the clock", pause),
    _spec("resume", "RESUME", "restart the clock", resume),
    _spec("terminate", "TERMINATE", "end the game", terminate),
    _spec(
        "eject",
        "EJECT <power or address>",
        "remove a player (the power is"
        " open for takeover; the ejected address may not sign on again)",
        eject,
    ),
    _spec(
        "force_begin",
        "FORCEBEGIN",
        "start with the players present",
        force_begin,
        shown="FORCE BEGIN",
    ),
    _spec(
        "set_deadline",
        "SET DEADLINE <date>",
        "e.g. SET DEADLINE 2026-03-01 18:00 (judge time)",
        _master_time("deadline"),
    ),
    _spec(
        "set_grace",
        "SET GRACE <date>",
        "the end of the grace period",
        _master_time("grace_end"),
    ),
    _spec(
        "set_timing",
        "SET MOVE|RETREAT|ADJUST CLOCK|MIN|NEXT|GRACE|DELAY|DAYS <value>",
        "the timing of later phases (GET DEADLINES)",
        set_timing,
    ),
    _spec(
        "set_nmr",
        "SET NMR/NONMR",
        "late powers go into civil disorder, or the game waits",
        set_nmr,
    ),
    _spec(
        "set_variant",
        "SET VARIANT <name>",
        "before the game starts; also njudge's option SET [NOT] VARIANT Gunboat",
        set_variant,
    ),
]
