"""Each of the worker's gates (judge/daemon/gates.py) stops the message it is
for, and its verdict is carried out: the intake row's state and note, the
mail queued (and remembered as a reply or not), the error log, the handler
called or not.  Real SQLite, the real worker, raw messages as stored."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from email.message import EmailMessage

import pytest

from judge.daemon.gates import GATES
from judge.daemon.worker import Worker
from judge.mail.decode import body_text, parse
from judge.mail.message import OutgoingMail
from judge.store import echoes
from judge.store.addresses import record_failure
from judge.store.db import transaction
from judge.store.intake import store_incoming
from judge.store.outbox import queue_message
from tests.daemon.simple_handler import HelpHandler

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
ALICE = "alice@example.org"


class Recorder(HelpHandler):
    """The HELP handler, noting what reached it."""

    def __init__(self, settings):
        super().__init__(settings)
        self.handled: list[str] = []
        self.unreachable: list[str] = []

    def handle(self, db, mail, now):
        self.handled.append(mail.subject)
        return super().handle(db, mail, now)

    def address_unreachable(self, db, address, reason, now):
        self.unreachable.append(address)
        return [OutgoingMail(to=("master@example.org",), subject="gone", body=address)]


@pytest.fixture
def judge(db, make_judge_config):
    """(worker, handler, config) over the test's database."""

    def make(**limits):
        config = make_judge_config(**limits)
        handler = Recorder(config.judge)
        return Worker(db, handler, config, lambda: NOW), handler

    return make


_ids = iter(range(1, 10_000))


def mail(subject="hello", body="HELP\n", **headers) -> bytes:
    msg = EmailMessage()
    msg["From"] = ALICE
    msg["Subject"] = subject
    msg["Message-ID"] = f"<g{next(_ids)}@example.org>"
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content(body)
    return msg.as_bytes()


def store(db, raw: bytes, envelope_from: str | None = ALICE, **kw) -> int:
    return store_incoming(
        db,
        raw,
        message_id=None,
        envelope_from=envelope_from,
        source="smtp",
        now=NOW,
        **kw,
    )[0]


def intake(db, intake_id):
    return db.execute(
        "SELECT state, sender, note FROM intake WHERE id = ?", (intake_id,)
    ).fetchone()


def queued(db, intake_id):
    """(recipients, text) of each mail queued for the message."""
    rows = db.execute(
        "SELECT recipients, raw FROM outbox WHERE intake_id IS ? ORDER BY id",
        (intake_id,),
    ).fetchall()
    return [
        (json.loads(to), " ".join(body_text(parse(raw)).split())) for to, raw in rows
    ]


def errors(db, intake_id):
    return [
        r[0]
        for r in db.execute(
            "SELECT message FROM errors WHERE intake_id = ?", (intake_id,)
        )
    ]


def test_the_gates_stand_in_the_documented_order():
    assert [gate.__name__ for gate in GATES] == [
        "bounce",
        "not_to_answer",
        "reply_address",
        "deliverable",
        "rate_limit",
        "size",
        "echo_loop",
        "handle",
    ]


def test_the_last_gate_hands_the_message_to_the_handler(db, judge):
    worker, handler = judge()
    n = store(db, mail("hello there"))
    assert worker.process_next()
    assert intake(db, n) == ("done", ALICE, None)
    assert handler.handled == ["hello there"]
    [(to, text)] = queued(db, n)
    assert ALICE in to and "This is the Diplomacy judge" in text
    assert echoes.latest_reply(db, ALICE)[2] == "Re: hello there"  # remembered


def test_a_bounce_is_recorded_never_answered_and_announced(db, judge):
    worker, handler = judge()
    with transaction(db):
        oid = queue_message(
            db,
            message_id="<r1@example.org>",
            recipients=(ALICE,),
            raw=b"Message-ID: <r1@example.org>\r\n\r\nresults\r\n",
            now=NOW,
        )
    token = db.execute("SELECT verp_token FROM outbox").fetchone()[0]
    dsn = (
        f"From: MAILER-DAEMON@mx.example.net\r\n"
        f"To: judge+b-{oid}-{token}@example.org\r\n"
        "Subject: failure\r\nMIME-Version: 1.0\r\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="B"'
        "\r\n\r\n--B\r\nContent-Type: message/delivery-status\r\n\r\n"
        "Reporting-MTA: dns; mx.example.net\r\n\r\n"
        f"Final-Recipient: rfc822; {ALICE}\r\nAction: failed\r\n"
        "Status: 5.1.1\r\n--B--\r\n"
    ).encode()
    n = store(db, dsn, envelope_from="")
    assert worker.process_next()
    state, sender, note = intake(db, n)
    assert (state, sender) == ("dropped", None)
    assert note.startswith("bounce recorded: hard bounce for <alice")
    assert handler.handled == [] and queued(db, n) == []
    # the verdict's announcement: the handler told, its mail queued
    assert handler.unreachable == [ALICE]
    assert queued(db, None)[-1] == (["master@example.org"], ALICE)


