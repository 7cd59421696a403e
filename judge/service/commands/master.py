"""The master's commands, after SIGNON M<game> <password>."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING

from judge.engine.api import adjudicate
from judge.engine.kinds import OrderKind
from judge.engine.orders import kind_of
from judge.engine.serialize import position_from_json
from judge.language.phase_names import read_phase
from judge.reports.dates import judge_date
from judge.service import game_options, proxies, seats
from judge.service.checks import check_variant
from judge.service.commands import timing
from judge.service.commands.options import is_variant_option, variant_option
from judge.service.commands.registry import Spec
from judge.service.deadlines import next_deadline
from judge.service.flow import Go
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
from judge.service.queries import (
    count_turns,
    delete_member,
    eject_address,
    iso,
    load_game,
    members,
    moment,
    put_order,
    roll_back_to,
    save_position,
    stored_orders,
    turn_orders,
    turn_row,
    unseat_players,
    update_game,
    update_member,
)
from judge.service.variant_orders import engine_orders, order_key, read_orders

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context
    from judge.service.queries import Game


def master_only(body):
    """A handler for the signed-on master of a game: body(ctx, game, command),
    which returns the handler's Go."""

    def handler(ctx: Context, command: Command) -> Go:
        me = ctx.need_me("master")
        if me is None:
            return Go.ON
        return body(ctx, load_game(ctx.db, me.game), command)

    return handler


def moderator(body):
    """A game setting: the master's, or any player's in an unmoderated game
    (njudge's 'mod' commands)."""

    def handler(ctx: Context, command: Command) -> Go:
        me = ctx.me
        if me is not None and me.role == "player" and me.power:
            game = load_game(ctx.db, me.game)
            if not game.moderated:
                return body(ctx, game, command)
        me = ctx.need_me("master")
        if me is None:
            return Go.ON
        return body(ctx, load_game(ctx.db, me.game), command)

    return handler


def resumer(body):
    """RESUME: the master's, and any player's unless SET NO RESUME (njudge)."""

    def handler(ctx: Context, command: Command) -> Go:
        me = ctx.me
        if me is not None and me.role == "player" and me.power:
            game = load_game(ctx.db, me.game)
            if game_options.stored(game)["resume"]:
                return body(ctx, game, command)
            ctx.say(f"Only the master may resume game '{game.name}' (SET NO RESUME).")
            return Go.ON
        return master_only(body)(ctx, command)

    return handler


def _running(ctx, game) -> bool:
    if game.status not in ("active", "paused"):
        ctx.say(f"Game '{game.name}' is {game.status}.")
        return False
    return True


def become(ctx: Context, game: Game, command: Command) -> Go:
    if not _running(ctx, game):
        return Go.ON
    wanted = command.args[0].lower()
    board = game.board
    power = next(
        (p for p in board.powers.values()
         if wanted in (p.name.lower(), p.letter.lower(), p.id.lower())),
        None,
    )  # fmt: skip
    if power is None:
        ctx.say(f"There is no power '{wanted[:20]}' in game '{game.name}'.")
        return Go.ON
    ctx.acting = power.id
    if power.id not in ctx.ordered:
        ctx.ordered.append(power.id)
    ctx.games_touched.add(game.name)
    ctx.say(
        f"The orders that follow are {power.name}'s; its player is sent what"
        " you do in its name."
    )
    ctx.became.append((power.id, max(0, len(ctx.reply.lines) - 2)))  # its "> BECOME"
    return Go.ON


