"""The master's commands (after SIGNON M<game> <password>), and MAP."""

from __future__ import annotations

import json
import secrets

from judge.engine.api import adjudicate
from judge.engine.serialize import position_from_json
from judge.mail.message import Attachment, OutgoingMail
from judge.reports.results import phase_title
from judge.service import seats
from judge.service.lifecycle import finish_game, start_game
from judge.service.passwords import hash_password
from judge.service.processing import (
    clear_votes,
    engine_orders,
    process,
    render_map,
    results_body,
    schedule,
    tell_all,
)
from judge.service.store import (
    load_game,
    members,
    stored_orders,
    update_game,
    update_member,
)


def apply(session, command) -> None:
    handler = globals().get(f"master_{command.name}")
    if handler is None:
        session.say("That command is not known here. Send HELP.")
        return
    me = session.need_me("master")
    if me is None:
        return
    handler(session, me, load_game(session.db, me.game), command)


def _running(session, game) -> bool:
    if game.status not in ("active", "paused"):
        session.say(f"Game '{game.name}' is {game.status}.")
        return False
    return True


def master_become(session, me, game, command) -> None:
    if not _running(session, game):
        return
    wanted = command.args[0].lower()
    board = game.board
    power = next(
        (p for p in board.powers.values()
         if wanted in (p.name.lower(), p.letter.lower(), p.id.lower())),
        None,
    )  # fmt: skip
    if power is None:
        session.say(f"There is no power '{wanted[:20]}' in game '{game.name}'.")
        return
    session.acting = power.id
    if power.id not in session.ordered:
        session.ordered.append(power.id)
    session.games_touched.add(game.name)
    session.say(f"The orders that follow are {power.name}'s.")


def master_process(session, me, game, command) -> None:
    if game.status != "active":
        session.say(f"Game '{game.name}' is {game.status}: nothing to process.")
        return
    board = game.board
    phase = str(game.current(board).phase)
    if command.args and command.args[0].upper() != phase:
        session.say(
            f"PROCESS {command.args[0][:10]} ignored: the current phase is {phase}."
        )
        return
    session.flush_orders()
    session.extra += process(session.db, session.settings, game.name, session.now)
    session.ordered.clear()
    session.say(f"Phase {phase} has been processed.")


def master_predict(session, me, game, command) -> None:
    if game.status != "active":
        session.say(f"Game '{game.name}' is {game.status}: nothing to predict.")
        return
    session.flush_orders()
    board = game.board
    position = game.current(board)
    result = adjudicate(
        board,
        position,
        engine_orders(board, position, stored_orders(session.db, game.name)),
        game.rules,
    )
    from judge.service.store import moment

    _, body = results_body(
        session.settings, game, board, result, moment(game.deadline), None
    )
    session.say("PREDICTION (nothing has been processed):\n\n" + body.rstrip("\n"))


def master_rollback(session, me, game, command) -> None:
    if game.status == "forming":
        session.say(f"Game '{game.name}' has not started.")
        return
    if command.args:
        try:
            turn = int(command.args[0])
        except ValueError:
            session.say(
                "Use: ROLLBACK [<turn number>] (the number in the results title)."
            )
            return
    else:
        turn = game.turn - 1
    row = session.db.execute(
        "SELECT phase, position FROM svc_turns WHERE game = ? AND turn = ?",
        [game.name, turn],
    ).fetchone()
    if row is None:
        session.say(f"There is no processed turn {turn} in game '{game.name}'.")
        return
    phase, position_text = row
    session.db.execute(
        "DELETE FROM svc_turns WHERE game = ? AND turn >= ?", [game.name, turn]
    )
    session.db.execute(
        "DELETE FROM svc_press WHERE game = ? AND turn > ?", [game.name, turn]
    )
    session.db.execute("DELETE FROM svc_orders WHERE game = ?", [game.name])
    clear_votes(session.db, game.name)
    update_game(
        session.db, game.name, position=position_text, turn=turn, status="active",
        result=None,
    )  # fmt: skip
    board = game.board
    position = position_from_json(board, json.loads(position_text))
    schedule(session.db, load_game(session.db, game.name), session.settings,
             position, session.now)  # fmt: skip
    session.extra += tell_all(
        session.db, session.settings, game.name, "Rollback",
        f"The master has rolled the game back to {phase} (turn {turn}).\n"
        "All orders for it must be sent again.",
    )  # fmt: skip
    session.say(f"Game '{game.name}' rolled back to {phase}.")


