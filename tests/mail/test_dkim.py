"""Outgoing mail is DKIM-signed with the configured key, and the signature
verifies against the public key as a receiver would find it in DNS (the DNS
lookup is the one part stubbed: the internet's DNS is not here)."""

from __future__ import annotations

import base64
import dataclasses
import smtplib

import dkim
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.config import ConfigError, DkimSettings, RelaySettings
from judge.daemon.daemon import Daemon
from judge.mail.decode import header, parse
from judge.mail.dkim_signing import DkimSigner
from tests.strength import examples

DOMAIN = "example.org"
SELECTOR = "judge2026"


@pytest.fixture(scope="module")
def key_pair():
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    )
    public = key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return pem, base64.b64encode(public)


def dns_with(public_b64: bytes):
    """The TXT record a receiver would look up, and nothing else."""
    wanted = f"{SELECTOR}._domainkey.{DOMAIN}.".encode()

    def lookup(name, timeout=5):
        return b"v=DKIM1; k=rsa; p=" + public_b64 if name == wanted else None

    return lookup


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
        assert b"h=from:subject:to:list-unsubscribe:list-unsubscribe-post;" in raw
    # the first copy's signature over the second copy's token: refused
    swapped = copies[0].replace(b"%20t0>", b"%20t1>").replace(b"/t0>", b"/t1>")
    assert not dkim.verify(swapped, dnsfunc=dns_with(key_pair[1]))
    # the body hash kept for the content is not reused for another body
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


@settings(max_examples=examples(500), deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from([b"a", b"Zq", b" ", b"\t", b"  ", b"=", b"+/"])).map(
            b"".join
        ),
        max_size=8,
    ),
    st.booleans(),
)
def test_relaxed_body_is_dkimpys(lines, crlf_at_end):
    from dkim.canonicalization import Relaxed

    from judge.mail.dkim_signing import _relaxed_body

    body = b"\r\n".join(lines) + (b"\r\n" if crlf_at_end else b"")
    assert _relaxed_body(body) == Relaxed.canonicalize_body(body)
