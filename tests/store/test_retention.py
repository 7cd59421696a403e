"""Mail texts are kept for a while, then dropped in small batches and the
space given back; rows, dedup and everything not yet sent or handled stay."""

import dataclasses
import smtplib
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage

from judge.config import StorageSettings
from judge.store.db import open_database, transaction
from judge.store.intake import finish, store_incoming
from judge.store.outbox import mark_sent, queue_message
from judge.store.retention import BATCH, prune
from judge.store.schema import create_mail_tables
from tests.conftest import wait_until

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
PICTURE = bytes(range(256)) * 160  # 40 KB: several make a batch (BATCH_BYTES)


def file_size(db) -> int:
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return db.execute("PRAGMA page_count").fetchone()[0] * 4096


def fill(db, count: int, at: datetime, *, send: bool, handle: bool, tag: str):
    for i in range(count):
        intake_id, _ = store_incoming(
            db, b"Subject: x\r\n\r\n" + PICTURE, message_id=f"<{tag}{i}@x>",
            envelope_from="p@x", source="smtp", now=at,
        )  # fmt: skip
        with transaction(db):
            if handle:
                finish(db, intake_id, "done", at, sender="p@x")
            out = queue_message(
                db, message_id=f"<r-{tag}{i}@judge>", recipients=("p@x",),
                raw=PICTURE, now=at, intake_id=intake_id,
            )  # fmt: skip
        if send:
            mark_sent(db, out, at)


def test_old_texts_are_dropped_and_the_space_given_back(tmp_path):
    db = open_database(tmp_path / "judge.db")
    create_mail_tables(db)
    db.execute("PRAGMA synchronous = OFF")  # speed, not safety
    assert db.execute("PRAGMA auto_vacuum").fetchone()[0] == 2  # incremental
    old = BATCH * 2 + 7  # more than one batch
    fill(db, old, NOW - timedelta(days=20), send=True, handle=True, tag="old")
    fill(db, 5, NOW - timedelta(days=3), send=True, handle=True, tag="recent")
    fill(db, 4, NOW - timedelta(days=30), send=False, handle=False, tag="waiting")
    before = file_size(db)

    done = prune(db, NOW, keep_sent_days=14, keep_intake_days=14, pause=0)
    assert (done.outbox, done.intake) == (old, old)
    assert done.pages_freed > 0
    after = file_size(db)
    assert after < before * 0.1, (before, after)

    def bodies(table, where):
        return db.execute(
            f"SELECT length(raw), pruned_at IS NOT NULL FROM {table} WHERE {where}"
        ).fetchall()

    assert set(bodies("outbox", "message_id LIKE '<r-old%'")) == {(0, 1)}
    assert set(bodies("intake", "message_id LIKE '<old%'")) == {(0, 1)}
    # recent texts, mail still to be sent, messages still to be handled: kept
    kept = [("outbox", "<r-recent%"), ("intake", "<recent%"),
            ("outbox", "<r-waiting%"), ("intake", "<waiting%")]  # fmt: skip
    for table, like in kept:
        assert all(
            n > 0 and not p for n, p in bodies(table, f"message_id LIKE '{like}'")
        )
    # every row stays, and a message seen before is still recognised
    assert db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0] == old + 9
    _, new = store_incoming(
        db, b"Subject: x\r\n\r\nagain", message_id="<old0@x>", envelope_from="p@x",
        source="smtp", now=NOW,
    )  # fmt: skip
    assert not new
    # a second run has nothing to do
    again = prune(db, NOW, keep_sent_days=14, keep_intake_days=14, pause=0)
    assert (again.outbox, again.intake) == (0, 0)


def test_the_keeping_times_are_separate(tmp_path):
    db = open_database(tmp_path / "judge.db")
    create_mail_tables(db)
    db.execute("PRAGMA synchronous = OFF")
    fill(db, 3, NOW - timedelta(days=10), send=True, handle=True, tag="m")
    done = prune(db, NOW, keep_sent_days=30, keep_intake_days=7, pause=0)
    assert (done.outbox, done.intake) == (0, 3)


def test_the_running_judge_prunes(make_judge_config, start_judge):
    config = make_judge_config()
    config = dataclasses.replace(
        config,
        storage=StorageSettings(
            keep_sent_days=1, keep_intake_days=1, prune_interval=0.2
        ),
    )
    clock = [datetime.now(UTC)]
    from judge.daemon import make_handler
    from judge.daemon.daemon import Daemon

    daemon = Daemon(config, make_handler(config), clock=lambda: clock[0])
    daemon.start()
    try:
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = (
            "p@example.org",
            "judge@example.org",
            "x",
        )
        msg.set_content("HELP")
        with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=10) as smtp:
            smtp.send_message(msg)
        db = open_database(config.judge.database_path)

        def states():
            return db.execute(
                "SELECT (SELECT group_concat(state) FROM outbox),"
                " (SELECT group_concat(pruned_at IS NOT NULL) FROM outbox),"
                " (SELECT group_concat(pruned_at IS NOT NULL) FROM intake)"
            ).fetchone()

        assert wait_until(lambda: states()[0] == "sent", timeout=20)
        assert states()[1:] == ("0", "0")  # delivered just now: kept
        clock[0] += timedelta(days=2)
        assert wait_until(lambda: states()[1:] == ("1", "1"), timeout=20)
        assert db.execute("SELECT length(raw) FROM outbox").fetchone()[0] == 0
    finally:
        daemon.stop()


