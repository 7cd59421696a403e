"""The listener's quick reading of MAIL FROM / RCPT TO addresses gives
exactly what aiosmtpd's own parser gives, for every argument it takes."""

from __future__ import annotations

import asyncio

import pytest
from aiosmtpd.smtp import SMTP
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.mail.smtp_listener import JudgeSMTP
from tests.strength import examples


@pytest.fixture(scope="module")
def servers():
    loop = asyncio.new_event_loop()
    try:
        yield JudgeSMTP(object(), loop=loop), SMTP(object(), loop=loop)
    finally:
        loop.close()


def read(server, arg):
    try:
        return server._getaddr(arg)
    except Exception as exc:  # aiosmtpd's parser fails on some ("<")
        return type(exc)


PIECES = st.sampled_from(
    ["a", "Z9", ".", "..", "@", "<", ">", " ", "\t", "+tag", "-", '"', "(c)",
     "[1.2.3.4]", "é", "x" * 70, " SIZE=100", " BODY=8BITMIME", ",", "\\", "=",
     "#", "example.org"]
)  # fmt: skip


@given(st.lists(PIECES, max_size=12).map("".join))
@settings(max_examples=examples(1000), deadline=None)
def test_quick_reading_agrees_with_aiosmtpd(servers, arg):
    ours, theirs = servers
    assert read(ours, arg) == read(theirs, arg)


@pytest.mark.parametrize(
    "arg",
    ["<alice@example.org>", "<alice@example.org> SIZE=2000", "<a.b+c@x-y.example>",
     "<" + "x" * 65 + "@example.org>", "<>", "alice@example.org", "<a..b@x>"],
)  # fmt: skip
def test_usual_forms(servers, arg):
    ours, theirs = servers
    assert read(ours, arg) == read(theirs, arg)
