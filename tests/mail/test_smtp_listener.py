"""The embedded SMTP listener: judge's address only, SIZE enforced, stored
before the 250."""

import smtplib

import pytest

from judge.mail.smtp_listener import start_listener
from judge.store.db import open_database, utc_now
from judge.store.intake import store_incoming
from judge.store.schema import create_mail_tables


@pytest.fixture
def listener(tmp_path, free_port):
    path = tmp_path / "judge.db"
    create_mail_tables(open_database(path))
    conns = {}

    def store(raw, envelope_from):
        db = conns.setdefault("db", open_database(path))
        return store_incoming(
            db,
            raw,
            message_id=None,
            envelope_from=envelope_from,
            source="smtp",
            now=utc_now(),
        )

    port = free_port()
    controller, handler = start_listener(
        "127.0.0.1", port, store, "judge@example.org", max_size=10_000
    )
    yield port, open_database(path)
    controller.stop()
    handler.close()


def test_other_recipients_are_refused_at_rcpt(listener):
    port, db = listener
    with smtplib.SMTP("127.0.0.1", port) as smtp:
        smtp.ehlo()
        smtp.mail("alice@example.org")
        code, text = smtp.rcpt("victim@example.com")
        assert code == 550
        assert b"judge@example.org" in text
        assert smtp.rcpt("JUDGE@example.org")[0] == 250
    assert db.execute("SELECT COUNT(*) FROM intake").fetchone()[0] == 0


def test_message_is_stored_before_250(listener):
    port, db = listener
    with smtplib.SMTP("127.0.0.1", port) as smtp:
        smtp.sendmail(
            "alice@example.org", ["judge@example.org"], b"Subject: x\r\n\r\nHELP\r\n"
        )
        # sendmail returned: the 250 came, so the row must already be there.
        row = db.execute("SELECT envelope_from, raw FROM intake").fetchone()
    assert row[0] == "alice@example.org"
    assert b"HELP" in row[1]


def test_size_is_announced_and_enforced(listener):
    port, db = listener
    with smtplib.SMTP("127.0.0.1", port) as smtp:
        smtp.ehlo()
        assert smtp.has_extn("size")
        assert int(smtp.esmtp_features["size"]) == 10_000
        with pytest.raises(smtplib.SMTPException) as failure:
            smtp.sendmail(
                "alice@example.org",
                ["judge@example.org"],
                b"Subject: big\r\n\r\n" + b"x" * 20_000 + b"\r\n",
            )
        assert "552" in str(failure.value)
        assert "at most 10000 bytes" in str(failure.value)
        # A client that declares the size up front is refused at MAIL FROM.
        smtp.rset()
        code, text = smtp.mail("alice@example.org", ["SIZE=20000"])
        assert code == 552 and b"plain text" in text
    assert db.execute("SELECT COUNT(*) FROM intake").fetchone()[0] == 0
