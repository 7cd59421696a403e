"""What the judge stores reaches the disk before anything leaves it: the
250 waits for a flush covering the stored message, the relay gets a reply
only after a flush covering the worker's commit that queued it."""

import smtplib

import pytest

from judge.config import RelaySettings
from judge.daemon import daemon
from judge.store import db as store_db
from judge.store.db import open_database


@pytest.fixture
def flushes(monkeypatch, relay_peer):
    """Each flush of the judge: what was stored, queued and relayed when it
    began."""
    seen = []

    def recording(path):
        db = open_database(path)
        intake, outbox = db.execute(
            "SELECT (SELECT COUNT(*) FROM intake), (SELECT COUNT(*) FROM outbox)"
        ).fetchone()
        db.close()
        seen.append((intake, outbox, len(relay_peer.messages())))
        store_db.flush_commits(path)

    monkeypatch.setattr(daemon, "flush_commits", recording)
    return seen


def test_stored_and_queued_mail_is_flushed_before_it_leaves(
    make_judge_config, start_judge, relay_peer, flushes, wait_until
):
    config = make_judge_config(relay=RelaySettings(port=relay_peer.port, timeout=5))
    start_judge(config)
    with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=10) as smtp:
        smtp.sendmail(
            "alice@example.org",
            [config.judge.address],
            b"From: alice@example.org\r\nMessage-ID: <d1@example.org>\r\n"
            b"Subject: help\r\n\r\nHELP\r\n",
        )
        # the 250 came: a flush begun after the message was stored came first
        assert any(intake >= 1 for intake, _, _ in flushes)
    assert wait_until(lambda: len(relay_peer.messages()) == 1)
    # the reply went out after a flush that began once it was queued
    assert any(outbox >= 1 and relayed == 0 for _, outbox, relayed in flushes)
