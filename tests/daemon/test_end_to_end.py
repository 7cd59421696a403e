"""Mail in, reply out, through a running judge (in this process) with real
sockets: SMTP in, aiosmtpd as the relay out, SQLite files."""

import smtplib
from email.message import EmailMessage

import pytest

from judge.config import RelaySettings
from judge.mail.decode import body_text, header, parse
from judge.store.db import open_database


def send(config, raw: bytes, mail_from="alice@example.org"):
    with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=10) as smtp:
        smtp.sendmail(mail_from, [config.judge.address], raw)


def message(body="HELP\n", message_id="<m1@example.org>", **headers) -> bytes:
    msg = EmailMessage()
    msg["From"] = headers.pop("From", "Alice <alice@example.org>")
    msg["To"] = "judge@example.org"
    msg["Subject"] = headers.pop("Subject", "help")
    if message_id:
        msg["Message-ID"] = message_id
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content(body)
    return msg.as_bytes()


@pytest.fixture
def judge(make_judge_config, start_judge, relay_peer):
    config = make_judge_config(
        relay=RelaySettings(port=relay_peer.port, timeout=5), rate_limit_messages=5
    )
    start_judge(config)
    return config, relay_peer


def intake_states(config):
    db = open_database(config.judge.database_path)
    return [tuple(r) for r in db.execute("SELECT state, note FROM intake ORDER BY id")]


def test_smtp_in_reply_out(judge, wait_until):
    config, relay = judge
    send(config, message())
    assert wait_until(lambda: len(relay.messages()) == 1)
    got = relay.messages()[0]
    assert got.rcpt_tos == ["alice@example.org"]
    reply = parse(got.data)
    assert header(reply, "In-Reply-To") == "<m1@example.org>"
    assert header(reply, "Auto-Submitted") == "auto-replied"
    assert header(reply, "Subject") == "Re: help"
    assert "This is the Diplomacy judge PYJ" in body_text(reply)


def test_unknown_command_is_named_in_the_reply(judge, wait_until):
    config, relay = judge
    send(config, message("> HELP quoted\nFROBNICATE now\n-- \nAlice\n"))
    assert wait_until(lambda: len(relay.messages()) == 1)
    assert '"FROBNICATE" is not a command' in body_text(parse(relay.messages()[0].data))


def test_same_message_twice_gives_one_reply(judge, wait_until):
    config, relay = judge
    send(config, message(message_id="<twice@example.org>"))
    send(config, message(message_id="<twice@example.org>"))
    assert wait_until(lambda: len(relay.messages()) >= 1)
    send(config, message(message_id="<after@example.org>"))
    assert wait_until(lambda: len(relay.messages()) == 2)
    replied_to = [header(parse(m.data), "In-Reply-To") for m in relay.messages()]
    assert replied_to == ["<twice@example.org>", "<after@example.org>"]


def test_reply_goes_to_reply_to_header_not_to_a_body_line(judge, wait_until):
    config, relay = judge
    send(
        config,
        message("Reply-To: mallory@example.org\nHELP\n", Reply_To="bob@example.org"),
    )
    assert wait_until(lambda: len(relay.messages()) == 1)
    assert relay.messages()[0].rcpt_tos == ["bob@example.org"]


@pytest.mark.parametrize(
    ("raw", "mail_from"),
    [
        (message(Auto_Submitted="auto-replied"), "alice@example.org"),
        (message(Precedence="bulk"), "alice@example.org"),
        (message(), ""),
        (message(From="MAILER-DAEMON@example.org"), "alice@example.org"),
        (message(From="judge@example.org"), "alice@example.org"),
        (b"Subject: no from at all\r\n\r\nHELP\r\n", "alice@example.org"),
    ],
)
def test_loops_and_bounces_are_dropped_silently(judge, wait_until, raw, mail_from):
    config, relay = judge
    send(config, raw, mail_from=mail_from)
    assert wait_until(lambda: intake_states(config)[:1] != [("new", None)])
    assert wait_until(lambda: intake_states(config)[0][0] == "dropped")
    send(config, message(message_id="<marker@example.org>"))
    assert wait_until(lambda: len(relay.messages()) == 1)
    assert header(parse(relay.messages()[0].data), "In-Reply-To") == (
        "<marker@example.org>"
    )


@pytest.mark.parametrize(
    "raw",
    [
        b"From: alice@example.org\r\nMessage-ID: <g@x.org>\r\n\r\n\xff\xfe\x00garbage"
        b"\x80\x81\r\n",
        b"From: alice@example.org\r\nContent-Type: multipart/mixed\r\n\r\n--\r\nx\r\n",
        b"From: alice@example.org\r\nContent-Type: text/plain; charset=bogus\r\n"
        b"Content-Transfer-Encoding: base64\r\n\r\n!!!not base64!!!\r\n",
        b"From: alice@example.org\r\n\r\n",
        b"From: alice@example.org\r\nSubject: =?utf-8?b?broken\r\n\r\nHELP\r\n",
    ],
    ids=["8bit-garbage", "multipart-no-boundary", "bad-base64", "empty", "bad-subject"],
)
def test_malformed_mail_gets_a_clear_reply(judge, wait_until, raw):
    config, relay = judge
    send(config, raw)
    assert wait_until(lambda: len(relay.messages()) == 1)
    text = body_text(parse(relay.messages()[0].data))
    assert "Send HELP" in text or "This is the Diplomacy judge" in text
    assert intake_states(config)[0][0] == "done"


def test_huge_message_is_refused_by_smtp(judge):
    config, _ = judge
    raw = message("A Par - Bur\n" * 30_000)
    assert len(raw) > config.limits.max_message_size
    with pytest.raises(smtplib.SMTPException, match="552"):
        send(config, raw)


def test_rate_limit_sends_a_single_notice(judge, wait_until):
    config, relay = judge
    for i in range(8):
        send(config, message(message_id=f"<r{i}@example.org>"))
    assert wait_until(lambda: len(intake_states(config)) == 8)
    assert wait_until(lambda: all(s != "new" for s, _ in intake_states(config)))
    assert wait_until(lambda: len(relay.messages()) == 6)
    texts = [body_text(parse(m.data)) for m in relay.messages()]
    assert sum("more than 5 messages" in t for t in texts) == 1
    assert [s for s, _ in intake_states(config)][5:] == ["dropped"] * 3


def test_relay_down_for_a_while_then_back_delivers_everything(
    make_judge_config, start_judge, relay_peer, wait_until
):
    # Ports chosen while the relay still holds its own, so none is the same.
    config = make_judge_config(relay=RelaySettings(port=relay_peer.port, timeout=2))
    relay_peer.stop()
    start_judge(config)
    for i in range(5):
        send(config, message(message_id=f"<down{i}@example.org>"))
    db = open_database(config.judge.database_path)
    assert wait_until(
        lambda: (
            db.execute(
                "SELECT COUNT(*) FROM outbox WHERE state = 'queued' AND attempts > 0"
            ).fetchone()[0]
            == 5
        )
    )
    relay_peer.start()
    assert wait_until(lambda: len(relay_peer.messages()) == 5, timeout=15)
    replied = sorted(
        header(parse(m.data), "In-Reply-To") for m in relay_peer.messages()
    )
    assert replied == [f"<down{i}@example.org>" for i in range(5)]
    # Marked sent just after the relay took it.
    assert wait_until(
        lambda: (
            db.execute("SELECT COUNT(*) FROM outbox WHERE state = 'sent'").fetchone()[0]
            == 5
        )
    )
