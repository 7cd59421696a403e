"""Joining and leaving games: CREATE, BECOME MASTER, SIGNON, OBSERVE,
RESIGN.  A failed CREATE or SIGNON stops the reading of the message: what
followed was meant for that game."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import TYPE_CHECKING

from judge.engine.api import orders_needed
from judge.mail.message import OutgoingMail
from judge.reports.dates import judge_date
from judge.service import (
    access_rules,
    deadlines,
    game_options,
    reliability,
    seats,
    signon_notices,
    votes,
    world_games,
)
from judge.service.checks import check_variant
from judge.service.commands import registration
from judge.service.commands.context import DAY, GAME_NAME
from judge.service.commands.master import eject
from judge.service.commands.options import NO_VARIANT_OPTION
from judge.service.commands.registry import Spec
from judge.service.flow import Go
from judge.service.lifecycle import start_game
from judge.service.passwords import LOCKED
from judge.service.processing import tell_all
from judge.service.queries import (
    Member,
    account_tz,
    add_pending,
    create_game,
    delete_member,
    drop_pending,
    forget_pending,
    insert_member,
    is_ejected,
    iso,
    load_game,
    member_by_id,
    members,
    moment,
    pending_member,
    quota_take,
    record_holder,
    update_game,
    update_member,
)
from judge.variants import variant_for

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context


CREATE_OPTIONS = {"nonmr", "nmr", "gunboat", "anonymous", "nopress", "greypress",
                  "whitepress", "nolist"}  # fmt: skip


def do_create(ctx: Context, command: Command) -> Go:
    name_arg, password = command.args[0], command.args[1]
    words = command.args[2].lower().split() if len(command.args) > 2 else []
    name = name_arg.lower().lstrip("?")
    if not name_arg.startswith("?") or not GAME_NAME.match(name):
        ctx.say("Game names are written ?<name>: 1-20 letters, digits, '-' or '_'.")
        return ctx.stop()
    if load_game(ctx.db, name):
        ctx.say(f"There is already a game named '{name}'.")
        return ctx.stop()
    budget = ctx.budgets.creates_per_day
    if not ctx.allow("create", budget, DAY, "New games", take=False):
        return ctx.stop()
    variant = "standard"
    if words and words[0] not in CREATE_OPTIONS:
        variant = words.pop(0)
    if variant == "random":  # a new world: powers=N seed=S among the options
        try:
            seed, powers, words = world_games.world_arguments(words)
        except world_games.Refusal as refusal:
            ctx.say(str(refusal))
            return ctx.stop()
    lacking = [w for w in words if w in NO_VARIANT_OPTION]  # njudge's, not ours
    if lacking:
        ctx.say(f"This judge has no {NO_VARIANT_OPTION[lacking[0]]}: not created.")
        return ctx.stop()
    unknown = [w for w in words if w not in CREATE_OPTIONS]
    if unknown:
        ctx.say(
            f"Unknown option '{unknown[0][:20]}'. Options: "
            + ", ".join(sorted(CREATE_OPTIONS))
        )
        return ctx.stop()
    if variant != "random":
        variant = checked_variant(ctx, variant, name)
        if variant is None:
            return ctx.stop()
    hashed = ctx.hash_password(password)  # before anything is written
    if hashed is None:
        return ctx.stop()
    quota_take(ctx.db, ctx.sender, "create", ctx.now, DAY)  # games and worlds
    if variant == "random":
        try:
            variant = world_games.create_world(ctx.settings, name, seed, powers)
        except world_games.Refusal as refusal:
            ctx.say(str(refusal))
            return ctx.stop()
        variant = checked_variant(ctx, variant, name)
        if variant is None:
            return ctx.stop()
    settings = ctx.settings
    press = settings.game_press
    press = "none" if "nopress" in words else "grey" if "greypress" in words else press
    nmr = 1 if "nmr" in words else 0 if "nonmr" in words else int(settings.game_nmr)
    create_game(
        ctx.db, name, variant, nmr=nmr, press=press,
        anonymous=1 if {"gunboat", "anonymous"} & set(words) else 0,
        created=iso(ctx.now),
    )  # fmt: skip
    if not settings.game_moderated:
        update_game(ctx.db, name, moderated=0)
    if not settings.game_listed or "nolist" in words:  # as SET NOLIST: LIST, web
        made = load_game(ctx.db, name)
        update_game(
            ctx.db, name, settings=game_options.changed(made, "list", False),
            unlisted=1,
        )  # fmt: skip
    if settings.auto_master:  # njudge's AUTO_MASTER
        ctx.joined = ctx.me = add_member(ctx, name, hashed, "master")
        ctx.say(
            f"Game '{name}' ({variant}) has been created and you are its master"
            f" (sign on later with SIGNON M{name} <password>)."
        )
    else:
        ctx.joined = add_member(ctx, name, hashed, "player")
        ctx.say(
            f"Game '{name}' ({variant}) has been created and you are signed on."
            " Send BECOME MASTER (in this or a later message after SIGNON"
            f" ?{name} <password>) to be its master instead of a player."
        )
    if words:  # CREATE's options, restated as read
        ctx.say("Options: " + ", ".join(sorted({CREATE_WORDS[w] for w in words})) + ".")
    world_joined(ctx, load_game(ctx.db, name))
    return Go.ON


CREATE_WORDS = {"nonmr": "NoNMR", "nmr": "NMR", "gunboat": "Gunboat (anonymous)",
                "anonymous": "Gunboat (anonymous)", "nopress": "no press",
                "greypress": "grey press", "whitepress": "white press",
                "nolist": "NoList (not listed)"}  # fmt: skip


def checked_variant(ctx, variant: str, game: str) -> str | None:
    """The variant's canonical name, or None after saying why it is refused."""
    canonical, error = check_variant(variant, game)
    if error:
        ctx.say(error)
        return None
    return canonical


