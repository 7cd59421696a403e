"""Bounces checked against the outbox: only the message's own secret and
recipient ever mark an address (property-tested forgeries)."""

from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.mail.bounces import handle_bounce
from judge.mail.decode import parse
from judge.store.db import open_database, transaction
from judge.store.outbox import queue_message
from judge.store.schema import create_mail_tables
from tests.strength import examples

NOW = datetime(2026, 11, 25, 8, 0, tzinfo=UTC)
JUDGE = "judge@example.org"
ALICE = "alice@example.org"


def dsn(to: str, recipient: str, status: str = "5.1.1") -> bytes:
    return (
        f"From: MAILER-DAEMON@mx.example.net\r\nTo: {to}\r\n"
        "Subject: failure\r\nMIME-Version: 1.0\r\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="B"'
        "\r\n\r\n--B\r\nContent-Type: message/delivery-status\r\n\r\n"
        "Reporting-MTA: dns; mx.example.net\r\n\r\n"
        f"Final-Recipient: rfc822; {recipient}\r\nAction: failed\r\n"
        f"Status: {status}\r\n--B--\r\n"
    ).encode()


def setup(tmp_path):
    db = open_database(tmp_path / "judge.db")
    create_mail_tables(db)
    with transaction(db):
        oid = queue_message(
            db,
            message_id="<r1@example.org>",
            recipients=(ALICE,),
            raw=b"Message-ID: <r1@example.org>\r\n\r\nresults\r\n",
            now=NOW,
        )
    token = db.execute("SELECT verp_token FROM outbox").fetchone()[0]
    return db, oid, token


def run(db, raw):
    with transaction(db):
        return handle_bounce(
            db, parse(raw), 1, NOW, judge_address=JUDGE, separator="+", soft_days=3
        )


def marked(db):
    return [r[0] for r in db.execute("SELECT address FROM address_state")]


def test_the_real_bounce_marks_and_a_soft_one_does_not_yet(tmp_path):
    db, oid, token = setup(tmp_path)
    outcome = run(db, dsn(f"judge+b-{oid}-{token}@example.org", ALICE, "4.2.2"))
    assert outcome.unreachable == [] and marked(db) == [ALICE]
    state = db.execute("SELECT state FROM address_state").fetchone()[0]
    assert state == "ok"  # one soft bounce: recorded, not yet unreachable
    outcome = run(db, dsn(f"judge+b-{oid}-{token.upper()}@example.org", ALICE))
    assert outcome.unreachable == [ALICE]
    assert outcome.note.startswith("bounce recorded: hard bounce for <alice")


@settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    outbox_id=st.integers(0, 5),
    token=st.text("0123456789abcdef", min_size=1, max_size=14),
    recipient=st.sampled_from([ALICE, "bob@example.org", "ALICE@example.org"]),
)
def test_a_forgery_never_marks_an_address(
    tmp_path_factory, outbox_id, token, recipient
):
    db, oid, real = setup(tmp_path_factory.mktemp("f"))
    outcome = run(db, dsn(f"judge+b-{outbox_id}-{token}@example.org", recipient))
    genuine = outbox_id == oid and token.lower() == real and recipient.lower() == ALICE
    assert bool(outcome.unreachable) == genuine
    assert (marked(db) == [ALICE]) == genuine
    verdicts = {r[0] for r in db.execute("SELECT verdict FROM bounces")}
    assert verdicts == ({"recorded"} if genuine else {"dropped"})
