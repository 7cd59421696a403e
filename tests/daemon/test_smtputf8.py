"""A relay declared to take SMTPUTF8 (`relay.smtputf8 = true`) gets mail
for addresses with non-ASCII before the @, with plain UTF-8 headers; without
that declaration such an address is refused where it enters."""

import smtplib

import pytest
from aiosmtpd.controller import Controller

from judge.config import RelaySettings
from judge.mail.decode import parse
from judge.store.db import open_database
from tests.conftest import RelayPeer


class Utf8Relay(RelayPeer):
    def start(self) -> None:
        self.controller = Controller(
            self, hostname=self.host, port=self.port, enable_SMTPUTF8=True
        )
        self.controller.start()


@pytest.fixture
def utf8_relay(free_port):
    relay = Utf8Relay(port=free_port())
    relay.start()
    yield relay
    relay.stop()


def send_help(config, sender: str, message_id: str) -> None:
    raw = (
        f"From: {sender}\r\nSubject: hi\r\nMessage-ID: {message_id}\r\n\r\nHELP\r\n"
    ).encode()
    with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=10) as smtp:
        smtp.sendmail(sender, [config.judge.address], raw, ["SMTPUTF8"])


def test_a_non_ascii_address_is_answered_through_an_smtputf8_relay(
    make_judge_config, start_judge, utf8_relay, wait_until
):
    config = make_judge_config(
        relay=RelaySettings(port=utf8_relay.port, timeout=5, smtputf8=True)
    )
    start_judge(config)
    send_help(config, "jürgen@bücher.example", "<u1@example.org>")
    assert wait_until(lambda: utf8_relay.messages(), timeout=15)
    (got,) = utf8_relay.messages()
    assert got.rcpt_tos == ["jürgen@xn--bcher-kva.example"]
    assert b"To: j\xc3\xbcrgen@xn--bcher-kva.example\r\n" in got.data
    assert parse(got.data)["To"] == "jürgen@xn--bcher-kva.example"


def test_without_smtputf8_the_same_address_is_refused_and_recorded(
    make_judge_config, start_judge, utf8_relay, wait_until
):
    config = make_judge_config(relay=RelaySettings(port=utf8_relay.port, timeout=5))
    start_judge(config)
    send_help(config, "jürgen@bücher.example", "<u2@example.org>")
    send_help(config, "plain@example.org", "<u3@example.org>")
    assert wait_until(lambda: utf8_relay.messages(), timeout=15)
    assert [m.rcpt_tos for m in utf8_relay.messages()] == [["plain@example.org"]]
    db = open_database(config.judge.database_path)
    note = db.execute(
        "SELECT note FROM intake WHERE message_id = '<u2@example.org>'"
    ).fetchone()[0]
    assert "SMTPUTF8" in note