def world_joined(ctx, game) -> None:
    """After CREATE or SIGNON ?game: a world game's note and its picture."""
    board = game.board
    if world_games.world_info(board) is None:
        return
    ctx.say(world_games.join_note(board))
    ctx.reply.attachments.append(world_games.join_picture(board, game.name))


def add_member(ctx, game: str, hashed: str, role: str, power=None) -> Member:
    """A new seat for the sender; `hashed` is the password's hash, made
    before anything was written (the hash budget may stop the message)."""
    member_id = insert_member(
        ctx.db, game, ctx.sender, hashed, role, power,
        account_tz(ctx.db, ctx.sender), iso(ctx.now),
    )  # fmt: skip
    return member_by_id(ctx.db, member_id)


def do_become_master(ctx: Context, command: Command) -> Go:
    joined = ctx.joined
    if joined is None:
        ctx.say("BECOME MASTER follows CREATE or SIGNON ?<game> <password>.")
        return Go.ON
    game = load_game(ctx.db, joined.game)
    if joined.role == "master":
        ctx.say(f"You are already the master of game '{game.name}'.")
        return Go.ON
    if game.status != "forming" or len(members(ctx.db, game.name)) != 1:
        ctx.say("Only the creator, while still alone in the game, may become master.")
        return Go.ON
    update_member(ctx.db, joined.id, role="master")
    ctx.joined = ctx.me = member_by_id(ctx.db, joined.id)
    ctx.say(f"You are now the master of game '{game.name}'.")
    return Go.ON


def _a_game(ctx: Context, name: str) -> bool:
    name = name.lower()
    return bool(GAME_NAME.match(name)) and load_game(ctx.db, name) is not None


