"""svc_games.due_at, the index the scheduler reads, against the scheduler
itself: at every hour of a game's life, the game is due exactly when a
tick would do something to it (mail, or a change of its rows)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from judge.service.scheduler import tick_game
from judge.store.db import iso
from tests.service.harness import HOLDS, MASTER, form_game, hold_all_but, signon
from tests.strength import quick_first


def snapshot(judge):
    return (
        judge.db.execute(
            "SELECT status, position, turn, deadline, grace_end, process_at,"
            " reminded, late_notified FROM svc_games WHERE name = 'alpha'"
        ).fetchall(),
        judge.db.execute(
            "SELECT id, state FROM svc_members WHERE game = 'alpha' ORDER BY id"
        ).fetchall(),
    )


def would_act(judge) -> bool:
    """Whether a tick now would do anything to the game (tried, undone)."""
    before = snapshot(judge)
    judge.db.execute("SAVEPOINT oracle")
    try:
        mails = tick_game(judge.db, judge.service.settings, "alpha", judge.now)
        changed = snapshot(judge) != before
    finally:
        judge.db.execute("ROLLBACK TO oracle")
        judge.db.execute("RELEASE oracle")
    return bool(mails) or changed


def is_due(judge) -> bool:
    (due,) = judge.row("SELECT due_at FROM svc_games WHERE name = 'alpha'")
    return due is not None and due <= iso(judge.now)


def check_hours(judge, hours: int) -> None:
    for _ in range(hours):
        judge.later(hours=1)
        assert is_due(judge) == would_act(judge), judge.now
        judge.tick()
        # after a tick the game is never left due for nothing
        assert not is_due(judge) or would_act(judge), judge.now


@pytest.mark.parametrize("seed", quick_first(range(6)))
def test_due_exactly_when_a_tick_acts(judge, seed):
    rng = random.Random(seed)
    form_game(judge, options="nonmr" if seed % 2 else "")
    for _ in range(3):  # three phases' worth of a game's life
        missing = rng.sample(sorted(HOLDS), rng.randint(0, 2))
        hold_all_but(judge, missing=missing)
        events = rng.sample(range(1, 12), 3)
        for hour in range(12 * 24):
            judge.later(hours=1)
            if hour // 24 in events and hour % 24 == 9:
                event = rng.choice(["order", "deadline", "pause", "wait"])
                late = [p for p in missing if judge.seat(p)]
                if event == "order" and late:
                    power = late.pop()
                    judge.send(judge.seat(power), f"{signon(judge, power)}\nA xxx H")
                elif event == "deadline":
                    when = judge.now + timedelta(hours=rng.randint(-30, 40))
                    judge.send(
                        MASTER,
                        f"SIGNON Malpha pw-master\nSET DEADLINE {when:%Y-%m-%d %H:%M}",
                    )
                elif event == "pause":
                    judge.send(MASTER, "SIGNON Malpha pw-master\nPAUSE")
                    check_hours(judge, 5)
                    judge.send(MASTER, "SIGNON Malpha pw-master\nRESUME")
                elif event == "wait":
                    power = rng.choice(sorted(HOLDS))
                    judge.send(judge.seat(power), f"{signon(judge, power)}\nSET WAIT")
            assert is_due(judge) == would_act(judge), (seed, judge.now)
            judge.tick()
        if judge.phase() is None or judge.game()["status"] != "active":
            break


def test_an_idle_game_is_not_due_and_a_changed_one_is_recomputed(judge):
    form_game(judge)
    deadline = judge.deadline()
    (due,) = judge.row("SELECT due_at FROM svc_games WHERE name = 'alpha'")
    assert due == iso(deadline - timedelta(hours=8))  # the reminder
    hold_all_but(judge)
    (due,) = judge.row("SELECT due_at, process_at FROM svc_games")[:1]
    assert due == judge.game()["process_at"]  # everyone in: early processing
    # a write from outside the service is noted, and the tick recomputes it
    judge.db.execute("UPDATE svc_games SET process_at = NULL")
    judge.db.conn.commit()
    judge.tick()
    (due,) = judge.row("SELECT due_at FROM svc_games WHERE name = 'alpha'")
    assert due == iso(deadline)


def test_a_failing_game_is_recorded_and_put_off(judge):
    form_game(judge, "alpha")
    form_game(judge, "beta")
    judge.db.execute("UPDATE svc_games SET position = '{}' WHERE name = 'alpha'")
    judge.db.conn.commit()
    out = judge.tick(judge.deadline("beta"))
    assert out and all("beta" in m.subject for m in out)
    failure = judge.row("SELECT attempts, next_try FROM svc_tick_failures")
    assert failure[0] == 1
    assert failure[1] == iso(judge.now + timedelta(minutes=1))
    # not tried again before its retry time, then put off twice as long
    judge.later(seconds=30)
    judge.tick()
    assert judge.row("SELECT attempts FROM svc_tick_failures")[0] == 1
    judge.later(seconds=31)
    judge.tick()
    failure = judge.row("SELECT attempts, next_try FROM svc_tick_failures")
    assert failure[0] == 2
    assert failure[1] == iso(judge.now + timedelta(minutes=2))
