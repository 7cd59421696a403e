"""Bounces through a running judge: real SMTP in, aiosmtpd as the relay.

A game is played by mail; a bounce of one player's mail comes back to the
VERP address the relay saw, and the master hears of it.  Forged, malformed
and misdirected bounces, and a storm of them, are dropped with a reason and
never mark an address."""

import re
import smtplib
import time
from email.message import EmailMessage

import pytest

from judge.cli import status as cli_status
from judge.config import RelaySettings
from judge.mail.decode import body_text, header, parse
from judge.store.db import open_database

PLAYERS = [f"p{i}@example.org" for i in range(1, 8)]
MASTER = "gm@example.org"


@pytest.fixture
def judge(make_judge_config, start_judge, relay_peer):
    config = make_judge_config(relay=RelaySettings(port=relay_peer.port, timeout=5))
    daemon = start_judge(config)
    return config, relay_peer, daemon


def mail(config, sender, body, subject="diplomacy"):
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, config.judge.address, subject
    msg.set_content(body)
    with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=10) as smtp:
        smtp.send_message(msg)


def dsn(to, recipient, original_id="<x@example.org>", status="5.1.1") -> bytes:
    return (
        "From: MAILER-DAEMON@mx.example.net (Mail Delivery System)\r\n"
        f"To: {to}\r\nSubject: Undelivered Mail Returned to Sender\r\n"
        f"Message-ID: <{time.monotonic_ns()}.bounce@mx.example.net>\r\n"
        "MIME-Version: 1.0\r\nAuto-Submitted: auto-replied\r\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="B"'
        "\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nCould not deliver.\r\n"
        "--B\r\nContent-Type: message/delivery-status\r\n\r\n"
        "Reporting-MTA: dns; mx.example.net\r\n\r\n"
        f"Final-Recipient: rfc822; {recipient}\r\nAction: failed\r\n"
        f"Status: {status}\r\nDiagnostic-Code: smtp; 550 {status} User unknown\r\n"
        "--B\r\nContent-Type: text/rfc822-headers\r\n\r\n"
        f"Message-ID: {original_id}\r\nTo: {recipient}\r\n--B--\r\n"
    ).encode()


def bounce(config, raw, to, smtp=None):
    if smtp is not None:
        smtp.sendmail("", [to], raw)
        return
    with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=10) as client:
        client.sendmail("", [to], raw)


def received(relay, to, part=""):
    return [
        m
        for m in relay.messages()
        if to in m.rcpt_tos and part in header(parse(m.data), "Subject")
    ]


def notes(config):
    db = open_database(config.judge.database_path)
    return [r[0] or "" for r in db.execute("SELECT note FROM intake ORDER BY id")]


def status_text(config, tmp_path, capsys) -> str:
    toml = tmp_path / "status.toml"
    toml.write_text(
        f'[judge]\naddress = "{config.judge.address}"\n'
        f'data_dir = "{config.judge.data_dir}"\n'
    )
    capsys.readouterr()
    assert cli_status.run(type("Args", (), {"config": str(toml), "errors": 20})) == 0
    return capsys.readouterr().out


