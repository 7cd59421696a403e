"""The outbox sender against a real SMTP relay (aiosmtpd) and a Maildir."""

from datetime import UTC, datetime

import pytest

from judge.config import RelaySettings
from judge.mail.sender import drain_outbox
from judge.mail.transports import MaildirTransport, RelayTransport
from judge.store.db import open_database, transaction, utc_now
from judge.store.outbox import queue_message
from judge.store.schema import create_mail_tables

NOW = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture
def db(tmp_path):
    db = open_database(tmp_path / "judge.db")
    create_mail_tables(db)
    return db


def queue(db, n):
    with transaction(db):
        for i in range(n):
            queue_message(
                db,
                message_id=f"<out{i}@example.org>",
                recipients=("alice@example.org",),
                raw=f"Message-ID: <out{i}@example.org>\r\n\r\nbody {i}\r\n".encode(),
                now=utc_now(),
            )


def states(db):
    return dict(db.execute("SELECT state, COUNT(*) FROM outbox GROUP BY state"))


def test_relay_receives_every_message(db, relay_peer):
    queue(db, 3)
    transport = RelayTransport(
        RelaySettings(port=relay_peer.port, timeout=5), "judge@example.org"
    )
    assert drain_outbox(db, transport, utc_now, retry_initial=1, retry_max=2) == 3
    got = relay_peer.messages()
    assert [m.rcpt_tos for m in got] == [["alice@example.org"]] * 3
    assert got[0].mail_from == "judge@example.org"
    assert b"body 0" in got[0].data
    assert states(db) == {"sent": 3}


def test_relay_outage_then_back_delivers_everything(db, relay_peer, wait_until):
    relay_peer.stop()
    queue(db, 4)
    transport = RelayTransport(
        RelaySettings(port=relay_peer.port, timeout=2), "judge@example.org"
    )
    kwargs = {"retry_initial": 0.05, "retry_max": 0.2}
    for _ in range(3):
        assert drain_outbox(db, transport, utc_now, **kwargs) == 0
    assert states(db) == {"queued": 4}
    errors = db.execute("SELECT COUNT(*) FROM errors").fetchone()[0]
    assert errors >= 1
    relay_peer.start()
    delivered = []  # what each drain says it delivered (retries wait a little)
    assert wait_until(
        lambda: (
            delivered.append(drain_outbox(db, transport, utc_now, **kwargs))
            or states(db) == {"sent": 4}
        ),
        timeout=10,
    )
    assert sum(delivered) == 4
    bodies = sorted(m.data for m in relay_peer.messages())
    assert len(bodies) == 4 and len(set(bodies)) == 4


def test_maildir_delivery_is_idempotent(tmp_path):
    transport = MaildirTransport(tmp_path / "Maildir")
    transport.send("<x@example.org>", ("a@x.org",), b"Subject: hi\r\n\r\nbody\r\n")
    transport.send("<x@example.org>", ("a@x.org",), b"Subject: hi\r\n\r\nbody\r\n")
    transport.send("<y@example.org>", ("a@x.org",), b"Subject: yo\r\n\r\nbody\r\n")
    files = sorted((tmp_path / "Maildir" / "new").iterdir())
    assert len(files) == 2
    assert list((tmp_path / "Maildir" / "tmp").iterdir()) == []