def process_now(ctx: Context, game: Game, command: Command) -> Go:
    if game.status != "active":
        ctx.say(f"Game '{game.name}' is {game.status}: nothing to process.")
        return Go.ON
    board = game.board
    phase = str(game.current(board).phase)
    if command.args:
        wanted = read_phase(command.args[0])
        if wanted is None:
            ctx.say(
                f"PROCESS {command.args[0][:30]} ignored: name the phase as"
                " <season> <year> <phase> (Fall 1905 Retreat) or as F1905R."
            )
            return Go.ON
        if wanted != phase:
            named = "" if wanted == command.args[0].upper() else f", not {wanted}"
            ctx.say(
                f"PROCESS {command.args[0][:30]} ignored: the current phase is"
                f" {phase}{named}."
            )
            return Go.ON
    ctx.flush_orders()
    ctx.mail(process(ctx.db, ctx.settings, game.name, ctx.now), results=True)
    ctx.ordered.clear()
    ctx.say(f"Phase {phase} has been processed.")
    return Go.ON


def predict(ctx: Context, game: Game, command: Command) -> Go:
    if game.status != "active":
        ctx.say(f"Game '{game.name}' is {game.status}: nothing to predict.")
        return Go.ON
    ctx.flush_orders()
    board = game.board
    position = game.current(board)
    texts = stored_orders(ctx.db, game.name)
    result = adjudicate(
        board, position, engine_orders(board, position, texts, game.rules), game.rules
    )
    deadline = predicted_deadline(ctx, game, result)
    given = proxies.given_lines(board, position, texts)  # njudge predicts them too
    _, body = results_body(ctx.settings, game, board, result, deadline, None, given)
    ctx.say("PREDICTION (nothing has been processed):\n\n" + body.rstrip("\n"))
    return Go.ON


def predicted_deadline(ctx, game, result):
    """The next phase's deadline if this one were processed when it is due
    (early processing, else its deadline), as the clock would set it."""
    processed = moment(game.process_at) or moment(game.deadline) or ctx.now
    timing = game.deadline_settings(ctx.settings.timezone)
    return next_deadline(result.position.phase.type, timing, processed)


def rollback(ctx: Context, game: Game, command: Command) -> Go:
    if game.status == "forming":
        ctx.say(f"Game '{game.name}' has not started.")
        return Go.ON
    if command.args:
        try:
            turn = int(command.args[0])
        except ValueError:
            ctx.say("Use: ROLLBACK [<turn number>] (the number in the results title).")
            return Go.ON
    else:
        turn = game.turn - 1
    row = turn_row(ctx.db, game.name, turn)
    if row is None:
        ctx.say(f"There is no processed turn {turn} in game '{game.name}'.")
        return Go.ON
    phase, position_text = row
    kept = turn_orders(ctx.db, game.name, turn)
    roll_back_to(ctx.db, game.name, turn)
    clear_votes(ctx.db, game.name)
    update_game(
        ctx.db, game.name, position=position_text, turn=turn, status="active",
        result=None,
    )  # fmt: skip
    board = game.board
    position = position_from_json(board, json.loads(position_text))
    schedule(ctx.db, load_game(ctx.db, game.name), ctx.settings, position, ctx.now)
    restored = restore_orders(ctx.db, game.name, board, position, kept)
    ctx.mail(tell_all(
        ctx.db, ctx.settings, game.name, "Rollback",
        f"The master has rolled the game back to {phase} (turn {turn}).\n"
        "The orders it was processed with stand again (send new ones to\n"
        "change them), and a PROCESS replays them.",
    ))  # fmt: skip
    ctx.say(
        f"Game '{game.name}' rolled back to {phase}; {restored} order(s) of that"
        " turn kept: PROCESS replays them."
    )
    return Go.ON


def restore_orders(db, name: str, board, position, kept: dict) -> int:
    """The orders a turn was processed with, stored again for it."""
    count = 0
    for power, texts in kept.items():
        waives = 0
        for parsed in read_orders(board, position, power, "\n".join(texts)):
            if parsed.order is None:
                continue
            if kind_of(parsed.order) == OrderKind.WAIVE:
                waives += 1
            put_order(db, name, power, order_key(parsed.order, waives),
                      parsed.order.canonical())  # fmt: skip
            count += 1
    return count


