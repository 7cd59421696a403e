"""Addresses read strictly, compared by mailbox, refused when unsendable."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.mail.addresses import (
    canonical,
    for_sending,
    mailbox_addresses,
    same_mailbox,
    undeliverable,
)

JUDGE = "judge@localhost"
ALICE = "alice@example.org"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("alice@alice.example <eve@evil.example>", ["eve@evil.example"]),
        ("alice@alice.example<eve@evil.example>", ["eve@evil.example"]),
        ('"alice@alice.example" <eve@evil.example>', ["eve@evil.example"]),
        ("Alice <alice@example.org>", ["alice@example.org"]),
        ("alice@example.org (Alice <x@y.org>)", ["alice@example.org"]),
        ("(comment <x@y.org>) alice@example.org", ["alice@example.org"]),
        ('"Eve, <e@e.org>" <eve@evil.example>', ["eve@evil.example"]),
        (
            "eve@evil.example, alice@example.org",
            ["eve@evil.example", "alice@example.org"],
        ),
        (
            "friends: bob@example.org, carol@example.org;",
            ["bob@example.org", "carol@example.org"],
        ),
        ("undisclosed-recipients:;", []),
        ("<@relay.example:alice@example.org>", ["alice@example.org"]),
        ("=?utf-8?q?eve=0D=0Abcc=3A_x@y.org?= <a@b.org>", ["a@b.org"]),
        ("=?utf-8?b?ZXZlDQpiY2M6IHhAeS5vcmc=?=", []),
        ("Alice <alice@example.org> <eve@evil.example>", []),
        ("a@b@c", []),
        ("alice", []),
        ("alice@[127.0.0.1]", []),
        ('"odd local"@example.org', ['"odd local"@example.org']),
    ],
)
def test_mailboxes_are_read_where_the_angle_brackets_point(value, expected):
    assert mailbox_addresses(value) == expected


@pytest.mark.parametrize(
    "spelling",
    [
        "judge@localhost",
        "JUDGE@localhost",
        "<JUDGE@localhost>",
        "Judge@LOCALHOST",
        '"judge"@localhost',
        '"JUDGE"@localhost.',
        "judge@localhost.",
        "judge+games@localhost",
        " <judge@LocalHost.> ",
    ],
)
def test_the_judges_address_in_every_spelling(spelling):
    assert same_mailbox(spelling, JUDGE)
    assert undeliverable(spelling.strip().strip("<>"), judge_address=JUDGE) in (
        "that is the judge's own address",
    )


def test_other_addresses_are_not_the_judge():
    assert not same_mailbox("judges@localhost", JUDGE)
    assert not same_mailbox("judge@localhost.example", JUDGE)
    assert undeliverable("alice@example.org", judge_address=JUDGE) is None


@pytest.mark.parametrize(
    ("address", "reason"),
    [
        ("ü@example.org", "non-ASCII"),
        ("jürgen@example.org", "SMTPUTF8"),
        ("alice", "not a mail address"),
        ("alice@", "not a mail address"),
        ("@example.org", "not a mail address"),
        ("a@b@example.org", "not a mail address"),
        ("alice@[127.0.0.1]", "not a mail address"),
        ("alice@exa mple.org", "not a mail address"),
        ("al..ice@example.org", "not a mail address"),
        (".alice@example.org", "not a mail address"),
        ("alice@-example.org", "not a mail address"),
        ("alice@example..org", "not a mail address"),
        ("a\r\nbcc@example.org", "control characters"),
        ("x" * 65 + "@example.org", "longer than 64"),
        ("a@" + "b" * 250 + ".org", "longer than 254"),
    ],
)
def test_undeliverable_addresses_say_why(address, reason):
    assert reason in undeliverable(address)


def test_non_ascii_is_fine_where_the_relay_takes_smtputf8():
    assert undeliverable("ü@example.org", smtputf8=True) is None
    assert undeliverable("alice@bücher.example") is None  # IDNA, any relay
    assert for_sending("alice@Bücher.example") == "alice@xn--bcher-kva.example"
    assert canonical("ALICE@bücher.example.") == "alice@xn--bcher-kva.example"


@given(st.text(max_size=300))
def test_reading_any_header_text_never_raises_and_yields_sendable_shapes(value):
    for address in mailbox_addresses(value):
        assert "@" in address
        assert not any(c in address for c in "\r\n<>")
        assert len(address) < 1000
        # what was read is judged the same way every time
        assert undeliverable(address) == undeliverable(address)


@given(
    st.from_regex(r"[a-z0-9][a-z0-9.+_-]{0,20}[a-z0-9]", fullmatch=True),
    st.from_regex(r"[a-z0-9]{1,10}(\.[a-z]{2,5}){1,2}", fullmatch=True),
    st.text(alphabet=st.characters(blacklist_characters='<>"\\,;:()\r\n'), max_size=30),
)
def test_a_display_name_never_hides_the_real_address(local, domain, name):
    address = f"{local}@{domain}"
    if ".." in local:
        return
    assert mailbox_addresses(f"{name} <{address}>")[-1:] == [address]
    assert mailbox_addresses(f'"{name}" <{address}>') == [address]
