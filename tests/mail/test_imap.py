"""The IMAP poller against a real Dovecot server."""

import logging
import os
import subprocess
import threading
from email.message import EmailMessage
from pathlib import Path

import pytest

from judge.config import ImapSettings
from judge.mail.decode import body_text, header, parse
from judge.mail.imap_poller import ImapPoller
from judge.store.db import open_database


def message(message_id: str, body: str = "HELP\n", **headers) -> bytes:
    msg = EmailMessage()
    msg["From"] = "Alice <alice@example.org>"
    msg["To"] = "judge@example.org"
    msg["Subject"] = "help"
    msg["Message-ID"] = message_id
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content(body)
    return msg.as_bytes()


def settings(dovecot, **kwargs) -> ImapSettings:
    return ImapSettings(
        host=dovecot.host, port=dovecot.port, user="judge", password="secret", **kwargs
    )


def maildir_replies(config):
    new = config.judge.maildir_path / "new"
    if not new.exists():
        return []
    return [parse(p.read_bytes()) for p in sorted(new.iterdir())]


def test_imap_in_reply_out(dovecot, make_judge_config, start_judge, wait_until):
    config = make_judge_config(imap=settings(dovecot), smtp=False)
    daemon = start_judge(config)
    assert daemon.imap.connected.wait(30)
    dovecot.append(message("<imap1@example.org>"))
    assert wait_until(lambda: len(maildir_replies(config)) == 1)
    reply = maildir_replies(config)[0]
    assert header(reply, "To") == "alice@example.org"
    assert header(reply, "In-Reply-To") == "<imap1@example.org>"
    assert "This is the Diplomacy judge" in body_text(reply)
    client = dovecot.client()
    client.select_folder("INBOX")
    assert wait_until(lambda: client.search(["UNSEEN"]) == [])  # once stored
    assert len(client.search(["SEEN"])) == 1
    client.logout()


def test_redelivered_imap_message_is_answered_once(
    dovecot, make_judge_config, start_judge, wait_until
):
    dovecot.append(message("<dup@example.org>"))
    dovecot.append(message("<dup@example.org>"))
    config = make_judge_config(imap=settings(dovecot), smtp=False)
    start_judge(config)
    db = open_database(config.judge.database_path)
    assert wait_until(
        lambda: db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0] == 1
    )
    assert wait_until(lambda: len(maildir_replies(config)) == 1)
    client = dovecot.client()
    client.select_folder("INBOX")
    assert wait_until(lambda: client.search(["UNSEEN"]) == [])
    client.logout()
    assert db.execute("SELECT COUNT(*) FROM intake").fetchone()[0] == 1


def test_processed_mail_is_moved_and_big_mail_refused(
    dovecot, make_judge_config, start_judge, wait_until
):
    config = make_judge_config(
        imap=settings(dovecot, processed_folder="Done"),
        smtp=False,
        max_message_size=5000,
    )
    dovecot.append(message("<big@example.org>", body="A Par - Bur\n" * 1000))
    start_judge(config)
    assert wait_until(lambda: len(maildir_replies(config)) == 1)
    assert "at most 5000 bytes" in body_text(maildir_replies(config)[0])
    client = dovecot.client()
    client.select_folder("INBOX")
    assert wait_until(lambda: client.search(["ALL"]) == [])
    client.select_folder("Done")
    assert len(client.search(["ALL"])) == 1
    client.logout()