def promote(ctx: Context, game: Game, command: Command) -> Go:
    """njudge PROMOTE: an observer of the game becomes a co-master."""
    target = command.args[0].strip("<>").lower()
    observer = next(
        (m for m in members(ctx.db, game.name, "observer")
         if m.address.lower() == target and m.state == "active"),
        None,
    )  # fmt: skip
    if observer is None:
        ctx.say(
            f"'{target[:60]}' does not observe game '{game.name}': PROMOTE"
            " makes an observer (OBSERVE <game> <password>, confirmed) a master."
        )
        return Go.ON
    if observer.password == LOCKED:
        ctx.say(
            f"{observer.address} observes without a password, and a master signs"
            " on with one: only an observer who gave a password to OBSERVE"
            f" {game.name} <password> can be promoted."
        )
        return Go.ON
    update_member(ctx.db, observer.id, role="master")
    ctx.mail(tell_all(
        ctx.db, ctx.settings, game.name, "Promotion",
        f"{observer.address} is now a master of game '{game.name}' too.",
    ))  # fmt: skip
    ctx.say(
        f"{observer.address} is now a master of game '{game.name}': they sign"
        f" on with SIGNON M{game.name} and their observer's password."
    )
    return Go.ON


def unstart(ctx: Context, game: Game, command: Command) -> Go:
    """njudge UNSTART: a game that has started but played no phase goes back
    to forming; its players stay in it, without powers."""
    if game.status != "active" or count_turns(ctx.db, game.name):
        ctx.say(
            f"UNSTART ignored: game '{game.name}' is {game.status}"
            + (" and has processed phases." if game.status == "active" else ".")
            + " Only a started game that has played no phase goes back to forming."
        )
        return Go.ON
    unseat_players(ctx.db, game.name)
    update_game(
        ctx.db, game.name, status="forming", position=None, deadline=None,
        grace_end=None, process_at=None, phase_start=None, start_at=None,
        reminded=0, late_notified=None,
        # njudge: ManualStart, so that a replacement may send preferences
        settings=game_options.changed(game, "manual_start", True),
    )  # fmt: skip
    ctx.mail(tell_all(
        ctx.db, ctx.settings, game.name, "Unstarted",
        f"The master has returned game '{game.name}' to forming: powers are"
        " drawn again when it starts.",
    ))  # fmt: skip
    ctx.say(
        f"Game '{game.name}' is forming again, and starts only when you SET AUTO"
        " START (or FORCE BEGIN)."
    )
    return Go.ON


def set_moderated(ctx: Context, command: Command) -> Go:
    """SET MODERATED: any player of an unmoderated game (or its master);
    SET UNMODERATED: the master only (njudge data/index)."""
    on = not command.words[0].startswith("UN")
    me = ctx.me
    if me is None:
        ctx.need_me()
        return Go.ON
    game = load_game(ctx.db, me.game)
    if not on and me.role != "master":
        ctx.need_me("master")
        return Go.ON
    if me.role not in ("master", "player"):
        ctx.say("Only the game's players and master may do that.")
        return Go.ON
    update_game(ctx.db, game.name, moderated=1 if on else 0)
    text = (
        f"Game '{game.name}' is moderated: only its master changes its settings."
        if on
        else f"Game '{game.name}' is unmoderated: its players may change its"
        " settings (deadlines, timing, press...) as the master does."
    )
    ctx.say(text)
    # who may change the game is a change its players must know of
    ctx.announce(game.name, f"SET {'' if on else 'UN'}MODERATED: {text}")
    return Go.ON


def pause(ctx: Context, game: Game, command: Command) -> Go:
    if game.status != "active":
        ctx.say(f"Game '{game.name}' is {game.status}.")
        return Go.ON
    update_game(
        ctx.db, game.name, status="paused", process_at=None, paused_at=iso(ctx.now)
    )
    ctx.mail(tell_all(
        ctx.db, ctx.settings, game.name, "Paused",
        "The master has paused the game: no deadline runs until RESUME, which"
        " gives the phase back the time it had left.",
    ))  # fmt: skip
    ctx.say(f"Game '{game.name}' is paused; everyone has been told.")
    return Go.ON


