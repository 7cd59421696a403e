"""The service's side of a game whose tick kills the judge: each try is
marked first (the worker commits the mark on its own), a mark still there at
the next try is a try the process did not survive, and after
`handler_attempts` of them in a row the game is put off with the usual
backoff and its masters told once.  (tests/daemon/test_crashing_game.py
kills real processes.)"""

from __future__ import annotations

from datetime import timedelta

from judge.store.db import iso
from tests.service.harness import MASTER, form_game

LIMIT = 3


def begin(judge, name="alpha"):
    with judge.db.conn:  # the worker's own transaction for the mark
        return judge.service.work_begins(judge.db, name, judge.now, LIMIT)


def work(judge, name="alpha"):
    with judge.db.conn:
        return judge.service.do_work(judge.db, name, judge.now)


def due(judge) -> list[str]:
    with judge.db.conn:
        return judge.service.due_work(judge.db, judge.now)


def test_a_game_that_stops_the_judge_is_put_off_and_its_master_told_once(judge):
    form_game(judge, "alpha")
    form_game(judge, "beta")
    judge.now = judge.deadline("alpha")
    assert due(judge) == ["alpha", "beta"]
    # three tries, each one the process did not survive (no end recorded)
    for _ in range(LIMIT):
        assert begin(judge) is None
    note, mails = begin(judge)
    assert "processing stopped the judge 3 times" in note
    assert [(m.to, m.subject.endswith("Processing held up")) for m in mails] == [
        ((MASTER,), True)
    ]
    failure = judge.row("SELECT attempts, next_try, error FROM svc_tick_failures")
    assert failure == (
        1,
        iso(judge.now + timedelta(minutes=1)),
        "processing stopped the judge 3 times",
    )
    assert due(judge) == ["beta"]  # the others go on
    assert begin(judge, "beta") is None and work(judge, "beta")
    assert any(
        "alpha: 1 failure(s)" in line for line in judge.service.status_lines(judge.db)
    )

    # after the wait it is tried again; one more death puts it off at once,
    # twice as long, and the master is not told again
    judge.later(seconds=61)
    assert due(judge) == ["alpha"]
    assert begin(judge) is None
    note, mails = begin(judge)
    assert "4 times" in note and mails == []
    failure = judge.row("SELECT attempts, next_try FROM svc_tick_failures")
    assert failure == (2, iso(judge.now + timedelta(minutes=2)))

    # a try that ends well clears it all
    judge.later(minutes=2, seconds=1)
    assert due(judge) == ["alpha"]
    assert begin(judge) is None
    assert work(judge)
    assert judge.row("SELECT COUNT(*) FROM svc_tick_failures")[0] == 0
    assert judge.row("SELECT COUNT(*) FROM svc_work_tries")[0] == 0


def test_a_try_that_raises_is_not_a_death(judge):
    form_game(judge, "alpha")
    judge.now = judge.deadline("alpha")
    for _ in range(LIMIT + 1):
        assert begin(judge) is None
        with judge.db.conn:  # rolled back, recorded, put off
            judge.service.work_failed(judge.db, "alpha", "ValueError: x", judge.now)
        judge.later(hours=7)
    failure = judge.row("SELECT attempts, error FROM svc_tick_failures")
    assert failure == (LIMIT + 1, "ValueError: x")
    assert judge.row("SELECT running, crashes FROM svc_work_tries") == (0, 0)