def do_signon(ctx: Context, command: Command) -> Go:
    target, password = command.args[:2]
    spec = command.args[2] if len(command.args) > 2 else ""
    problem = ctx.address_problem(ctx.sender)
    if problem:  # the judge could never write to this seat
        ctx.say(f"You cannot sign on from this address: {problem}.")
        return ctx.stop()
    if target == "?":  # njudge: the next game forming, whichever it is
        game = next_forming(ctx)
        if game is None:
            ctx.say(
                "No listed game is forming that you are not in: CREATE one"
                " (CREATE ?<game> <password>)."
            )
            return ctx.stop()
        return join_forming(ctx, game, password)
    if len(target) == 1 and target != "?" and spec and _a_game(ctx, password):
        # "SIGNON F alpha pw": the letter written apart from the game's name
        target, password, spec = target + password, spec, ""
    if len(target) < 2:
        ctx.say("Use: SIGNON <letter><game> <password>")
        return ctx.stop()
    if spec and not target.startswith("?"):  # "SIGNON Falpha pw A Par-Bur"
        ctx.say(
            "The rest of the SIGNON line was not read: put each order on a"
            " line of its own after it."
        )
    letter = seats.long_letter(ctx.db, target) or target[0].upper()
    game = ctx.game_arg(target[len(letter) :])
    if game is None:
        return ctx.stop()
    if is_ejected(ctx.db, game.name, ctx.sender):
        ctx.say(
            f"You were ejected from game '{game.name}' by its master and may"
            " not sign on to it again."
        )
        return ctx.stop()
    if letter == "?":
        if spec and not variant_fits(game, spec):
            ctx.say(
                f"Game '{game.name}' is {game.variant.partition(':')[0]}, not"
                f" '{spec[:40]}': SIGNON ?{game.name} <password> joins it."
            )
            return ctx.stop()
        return join_forming(ctx, game, password)
    if letter == "O" and not any(
        p.letter.upper() == "O" for p in game.board.powers.values()
    ):
        return observer_signon(ctx, game, password)
    if game.status == "finished" and letter != "M":
        ctx.say(f"Game '{game.name}' is over. {game.result or ''}".rstrip())
        return ctx.stop()
    if letter == "M":  # an ended game's too: its master may RESUME or ROLLBACK
        masters = members(ctx.db, game.name, "master")  # PROMOTE: several
        seat = next(
            (m for m in masters if m.address.lower() == ctx.sender.lower()),
            next(iter(masters), None),
        )
        go = _sign_on_seat(
            ctx, seat, password, seat and seat.address,
            f"Wrong master password for game '{game.name}'.",
            f"Signed on as master of game '{game.name}'.",
        )  # fmt: skip
        if go is Go.STOP:
            return go
        if game.status == "finished":
            ctx.say(
                f"Game '{game.name}' is over. {game.result or ''} RESUME (or"
                " ROLLBACK) would bring it back into play."
            )
            return Go.ON
        tally = votes.for_master(ctx.db, game)
        if tally:
            ctx.say(tally)
        return Go.ON
    if letter == "O":  # an observer with the password of its OBSERVE (press)
        seat = next(
            (m for m in members(ctx.db, game.name, "observer")
             if m.address.lower() == ctx.sender.lower() and m.state == "active"),
            None,
        )  # fmt: skip
        return _sign_on_seat(
            ctx, seat, password, None,
            f"You do not observe game '{game.name}' with that password.",
            f"Signed on as an observer of game '{game.name}'.",
        )  # fmt: skip
    board = game.board
    power_id, why = seats.power_for_letter(board, seats.game_seats(game, board), letter)
    if power_id is None:
        ctx.say(
            f"{why} in game '{game.name}' ({game.variant})."
            if why
            else f"There is no power '{letter}' in game '{game.name}' ({game.variant})."
        )
        return ctx.stop()
    power = board.powers[power_id]
    if game.status == "forming":
        ctx.say(
            f"Game '{game.name}' has not started yet: powers are drawn when it is full."
        )
        return ctx.stop()
    seat = next(
        (m for m in members(ctx.db, game.name, "player") if m.power == power.id),
        None,
    )
    open_seat = seat is None or seat.state in ("abandoned", "cd", "resigned")
    fresh = seats.newcomer_slot(board, game.current(board), power.id)
    newcomer = (
        fresh is not None
        and not open_seat
        and seat.address.lower() != ctx.sender.lower()
    )
    # told of a wrong password, and counted as a guess: a seat's holder;
    # not an open seat, nor a newcomer founding a seat of their own
    holder = None if open_seat or newcomer else seat.address
    # an open seat signed on to from another address is taken over, even
    # with the old password (njudge): the newcomer is the player of record
    returning = seat is not None and (
        not open_seat or seat.address.lower() == ctx.sender.lower()
    )
    right = returning and ctx.check_password(
        password, seat.password, holder, guess=holder is not None
    )
    if right is None:
        return ctx.stop()
    if right:
        if seat.state != "active":
            for row in seats.seat_rows(ctx.db, game, board, seat):
                update_member(ctx.db, row.id, state="active")
            ctx.mail(tell_all(
                ctx.db, ctx.settings, game.name, "Back",
                f"{power.name} is no longer {describe_state(seat.state)}.",
                quiet=True,
            ))  # fmt: skip
        signed_on(ctx, member_by_id(ctx.db, seat.id), power.id)
        return Go.ON
    if newcomer:  # the variant's seat founded in place of a held one
        ctx.say(variant_for(board).newcomer_note(board, power.id, fresh, game.name))
        power = board.powers[fresh]
        seat = next(
            (m for m in members(ctx.db, game.name, "player") if m.power == fresh),
            None,
        )
        open_seat = seat is None or seat.state in ("abandoned", "cd", "resigned")
    if open_seat:
        taken = seats.city_taken(board, game.current(board), power.id)
        if seat is None and taken:
            ctx.say(f"{taken}; choose a city still neutral (LIST {game.name}).")
            return ctx.stop()
        return take_over(ctx, game, power, seat, password)
    ctx.say(f"Wrong password for {power.name} in game '{game.name}'.")
    return ctx.stop()


