"""Running a game's phases: who still owes orders, when to process, the
processing itself (once per phase: the turn number in the same transaction
guards it), and the mails that go with it."""

from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta

from judge.engine.api import DEFAULT_RULES, Rules, adjudicate, orders_needed
from judge.engine.board import Board
from judge.engine.state import Position
from judge.mail.message import Attachment, OutgoingMail
from judge.reports import game_result, identification_header, results_mail
from judge.reports.order_report import (
    adjustment_lines,
    any_disband_lines,
    movement_lines,
    retreat_lines,
)
from judge.reports.results import phase_title
from judge.reports.variant import variant_lines
from judge.service import (
    deadlines,
    diaries,
    game_end,
    game_options,
    pending,
    picture_pool,
    proxies,
    reliability,
)
from judge.service.allied_win import with_allied_win
from judge.service.picture_pool import render_map
from judge.service.queries import (
    Game,
    add_turn,
    clear_seat_votes,
    delete_orders,
    iso,
    latest_absence_end,
    load_game,
    master_ordered,
    members,
    moment,
    save_position,
    stored_orders,
    take_postal_press,
    update_game,
)
from judge.service.seats import reseat
from judge.service.variant_orders import engine_orders
from judge.variants import variant_summary, variant_title

log = logging.getLogger(__name__)
LATE_REPEAT = timedelta(hours=24)


def order_lines(
    board, position, power, orders, needed: int, rules: Rules = DEFAULT_RULES
) -> tuple[list, int]:
    """A power's orders in the results layout, and how many are missing."""
    if position.phase.type == "M":
        return movement_lines(board, position, power, orders)
    if position.phase.type == "R":
        return retreat_lines(board, position, power, orders)
    if rules.any_disband:  # every unit ordered, kept + built = centres
        return any_disband_lines(board, position, power, orders)
    return adjustment_lines(board, power, orders, needed)


def late_powers(
    db, game: Game, board: Board, position: Position, orders=None
) -> list[str]:
    """Powers owing orders that are not complete; powers in civil disorder
    (and seats nobody holds, after FORCE BEGIN) do not hold the game up.
    `orders`: the stored orders already read (engine_orders), if at hand."""
    if orders is None:
        texts = stored_orders(db, game.name)
        orders = engine_orders(board, position, texts, game.rules)
    disorder = {
        m.power for m in members(db, game.name, "player") if m.state == "cd"
    } | unheld_powers(db, game, board)
    by_master = master_ordered(db, game.name)  # not submitted (njudge)
    late = []
    for power, needed in sorted(orders_needed(board, position, game.rules).items()):
        if not needed or power in disorder:
            continue
        given = orders.get(power, [])
        missing = order_lines(board, position, power, given, needed, game.rules)[1]
        if missing or power in by_master:
            late.append(power)
    return late


def unheld_powers(db, game: Game, board: Board) -> set[str]:
    held = {m.power for m in members(db, game.name, "player") if m.power}
    return set(board.powers) - held


def recipients(db, game: Game):
    """Everyone who gets the game's mail: players still in, master, observers;
    a player with several countries (a variant's seat) once."""
    out, players = [], set()
    for m in members(db, game.name):
        if m.state in ("resigned", "pending"):  # pending: an unconfirmed observer
            continue
        if m.role == "player" and m.power:
            if m.address.lower() in players:
                continue
            players.add(m.address.lower())
        out.append(m)
    return out


def schedule(db, game: Game, settings, position: Position, now: datetime) -> datetime:
    """A new phase starts now: its deadline (pushed past absences), grace end."""
    timing = game.deadline_settings(settings.timezone)
    deadline = deadlines.next_deadline(position.phase.type, timing, now)
    for _ in range(5):  # an absence may push it into another one
        until = covering_absence(db, game.name, deadline)
        if until is None:
            break
        deadline = deadlines.next_deadline(position.phase.type, timing, now, until)
    update_game(
        db,
        game.name,
        phase_start=iso(now),
        deadline=iso(deadline),
        grace_end=iso(deadlines.grace_end(position.phase.type, timing, deadline)),
        process_at=None,
        reminded=0,
        late_notified=None,
        start_at=None,  # SET START holds for the phase it was given in
    )
    return deadline


