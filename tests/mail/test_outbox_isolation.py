"""The outbox never blocks on one message: a relay (aiosmtpd) that refuses,
greylists or hangs up on some recipients, and the others' mail goes on."""

import json
import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
from aiosmtpd.controller import Controller
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.config import RelaySettings
from judge.mail.sender import drain_outbox
from judge.mail.transports import RelayTransport
from judge.mail.verp import envelope_sender
from judge.store.addresses import unreachable_reasons
from judge.store.db import open_database, transaction
from judge.store.outbox import queue_message
from judge.store.schema import create_mail_tables
from tests.conftest import free_port
from tests.strength import examples

T0 = datetime(2026, 11, 25, 8, 0, tzinfo=UTC)
JUDGE = "judge@example.org"


class PickyRelay:
    """Refuses 'refused*' (550) and greylists 'grey*' (451) at RCPT, drops
    the connection at 'hangup*'; accepts the rest."""

    def __init__(self):
        self.received = []
        self.greylisting = True
        self.lock = threading.Lock()

    async def handle_RCPT(self, server, session, envelope, address, options):
        local = address.split("@")[0]
        if local.startswith("refused"):
            return "550 5.1.1 no such user"
        if local.startswith("grey") and self.greylisting:
            return "451 4.7.1 greylisted, try again later"
        if local.startswith("hangup"):
            server.transport.close()
            return "421 4.3.0 bye"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.received.append((envelope.mail_from, list(envelope.rcpt_tos)))
        return "250 OK"

    def recipients(self):
        with self.lock:
            return [r for _, rcpts in self.received for r in rcpts]


@pytest.fixture
def relay():
    handler = PickyRelay()
    controller = Controller(
        handler, hostname="127.0.0.1", port=free_port(), enable_SMTPUTF8=False
    )
    controller.start()
    handler.port = controller.port
    yield handler
    controller.stop()


def queue(db, *recipients, now=T0) -> int:
    with transaction(db):
        n = db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0]
        return queue_message(
            db,
            message_id=f"<out{n}@example.org>",
            recipients=tuple(recipients),
            raw=f"Message-ID: <out{n}@example.org>\r\n\r\nbody {n}\r\n".encode(),
            now=now,
        )


def drain(db, relay, at, **kwargs):
    transport = RelayTransport(RelaySettings(port=relay.port, timeout=5), JUDGE)
    return drain_outbox(
        db,
        transport,
        lambda: at,
        retry_initial=10,
        retry_max=3600,
        envelope=lambda row: envelope_sender(JUDGE, row.id, row.verp_token),
        **kwargs,
    )


def state(db, outbox_id):
    return db.execute(
        "SELECT state, remaining, next_attempt FROM outbox WHERE id = ?", (outbox_id,)
    ).fetchone()


def test_stuck_messages_ahead_of_a_reply_do_not_delay_it(db, relay):
    stuck = [queue(db, f"grey{i}@example.org") for i in range(20)]
    stuck += [queue(db, f"refused{i}@example.org") for i in range(20)]
    stuck += [queue(db, "ü@example.org") for _ in range(3)]  # no SMTPUTF8 here
    help_reply = queue(db, "alice@example.org")
    started = time.monotonic()
    assert drain(db, relay, T0) == 1
    assert time.monotonic() - started < 5
    assert relay.recipients() == ["alice@example.org"]
    assert state(db, help_reply)[0] == "sent"
    # Greylisted: waits on its own backoff.  Refused, or not sendable: failed.
    assert {state(db, i)[0] for i in stuck[:20]} == {"queued"}
    assert state(db, stuck[0])[2] > "2026-11-25T08:00:09"
    assert {state(db, i)[0] for i in stuck[20:]} == {"failed"}
    marked = unreachable_reasons(
        db, ["refused3@example.org", "ü@example.org", "grey1@example.org"]
    )
    assert set(marked) == {"refused3@example.org", "ü@example.org"}
    assert "550" in marked["refused3@example.org"]
    assert "SMTPUTF8" in marked["ü@example.org"]


def test_each_message_keeps_its_own_backoff_then_goes(db, relay):
    grey = queue(db, "grey@example.org")
    drain(db, relay, T0)
    drain(db, relay, T0 + timedelta(seconds=11))  # second try: still greylisted
    attempts = db.execute("SELECT attempts FROM outbox WHERE id = ?", (grey,))
    assert attempts.fetchone()[0] == 2
    late = queue(db, "bob@example.org", now=T0 + timedelta(seconds=12))
    # Not yet due again (20 s backoff), and the new message does not wait.
    assert drain(db, relay, T0 + timedelta(seconds=12)) == 1
    assert state(db, late)[0] == "sent" and state(db, grey)[0] == "queued"
    relay.greylisting = False
    assert drain(db, relay, T0 + timedelta(seconds=40)) == 1
    assert state(db, grey)[0] == "sent"
    # Each message went out with its own VERP envelope sender.
    senders = [mail_from for mail_from, _ in relay.received]
    assert len(set(senders)) == 2
    assert all(s.startswith("judge+b-") for s in senders)