def resume(ctx: Context, game: Game, command: Command) -> Go:
    if game.status == "finished":
        return resume_ended(ctx, game)
    if game.status != "paused":
        ctx.say(f"Game '{game.name}' is {game.status}, not paused.")
        return Go.ON
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
    who = "The master" if ctx.me.role == "master" else "A player"
    ctx.mail(tell_all(
        ctx.db, ctx.settings, game.name, "Resumed",
        f"{who} has resumed the game. The deadline for orders is {when}.",
    ))  # fmt: skip
    ctx.games_touched.add(game.name)
    ctx.say(f"Game '{game.name}' is running again; the deadline is {when}.")
    return Go.ON


def resume_ended(ctx: Context, game: Game) -> Go:
    """njudge's RESUME of a completed or terminated game: play goes on from
    the phase it ended in, with a new deadline.  Its master's alone: njudge
    let any player do it unless SET NO RESUME, and games ended by their
    master came back unasked (its best-known complaint, which njudge's own
    help answers by telling masters to SET NO RESUME)."""
    if ctx.me.role != "master":
        ctx.say(
            f"Game '{game.name}' has ended; only its master may RESUME an ended game."
        )
        return Go.ON
    board = game.board
    position = game.current(board)
    ended = f" (it had ended: {game.result.rstrip('.')})" if game.result else ""
    if position.winner:  # a victory undone: play goes on without it
        position = replace(position, winner=None)
        save_position(ctx.db, game.name, board, position)
    update_game(ctx.db, game.name, status="active", result=None, paused_at=None)
    clear_votes(ctx.db, game.name)  # the draw that ended it, if one did
    game = load_game(ctx.db, game.name)
    deadline = schedule(ctx.db, game, ctx.settings, position, ctx.now)
    when = judge_date(deadline, ctx.settings.timezone)
    ctx.mail(tell_all(
        ctx.db, ctx.settings, game.name, "Game Resumed",
        f"The master has resumed the game{ended}. The next phase is"
        f" {position.phase}; the deadline for orders is {when}.",
    ))  # fmt: skip
    ctx.games_touched.add(game.name)
    ctx.say(f"You have resumed game '{game.name}': {position.phase}, deadline {when}.")
    return Go.ON


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


def terminate(ctx: Context, game: Game, command: Command) -> Go:
    if game.status == "finished":
        ctx.say(f"Game '{game.name}' is already over.")
        return Go.ON
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
    return Go.ON


def eject(ctx: Context, game: Game, command: Command) -> Go:
    target = command.args[0]
    me = ctx.me
    if me is not None and target.lower() in (me.address.lower(), "master"):
        return eject_myself(ctx, game, me)
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
            return Go.ON
    held = sorted(
        {board.powers[m.power].name for m in members(ctx.db, game.name)
         if m.role == "player" and m.state != "resigned" and m.power in board.powers}
    )  # fmt: skip
    ctx.say(
        f"No player '{target[:40]}' in game '{game.name}': EJECT takes a power"
        f" ({', '.join(held) or 'none is held'}), an address in the game, or your"
        " own address (or MASTER) to leave."
    )
    return Go.ON


def eject_myself(ctx: Context, game: Game, me) -> Go:
    """njudge: a master leaves a game by EJECTing himself (RESIGN is not
    his).  A game is never left without a master here: a co-master
    (PROMOTE) must stay."""
    others = [m for m in members(ctx.db, game.name, "master") if m.id != me.id]
    if not others:
        ctx.say(
            f"You are the only master of game '{game.name}': PROMOTE an observer"
            " first, who stays its master when you leave."
        )
        return Go.ON
    delete_member(ctx.db, me.id)
    ctx.me = ctx.joined = None
    ctx.say(
        f"You are no longer a master of game '{game.name}'; {others[0].address}"
        " remains."
    )
    return ctx.stop()