def observer_signon(ctx, game, password: str) -> Go:
    """SIGNON O<game> <password> (njudge): a confirmed observer signs on
    with the password given to OBSERVE; anyone else is asked to confirm, as
    OBSERVE <game> <password> does (a From line is easily forged)."""
    mine = next(
        (m for m in members(ctx.db, game.name, "observer")
         if m.address.lower() == ctx.sender.lower() and m.state == "active"),
        None,
    )  # fmt: skip
    if mine is None:
        return observe(ctx, game, password)
    if mine.password == LOCKED:
        ctx.say(
            f"You observe game '{game.name}' without a password: there is"
            " nothing to sign on to. Results come to you anyway."
        )
        return Go.ON
    right = ctx.check_password(password, mine.password, None)
    if not right:
        if right is not None:
            ctx.say(f"Wrong observer password for game '{game.name}'.")
        return ctx.stop()
    ctx.me = mine
    ctx.say(f"Signed on as an observer of game '{game.name}'.")
    return Go.ON


def describe_state(state: str) -> str:
    return {"cd": "in civil disorder", "abandoned": "abandoned"}.get(state, state)


def _sign_on_seat(ctx, seat, password: str, rehash_for, wrong: str, done: str) -> Go:
    """A master's or observer's SIGNON: the password checked (`rehash_for`:
    the address whose hash may be renewed), then signed on, or stopped."""
    right = seat is not None and ctx.check_password(password, seat.password, rehash_for)
    if right is None:  # the message's password budget is spent
        return ctx.stop()
    if not right:
        ctx.say(wrong)
        return ctx.stop()
    signed_on(ctx, seat, None)
    ctx.say(done)
    return Go.ON