def test_a_partly_refused_message_is_retried_for_the_rest_only(db, relay):
    both = queue(db, "alice@example.org", "grey@example.org", "refused@example.org")
    drain(db, relay, T0)
    assert relay.recipients() == ["alice@example.org"]
    row = state(db, both)
    assert row[0] == "queued" and json.loads(row[1]) == ["grey@example.org"]
    relay.greylisting = False
    drain(db, relay, T0 + timedelta(hours=1))
    assert relay.recipients() == ["alice@example.org", "grey@example.org"]
    assert state(db, both)[0] == "sent"
    assert list(unreachable_reasons(db, ["refused@example.org"])) == [
        "refused@example.org"
    ]


def test_a_connection_dropped_on_one_message_is_reopened_for_the_next(db, relay):
    first = queue(db, "hangup@example.org")
    second = queue(db, "bob@example.org")
    assert drain(db, relay, T0) == 1
    assert state(db, first)[0] == "queued" and state(db, second)[0] == "sent"


def test_retries_end_after_max_retry_age(db, relay, tmp_path):
    grey = queue(db, "grey@example.org")
    drain(db, relay, T0)
    assert state(db, grey)[0] == "queued"
    drain(db, relay, T0 + timedelta(days=3, minutes=1), max_retry_age=3 * 86400)
    assert state(db, grey)[0] == "failed"
    reasons = unreachable_reasons(db, ["grey@example.org"])
    assert "not delivered within 3 days" in reasons["grey@example.org"]
    assert "greylisted" in reasons["grey@example.org"]
    row = db.execute("SELECT verdict, kind FROM bounces").fetchone()
    assert tuple(row) == ("recorded", "hard")


def test_mail_never_tried_is_tried_once_however_old(db, relay):
    # The judge was down for a week: its queued mail still goes out.
    old = queue(db, "bob@example.org")
    assert drain(db, relay, T0 + timedelta(days=7), max_retry_age=3 * 86400) == 1
    assert state(db, old)[0] == "sent"


KINDS = ("ok", "grey", "refused", "hangup")


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    st.lists(
        st.lists(st.sampled_from(KINDS), min_size=1, max_size=3), min_size=1, max_size=6
    )
)
def test_whatever_the_relay_says_nobody_gets_two_copies(tmp_path_factory, plan):
    """Messages to recipients the relay accepts, greylists (then accepts),
    refuses or hangs up on: each accepted recipient gets each message once,
    the refused none, and every message ends sent, failed or waiting."""
    directory = tmp_path_factory.mktemp("o")
    db = open_database(directory / "judge.db")
    create_mail_tables(db)
    handler = PickyRelay()
    port = free_port()
    controller = Controller(
        handler, hostname="127.0.0.1", port=port, enable_SMTPUTF8=False
    )
    controller.start()
    handler.port = port
    try:
        ids = {}
        for m, kinds in enumerate(plan):
            to = tuple(f"{kind}{m}x{i}@example.org" for i, kind in enumerate(kinds))
            ids[queue(db, *to)] = to
        at = T0
        for round_ in range(4):
            handler.greylisting = round_ < 2
            drain(db, handler, at)
            at += timedelta(hours=2)
        got = handler.recipients()
        assert len(got) == len(set(got)), "a recipient got a message twice"
        for outbox_id, to in ids.items():
            final = state(db, outbox_id)[0]
            kinds = {r.split("@")[0].rstrip("0123456789x") for r in to}
            if "hangup" in kinds:
                assert final == "queued"  # the connection never lasts
                assert not set(to) & set(got)
                continue
            wanted = {r for r in to if r.startswith(("ok", "grey"))}
            assert wanted <= set(got) and not (set(to) - wanted) & set(got)
            assert final == ("sent" if wanted else "failed")
        # Refusals count, except in a transaction the relay cut short.
        refused = [
            r
            for to in ids.values()
            if not any(t.startswith("hangup") for t in to)
            for r in to
            if r.startswith("refused")
        ]
        assert set(unreachable_reasons(db, refused)) == set(refused)
    finally:
        controller.stop()
        db.close()
