"""Outgoing mail is DKIM-signed with the configured key, and the signature
verifies against the public key as a receiver would find it in DNS (the DNS
lookup is the one part stubbed: the internet's DNS is not here)."""

from __future__ import annotations

import dataclasses
import re
import smtplib
import time
import types

import dkim
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.config import ConfigError, DkimSettings, RelaySettings
from judge.daemon.daemon import Daemon
from judge.mail import dkim_signing
from judge.mail.decode import header, parse
from judge.mail.dkim_signing import DkimSigner
from tests.mail.dkim_keys import dns_for, rsa_key_pair

DOMAIN = "example.org"
SELECTOR = "judge2026"


@pytest.fixture(scope="module")
def key_pair():
    return rsa_key_pair()


def dns_with(public_b64: bytes):
    """The TXT record a receiver would look up, and nothing else."""
    return dns_for(SELECTOR, DOMAIN, public_b64)


def signed_names(raw: bytes) -> list[bytes]:
    """The h= list of the message's DKIM-Signature, as dkimpy writes it
    ("from : subject", folded)."""
    value = raw.split(b"DKIM-Signature:", 1)[1]
    value = re.split(rb"\r\n(?![ \t])", value, maxsplit=1)[0]
    tags = dkim.util.parse_tag_value(value.replace(b"\r\n", b""))
    return [name.strip() for name in re.sub(rb"\s", b"", tags[b"h"]).split(b":")]


def signed_judge(tmp_path, key_pair, make_judge_config, start_judge, relay_peer):
    key_file = tmp_path / "dkim.pem"
    key_file.write_bytes(key_pair[0])
    config = dataclasses.replace(
        make_judge_config(relay=RelaySettings(port=relay_peer.port, timeout=5)),
        dkim=DkimSettings(domain=DOMAIN, selector=SELECTOR, key_file=str(key_file)),
    )
    start_judge(config)
    return config


def test_replies_are_signed_and_verify(
    tmp_path, key_pair, make_judge_config, start_judge, relay_peer, wait_until
):
    config = signed_judge(
        tmp_path, key_pair, make_judge_config, start_judge, relay_peer
    )
    with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=10) as smtp:
        smtp.sendmail(
            "alice@example.org",
            [config.judge.address],
            b"From: alice@example.org\r\nSubject: help\r\n"
            b"Message-ID: <h1@example.org>\r\n\r\nHELP\r\n",
        )
    assert wait_until(lambda: len(relay_peer.messages()) == 1)
    raw = relay_peer.messages()[0].data
    msg = parse(raw)
    signature = header(msg, "DKIM-Signature")
    assert f"d={DOMAIN}" in signature and f"s={SELECTOR}" in signature
    assert header(msg, "Message-ID").endswith(f"@{DOMAIN}>")
    assert dkim.verify(raw, dnsfunc=dns_with(key_pair[1]))
    # A relay that changes the text breaks the signature: the check is real.
    tampered = raw.replace(b"Diplomacy judge", b"Diplomacy judgf", 1)
    assert tampered != raw
    assert not dkim.verify(tampered, dnsfunc=dns_with(key_pair[1]))


def test_signer_signs_attachments_and_unicode(key_pair):
    signer = DkimSigner(DOMAIN, SELECTOR, key_pair[0])
    raw = (
        "From: Judge <judge@example.org>\r\nTo: a@example.org\r\n"
        "Subject: =?utf-8?q?R=C3=A9sultats?=\r\nMIME-Version: 1.0\r\n"
        'Content-Type: multipart/mixed; boundary="b"\r\n\r\n'
        "--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nÉté\r\n"
        "--b\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n"
        "\r\niVBORw0KGgo=\r\n--b--\r\n"
    ).encode()
    assert dkim.verify(signer.sign(raw), dnsfunc=dns_with(key_pair[1]))


def test_an_unusable_key_stops_the_judge_at_start(tmp_path, make_judge_config):
    bad = tmp_path / "bad.pem"
    bad.write_text("not a key\n")
    for key_file in (bad, tmp_path / "missing.pem"):
        config = dataclasses.replace(
            make_judge_config(),
            dkim=DkimSettings(domain=DOMAIN, selector=SELECTOR, key_file=str(key_file)),
        )
        with pytest.raises(ConfigError, match=r"\[dkim\] key_file"):
            Daemon(config, handler=None)


