"""Address state: hard failures mark at once, soft ones only when their run
spans more than bounce_soft_days; mail from the address clears the mark."""

from datetime import UTC, datetime, timedelta

from judge.store.addresses import (
    HARD,
    SOFT,
    clear_address,
    mark_announced,
    record_failure,
    unannounced,
    unreachable_reasons,
)
from judge.store.db import transaction

T0 = datetime(2026, 11, 25, tzinfo=UTC)
BOB = "bob@example.org"


def fail(db, kind, at, address=BOB):
    with transaction(db):
        return record_failure(db, address, kind, f"{kind} at {at}", at, soft_days=3)


def test_soft_failures_spanning_more_than_the_days_mark(db):
    assert not fail(db, SOFT, T0)
    assert not fail(db, SOFT, T0 + timedelta(days=2))
    assert not fail(db, SOFT, T0 + timedelta(days=3))
    assert fail(db, SOFT, T0 + timedelta(days=3, hours=1))
    reason = unreachable_reasons(db, [BOB.upper()])[BOB]
    assert "temporary failures for more than 3 days" in reason
    assert [u.address for u in unannounced(db)] == [BOB]
    # Marked once: later failures neither mark nor announce again.
    with transaction(db):
        mark_announced(db, BOB)
    assert not fail(db, HARD, T0 + timedelta(days=4))
    assert unannounced(db) == []


def test_a_gap_longer_than_the_days_starts_a_new_run(db):
    assert not fail(db, SOFT, T0)
    assert not fail(db, SOFT, T0 + timedelta(days=4))  # new run
    assert not fail(db, SOFT, T0 + timedelta(days=6))
    assert unreachable_reasons(db, [BOB]) == {}
    assert fail(db, SOFT, T0 + timedelta(days=7, hours=1))


def test_a_hard_failure_marks_at_once_and_mail_from_it_clears(db):
    assert fail(db, HARD, T0)
    assert unreachable_reasons(db, [BOB, "other@example.org"]) == {BOB: f"hard at {T0}"}
    with transaction(db):
        assert clear_address(db, "Bob@Example.org", T0)
        assert not clear_address(db, BOB, T0)
    assert unreachable_reasons(db, [BOB]) == {}
    assert not fail(db, SOFT, T0 + timedelta(days=1))  # a fresh start