def signed_on(ctx, seat: Member, power: str | None) -> None:
    ctx.me = seat
    ctx.acting = power
    if seat.address.lower() != ctx.sender.lower():
        ctx.reply.copy_to.add(seat.address)  # the address of record sees it too
    if power:
        game = load_game(ctx.db, seat.game)
        rows = seats.seat_rows(ctx.db, game, game.board, seat)
        ctx.countries[power] = [power] + [m.power for m in rows if m.power != power]
        for country in ctx.countries[power]:
            if country not in ctx.ordered:
                ctx.ordered.append(country)
        ctx.games_touched.add(seat.game)


def take_over(ctx, game, power, seat, password) -> Go:
    refused = sign_on_refused(game, ctx.sender)
    if refused:
        ctx.say(refused)
        return ctx.stop()
    counts = dict(game_options.stored(game).get("late_counts", {}))
    if counts.pop(power.id, None) is not None:  # SET LATE COUNT: a new player
        update_game(
            ctx.db,
            game.name,
            settings=game_options.changed(game, "late_counts", counts),
        )
    playing = [
        m for m in members(ctx.db, game.name)
        if m.address.lower() == ctx.sender.lower() and m.role != "observer"
        and m.state == "active"
    ]  # fmt: skip
    if playing:
        ctx.say(f"You already play in game '{game.name}'.")
        return ctx.stop()
    refusal = reliability.entry_refusal(
        ctx.db, game, ctx.sender
    ) or access_rules.access_refusal(ctx.db, game, ctx.sender, replacing=power.id)
    if refusal:
        ctx.say(refusal)
        return ctx.stop()
    hashed = ctx.hash_password(password)  # once for the seat's every country
    if hashed is None:
        return ctx.stop()
    if seat is None:
        seat = add_member(ctx, game.name, hashed, "player", power.id)
    else:
        for row in seats.seat_rows(ctx.db, game, game.board, seat):
            update_member(
                ctx.db, row.id, address=ctx.sender, state="active",
                password=hashed, wait=0, draw=0,
            )  # fmt: skip
        seat = member_by_id(ctx.db, seat.id)
    reliability.took_over(ctx.db, ctx.sender)
    phase = str(game.current(game.board).phase)
    for row in seats.seat_rows(ctx.db, game, game.board, seat):
        record_holder(ctx.db, game.name, row.power, ctx.sender, phase, iso(ctx.now))
    moved = give_replacement_time(ctx, game, power.id)
    ctx.mail(tell_all(
        ctx.db, ctx.settings, game.name, "Takeover",
        f"{power.name} has been taken over by a new player."
        + (f"\nThe deadline has moved to {moved}." if moved else ""),
        quiet=True,
    ))  # fmt: skip
    ctx.say(f"You have taken over {power.name} in game '{game.name}'.")
    needs_approval(ctx, game.name, power)
    signed_on(ctx, seat, power.id)
    return Go.ON


def give_replacement_time(ctx, game, power: str) -> str | None:
    """njudge Bug 437: a replacement for a power that owes orders gets at
    least a day before the deadline (docs/deadlines.md).  Returns the new
    deadline in words, or None when it stays."""
    board = game.board
    position = game.current(board)
    if not orders_needed(board, position, game.rules).get(power) or not game.deadline:
        return None
    timing = game.deadline_settings(ctx.settings.timezone)
    phase_type = position.phase.type
    deadline = deadlines.replacement_deadline(
        phase_type, timing, ctx.now, moment(game.deadline)
    )
    if deadline is None:
        return None
    update_game(
        ctx.db, game.name, deadline=iso(deadline),
        grace_end=iso(deadlines.grace_end(phase_type, timing, deadline)),
        reminded=0, late_notified=None,
    )  # fmt: skip
    return judge_date(deadline, ctx.settings.timezone)