def test_copies_of_one_content_each_verify_with_their_own_headers(key_pair):
    """A game's results: the same body to each recipient, the headers each
    one's own (To, List-Unsubscribe): every copy verifies, and a copy's
    token cannot be moved onto another's signature."""
    signer = DkimSigner(DOMAIN, SELECTOR, key_pair[0])
    body = b"Spring 1901 results.  \r\n\r\nA  Par-Bur\t\r\n" + b"QUJD" * 5000 + b"\r\n"
    heads, copies = [], []
    for n in range(3):
        head = (
            f"From: Judge <judge@{DOMAIN}>\r\nTo: p{n}@example.net\r\n"
            "Subject: PYJ:alpha - Spring 1901 Results\r\n"
            f"List-Unsubscribe: <mailto:judge@{DOMAIN}?subject=unsubscribe%20t{n}>,\r\n"
            f" <https://dip.example.org/unsubscribe/t{n}>\r\n"
            "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n\r\n"
        ).encode()
        heads.append(head)
        copies.append(signer.sign(head + body))
    for raw in copies:
        assert dkim.verify(raw, dnsfunc=dns_with(key_pair[1]))
        assert signed_names(raw) == [
            b"from", b"subject", b"to", b"list-unsubscribe", b"list-unsubscribe-post"
        ]  # fmt: skip
    # the first copy's signature over the second copy's token: refused
    swapped = copies[0].replace(b"%20t0>", b"%20t1>").replace(b"/t0>", b"/t1>")
    assert not dkim.verify(swapped, dnsfunc=dns_with(key_pair[1]))
    # another body under the same headers verifies too
    changed = signer.sign(heads[0] + body.replace(b"Par", b"Mar"))
    assert dkim.verify(changed, dnsfunc=dns_with(key_pair[1]))


@pytest.mark.parametrize(
    "body",
    [b"", b"\r\n\r\n", b"no line end", b"trailing \t \r\n\r\n \r\n", b" \t x  y \r\n"],
)
def test_relaxed_body_edges_verify(key_pair, body):
    signer = DkimSigner(DOMAIN, SELECTOR, key_pair[0])
    head = b"From: a@example.org\r\nSubject:  folded\r\n  over \t lines\r\n"
    raw = signer.sign(head + b"Subject: twice\r\n\r\n" + body)
    assert dkim.verify(raw, dnsfunc=dns_with(key_pair[1]))
    assert not dkim.verify(raw + b"x", dnsfunc=dns_with(key_pair[1]))


MESSAGE = (
    b"From: Judge <judge@example.org>\r\nTo: p1@example.net\r\n"
    b"Subject: PYJ:alpha - Spring 1901 Results\r\n"
    b"List-Unsubscribe: <https://dip.example.org/unsubscribe/t1>\r\n"
    b"List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n\r\n"
    b"Spring 1901 results.\r\n"
)


def test_the_openssl_rsa_gives_dkimpys_own_signature_bytes(key_pair, monkeypatch):
    """dkimpy signs with the adapter (cryptography's RSA) and with its own
    RSA in Python: the same message, key and time give the same bytes, and
    dkimpy verifies them; the adapter really did the RSA."""
    monkeypatch.setattr(dkim, "time", types.SimpleNamespace(time=lambda: 1.8e9))
    assert dkim.RSASSA_PKCS1_v1_5_sign is dkim_signing._openssl_rsa_sign
    signer = DkimSigner(DOMAIN, SELECTOR, key_pair[0])
    calls = []
    monkeypatch.setattr(
        dkim_signing,
        "_DKIMPY_RSA_SIGN",
        lambda *a: calls.append(a) or dkim.crypto.RSASSA_PKCS1_v1_5_sign(*a),
    )
    with_openssl = signer.sign(MESSAGE)
    assert calls == []  # dkimpy's RSA not used
    monkeypatch.setattr(
        dkim, "RSASSA_PKCS1_v1_5_sign", dkim.crypto.RSASSA_PKCS1_v1_5_sign
    )
    with_dkimpy = signer.sign(MESSAGE)
    assert with_openssl == with_dkimpy
    assert dkim.verify(with_openssl, dnsfunc=dns_with(key_pair[1]))
    assert b"a=rsa-sha256" in with_openssl and b"c=relaxed/simple" in with_openssl


@pytest.mark.parametrize("name", ["sha256", "sha1"])
def test_the_adapter_signs_a_digest_as_dkimpy_does(key_pair, name):
    import hashlib

    pk = dkim.crypto.parse_pem_private_key(key_pair[0])
    dkim_signing.load_openssl_key(key_pair[0])
    digest = hashlib.new(name, b"canonical headers")
    assert dkim_signing._openssl_rsa_sign(
        digest, pk
    ) == dkim.crypto.RSASSA_PKCS1_v1_5_sign(digest, pk)


