"""Results pictures are drawn in the picture pool, outside any transaction,
for a single due game as in a storm: drawn inline, a picture held the
write lock for most of a second.  The pool's processes start shortly before
the first deadline, so the first results do not wait for them."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from judge.service import processing
from tests.service.harness import form_game, hold_all_but


def due(judge) -> list[str]:
    with judge.db.conn:
        return judge.service.due_work(judge.db, judge.now)


def work(judge, name="alpha"):
    with judge.db.conn:
        return judge.service.do_work(judge.db, name, judge.now)


@pytest.fixture
def pooled(judge):
    yield judge
    judge.service.close()


def test_a_single_due_game_is_drawn_ahead_not_inside_its_transaction(
    pooled, monkeypatch
):
    judge = pooled
    form_game(judge)
    hold_all_but(judge)  # every order in: processed early, at the next tick
    judge.now = datetime.fromisoformat(judge.game()["process_at"])
    assert due(judge) == ["alpha"]
    key = judge.service.drawing["alpha"]
    judge.service.pictures.wait(key)
    assert judge.service.work_ready("alpha")

    def inline(*args, **kwargs):
        raise AssertionError("the picture was drawn inside the transaction")

    monkeypatch.setattr(processing, "render_map", inline)
    results = [m for m in work(judge) if m.subject.endswith("Results")]
    assert len(results) == 8  # seven players and the master
    for mail in results:
        (picture,) = mail.attachments
        assert picture.data.startswith(b"\x89PNG")


def test_the_pool_starts_shortly_before_the_first_deadline(pooled):
    judge = pooled
    form_game(judge)
    first = datetime.fromisoformat(judge.game()["due_at"])  # its reminder
    judge.now = first - timedelta(minutes=30)
    assert due(judge) == []
    assert judge.service.pictures.executor is None  # nothing near: no processes
    judge.now = first - timedelta(minutes=1)
    assert due(judge) == []
    assert judge.service.pictures.executor is not None
