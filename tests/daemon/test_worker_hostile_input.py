"""Any bytes at all, handled by the worker with the game service on a real
SQLite file: every message ends answered or dropped with a reason, never
failed, and every mail queued has header lines within RFC 5322's limit."""

import itertools
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.daemon import make_handler
from judge.daemon.worker import Worker
from judge.store.db import open_database
from judge.store.intake import store_incoming
from judge.store.schema import create_mail_tables
from tests.strength import examples

NOW = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)
_ids = itertools.count()

header_names = st.sampled_from(
    ["From", "Reply-To", "Subject", "Message-ID", "References", "In-Reply-To",
     "Content-Type", "Content-Transfer-Encoding", "MIME-Version", "Sender",
     "Auto-Submitted", "X-Other"]
)  # fmt: skip
header_values = st.one_of(
    st.binary(max_size=200),
    st.sampled_from(
        [
            b"alice@alice.example <eve@evil.example>",
            b"=?utf-8?b?ZXZlDQpiY2M6IHhAeS5vcmc=?=",
            b"=?utf-8?q?=0D=0A?= <x@y.org>",
            b'multipart/mixed; boundary="b"',
            b"multipart/mixed; boundary*0=a; boundary*1=b",
            b"message/rfc822",
            b"<JUDGE@example.org>",
            b"\xc3\xbc@example.org",
            b"x" * 5000,
            b"word " * 3000,
        ]
    ),
)
bodies = st.one_of(
    st.binary(max_size=500),
    st.sampled_from(
        [
            b"HELP\r\n",
            b"--b\r\nContent-Type: text/plain\r\n\r\nHELP\r\n--b--\r\n",
            b"--b\r\nContent-Type: message/rfc822\r\n\r\n" * 50,
            b'--b\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n' * 50,
        ]
    ),
)


@pytest.fixture(scope="module")
def worker(tmp_path_factory, make_judge_config_module):
    config = make_judge_config_module
    db = open_database(tmp_path_factory.mktemp("fuzz") / "judge.db")
    create_mail_tables(db)
    handler = make_handler(config)
    handler.setup(db)
    return Worker(db, handler, config, lambda: NOW)


@pytest.fixture(scope="module")
def make_judge_config_module(tmp_path_factory):
    from judge.config import Config, JudgeSettings, Limits

    return Config(
        judge=JudgeSettings(
            address="judge@example.org", data_dir=tmp_path_factory.mktemp("var")
        ),
        limits=Limits(rate_limit_messages=10**9),
    )


@settings(
    max_examples=examples(300),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    headers=st.lists(st.tuples(header_names, header_values), max_size=10),
    body=bodies,
    from_first=st.booleans(),
)
def test_any_input_is_answered_or_dropped_never_failed(
    worker, headers, body, from_first
):
    lines = [b"From: fuzz@example.org"] if from_first else []
    lines += [name.encode() + b": " + value for name, value in headers]
    raw = b"\r\n".join(lines) + b"\r\n\r\n" + body
    n = next(_ids)
    intake_id, _ = store_incoming(
        worker.db,
        raw,
        message_id=f"<fuzz{n}@example.org>",
        envelope_from="fuzz@example.org",
        source="smtp",
        now=NOW,
    )
    assert worker.process_next()
    state, note = worker.db.execute(
        "SELECT state, note FROM intake WHERE id = ?", (intake_id,)
    ).fetchone()
    assert state in ("done", "dropped"), note
    for (out,) in worker.db.execute(
        "SELECT raw FROM outbox WHERE intake_id = ?", (intake_id,)
    ):
        head = bytes(out).split(b"\r\n\r\n", 1)[0]
        assert all(len(line) <= 998 for line in head.split(b"\r\n"))
        assert b"judge@example.org" not in head.split(b"\r\nTo:")[1].split(b"\r\n")[0]
