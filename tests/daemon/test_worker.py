"""The worker and scheduler against a real SQLite file, without sockets."""

from datetime import UTC, datetime
from email.message import EmailMessage

import pytest

from judge.daemon.worker import Worker
from judge.mail.decode import body_text, parse
from judge.mail.message import OutgoingMail
from judge.store.db import transaction
from judge.store.intake import store_incoming
from tests.daemon.simple_handler import HelpHandler

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def raw_message(i: int, body: str = "HELP\n") -> bytes:
    msg = EmailMessage()
    msg["From"] = "alice@example.org"
    msg["Subject"] = f"m{i}"
    msg["Message-ID"] = f"<w{i}@example.org>"
    msg.set_content(body)
    return msg.as_bytes()


def put(db, i: int, body: str = "HELP\n") -> int:
    raw = raw_message(i, body)
    return store_incoming(
        db,
        raw,
        message_id=f"<w{i}@example.org>",
        envelope_from="alice@example.org",
        source="smtp",
        now=NOW,
    )[0]


def make_worker(db, make_judge_config, handler):
    return Worker(db, handler, make_judge_config(), lambda: NOW)


class RecordingHandler(HelpHandler):
    """The HELP handler, also writing a row of its own state per message."""

    def __init__(self, settings, fail_on: str | None = None):
        super().__init__(settings)
        self.fail_on = fail_on
        self.ticks = 0

    def setup(self, db):
        db.execute("CREATE TABLE IF NOT EXISTS seen (subject TEXT)")

    def handle(self, db, mail, now):
        db.execute("INSERT INTO seen VALUES (?)", (mail.subject,))
        if self.fail_on and self.fail_on in mail.body:
            raise ValueError("handler bug")
        return super().handle(db, mail, now)

    def tick(self, db, now):
        self.ticks += 1
        return [OutgoingMail(to=("bob@example.org",), subject="deadline", body="soon")]


def test_messages_are_handled_in_arrival_order(db, make_judge_config):
    config = make_judge_config()
    handler = RecordingHandler(config.judge)
    handler.setup(db)
    worker = Worker(db, handler, config, lambda: NOW)
    for i in (3, 1, 2):
        put(db, i)
    while worker.process_next():
        pass
    assert [r[0] for r in db.execute("SELECT subject FROM seen")] == ["m3", "m1", "m2"]
    assert db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0] == 3


def test_handler_failure_rolls_back_and_gives_up_politely(db, make_judge_config):
    config = make_judge_config(handler_attempts=2)
    handler = RecordingHandler(config.judge, fail_on="BOOM")
    handler.setup(db)
    worker = Worker(db, handler, config, lambda: NOW)
    bad = put(db, 1, "BOOM\n")
    good = put(db, 2)
    for _ in range(5):
        worker.process_next()
    # The failing message's writes were rolled back every time.
    assert [r[0] for r in db.execute("SELECT subject FROM seen")] == ["m2"]
    states = dict(db.execute("SELECT id, state FROM intake").fetchall())
    assert states == {bad: "failed", good: "done"}
    apology = db.execute(
        "SELECT raw FROM outbox WHERE intake_id = ?", (bad,)
    ).fetchone()[0]
    text = " ".join(body_text(parse(apology)).split())
    assert "internal error" in text and "Your message is kept" in text
    errors = db.execute("SELECT part, intake_id, message FROM errors").fetchall()
    assert errors and all(e[:2] == ("worker", bad) for e in errors)
    assert "handler bug" in errors[0][2]


def test_a_message_that_kills_the_process_is_given_up(db, make_judge_config):
    config = make_judge_config(handler_attempts=3)
    worker = Worker(db, HelpHandler(config.judge), config, lambda: NOW)
    bad = put(db, 1)
    # As if the process had died three times while handling it.
    db.execute("UPDATE intake SET attempts = 3 WHERE id = ?", (bad,))
    assert worker.process_next()
    assert db.execute("SELECT state FROM intake").fetchone()[0] == "failed"
    assert not worker.process_next()


def test_tick_queues_mail_in_a_transaction(db, make_judge_config):
    config = make_judge_config()
    handler = RecordingHandler(config.judge)
    worker = Worker(db, handler, config, lambda: NOW)
    worker.tick()
    assert handler.ticks == 1
    raw = db.execute("SELECT raw FROM outbox").fetchone()[0]
    assert b"Auto-Submitted: auto-generated" in raw


def test_mail_to_the_judge_itself_is_never_queued(db, make_judge_config):
    config = make_judge_config()

    class Echo(HelpHandler):
        def handle(self, db, mail, now):
            return [OutgoingMail(to=(config.judge.address,), subject="x", body="y")]

    worker = Worker(db, Echo(config.judge), config, lambda: NOW)
    put(db, 1)
    worker.process_next()
    assert db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0] == 0


def test_transaction_helper_is_what_handlers_run_in(db):
    with pytest.raises(ValueError), transaction(db):
        db.execute("CREATE TABLE x (a)")
        raise ValueError("rolled back, table and all")
    assert "x" not in db.table_names()
