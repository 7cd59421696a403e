"""Mail taken no faster than it is answered (Postfix's in_flow_delay): while
more messages wait for their answer than the limit, a new MAIL waits, at
most a second; nothing is refused.  Through the real listener, with the
backlog counted from a real SQLite file."""

import asyncio
import smtplib
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest

from judge.mail import in_flow
from judge.mail.in_flow import InFlow
from judge.mail.smtp_listener import start_listener
from judge.store.db import open_database, transaction, utc_now
from judge.store.intake import finish, store_incoming
from judge.store.outbox import answers_waiting, mark_sent, queue_message
from judge.store.schema import create_mail_tables


@pytest.fixture
def judge_db(tmp_path):
    path = tmp_path / "judge.db"
    create_mail_tables(open_database(path))
    return path


def stored(db, n: int) -> list[int]:
    return [
        store_incoming(
            db, b"Subject: x\r\n\r\nHELP\r\n", message_id=f"<b{i}@x>",
            envelope_from="p@x", source="smtp", now=utc_now(),
        )[0]
        for i in range(n)
    ]  # fmt: skip


def test_the_backlog_counts_unhandled_mail_and_answers_due(judge_db):
    db = open_database(judge_db)
    now = utc_now()
    ids = stored(db, 3)
    assert answers_waiting(db, now) == 3
    with transaction(db):
        finish(db, ids[0], "done", now, sender="p@x")
        answer = queue_message(
            db, message_id="<r0@judge>", recipients=("p@x",), raw=b"x",
            now=now, intake_id=ids[0],
        )  # fmt: skip
        queue_message(  # a scheduler's mail (results): not an answer
            db, message_id="<r1@judge>", recipients=("q@x",), raw=b"x", now=now
        )
    assert answers_waiting(db, now) == 3  # two unhandled, one answer due
    mark_sent(db, answer, now)
    assert answers_waiting(db, now) == 2
    later = (now + timedelta(minutes=5)).isoformat()
    with transaction(db):  # an answer waiting for its retry is not due
        db.execute(
            "UPDATE outbox SET state = 'queued', next_attempt = ? WHERE id = ?",
            (later, answer),
        )
    assert answers_waiting(db, now) == 2


def test_pause_waits_while_behind_and_at_most_the_delay():
    executor = ThreadPoolExecutor(1)
    counts = iter([20, 20, 20, 3])
    flow = InFlow(lambda: next(counts), executor, limit=16, max_delay=5)
    in_flow_fresh = in_flow.FRESH
    try:
        in_flow.FRESH = 0  # every look counts again
        waited = asyncio.run(flow.pause())
        assert 0.02 <= waited < 1  # three looks behind, then through
        stuck = InFlow(lambda: 99, executor, limit=16, max_delay=0.2)
        assert 0.2 <= asyncio.run(stuck.pause()) < 0.5  # never more than the delay
        clear = InFlow(lambda: 16, executor, limit=16, max_delay=5)
        assert asyncio.run(clear.pause()) < 0.05  # at the limit: no wait
    finally:
        in_flow.FRESH = in_flow_fresh
        executor.shutdown()


def test_a_mail_waits_at_mail_from_while_the_judge_is_behind(judge_db, free_port):
    db = open_database(judge_db)
    conns = {}

    def store(raw, envelope_from):
        own = conns.setdefault("db", open_database(judge_db))
        return store_incoming(
            own, raw, message_id=raw.split(b"\r\n")[0][12:].decode(),
            envelope_from=envelope_from,
            source="smtp", now=utc_now(),
        )  # fmt: skip

    def backlog():
        own = conns.setdefault("db", open_database(judge_db))
        return answers_waiting(own, utc_now())

    port = free_port()
    controller, handler = start_listener(
        "127.0.0.1", port, store, "judge@example.org", max_size=10_000,
        backlog=backlog,
    )  # fmt: skip
    try:
        sent = []

        def send() -> float:
            sent.append(f"<s{len(sent)}@example.org>")  # each its own message
            raw = f"Message-ID: {sent[-1]}\r\nSubject: x\r\n\r\nHELP\r\n".encode()
            started = time.monotonic()
            with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
                smtp.sendmail("p@example.org", ["judge@example.org"], raw)
            return time.monotonic() - started

        assert send() < 0.5  # nothing waiting: taken at once
        stored(db, in_flow.LIMIT)  # the judge falls behind
        time.sleep(in_flow.FRESH * 2)  # (a count is kept that long)
        slow = send()
        assert in_flow.MAX_DELAY <= slow < in_flow.MAX_DELAY + 2  # waited, then taken
        count = db.execute("SELECT COUNT(*) FROM intake").fetchone()[0]
        assert count == in_flow.LIMIT + 2  # nothing refused
        with transaction(db):  # the worker catches up
            db.execute("UPDATE intake SET state = 'done'")
        time.sleep(in_flow.FRESH * 2)
        assert send() < 0.5
    finally:
        controller.stop()
        handler.close()