def test_a_bounce_marks_the_player_and_tells_the_master(
    judge, wait_until, tmp_path, capsys
):
    config, relay, _ = judge
    mail(config, MASTER, "CREATE ?alpha secret-gm standard\nBECOME MASTER")
    for i, player in enumerate(PLAYERS):
        mail(config, player, f"SIGNON ?alpha secret-{i}")
    assert wait_until(
        lambda: (
            all(received(relay, p, "Diplomacy game") for p in PLAYERS)
            or all(
                any(
                    "selected as" in body_text(parse(m.data))
                    for m in received(relay, p)
                )
                for p in PLAYERS
            )
        ),
        timeout=60,
    )
    # Every mail went out with its own VERP envelope sender.
    senders = [m.mail_from for m in relay.messages()]
    assert len(set(senders)) == len(senders)
    assert all(
        re.fullmatch(r"judge\+b-\d+-[0-9a-f]{12}@example\.org", s) for s in senders
    )
    victim, other, third = PLAYERS[2], PLAYERS[3], PLAYERS[4]
    start_of = {p: received(relay, p)[-1] for p in PLAYERS}
    power = re.search(r"selected as (\w+)", body_text(parse(start_of[victim].data)))

    # Forgeries first: a wrong secret, another recipient, no such message.
    real = start_of[other].mail_from
    forged_secret = re.sub(r"-[0-9a-f]{12}@", "-0123456789ab@", real)
    bounce(config, dsn(forged_secret, other), forged_secret)
    bounce(config, dsn(real, third), real)  # real tag, names another player
    missing = "judge+b-99999-0123456789ab@example.org"
    bounce(config, dsn(missing, other), missing)
    malformed = dsn(real, other).replace(b"Action: failed", b"Acti0n; fa1led")
    bounce(config, malformed, real)
    no_tag = dsn(config.judge.address, other, original_id="<never@example.org>")
    bounce(config, no_tag, config.judge.address)
    # Then the real one.
    bounce(config, dsn(start_of[victim].mail_from, victim), start_of[victim].mail_from)
    assert wait_until(lambda: received(relay, MASTER, "Unreachable player"))
    [told] = received(relay, MASTER, "Unreachable player")
    text = body_text(parse(told.data))
    assert victim in text and "5.1.1" in text
    assert power and power.group(1) in text
    assert not any(other in body_text(parse(m.data)) for m in [told])
    dropped = notes(config)
    assert any("forged: wrong secret" in n for n in dropped)
    assert any("forged or misdirected" in n and third in n for n in dropped)
    assert any("99999, which does not exist" in n for n in dropped)
    assert any("malformed DSN" in n for n in dropped)
    assert any("never sent" in n for n in dropped)
    status = status_text(config, tmp_path, capsys)
    assert "unreachable since" in status and victim in status
    assert "dropped 5" in status and "recorded 1" in status
    assert "forged: wrong secret" in status

    # The master sees it in WHOGAME; a player does not.
    count = len(received(relay, MASTER))
    mail(config, MASTER, "WHOGAME alpha")
    assert wait_until(lambda: len(received(relay, MASTER)) > count)
    assert "Unreachable by mail" in body_text(parse(received(relay, MASTER)[-1].data))
    # Mail from the address clears the mark; bounces were never answered.
    # (Its SIGNON was answered under the same subject: count from here.)
    replies = len(received(relay, victim, "Re: diplomacy"))
    mail(config, victim, "HELP")
    assert wait_until(
        lambda: len(received(relay, victim, "Re: diplomacy")) == replies + 1
    )
    count = len(received(relay, MASTER))
    mail(config, MASTER, "WHOGAME alpha", subject="again")
    assert wait_until(lambda: len(received(relay, MASTER)) > count)
    assert "Unreachable" not in body_text(parse(received(relay, MASTER)[-1].data))
    assert not [m for m in relay.messages() if "mx.example.net" in str(m.rcpt_tos)]


@pytest.mark.slow
def test_a_bounce_storm_is_dropped_and_mail_goes_on(judge, wait_until):
    config, relay, daemon = judge
    mail(config, "alice@example.org", "HELP")
    assert wait_until(lambda: len(relay.messages()) == 1)
    real = relay.messages()[0].mail_from
    forged = re.sub(r"-[0-9a-f]{12}@", "-00000000000f@", real)
    started = time.monotonic()
    with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=30) as smtp:
        for i in range(1000):
            to = forged if i % 2 else f"judge+b-{10_000 + i}-00aa11bb22cc@example.org"
            bounce(config, dsn(to, "alice@example.org"), to, smtp)
    assert time.monotonic() - started < 60
    mail(config, "bob@example.org", "HELP")
    assert wait_until(lambda: received(relay, "bob@example.org"), timeout=60)
    db = open_database(config.judge.database_path)
    assert wait_until(
        lambda: db.execute("SELECT COUNT(*) FROM bounces").fetchone()[0] == 1000,
        timeout=30,
    )
    verdicts = dict(db.execute("SELECT verdict, COUNT(*) FROM bounces GROUP BY 1"))
    assert verdicts == {"dropped": 1000}
    assert db.execute("SELECT COUNT(*) FROM address_state").fetchone()[0] == 0
    assert all(t.is_alive() for t in daemon.threads)
    assert len(relay.messages()) == 2  # not one bounce answered


class PickyRelay:
    """A relay (aiosmtpd, without SMTPUTF8) that greylists 'grey*' and
    refuses 'refused*' recipients at RCPT."""

    def __init__(self):
        self.received = []

    async def handle_RCPT(self, server, session, envelope, address, options):
        local = address.split("@")[0]
        if local.startswith("refused"):
            return "550 5.1.1 no such user"
        if local.startswith("grey"):
            return "451 4.7.1 greylisted, try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.received.append((time.monotonic(), list(envelope.rcpt_tos)))
        return "250 OK"


