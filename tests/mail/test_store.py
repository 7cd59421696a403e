"""The SQLite store: transactions, dedup, outbox backoff."""

from datetime import UTC, datetime, timedelta

import pytest

from judge.store.db import open_database, transaction
from judge.store.intake import next_new, store_incoming
from judge.store.outbox import due_messages, mark_retry, mark_sent, queue_message
from judge.store.rates import NOTICE, OK, SILENT, check_rate

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def store(db, raw, message_id):
    return store_incoming(
        db, raw, message_id=message_id, envelope_from="a@x.org", source="smtp", now=NOW
    )


def test_wal_mode(db):
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_transaction_commits_or_rolls_back(db, tmp_path):
    with transaction(db):
        db.execute("CREATE TABLE t (x)")
        db.execute("INSERT INTO t VALUES (1)")
    with pytest.raises(RuntimeError), transaction(db):
        db.execute("INSERT INTO t VALUES (2)")
        raise RuntimeError("boom")
    other = open_database(tmp_path / "judge.db")
    assert [r[0] for r in other.execute("SELECT x FROM t")] == [1]


def test_dedup_by_message_id_then_by_content(db):
    first = store(db, b"one", "<a@x.org>")
    again = store(db, b"one, redelivered with other headers", "<a@x.org>")
    assert first[1] is True and again == (first[0], False)
    no_id = store(db, b"same bytes", None)
    assert store(db, b"same bytes", None) == (no_id[0], False)
    assert store(db, b"other bytes", None)[1] is True
    assert db.execute("SELECT COUNT(*) FROM intake").fetchone()[0] == 3


def test_next_new_is_in_arrival_order(db):
    ids = [store(db, f"m{i}".encode(), f"<{i}@x.org>")[0] for i in range(3)]
    assert next_new(db).id == ids[0]
    db.execute("UPDATE intake SET state = 'done' WHERE id = ?", (ids[0],))
    assert next_new(db).id == ids[1]


def test_outbox_retry_backs_off_exponentially(db):
    with transaction(db):
        oid = queue_message(
            db, message_id="<o@x.org>", recipients=("a@x.org",), raw=b"x", now=NOW
        )
    assert [r.id for r in due_messages(db, NOW)] == [oid]
    delays = []
    for _ in range(5):
        when = mark_retry(db, oid, NOW, "down", initial=10, maximum=60)
        delays.append((when - NOW).total_seconds())
    assert delays == [10, 20, 40, 60, 60]
    assert due_messages(db, NOW) == []
    assert len(due_messages(db, NOW + timedelta(seconds=61))) == 1
    mark_sent(db, oid, NOW)
    assert due_messages(db, NOW + timedelta(days=1)) == []


def test_rate_limit_gives_one_notice_then_silence(db):
    def check(moment):
        with transaction(db):
            return check_rate(db, "A@x.org", moment, limit=2, window_seconds=60)

    assert [check(NOW) for _ in range(5)] == [OK, OK, NOTICE, SILENT, SILENT]
    assert check(NOW + timedelta(seconds=61)) == OK
