"""When each game next needs the scheduler: `svc_games.due_at`.

The scheduler asks only for games whose `due_at` has come (an index), so an
idle tick costs the same with ten games or a hundred thousand.  That only
works if `due_at` is always right, so it is never written by hand: SQLite
triggers (judge/service/schema.py) note in `svc_due_dirty` every game whose
timing-relevant rows changed (the game, its orders, members, absences), and
`refresh` recomputes those games with `next_attention` in the same
transaction.  The service calls `refresh` at the end of every message and
every game's tick; the tick also calls it first, for writes made elsewhere.

`next_attention` mirrors `scheduler.tick_game` decision by decision: it is
the earliest time at which tick_game would do something, given the stored
state (a time already past means "now").  The rows are read and written by
judge/service/queries.py, as all the service's queries."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from judge.service import deadlines, game_options
from judge.service.processing import LATE_REPEAT, late_powers
from judge.service.queries import (
    Game,
    clear_failure,
    dirty_games,
    due_games,
    end_work_try,
    failure_count,
    failures,
    forget_dirty,
    has_dirty,
    load_game,
    members,
    moment,
    next_due,
    retry_time,
    save_failure,
    set_due_at,
    set_work_try,
    work_try,
)

# The store's functions the service reaches through this module.
__all__ = [
    "begin_try",
    "clear_failure",
    "due_games",
    "failure_count",
    "failures",
    "has_dirty",
    "next_attention",
    "next_due",
    "record_failure",
    "refresh",
    "retry_time",
    "try_raised",
]

log = logging.getLogger(__name__)
REFRESH_BATCH = 200  # dirty games recomputed per transaction at a tick


def next_attention(db, game: Game, now: datetime) -> datetime | None:
    """When tick_game next acts on `game`; None: only a change (a message,
    a master command) can make it act."""
    if game.status != "active" or not game.deadline or not game.position:
        return None
    if game_options.stored(game)["manual_process"]:
        return manual_turn_notice(game)
    times = []
    if game.process_at:
        times.append(moment(game.process_at))
    deadline = moment(game.deadline)
    board = game.board
    late = late_powers(db, game, board, game.current(board))
    if not late:
        times.append(deadline)  # processed at the deadline
        return min(times)
    if not game.reminded and now < deadline:
        times.append(deadlines.reminder_time(deadline))
    grace = moment(game.grace_end)
    last = moment(game.late_notified)
    notice = deadline if last is None else max(deadline, last + LATE_REPEAT)
    if grace is None or notice < grace:
        times.append(notice)  # late notices, every LATE_REPEAT until grace
    if grace is not None and (game.nmr or _fresh_late(db, game, late)):
        # civil disorder (and processing), or abandoning the late powers;
        # a NoNMR game whose late powers are all abandoned waits for a change
        times.append(grace)
    return min(times) if times else None


def manual_turn_notice(game: Game) -> datetime:
    """SET MANUAL PROCESS: nothing is processed but by the master's PROCESS;
    from the deadline (or once every order is in) the masters are told the
    turn waits, once a day."""
    start = moment(game.deadline)
    if game.process_at:
        start = min(start, moment(game.process_at))
    last = moment(game.late_notified)
    return start if last is None else max(start, last + LATE_REPEAT)


def _fresh_late(db, game: Game, late: list[str]) -> bool:
    seats = {m.power: m for m in members(db, game.name, "player") if m.power}
    return any(p in seats and seats[p].state == "active" for p in late)


def refresh(db, now: datetime, limit: int | None = None) -> int:
    """Recompute `due_at` of the games noted as changed (inside the caller's
    transaction); returns how many were done."""
    names = dirty_games(db, limit)
    for name in names:
        forget_dirty(db, name)
        try:
            game = load_game(db, name)
            due = next_attention(db, game, now) if game is not None else None
        except Exception:
            # a game whose state cannot be read: the tick tries it now, and
            # its failure is recorded there and retried with backoff
            log.exception("game %s: cannot tell when it is due", name)
            due = now
        if due is not None:
            retry = retry_time(db, name)
            if retry is not None and retry > due:
                due = retry  # a game that failed waits for its retry
        set_due_at(db, name, due)
    return len(names)


# -- failures ---------------------------------------------------------------

RETRY_FIRST = timedelta(minutes=1)
RETRY_MAX = timedelta(hours=6)


def record_failure(db, name: str, error: str, now: datetime) -> datetime:
    """A game's tick failed (its changes rolled back): count it and put the
    game off, a minute after the first failure, doubling up to six hours."""
    attempts = failure_count(db, name) + 1
    retry = now + min(RETRY_FIRST * 2 ** (attempts - 1), RETRY_MAX)
    save_failure(db, name, attempts, now, retry, error)
    set_due_at(db, name, retry)
    return retry


# -- tries the process did not survive ---------------------------------------
# A tick that kills the process (a crash in the renderer, the OOM killer) is
# rolled back with everything else and cannot record itself.  So each try is
# marked first, committed on its own: a mark still there at the next try
# means the process died during the last one.


def begin_try(db, name: str, now: datetime, limit: int) -> int | None:
    """Mark `name`'s tick as under way (the caller commits before trying).
    Returns None to go ahead, or how many tries in a row stopped the judge
    when the last one did and that is `limit` or more: then the game is
    recorded as failing and put off like any failure, and not tried."""
    running, crashes = work_try(db, name)
    crashes += running
    if running and crashes >= limit:
        record_failure(db, name, f"processing stopped the judge {crashes} times", now)
        set_work_try(db, name, False, crashes)
        return crashes  # after the wait, one more crash puts it off again
    set_work_try(db, name, True, crashes)
    return None


def try_raised(db, name: str) -> None:
    """The try ended in an exception (recorded as such): not a crash."""
    end_work_try(db, name)