def next_forming(ctx):
    """njudge's SIGNON ?: the oldest listed game forming that the sender is
    not in yet."""
    rows = ctx.db.execute(
        "SELECT name FROM svc_games WHERE status = 'forming' AND unlisted = 0"
        " AND name NOT IN (SELECT game FROM svc_members WHERE lower(address) = ?)"
        " ORDER BY created, name LIMIT 1",
        [ctx.sender.lower()],
    ).fetchone()
    return load_game(ctx.db, rows[0]) if rows else None


def variant_fits(game, spec: str) -> bool:
    """SIGNON ?<game> <password> <variant> [<options>]: njudge's check that
    the joiner means the game as created (its variant; GUNBOAT if it is)."""
    words = spec.lower().split()
    if words[0] != game.variant.partition(":")[0].lower():
        return False
    return all(w in CREATE_OPTIONS for w in words[1:])


def join_forming(ctx, game, password: str) -> Go:
    mine = [
        m for m in members(ctx.db, game.name)
        if m.address.lower() == ctx.sender.lower() and m.role != "observer"
    ]  # fmt: skip
    if mine:
        right = ctx.check_password(password, mine[0].password, mine[0].address)
        if not right:
            if right is not None:
                ctx.say(f"Wrong password for game '{game.name}'.")
            return ctx.stop()
        ctx.joined = mine[0]
        if mine[0].role == "master":
            ctx.me = mine[0]
        ctx.say(f"You are already in game '{game.name}'.")
        return Go.ON
    if game.status == "finished":
        ctx.say(f"Game '{game.name}' is over. {game.result or ''}".rstrip())
        return ctx.stop()
    if game.status != "forming":
        ctx.say(
            f"Game '{game.name}' is not forming. Take over an abandoned power"
            f" with SIGNON <letter>{game.name} <password>, or OBSERVE {game.name}."
        )
        return ctx.stop()
    refusal = reliability.entry_refusal(
        ctx.db, game, ctx.sender
    ) or access_rules.access_refusal(ctx.db, game, ctx.sender)
    if refusal:  # njudge's mail_access: not joined
        ctx.say(refusal)
        return ctx.stop()
    refused = sign_on_refused(game, ctx.sender)
    if refused:
        ctx.say(refused)
        return ctx.stop()
    hashed = ctx.hash_password(password)
    if hashed is None:
        return ctx.stop()
    ctx.joined = add_member(ctx, game.name, hashed, "player")
    needed = seats.players_needed(game, game.board)
    count = len(members(ctx.db, game.name, "player"))
    ctx.say(f"You have joined game '{game.name}' ({count} of {needed} players).")
    world_joined(ctx, game)
    if count >= needed:  # drawn when the whole message is read (njudge):
        ctx.starting.add(game.name)  # a SET PREFERENCE after this line counts
    else:  # the others are told (the last one's news is the start)
        ctx.mail(
            signon_notices.player_joined(
                ctx.db, ctx.settings, game.name, ctx.sender, count, needed
            )
        )
    return Go.ON


def start_full_games(ctx) -> None:
    """After the message: the games it filled start, if still full (a
    RESIGN later in it may have left one short)."""
    for name in sorted(ctx.starting):
        game = load_game(ctx.db, name)
        if game is None or game.status != "forming":
            continue
        needed = seats.players_needed(game, game.board)
        if len(members(ctx.db, name, "player")) < needed:
            continue
        if game_options.stored(game)["manual_start"]:
            ctx.say(f"Game '{name}' is full; it starts when its master allows.")
            continue
        ctx.mail(start_game(ctx.db, ctx.settings, name, ctx.now), results=True)
    ctx.starting.clear()


def needs_approval(ctx, name: str, power) -> None:
    """SET APPROVAL: a new player's moves wait for the master's SET APPROVE."""
    game = load_game(ctx.db, name)
    options = game_options.stored(game)
    if not options["approval"] or power.id in options["unapproved"]:
        return
    waiting = sorted([*options["unapproved"], power.id])
    update_game(
        ctx.db, name, settings=game_options.changed(game, "unapproved", waiting)
    )
    ctx.say(f"The master must approve your moves for {power.name} (SET APPROVE).")


