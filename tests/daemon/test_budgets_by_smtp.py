"""Budgets per message and per sender, through real SMTP against `judge
serve` running as a process (issue 19): what a hostile message makes the
judge send is counted in its outbox, and an honest sender is answered on
time while an attack runs."""

from __future__ import annotations

import smtplib
import time

import pytest

from judge.mail.decode import body_text, header, parse
from judge.store.db import open_database
from tests.daemon.test_process import start_serve, wait_for_port, write_config

PLAYERS = [f"player{i}@example.org" for i in range(1, 7)]
MASTER = "master@example.org"
ATTACKER = "eve@evil.example"


class Judge:
    """A running `judge serve`, mailed by SMTP, its output read from its
    database (outbox, by the message it answers) and Maildir."""

    def __init__(self, tmp_path, port):
        self.port = port
        self.n = 0
        self.db = open_database(tmp_path / "var" / "judge.db")

    def send(self, sender: str, body: str, subject: str = "orders") -> str:
        self.n += 1
        message_id = f"<budget{self.n}@example.org>"
        raw = (
            f"From: {sender}\r\nTo: judge@example.org\r\nSubject: {subject}\r\n"
            f"Message-ID: {message_id}\r\n\r\n" + body.replace("\n", "\r\n")
        ).encode()
        with smtplib.SMTP("127.0.0.1", self.port, timeout=30) as smtp:
            smtp.sendmail(sender, ["judge@example.org"], raw)
        return message_id

    def answered(self, message_id: str, timeout: float = 60.0) -> list:
        """The mails the judge queued for the message (once handled)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            row = self.db.execute(
                "SELECT id, state FROM intake WHERE message_id = ?", [message_id]
            ).fetchone()
            if row and row[1] != "new":
                raws = self.db.execute(
                    "SELECT raw FROM outbox WHERE intake_id = ? ORDER BY id", [row[0]]
                ).fetchall()
                return [parse(raw) for (raw,) in raws]
            time.sleep(0.05)
        raise AssertionError(f"{message_id} was not handled in {timeout} s")

    def ask(self, sender: str, body: str, subject: str = "orders") -> list:
        return self.answered(self.send(sender, body, subject))


def reply_body(mails, address: str) -> str:
    return next(body_text(m) for m in mails if address in header(m, "To"))


@pytest.fixture
def judge(tmp_path, free_port):
    port = free_port()
    config = write_config(tmp_path, port)
    process = start_serve(config, tmp_path / "serve.log")
    try:
        wait_for_port(port, process)
        yield Judge(tmp_path, port)
    finally:
        process.terminate()
        process.wait(15)
    assert process.returncode == 0, (tmp_path / "serve.log").read_text()[-2000:]


def form_game(judge: Judge) -> None:
    judge.ask(MASTER, "CREATE ?alpha pw-master\nBECOME MASTER")
    for address in PLAYERS + ["player7@example.org"]:
        last = judge.ask(address, f"SIGNON ?alpha pw-{address.split('@')[0]}")
    assert any("You have been selected as" in body_text(m) for m in last)


@pytest.mark.slow
def test_amplification_classes_are_bounded_through_smtp(judge):
    # HELP a thousand times: one short reply
    mails = judge.ask(ATTACKER, "HELP\n" * 1000)
    assert len(mails) == 1
    body = body_text(mails[0])
    assert body.count("This is the Diplomacy judge") == 1 and len(body) < 12_000
    # unknown lines by the thousand: one short reply
    junk = "\n".join(f"junk line {i}" for i in range(15_000))
    mails = judge.ask(ATTACKER, junk)
    assert len(mails) == 1 and len(body_text(mails[0])) < 20_000
    form_game(judge)
    # OBSERVE twenty times for a third party: one confirmation, nothing else
    victim = "victim@example.net"
    mails = judge.ask(victim, "OBSERVE alpha\n" * 20)
    asking = [m for m in mails if "(CONFIRM " in header(m, "Subject")]
    assert len(asking) == 1 and len(mails) == 2
    # sixty broadcasts: the mails one message may cause, not 421
    blocks = "".join(f"BROADCAST\nHello {i}.\nENDBROADCAST\n" for i in range(60))
    mails = judge.ask(MASTER, f"SIGNON Malpha pw-master\n{blocks}")
    assert len(mails) <= 31
    assert "Press not sent: one message may cause at most 30" in body_text(mails[0])
    # MAP from an address not in the game: no picture
    mails = judge.ask(ATTACKER, "MAP alpha\n" * 30)
    assert len(mails) == 1 and "Maps by mail go to" in body_text(mails[0])
    # confirming by replying to the confirmation mail, subject kept
    subject = "Re: " + header(asking[0], "Subject")
    mails = judge.ask(victim, "yes\n", subject=subject)
    assert "You are observing game 'alpha'" in body_text(mails[0])


@pytest.mark.slow
def test_identity_through_smtp(judge):
    form_game(judge)
    mails = judge.ask(ATTACKER, "SIGNON Malpha guess")
    copy = reply_body(mails, MASTER)
    assert ATTACKER in copy and "Wrong master password" in copy
    # a forged From changes no time zone
    mails = judge.ask(PLAYERS[0], "SET TIMEZONE Asia/Tokyo")
    assert "Sign on first" in body_text(mails[0])
    zones = judge.db.execute(
        "SELECT tz FROM svc_members WHERE address = ?", [PLAYERS[0]]
    ).fetchall()
    assert zones == [(None,)]
    # guessing is stopped
    for i in range(12):
        judge.ask(ATTACKER, f"SIGNON Malpha guess{i}")
    mails = judge.ask(ATTACKER, "SIGNON Malpha pw-master")
    assert "Signed on" not in body_text(mails[0])


@pytest.mark.slow
def test_an_honest_sender_is_answered_while_hashes_are_spent(judge):
    form_game(judge)
    seat = "SIGNON ?alpha pw-player1"  # a joined player's own game: one hash
    attack = seat + "\n" + "\n".join(f"SET PASSWORD p{i}" for i in range(800))
    attacks = [judge.send(PLAYERS[0], attack) for _ in range(3)]
    started = time.monotonic()
    honest = judge.send("honest@example.org", "HELP")
    mails = judge.answered(honest, timeout=30)
    waited = time.monotonic() - started
    assert "This is the Diplomacy judge" in body_text(mails[0])
    assert waited < 10, waited  # three attacks of at most 3 hashes each
    for message_id in attacks:
        body = body_text(judge.answered(message_id)[0])
        assert body.count("Your password has been changed.") <= 3