def test_a_key_cryptography_has_not_loaded_is_left_to_dkimpy(monkeypatch, key_pair):
    monkeypatch.setattr(dkim_signing, "_OPENSSL_KEYS", {})
    assert not dkim_signing.load_openssl_key(b"not a key")
    calls = []
    monkeypatch.setattr(
        dkim_signing,
        "_DKIMPY_RSA_SIGN",
        lambda *a: calls.append(a) or dkim.crypto.RSASSA_PKCS1_v1_5_sign(*a),
    )
    raw = dkim.sign(MESSAGE, SELECTOR.encode(), DOMAIN.encode(), key_pair[0])
    assert len(calls) == 1
    assert dkim.verify(raw + MESSAGE, dnsfunc=dns_with(key_pair[1]))


def dkimpy_whole(signer: DkimSigner, raw: bytes) -> bytes:
    """What dkimpy makes of the whole message, parsed its own way."""
    message = dkim.DKIM(raw)
    present = {name.lower() for name, _ in message.headers}
    return (
        message.sign(
            signer.selector.encode(),
            signer.domain.encode(),
            signer.private_key,
            include_headers=[n for n in dkim_signing.SIGNED_HEADERS if n in present],
            canonicalize=dkim_signing.CANONICALIZE,
        )
        + raw
    )


_line = st.binary(max_size=30).map(lambda b: b.replace(b"\r", b"").replace(b"\n", b""))
_ends = st.sampled_from([b"\r\n", b"\n", b"\r\n\r\n", b" \t\r\n", b""])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    head_extra=st.lists(
        st.tuples(
            st.sampled_from([b"Subject", b"To", b"X-Other"]),
            _line,
            st.sampled_from([b"\r\n", b"\n", b"\r\n folded\r\n"]),
        ),
        max_size=3,
    ),
    body=st.lists(st.tuples(_line, _ends), max_size=8).map(
        lambda parts: b"".join(a + b for a, b in parts)
    ),
)
def test_the_header_block_path_signs_as_dkimpy_parsing_the_whole(
    key_pair, head_extra, body
):
    """The signer hands dkimpy the header block and the body apart; the
    signature is byte for byte the one dkimpy makes parsing the whole
    message (bare LFs in the headers or the body, folded headers, blank
    lines, blanks at line ends, no body), and it verifies."""
    signer = DkimSigner(DOMAIN, SELECTOR, key_pair[0])
    head = b"From: a@example.org\r\n" + b"".join(
        name + b": " + value + end for name, value, end in head_extra
    )
    raw = head + b"\r\n" + body
    now = int(time.time())
    with pytest.MonkeyPatch.context() as patch:  # one t= for both
        patch.setattr(dkim, "time", types.SimpleNamespace(time=lambda: now))
        signed = signer.sign(raw)
        assert signed == dkimpy_whole(signer, raw)
    assert dkim.verify(signed, dnsfunc=dns_with(key_pair[1]))


def test_a_changed_body_fails_simple_canonicalisation(key_pair):
    """ "simple" body: a blank added at a line's end by a relay is a
    change (the judge's bodies never have one for a relay to strip)."""
    signer = DkimSigner(DOMAIN, SELECTOR, key_pair[0])
    raw = signer.sign(b"From: a@example.org\r\n\r\nline one\r\nline two\r\n")
    assert dkim.verify(raw, dnsfunc=dns_with(key_pair[1]))
    assert not dkim.verify(
        raw.replace(b"one\r\n", b"one \r\n"), dnsfunc=dns_with(key_pair[1])
    )


def test_the_key_is_read_once_and_each_signer_keeps_its_own(key_pair):
    """dkimpy's reading of the PEM key is kept between signatures; a second
    key is read on its own and signs with itself, not the first."""
    assert dkim.parse_pem_private_key is dkim_signing._parsed_key
    other_pem = rsa_key_pair()[0]
    first = DkimSigner(DOMAIN, SELECTOR, key_pair[0])
    second = DkimSigner(DOMAIN, SELECTOR, other_pem)
    dkim_signing._parsed_key.cache_clear()
    signed = [first.sign(MESSAGE) for _ in range(3)] + [second.sign(MESSAGE)]
    info = dkim_signing._parsed_key.cache_info()
    assert (info.misses, info.hits) == (2, 2)
    assert all(dkim.verify(raw, dnsfunc=dns_with(key_pair[1])) for raw in signed[:3])
    assert not dkim.verify(signed[3], dnsfunc=dns_with(key_pair[1]))