def sign_on_refused(game, address: str) -> str | None:
    """SET ALLOW PLAYER / SET DENY PLAYER: who may join or take over."""
    options = game_options.stored(game)
    address = address.lower()
    if address in options["deny"]:
        return f"Game '{game.name}' does not accept {address} (its master's list)."
    if options["allow"] and address not in options["allow"]:
        return f"Game '{game.name}' accepts only the players its master allows."
    return None


def do_observe(ctx: Context, command: Command) -> Go:
    game = ctx.game_arg(command.args[0])
    if game is None:
        return Go.ON
    return observe(ctx, game, command.args[1] if len(command.args) > 1 else None)


def observe(ctx, game, password: str | None) -> Go:
    """Once per address and game, and only after the address answers the
    confirmation mail: nobody can subscribe someone else."""
    mine = [
        m for m in members(ctx.db, game.name, "observer")
        if m.address.lower() == ctx.sender.lower()
    ]  # fmt: skip
    if mine and mine[0].state == "pending":
        asked = moment(mine[0].joined)
        if ctx.now - asked < timedelta(days=1):
            ctx.say(
                f"Your request to observe game '{game.name}' waits for its"
                " confirmation: answer the mail the judge sent you."
            )
            return Go.ON
        forget_pending(ctx.db, mine[0].id)  # a day old: asked again, anew
        mine = []
    if mine:
        ctx.say(f"You already observe game '{game.name}'.")
        return Go.ON
    budget = ctx.budgets.subscriptions_per_day
    if not ctx.allow("observe", budget, DAY, "New subscriptions", take=False):
        return Go.ON
    password = ctx.hash_password(password) if password else LOCKED
    if password is None:
        return ctx.stop()
    quota_take(ctx.db, ctx.sender, "observe", ctx.now, DAY)
    member_id = insert_member(
        ctx.db, game.name, ctx.sender, password, "observer", None,
        account_tz(ctx.db, ctx.sender), iso(ctx.now),
    )  # fmt: skip
    update_member(ctx.db, member_id, state="pending")
    token = secrets.token_hex(8)
    add_pending(ctx.db, token, member_id, iso(ctx.now))
    code, address = ctx.settings.code, ctx.settings.address
    ctx.mail(
        [
            OutgoingMail(
                to=(ctx.sender,),
                subject=f"{code}:{game.name} - confirm observing (CONFIRM {token})",
                body=(
                    f"Someone, perhaps you, asked the judge {code} to send the"
                    f" results of game '{game.name}' to {ctx.sender}.\n\n"
                    "To confirm, reply to this mail keeping its subject, or send"
                    f" {address} the line\n\n  CONFIRM {token}\n\nWithout it"
                    " nothing more is sent to you.\n"
                ),
            )
        ]
    )
    ctx.say(
        f"To observe game '{game.name}', answer the confirmation mail sent to"
        f" {ctx.sender}."
    )
    return Go.ON


def do_confirm(ctx: Context, command: Command) -> Go:
    token = command.args[0].lower()
    if registration.confirm(ctx, token):  # I AM ALSO, UNREGISTER (issue 25)
        return Go.ON
    member_id = pending_member(ctx.db, token)
    member = member_by_id(ctx.db, member_id) if member_id is not None else None
    if member is None or member.address.lower() != ctx.sender.lower():
        ctx.say(f"Nothing waits for the confirmation '{token[:20]}' from you.")
        return Go.ON
    update_member(ctx.db, member.id, state="active")
    drop_pending(ctx.db, token)
    ctx.say(f"You are observing game '{member.game}': you will get its results.")
    ctx.mail(
        signon_notices.observer_joined(ctx.db, ctx.settings, member.game, ctx.sender)
    )
    return Go.ON