def master_pause(session, me, game, command) -> None:
    if game.status != "active":
        session.say(f"Game '{game.name}' is {game.status}.")
        return
    update_game(session.db, game.name, status="paused", process_at=None)
    session.extra += tell_all(
        session.db, session.settings, game.name, "Paused",
        "The master has paused the game: no deadline runs until RESUME.",
    )  # fmt: skip


def master_resume(session, me, game, command) -> None:
    if game.status != "paused":
        session.say(f"Game '{game.name}' is {game.status}, not paused.")
        return
    update_game(session.db, game.name, status="active")
    game = load_game(session.db, game.name)
    schedule(session.db, game, session.settings, game.current(game.board), session.now)
    session.extra += tell_all(
        session.db, session.settings, game.name, "Resumed",
        "The master has resumed the game; the deadline is in the header.",
    )  # fmt: skip


def master_terminate(session, me, game, command) -> None:
    if game.status == "finished":
        session.say(f"Game '{game.name}' is already over.")
        return
    session.extra += finish_game(
        session.db, session.settings, game.name,
        "The game has been terminated by the master.",
    )  # fmt: skip


def master_eject(session, me, game, command) -> None:
    target = command.args[0]
    board = game.board
    for member in members(session.db, game.name):
        power = board.powers.get(member.power) if member.power else None
        names = {member.address.lower()}
        if power:
            names |= {power.name.lower(), power.letter.lower()}
        if target.lower() in names and member.role != "master":
            # njudge bug 447: an ejected player has resigned, for good
            session.db.execute(
                "INSERT OR IGNORE INTO svc_ejected (game, address) VALUES (?, ?)",
                [game.name, member.address.lower()],
            )
            if game.status == "forming" or member.role == "observer":
                session.db.execute("DELETE FROM svc_members WHERE id = ?", [member.id])
            else:  # a variant's seat: all its countries; the password dies
                for row in seats.seat_rows(session.db, game, board, member):
                    update_member(
                        session.db, row.id, state="resigned",
                        password=hash_password(secrets.token_hex(16)),
                    )  # fmt: skip
            who = power.name if power else "the player"
            session.say(
                f"Ejected {who} ({'anonymous' if game.anonymous else member.address})."
            )
            if power:
                session.extra += tell_all(
                    session.db, session.settings, game.name, "Ejected",
                    f"The master has ejected {power.name}. Anyone may take it over"
                    f" with SIGNON {power.letter}{game.name} <password>.",
                )  # fmt: skip
            return
    session.say(f"No player '{target[:40]}' in game '{game.name}'.")


def master_force_begin(session, me, game, command) -> None:
    if game.status != "forming":
        session.say(f"Game '{game.name}' is {game.status}.")
        return
    if not members(session.db, game.name, "player"):
        session.say("No players have signed on yet.")
        return
    session.extra += start_game(session.db, session.settings, game.name, session.now)
    session.say(f"Game '{game.name}' has begun; unheld powers are in civil disorder.")


def send_map(session, command) -> None:
    game = session.game_arg(command.args[0])
    if game is None or not game.position:
        if game is not None:
            session.say(f"Game '{game.name}' has not started.")
        return
    board = game.board
    position = game.current(board)
    if len(command.args) > 1:
        wanted = command.args[1].upper()
        row = session.db.execute(
            "SELECT position FROM svc_turns WHERE game = ? AND phase = ?",
            [game.name, wanted],
        ).fetchone()
        if row is None and wanted != str(position.phase):
            session.say(f"Game '{game.name}' has no phase {wanted[:10]}.")
            return
        if row is not None:
            position = position_from_json(board, json.loads(row[0]))
    picture = render_map(board, position, None, f"{game.name} {position.phase}")
    if picture is None:
        session.say(f"No map can be drawn for the variant {game.variant}.")
        return
    session.extra.append(
        OutgoingMail(
            to=(session.mail.sender,),
            subject=f"{session.settings.code}:{game.name} - {position.phase} Map",
            body=f"The map of game '{game.name}' at {position.phase} is attached.\n",
            attachments=(
                Attachment(f"{game.name}-{position.phase}.png", "image/png", picture),
            ),
        )
    )
    session.say(f"The map of {position.phase} follows in a separate mail.")


_ = phase_title