def covering_absence(db, game: str, when: datetime) -> datetime | None:
    return moment(latest_absence_end(db, game, iso(when)))


def check_early(db, game_name: str, settings, now: datetime) -> None:
    """Every power owing orders has complete orders and nobody waits: process
    after `delay`, not before `min` (njudge); otherwise at the deadline (and
    always at the deadline when nobody owes orders)."""
    game = load_game(db, game_name)
    if game is None or game.status != "active":
        return
    board = game.board
    position = game.current(board)
    waiting = any(m.wait for m in members(db, game.name, "player") if m.power)
    # a phase nobody owes orders for (a variant's opening, where seats join)
    # waits for its deadline or the master's PROCESS, leaving time to join
    owed = any(orders_needed(board, position, game.rules).values())
    process_at = None
    if owed and not waiting and not late_powers(db, game, board, position):
        timing = game.deadline_settings(settings.timezone)
        earliest = deadlines.earliest_processing(
            position.phase.type, timing, moment(game.phase_start)
        )
        if game.start_at:  # SET START: not before it
            earliest = max(earliest, moment(game.start_at))
        process_at = iso(
            deadlines.early_process_time(position.phase.type, timing, now, earliest)
        )
    update_game(db, game.name, process_at=process_at)


def clear_votes(db, game_name: str) -> None:
    """WAIT, draw votes and agreed endings hold for one phase only: a new
    phase (processed, or rolled back to) starts without them."""
    clear_seat_votes(db, game_name)


def process(db, settings, game_name: str, now: datetime) -> list[OutgoingMail]:
    """Adjudicate the current phase of a running game and mail the results."""
    game = load_game(db, game_name)
    if game is None or game.status != "active":
        return []
    board = game.board
    position = game.current(board)
    texts = stored_orders(db, game.name)
    rules = game.rules
    orders = engine_orders(board, position, texts, rules)
    late = late_powers(db, game, board, position, orders)  # read once: costly
    result = adjudicate(board, position, orders, rules)
    result = with_allied_win(game, board, position, result, rules)  # ALLIED WIN
    new = result.position
    for _ in range(8):  # phases nobody must order (the engine skips them too)
        if new.winner or any(orders_needed(board, new, rules).values()):
            break
        if new.phase.type == "A" and rules.any_disband:
            break  # every power may disband and rebuild (ANY DISBAND)
        new = adjudicate(board, new, {}, rules).position
    finished = new.winner is not None
    _score_phase(db, game, board, position, late)
    delete_orders(db, game.name)
    clear_votes(db, game.name)
    save_position(db, game.name, board, new)
    reseat(db, game, board, new)  # e.g. the two-player game's Italy after the toss
    update_game(db, game.name, turn=game.turn + 1)
    deadline = None
    if finished:
        update_game(
            db,
            game.name,
            status="finished",
            deadline=None,
            process_at=None,
            result=game_result(board, winner=new.winner),
        )
    else:
        deadline = schedule(db, game, settings, new, now)
    ahead = picture_pool.drawn_ahead(game.name, game.turn, game.position, texts)
    given = proxies.given_lines(board, position, texts)
    mails = results_mails(db, settings, game, board, result, deadline, ahead, given)
    mails += postal_press_mails(db, settings, game.name, str(position.phase))
    body = results_body(settings, game, board, result, deadline, None, given)[1]
    add_turn(
        db, game.name, game.turn, str(position.phase), game.position,
        json.dumps(texts), body, iso(now),
    )  # fmt: skip
    # orders sent ahead for the phase now begun (PHASE blocks), after the
    # results that tell what the position is
    applied = pending.apply_pending(db, settings, game.name, notice)
    if applied and not finished:  # orders ahead may have completed the phase
        check_early(db, game.name, settings, now)
    if finished:  # a solo: the results say so, the end-of-game mail the rest
        outcome = game_result(board, winner=new.winner)
        text = game_end.end_text(db, game.name, outcome)
        notices = tell_all(db, settings, game.name, "Game Over", text)
        mails += game_end.end_mails(db, settings, game.name, notices, text, now)
        mails += diary_broadcast(db, settings, game.name, board)
    return mails + applied


def diary_broadcast(db, settings, name: str, board) -> list[OutgoingMail]:
    """The game has ended: every player's diary goes to everyone."""
    text = diaries.broadcast_text(db, name, board)
    return tell_all(db, settings, name, "Diaries", text) if text else []


