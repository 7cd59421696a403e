"""Mail the judge must not answer."""

import pytest

from judge.mail.decode import parse
from judge.mail.loops import reason_not_to_answer

JUDGE = "judge@example.org"


def reason(headers: str, envelope_from: str | None = "alice@example.org"):
    raw = (headers + "\r\n\r\nHELP\r\n").encode()
    return reason_not_to_answer(parse(raw), envelope_from, JUDGE)


def test_ordinary_mail_is_answered():
    assert reason("From: alice@example.org") is None
    assert reason("From: alice@example.org\r\nAuto-Submitted: no") is None


@pytest.mark.parametrize(
    "headers",
    [
        "From: alice@example.org\r\nAuto-Submitted: auto-replied",
        "From: alice@example.org\r\nAuto-Submitted: auto-generated",
        "From: alice@example.org\r\nPrecedence: bulk",
        "From: alice@example.org\r\nPrecedence: junk",
        "From: alice@example.org\r\nPrecedence: list",
        "From: alice@example.org\r\nList-Id: <games.example.org>",
        "From: alice@example.org\r\nX-Autoreply: yes",
        "From: MAILER-DAEMON@example.org",
        "From: postmaster@example.org",
        "From: Judge <judge@example.org>",
        "From: alice@example.org\r\nReply-To: judge@example.org",
    ],
)
def test_loops_and_bounces_are_not_answered(headers):
    assert reason(headers) is not None


def test_empty_envelope_sender_is_a_bounce():
    assert "bounce" in reason("From: alice@example.org", envelope_from="")
    assert "bounce" in reason("From: alice@example.org", envelope_from="<>")


def test_imap_mail_uses_the_return_path():
    assert reason("Return-Path: <>\r\nFrom: alice@example.org", None) is not None
    assert reason("Return-Path: <a@x.org>\r\nFrom: alice@example.org", None) is None