def do_resign(ctx: Context, command: Command) -> Go:
    if command.args:  # njudge: the master's RESIGN <power-or-address>
        if ctx.me is None or ctx.me.role != "master":
            ctx.say(
                "RESIGN <power or address> is the master's form (it ejects that"
                " player); to leave a game yourself send RESIGN alone."
            )
            return Go.ON
        eject(ctx, load_game(ctx.db, ctx.me.game), command)
        return Go.ON
    me = ctx.me or ctx.joined
    if me is None:
        ctx.say("Sign on first: SIGNON <letter><game> <password>.")
        return Go.ON
    game = load_game(ctx.db, me.game)
    if me.role == "master":  # njudge: the moderator cannot RESIGN
        ctx.say(
            "A master does not RESIGN: EJECT <your address> leaves the game,"
            " while a co-master stays to run it (PROMOTE)."
        )
        return Go.ON
    if game.status == "forming":
        delete_member(ctx.db, me.id)
        ctx.say(f"You have left game '{game.name}'.")
    elif me.role == "player" and me.power:
        for row in seats.seat_rows(ctx.db, game, game.board, me):
            update_member(ctx.db, row.id, state="resigned")
        reliability.resigned(ctx.db, me.address)
        name = game.board.powers[me.power].name
        ctx.mail(tell_all(
            ctx.db, ctx.settings, game.name, "Resignation",
            f"{name} has resigned. Anyone may take it over with SIGNON"
            f" {game.board.powers[me.power].letter}{game.name} <password>.",
            quiet=True,
        ))  # fmt: skip
        ctx.say(
            f"You have resigned {name} in game '{game.name}'; the others have"
            " been told, and anyone may take it over."
        )
    else:
        delete_member(ctx.db, me.id)
        ctx.say(f"You are no longer in game '{game.name}'.")
    ctx.me = ctx.joined = None
    ctx.acting = None
    return Go.ON


COMMANDS = [
    Spec(
        "create",
        "joining",
        "CREATE ?<game> <password> [variant] [options], or CREATE ?<game> "
        "<password> random [powers=N] [seed=S] [options]",
        "start a forming game and join it (variant: standard, standard-4p,"
        " 1913... as GET VARIANTS lists them, with :option=value; options:"
        " nonmr, gunboat,"
        " nopress, greypress, nolist); 'random' plays on a new random world, whose"
        " map is mailed",
        do_create,
        shown="CREATE ?<game> <password> [variant|random [powers=N] [seed=S]]",
    ),
    Spec(
        "become_master",
        "joining",
        "BECOME MASTER",
        "the creator, alone in the game, becomes its master",
        do_become_master,
    ),
    Spec(
        "signon",
        "joining",
        "SIGNON ?<game> <password> (to join) or SIGNON <letter><game> "
        "<password> (to play)",
        "join a forming game (SIGNON ? <password>: the oldest listed one"
        " forming); or sign on to play your power (e.g. SIGNON"
        " Ealpha secret; M: the master), then send your orders, one per"
        " line: the last order for a unit wins, and of more builds or"
        " removals than you may make, the latest count",
        do_signon,
        shown="SIGNON ?<game> <password>, SIGNON <letter><game> <password>",
    ),
    Spec(
        "observe",
        "joining",
        "OBSERVE <game> [<password>]",
        "follow a game (WATCH and SIGNON O<game> <password> too); a"
        " confirmation mail is sent to your address first, as a From line is"
        " easily forged",
        do_observe,
    ),
    Spec(
        "confirm",
        "joining",
        "CONFIRM <token>",
        "confirm a request to observe (the token is in the mail asking)",
        do_confirm,
    ),
    Spec(
        "resign",
        "joining",
        "RESIGN",
        "leave the game (WITHDRAW too); a master's RESIGN <power or address> is"
        " EJECT, and a master leaves by EJECT <own address>",
        do_resign,
    ),
]
