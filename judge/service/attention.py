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
state (a time already past means "now")."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from judge.service import deadlines, game_options
from judge.service.processing import LATE_REPEAT, late_powers
from judge.service.store import Game, iso, load_game, members, moment

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
    sql = "SELECT game FROM svc_due_dirty"
    params: list = []
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    names = [row[0] for row in db.execute(sql, params).fetchall()]
    for name in names:
        db.execute("DELETE FROM svc_due_dirty WHERE game = ?", [name])
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
        db.execute("UPDATE svc_games SET due_at = ? WHERE name = ?", [iso(due), name])
    return len(names)


def due_games(db, now: datetime, limit: int | None = None) -> list[str]:
    """The games whose time has come, earliest first (by the index)."""
    sql = (
        "SELECT name FROM svc_games WHERE due_at IS NOT NULL AND due_at <= ?"
        " ORDER BY due_at, name"
    )
    params: list = [iso(now)]
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return [row[0] for row in db.execute(sql, params).fetchall()]


def next_due(db) -> datetime | None:
    """The earliest time any game needs the scheduler (by the index)."""
    row = db.execute(
        "SELECT min(due_at) FROM svc_games WHERE due_at IS NOT NULL"
    ).fetchone()
    return moment(row[0]) if row and row[0] else None


def has_dirty(db) -> bool:
    return db.execute("SELECT 1 FROM svc_due_dirty LIMIT 1").fetchone() is not None


# -- failures ---------------------------------------------------------------

RETRY_FIRST = timedelta(minutes=1)
RETRY_MAX = timedelta(hours=6)


def retry_time(db, name: str) -> datetime | None:
    row = db.execute(
        "SELECT next_try FROM svc_tick_failures WHERE game = ?", [name]
    ).fetchone()
    return moment(row[0]) if row else None


def record_failure(db, name: str, error: str, now: datetime) -> datetime:
    """A game's tick failed (its changes rolled back): count it and put the
    game off, a minute after the first failure, doubling up to six hours."""
    row = db.execute(
        "SELECT attempts FROM svc_tick_failures WHERE game = ?", [name]
    ).fetchone()
    attempts = (row[0] if row else 0) + 1
    wait = min(RETRY_FIRST * 2 ** (attempts - 1), RETRY_MAX)
    retry = now + wait
    db.execute(
        "INSERT INTO svc_tick_failures (game, attempts, first_failed, last_failed,"
        " next_try, error) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (game) DO UPDATE SET attempts = excluded.attempts,"
        " last_failed = excluded.last_failed, next_try = excluded.next_try,"
        " error = excluded.error",
        [name, attempts, iso(now), iso(now), iso(retry), error[:2000]],
    )
    db.execute("UPDATE svc_games SET due_at = ? WHERE name = ?", [iso(retry), name])
    return retry


def clear_failure(db, name: str) -> None:
    db.execute("DELETE FROM svc_tick_failures WHERE game = ?", [name])
    db.execute("DELETE FROM svc_work_tries WHERE game = ?", [name])


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
    row = db.execute(
        "SELECT running, crashes FROM svc_work_tries WHERE game = ?", [name]
    ).fetchone()
    running, crashes = row if row else (0, 0)
    crashes += running
    if running and crashes >= limit:
        record_failure(db, name, f"processing stopped the judge {crashes} times", now)
        db.execute(
            "UPDATE svc_work_tries SET running = 0, crashes = ? WHERE game = ?",
            [crashes, name],
        )
        return crashes  # after the wait, one more crash puts it off again
    db.execute(
        "INSERT OR REPLACE INTO svc_work_tries (game, running, crashes)"
        " VALUES (?, 1, ?)",
        [name, crashes],
    )
    return None


def try_raised(db, name: str) -> None:
    """The try ended in an exception (recorded as such): not a crash."""
    db.execute("UPDATE svc_work_tries SET running = 0 WHERE game = ?", [name])


FAILURE_FIELDS = ("game", "attempts", "first_failed", "next_try", "error")


def failure_count(db, name: str) -> int:
    row = db.execute(
        "SELECT attempts FROM svc_tick_failures WHERE game = ?", [name]
    ).fetchone()
    return row[0] if row else 0


def failures(db) -> list[dict]:
    """Games whose tick keeps failing, for `judge status`."""
    return [
        dict(zip(FAILURE_FIELDS, row, strict=True))
        for row in db.execute(
            "SELECT game, attempts, first_failed, next_try, error"
            " FROM svc_tick_failures ORDER BY game"
        ).fetchall()
    ]