def test_mail_not_to_answer_is_dropped_silently(db, judge):
    worker, handler = judge()
    n = store(db, mail(Auto_Submitted="auto-replied"))
    assert worker.process_next()
    assert intake(db, n) == ("dropped", None, "auto-submitted mail (auto-replied)")
    assert handler.handled == [] and queued(db, n) == [] and errors(db, n) == []


def test_no_reply_address_is_dropped_and_a_bad_one_logged(db, judge):
    worker, handler = judge()
    raw = mail().replace(f"From: {ALICE}".encode(), b"From: nobody at all")
    n = store(db, raw)
    assert worker.process_next()
    state, sender, note = intake(db, n)
    assert (state, sender) == ("dropped", None)
    assert note == (
        "no reply address (not a mail address one can write to: From 'nobody at all')"
    )
    assert errors(db, n) == [f"reply address refused: {note}"]
    without = store(db, mail().replace(f"From: {ALICE}\n".encode(), b""))
    assert worker.process_next()
    assert intake(db, without) == ("dropped", None, "no reply address")
    assert errors(db, without) == []
    assert handler.handled == [] and queued(db, n) == queued(db, without) == []


def test_an_address_the_judge_cannot_write_to_is_refused_and_logged(db, judge):
    worker, handler = judge()
    raw = mail().replace(b"Subject:", "Reply-To: jörg@example.org\nSubject:".encode())
    n = store(db, raw)
    assert worker.process_next()
    state, sender, note = intake(db, n)
    assert (state, sender) == ("dropped", None)
    assert note.startswith("reply address refused: 'jörg@example.org' has non-ASCII")
    assert errors(db, n) == [note]
    assert handler.handled == [] and queued(db, n) == []


def test_mail_from_an_address_makes_it_reachable_again(db, judge):
    worker, _ = judge()
    with transaction(db):
        record_failure(db, ALICE, "hard", "5.1.1", NOW, soft_days=3)
    state = "SELECT state FROM address_state WHERE address = ?"
    assert db.execute(state, (ALICE,)).fetchone() == ("unreachable",)
    store(db, mail())
    assert worker.process_next()
    assert db.execute(state, (ALICE,)).fetchone() in (None, ("ok",))


def test_over_the_rate_limit_the_sender_is_told_once(db, judge):
    worker, handler = judge(rate_limit_messages=2)
    ids = [store(db, mail(f"m{i}")) for i in range(4)]
    while worker.process_next():
        pass
    assert handler.handled == ["m0", "m1"]
    assert intake(db, ids[2]) == ("dropped", ALICE, "rate limit (notice sent)")
    [(to, text)] = queued(db, ids[2])
    assert ALICE in to and "more than 2 messages within 60 minutes" in text
    assert intake(db, ids[3]) == ("dropped", ALICE, "rate limit")
    assert queued(db, ids[3]) == []
    # the notice is no reply the echo check compares with
    assert echoes.latest_reply(db, ALICE)[2] == "Re: m1"


def test_an_oversized_message_is_refused_with_why(db, judge):
    worker, handler = judge(max_message_size=1000)
    n = store(db, mail("big one"), size=5000, oversized=True)
    assert worker.process_next()
    assert intake(db, n) == ("done", ALICE, "oversized")
    [(to, text)] = queued(db, n)
    assert "was 5000 bytes long" in text and "at most 1000 bytes" in text
    assert handler.handled == []
    assert echoes.latest_reply(db, ALICE)[2] == "Re: big one"  # an answer


def test_a_message_nested_too_deep_is_refused_with_why(db, judge):
    worker, handler = judge()
    inner = "Content-Type: text/plain\r\n\r\nHELP\r\n"
    for level in range(40):
        inner = (
            f'Content-Type: multipart/mixed; boundary="b{level}"\r\n\r\n'
            f"--b{level}\r\n{inner}\r\n--b{level}--\r\n"
        )
    raw = (
        f"From: {ALICE}\r\nSubject: deep\r\nMessage-ID: <deep@example.org>\r\n"
        f"MIME-Version: 1.0\r\n{inner}"
    ).encode()
    n = store(db, raw)
    assert worker.process_next()
    state, sender, note = intake(db, n)
    assert (state, sender) == ("done", ALICE) and note.startswith("MIME nested")
    [(to, text)] = queued(db, n)
    assert "MIME parts are nested" in text
    assert handler.handled == []


def test_an_echoing_responder_is_told_once_then_ignored(db, judge):
    worker, handler = judge()
    store(db, mail("orders for spring"))
    assert worker.process_next()
    # an auto-responder answering each reply at once, the subject kept
    ids = [store(db, mail("Re: orders for spring", "I am away.\n")) for _ in range(5)]
    while worker.process_next():
        pass
    states = [intake(db, n) for n in ids]
    assert states[:2] == [("done", ALICE, None)] * 2  # two replies at most
    note = "mail loop suspected (notice sent)"
    assert states[2] == ("dropped", ALICE, note)
    [(to, text)] = queued(db, ids[2])
    assert "automatic responder" in text
    assert errors(db, ids[2]) == [f"{note}: {ALICE}"]
    for n, state in zip(ids[3:], states[3:], strict=True):
        assert state == ("dropped", ALICE, "mail loop suspected")
        assert queued(db, n) == []
    assert len(handler.handled) == 3