def test_polling_without_idle_and_reconnecting(dovecot, wait_until, caplog):
    caplog.set_level(logging.INFO, logger="judge.imap")
    stored = []
    stop = threading.Event()
    poller = ImapPoller(
        settings(dovecot, idle=False, poll_interval=0.2),
        lambda raw, size, oversized: (stored.append(raw) or len(stored), True),
        10_000,
        stop,
    )
    thread = threading.Thread(target=poller.run, daemon=True)
    thread.start()
    try:
        assert poller.connected.wait(30)
        dovecot.append(message("<p1@example.org>"))
        assert wait_until(lambda: len(stored) == 1)
        assert connections(caplog) == 1
        # Cut the connection under the poller: it must come back by itself.
        _kill_imap_sessions(dovecot)
        dovecot.append(message("<p2@example.org>"))
        assert wait_until(lambda: len(stored) == 2, timeout=15)
        assert any("connection lost" in r.getMessage() for r in caplog.records)
        assert connections(caplog) == 2  # the second message came by a new one
    finally:
        stop.set()
        thread.join(10)
    assert not thread.is_alive()


def connections(caplog) -> int:
    """How many times the poller has logged in (it logs each connection)."""
    return sum(r.getMessage().startswith("IMAP connected") for r in caplog.records)


def _kill_imap_sessions(dovecot) -> None:
    """Kick every logged-in IMAP session, the way a server restart would.
    Without doveadm the test cannot cut the connection: it skips, unless
    JUDGE_REQUIRE_DOVECOT=1 (CI), where that is a failure."""
    command = [
        "doveadm",
        "-c",
        str(dovecot.directory / "dovecot.conf"),
        "kick",
        "judge",
    ]
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=30)
        problem = result.stderr.strip() if result.returncode != 0 else None
    except (OSError, subprocess.TimeoutExpired) as exc:
        problem = str(exc)
    if problem is None:
        return
    if os.environ.get("JUDGE_REQUIRE_DOVECOT") == "1":
        pytest.fail(f"doveadm kick failed (JUDGE_REQUIRE_DOVECOT=1): {problem}")
    pytest.skip(f"doveadm kick failed: {problem}")


def config_reading_the_password_file(tmp_path, dovecot, more: str = "") -> Path:
    """A judge.toml with the listener off, reading the Dovecot mailbox with
    the password in a file beside it; `more`: further [imap] lines."""
    (tmp_path / "imap.secret").write_text("secret\n")
    path = tmp_path / "judge.toml"
    path.write_text(
        '[judge]\naddress = "judge@example.org"\ndata_dir = "var"\n'
        "[smtp]\nenabled = false\n"
        f'[imap]\nhost = "{dovecot.host}"\nport = {dovecot.port}\nuser = "judge"\n'
        'password_file = "imap.secret"\n' + more
    )
    return path


def test_imap_password_from_a_file_named_in_the_config(
    dovecot, tmp_path, start_judge, wait_until
):
    from judge.config import load_config

    path = config_reading_the_password_file(tmp_path, dovecot)
    config = load_config(path)
    assert "secret" not in path.read_text().replace("imap.secret", "")
    daemon = start_judge(config)
    assert daemon.imap.connected.wait(30)  # logged in with the file's password
    dovecot.append(message("<from-file@example.org>"))
    assert wait_until(lambda: len(maildir_replies(config)) == 1)


def test_judge_mail_without_a_listener_puts_its_message_into_the_mailbox(
    dovecot, tmp_path, start_judge, monkeypatch, capsys
):
    # The guide's check after the first start, for a judge that reads an
    # existing mailbox: `judge mail` has no listener to talk to, so it
    # delivers as the provider does, into the mailbox, and prints the reply.
    import io

    from judge.cli import main
    from judge.config import load_config

    path = config_reading_the_password_file(
        tmp_path, dovecot, 'processed_folder = "Judged"\n'
    )
    daemon = start_judge(load_config(path))
    assert daemon.imap.connected.wait(30)
    monkeypatch.setattr("sys.stdin", io.StringIO("HELP\n"))
    code = main(["mail", "--from", "you@example.org", "--config", str(path)])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "To: you@example.org" in out.out
    assert "This is the Diplomacy judge PYJ" in out.out
    client = dovecot.client()
    client.select_folder("Judged")  # it came through the mailbox, handled
    assert len(client.search(["ALL"])) == 1
    client.logout()
