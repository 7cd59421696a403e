"""The embedded SMTP listener: judge's address only, SIZE enforced, stored
before the 250."""

import smtplib
import threading
import time

import pytest

from judge.mail.smtp_listener import start_listener
from judge.store.db import flush_commits, open_database, utc_now
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


class SlowDisk:
    """A flush that takes a while and notes, for each flush, the newest
    message committed before it began and when it ended."""

    def __init__(self, path, fail_first=False):
        self.path = path
        self.fail_next = fail_first
        self.flushes = []  # (newest intake id committed at the start, end time)
        self.lock = threading.Lock()

    def __call__(self):
        db = open_database(self.path)
        newest = db.execute("SELECT MAX(id) FROM intake").fetchone()[0] or 0
        db.close()
        time.sleep(0.02)
        if self.fail_next:
            self.fail_next = False
            raise OSError(5, "Input/output error")
        flush_commits(self.path)
        with self.lock:
            self.flushes.append((newest, time.monotonic()))


def group_listener(tmp_path, free_port, disk):
    path = tmp_path / "judge.db"
    create_mail_tables(open_database(path))
    local = threading.local()

    def store(raw, envelope_from):
        if not hasattr(local, "db"):
            local.db = open_database(path, durable=False)
        return store_incoming(
            local.db,
            raw,
            message_id=None,
            envelope_from=envelope_from,
            source="smtp",
            now=utc_now(),
        )

    port = free_port()
    controller, handler = start_listener(
        "127.0.0.1", port, store, "judge@example.org", max_size=10_000, flush=disk
    )
    return port, controller, handler


def test_each_250_waits_for_a_flush_begun_after_its_commit(tmp_path, free_port):
    disk = SlowDisk(tmp_path / "judge.db")
    port, controller, handler = group_listener(tmp_path, free_port, disk)
    acknowledged = []  # (intake id, time of the 250)
    lock = threading.Lock()

    def client(c):
        with smtplib.SMTP("127.0.0.1", port) as smtp:
            smtp.ehlo()
            for i in range(10):
                smtp.mail(f"p{c}@example.org")
                smtp.rcpt("judge@example.org")
                code, text = smtp.data(f"Subject: {c}.{i}\r\n\r\nHELP\r\n".encode())
                assert code == 250
                stored = int(text.decode().rsplit(" ", 1)[1])
                with lock:
                    acknowledged.append((stored, time.monotonic()))

    try:
        clients = [threading.Thread(target=client, args=(c,)) for c in range(4)]
        for thread in clients:
            thread.start()
        for thread in clients:
            thread.join()
    finally:
        controller.stop()
        handler.close()
    assert len(acknowledged) == 40
    for stored, at in acknowledged:
        assert any(newest >= stored and end <= at for newest, end in disk.flushes), (
            f"message {stored} acknowledged before a flush covered it"
        )
    # One flush served several messages (4 clients, each waiting 20 ms).
    assert len(disk.flushes) < 30


def test_a_failed_flush_is_a_temporary_refusal(tmp_path, free_port):
    disk = SlowDisk(tmp_path / "judge.db", fail_first=True)
    port, controller, handler = group_listener(tmp_path, free_port, disk)
    try:
        with smtplib.SMTP("127.0.0.1", port) as smtp:
            smtp.ehlo()
            smtp.mail("alice@example.org")
            smtp.rcpt("judge@example.org")
            code, text = smtp.data(b"Message-ID: <a@x.org>\r\n\r\nHELP\r\n")
            assert code == 451  # the sender's server tries again
            smtp.mail("alice@example.org")
            smtp.rcpt("judge@example.org")
            assert smtp.data(b"Message-ID: <a@x.org>\r\n\r\nHELP\r\n")[0] == 250
    finally:
        controller.stop()
        handler.close()
    assert len(disk.flushes) == 1
