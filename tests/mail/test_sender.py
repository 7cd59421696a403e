"""The outbox sender against a real SMTP relay (aiosmtpd) and a Maildir."""

from datetime import UTC, datetime

import pytest
from aiosmtpd.controller import Controller

from judge.config import RelaySettings
from judge.mail.sender import drain_outbox
from judge.mail.transports import MaildirTransport, RelayTransport
from judge.store.db import transaction, utc_now
from judge.store.outbox import queue_message

NOW = datetime(2026, 1, 1, tzinfo=UTC)


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


class CountingRelay:
    """An aiosmtpd relay noting the client port of every message received:
    one port, one connection."""

    def __init__(self):
        self.peers = []

    async def handle_DATA(self, server, session, envelope):
        self.peers.append(session.peer[1])
        return "250 OK"

    def start(self, port):
        self.controller = Controller(self, hostname="127.0.0.1", port=port)
        self.controller.start()

    def restart(self):
        """Down and up again on the same port: its connections are closed."""
        self.controller.stop()
        self.start(self.controller.port)


@pytest.fixture
def counting_relay(free_port):
    handler = CountingRelay()
    handler.start(free_port())
    yield handler
    handler.controller.stop()


def relay_transport(relay):
    return RelayTransport(
        RelaySettings(port=relay.controller.port, timeout=5), "judge@example.org"
    )


def queue_one(db):
    n = db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0]
    with transaction(db):
        queue_message(
            db,
            message_id=f"<kept{n}@example.org>",
            recipients=("alice@example.org",),
            raw=f"Message-ID: <kept{n}@example.org>\r\n\r\nbody\r\n".encode(),
            now=utc_now(),
        )


def test_the_batch_is_flushed_before_any_of_it_is_sent(db, counting_relay):
    queue(db, 3)
    sent_before_flush = []
    flush = lambda: sent_before_flush.append(len(counting_relay.peers))  # noqa: E731
    transport = relay_transport(counting_relay)
    drained = drain_outbox(
        db, transport, utc_now, retry_initial=1, retry_max=2, flush=flush
    )
    assert drained == 3 and sent_before_flush == [0]


def test_a_kept_connection_serves_the_next_drains(db, counting_relay):
    transport = relay_transport(counting_relay)
    kwargs = {"retry_initial": 1, "retry_max": 2, "keep_open": True}
    for _ in range(3):
        queue_one(db)
        assert drain_outbox(db, transport, utc_now, **kwargs) == 1
    transport.close()
    assert len(counting_relay.peers) == 3 and len(set(counting_relay.peers)) == 1
    # Without keep_open, each drain hangs up.
    queue_one(db)
    assert drain_outbox(db, transport, utc_now, retry_initial=1, retry_max=2) == 1
    assert transport.client is None


def test_a_kept_connection_the_relay_dropped_is_replaced_unnoticed(db, counting_relay):
    transport = relay_transport(counting_relay)
    transport.STALE_AFTER = 0  # checked before every use
    kwargs = {"retry_initial": 1, "retry_max": 2, "keep_open": True}
    queue_one(db)
    assert drain_outbox(db, transport, utc_now, **kwargs) == 1
    counting_relay.restart()  # closes the idle connection
    queue_one(db)
    assert drain_outbox(db, transport, utc_now, **kwargs) == 1
    transport.close()
    assert len(set(counting_relay.peers)) == 2
    assert states(db) == {"sent": 2}
    assert db.execute("SELECT COUNT(*) FROM errors").fetchone()[0] == 0


def test_lines_starting_with_a_dot_arrive_as_written(relay_peer):
    """DATA's dot-stuffing (done by the transport itself): a line that is
    a dot, or starts with one, reaches the relay unchanged."""
    from judge.config import RelaySettings
    from judge.mail.transports import RelayTransport

    transport = RelayTransport(
        RelaySettings(port=relay_peer.port, timeout=5), "judge@example.org"
    )
    body = b".first\r\n.\r\nmiddle\r\n..two\r\n.\r\nlast ."
    raw = b"From: judge@example.org\r\nSubject: dots\r\n\r\n" + body
    try:
        assert transport.send("<d@example.org>", ("a@example.org",), raw) == {}
    finally:
        transport.close()
    (message,) = relay_peer.messages()
    assert message.data == raw + b"\r\n"