def force_begin(ctx: Context, game: Game, command: Command) -> Go:
    if game.status != "forming":
        ctx.say(f"Game '{game.name}' is {game.status}.")
        return Go.ON
    if not members(ctx.db, game.name, "player"):
        ctx.say("No players have signed on yet.")
        return Go.ON
    ctx.mail(start_game(ctx.db, ctx.settings, game.name, ctx.now), results=True)
    ctx.say(f"Game '{game.name}' has begun; unheld powers are in civil disorder.")
    return Go.ON


# -- the master's settings -------------------------------------------------------


def set_nmr(ctx: Context, game: Game, command: Command) -> Go:
    on = not command.words[0].startswith("NO")
    update_game(ctx.db, game.name, nmr=1 if on else 0)
    said = (
        "Late powers will go into civil disorder when grace ends."
        if on
        else "The game will wait for replacements of late powers."
    )
    ctx.say(said)
    ctx.announce(game.name, f"SET {command.words[0]}: {said}")
    return Go.ON


def set_variant(ctx: Context, game: Game, command: Command) -> Go:
    if is_variant_option(command.args[0]):
        variant_option(ctx, game, command.args[0], on=True)
        return Go.ON
    variant, error = check_variant(command.args[0], game.name)
    if game.status != "forming":
        ctx.say("The variant can change only before the game starts.")
    elif error:  # njudge lists the options too
        ctx.say(f"{error} Options: Gunboat, NoList (SET VARIANT <option>).")
    else:
        update_game(ctx.db, game.name, variant=variant)
        ctx.say(f"Game '{game.name}' will be played on {variant}.")
    return Go.ON


def _spec(name: str, usage: str, text: str, body, shown: str = "") -> Spec:
    wrap = moderator if name.startswith("set_") else master_only
    return Spec(name, "master", usage, text, wrap(body), shown=shown)


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
    Spec(
        "resume",
        "master",
        "RESUME",
        "restart a paused game (any player may, unless SET NO RESUME) or an"
        " ended one (the master only)",
        resumer(resume),
    ),
    _spec("terminate", "TERMINATE", "end the game", terminate),
    _spec(
        "eject",
        "EJECT <power or address>",
        "remove a player (the power is"
        " open for takeover; the ejected address may not sign on again);"
        " EJECT <your address>: leave, if a co-master stays",
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
        "this phase's deadline, e.g. SET DEADLINE Dec 20 23:30, Mon 23:30,"
        " 20 Dec 2026 or 2026-12-20 23:30 (your time zone, else the judge's)",
        timing.set_deadline,
    ),
    _spec(
        "set_grace",
        "SET GRACE <date>",
        "when this phase's grace period ends (not before the deadline)",
        timing.set_grace,
    ),
    _spec(
        "set_start",
        "SET START <date>",
        "no processing of this phase before the date (a later one moves the"
        " deadline too)",
        timing.set_start,
    ),
    _spec(
        "set_timing",
        "SET MOVE|RETREAT|ADJUST CLOCK|MIN|NEXT|GRACE|DELAY|DAYS <value> ...",
        "the timing of later phases, several in one line (SET RETREAT GRACE"
        " 24 NEXT 12; CLOCK is minutes after midnight: 1410 is 23:30; GET"
        " DEADLINES)",
        timing.set_timing,
    ),
    _spec(
        "set_max_absence",
        "SET MAX ABSENCE <days>",
        "the absence (0 to 31 days) a player may take without you",
        timing.set_max_absence,
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
    # i24b: njudge's PROMOTE, UNSTART, SET [UN]MODERATED
    _spec(
        "promote",
        "PROMOTE <address>",
        "make an observer of the game a co-master",
        promote,
    ),
    _spec(
        "unstart",
        "UNSTART",
        "a started game that has played no phase goes back to forming",
        unstart,
    ),
    Spec(
        "set_moderated",
        "master",
        "SET MODERATED/UNMODERATED",
        "unmoderated: the players may change the game's settings too",
        set_moderated,
    ),
]