def test_a_transaction_frees_about_a_megabyte_at_most():
    from judge.store.retention import BATCH_BYTES, _within

    results_mail = 270_000
    assert _within([(i, results_mail) for i in range(50)], BATCH_BYTES) == [0, 1, 2]
    assert _within([(7, 5 * BATCH_BYTES)], BATCH_BYTES) == [7]  # one, however big
    assert len(_within([(i, 2_000) for i in range(50)], BATCH_BYTES)) == 50


def test_space_is_given_back_in_steps_of_many_pages(tmp_path):
    from judge.store.retention import VACUUM_STEP, reclaim

    db = open_database(tmp_path / "judge.db")
    create_mail_tables(db)
    db.execute("PRAGMA synchronous = OFF")
    db.execute("CREATE TABLE big (x BLOB)")
    db.execute("INSERT INTO big VALUES (?)", (b"x" * (3 * VACUUM_STEP * 4096),))
    db.execute("DELETE FROM big")
    free = db.execute("PRAGMA freelist_count").fetchone()[0]
    assert free >= 3 * VACUUM_STEP
    steps = []
    assert reclaim(db, should_stop=lambda: steps.append(1) and False, pause=0) == free
    assert db.execute("PRAGMA freelist_count").fetchone()[0] == 0
    assert len(steps) <= 5  # a step gives back VACUUM_STEP pages, not one


def test_senders_whose_rate_window_ended_are_forgotten(tmp_path):
    from judge.store.rates import NOTICE, OK, check_rate

    db = open_database(tmp_path / "judge.db")
    create_mail_tables(db)
    with transaction(db):
        for i in range(700):  # spam from many addresses, long ago
            check_rate(db, f"s{i}@x", NOW - timedelta(hours=3), limit=1,
                       window_seconds=3600)  # fmt: skip
        check_rate(db, "busy@x", NOW - timedelta(minutes=10), limit=1,
                   window_seconds=3600)  # fmt: skip
    done = prune(db, NOW, keep_sent_days=14, keep_intake_days=14,
                 rate_window_seconds=3600, pause=0)  # fmt: skip
    assert done.senders == 700
    rows = db.execute("SELECT sender FROM sender_rate").fetchall()
    assert rows == [("busy@x",)]
    with transaction(db):  # the one still in its window still counts
        assert check_rate(db, "busy@x", NOW, limit=1, window_seconds=3600) == NOTICE
        assert check_rate(db, "s1@x", NOW, limit=1, window_seconds=3600) == OK


def test_a_shared_body_goes_with_the_last_mail_that_used_it(tmp_path):
    """A game's results to each recipient keep one body (outbox_body); it
    stays while any of its mails keeps its text, and goes with the last."""
    from judge.store.outbox import messages_where, store_body

    db = open_database(tmp_path / "judge.db")
    create_mail_tables(db)
    ages = {"a": 20, "b": 20, "c": 3}  # days since sent: c is kept
    with transaction(db):
        shared = store_body(db, PICTURE)
        ids = {
            name: queue_message(
                db,
                message_id=f"<{name}@judge>",
                recipients=(f"{name}@x",),
                raw=f"To: {name}@x\r\n\r\n".encode(),
                now=NOW,
                body_id=shared,
            )  # fmt: skip
            for name in ages
        }
    for name, days in ages.items():
        mark_sent(db, ids[name], NOW - timedelta(days=days))
    whole = dict(messages_where(db, "1"))
    assert whole[ids["a"]] == b"To: a@x\r\n\r\n" + PICTURE

    def bodies() -> int:
        return db.execute("SELECT COUNT(*) FROM outbox_body").fetchone()[0]

    assert prune(db, NOW, keep_sent_days=14, keep_intake_days=14, pause=0).outbox == 2
    assert bodies() == 1  # c still sends it
    assert dict(messages_where(db, "1"))[ids["c"]] == b"To: c@x\r\n\r\n" + PICTURE
    assert dict(messages_where(db, "1"))[ids["a"]] == b""
    later = NOW + timedelta(days=30)
    assert prune(db, later, keep_sent_days=14, keep_intake_days=14, pause=0).outbox == 1
    assert bodies() == 0
    assert (
        db.execute("SELECT COUNT(*) FROM outbox WHERE body_id IS NOT NULL").fetchone()[
            0
        ]
        == 0
    )