def _score_phase(db, game, board, position, late: list[str]) -> None:
    """Reliability records: who owed orders this phase, and who was late."""
    needed = orders_needed(board, position, game.rules)
    owing = {
        m.power: m.address
        for m in members(db, game.name, "player")
        if m.power and m.state == "active" and needed.get(m.power)
    }
    late = set(late)
    if not game_options.keeps_records(game):
        owing = {}  # SET UNRATED, irregular: nobody's record changes
    reliability.phase_processed(db, game.name, moment(game.deadline), owing, late)


def postal_press_mails(db, settings, game_name: str, phase: str):
    """The phase's postal press, held back until it was processed: one mail
    to each recipient, however many were written (njudge's "game press")."""
    held = take_postal_press(db, game_name)
    if not held:
        return []
    text = f"Postal press of {phase}:\n\n" + "\n".join(held)
    return tell_all(db, settings, game_name, "Postal press", text)


def results_body(settings, game, board, result, deadline, player_tz, given=()):
    """`given`: the phase's "Proxy given to" lines (proxies.given_lines)."""
    return results_mail(
        board,
        judge_code=settings.code,
        game=game.name,
        variant_label=game.variant_label,
        phase_result=result,
        turn_number=game.turn,
        next_deadline=deadline,
        tz=settings.timezone,
        player_tz=player_tz,
        variant_lines=game_variant_lines(game, board, result.position),
        homes_shown=game.rules.home_transfer,
        proxy_lines=given,
    )


def game_variant_lines(game, board, position) -> list[str]:
    """The variant's title and facts at `position` ([] for the standard game)."""
    name = game.rules.variant
    return variant_lines(board, variant_title(name), variant_summary(board, position))


def results_mails(
    db, settings, game, board, result, deadline,
    ahead: bytes | None | bool = False, given=(),
) -> list[OutgoingMail]:  # fmt: skip
    """One mail per recipient: addresses are never shown to each other, and
    each gets the deadline in their own time zone.  The picture is drawn
    once for all of them (`ahead`: already drawn, see picture_pool)."""
    picture = None if ahead is False else (ahead or b"")
    mails = []
    texts: dict[str | None, tuple[str, str]] = {}  # one per time zone
    for member in recipients(db, game):
        if member.tz not in texts:
            texts[member.tz] = results_body(
                settings, game, board, result, deadline, member.tz, given
            )
        subject, body = texts[member.tz]
        attachments: tuple[Attachment, ...] = ()
        if member.map:
            if picture is None:
                title = phase_title(result.phase, "results", game.name, game.turn)
                picture = render_map(board, result.position, result, title) or b""
            if picture:
                attachments = (
                    Attachment(f"{game.name}-{result.phase}.png", "image/png", picture),
                )
        mails.append(
            OutgoingMail(
                to=(member.address,),
                subject=subject,
                body=body,
                attachments=attachments,
                list_name=game.name,
            )
        )
    return mails


def notice(settings, game: Game, member, subject: str, text: str) -> OutgoingMail:
    """A game mail other than results: the header, then `text`.  A paused or
    finished game has no deadline running: its header says none (njudge's
    epoch) and no deadline line in the player's own zone follows."""
    board = game.board
    phase = str(game.current(board).phase) if game.position else "-"
    running = game.status not in ("paused", "finished")
    header = identification_header(
        judge_code=settings.code,
        game=game.name,
        variant_label=game.variant_label,
        phase=phase,
        deadline=moment(game.deadline) if running else None,
        tz=settings.timezone,
        player_tz=member.tz if running else None,
    )
    return OutgoingMail(
        to=(member.address,),
        subject=f"{settings.code}:{game.name} - {subject}",
        body=header + text.rstrip("\n") + "\n",
        list_name=game.name,
    )


def tell_all(db, settings, game_name: str, subject: str, text: str, *, quiet=False):
    """A notice to everyone in the game; `quiet`: news of players coming and
    going, which SET QUIET keeps to the masters (njudge's gunboat guard)."""
    game = load_game(db, game_name)
    audience = recipients(db, game)
    if quiet and game_options.news_to_masters_only(game):
        audience = [m for m in audience if m.role == "master"]
    return [notice(settings, game, m, subject, text) for m in audience]