def test_stuck_replies_never_delay_an_unrelated_help_reply(
    make_judge_config, start_judge, free_port, wait_until
):
    from aiosmtpd.controller import Controller

    picky = PickyRelay()
    controller = Controller(
        picky, hostname="127.0.0.1", port=free_port(), enable_SMTPUTF8=False
    )
    controller.start()
    try:
        config = make_judge_config(
            # Declared to take SMTPUTF8 when it does not: the reply to ü@ is
            # queued (the worker would refuse it otherwise) and must be
            # refused at send time without holding back the others.
            relay=RelaySettings(port=controller.port, timeout=5, smtputf8=True),
            retry_initial=0.2,
            retry_max=1.0,
        )
        start_judge(config)
        senders = [f"grey{i}@example.org" for i in range(20)]
        senders += [f"refused{i}@example.org" for i in range(20)]
        with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=10) as smtp:
            for i, sender in enumerate(senders):
                smtp.sendmail(sender, [config.judge.address], _help(sender, i))
            smtp.sendmail(
                "ü@example.org",
                [config.judge.address],
                _help("ü@example.org", 99),
                mail_options=["SMTPUTF8"],
            )
        db = open_database(config.judge.database_path)
        assert wait_until(
            lambda: (
                db.execute("SELECT COUNT(*) FROM outbox WHERE attempts > 0").fetchone()[
                    0
                ]
                >= 41
            ),
            timeout=30,
        )
        sent_at = time.monotonic()
        mail(config, "alice@example.org", "HELP")
        assert wait_until(
            lambda: any("alice@example.org" in r for _, r in picky.received),
            timeout=10,
        )
        [delivered] = [t for t, r in picky.received if "alice@example.org" in r]
        assert delivered - sent_at < 3.0
        marked = {r[0] for r in db.execute("SELECT address FROM address_state")}
        assert "refused0@example.org" in marked and "ü@example.org" in marked
        # Marks made by the sender reach the game service at the next tick.
        assert wait_until(
            lambda: (
                db.execute(
                    "SELECT COUNT(*) FROM address_state WHERE announced = 0"
                ).fetchone()[0]
                == 0
            )
        )
        # Greylisted: waiting; refused or unsendable: failed; alice's: sent.
        assert wait_until(
            lambda: (
                dict(db.execute("SELECT state, COUNT(*) FROM outbox GROUP BY 1"))
                == {"queued": 20, "failed": 21, "sent": 1}
            )
        )
    finally:
        controller.stop()


def _help(sender: str, i: int) -> bytes:
    return (
        f"From: {sender}\r\nTo: judge@example.org\r\nSubject: help {i}\r\n"
        f"Message-ID: <help{i}@example.org>\r\nContent-Type: text/plain;"
        " charset=utf-8\r\n\r\nHELP\r\n"
    ).encode()


def test_a_bounce_read_over_imap_is_recorded(
    dovecot, relay_peer, make_judge_config, start_judge, wait_until
):
    from judge.config import ImapSettings

    config = make_judge_config(
        relay=RelaySettings(port=relay_peer.port, timeout=5),
        imap=ImapSettings(
            host=dovecot.host, port=dovecot.port, user="judge", password="secret"
        ),
    )
    daemon = start_judge(config)
    assert daemon.imap.connected.wait(30)
    mail(config, "alice@example.org", "HELP")
    assert wait_until(lambda: len(relay_peer.messages()) == 1)
    verp = relay_peer.messages()[0].mail_from
    # As a mail server delivers a bounce: Return-Path <>, To the VERP address.
    dovecot.append(b"Return-Path: <>\r\n" + dsn(verp, "alice@example.org"))
    db = open_database(config.judge.database_path)
    assert wait_until(
        lambda: (
            db.execute(
                "SELECT state FROM address_state WHERE address = 'alice@example.org'"
            ).fetchone()
            == ("unreachable",)
        )
    )
    note = db.execute("SELECT note FROM intake WHERE source = 'imap'").fetchone()[0]
    assert note.startswith("bounce recorded: hard bounce for <alice@example.org>")
    assert len(relay_peer.messages()) == 1  # never answered


def test_a_human_reply_to_a_verp_address_is_answered(judge, wait_until):
    config, relay, _ = judge
    mail(config, "alice@example.org", "HELP")
    assert wait_until(lambda: len(relay.messages()) == 1)
    verp = relay.messages()[0].mail_from
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "alice@example.org", verp, "again"
    msg.set_content("HELP")
    with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=10) as smtp:
        smtp.sendmail("alice@example.org", [verp], msg.as_bytes())
    assert wait_until(lambda: len(relay.messages()) == 2)
    assert header(parse(relay.messages()[1].data), "Subject") == "Re: again"
