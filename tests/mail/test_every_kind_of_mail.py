"""Every kind of mail the judge sends, made by the real worker and game
service, checked against the rules of the letter (RFC 5322, 2045, 2047,
2369, 8058) and scored by SpamAssassin's local rules."""

from __future__ import annotations

import email
import os
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from judge.mail.decode import header
from tests.mail.every_kind import (
    BASE_URL,
    GAME_KINDS,
    KINDS,
    REPLY_KINDS,
    mails_of_every_kind,
)

ENCODED_WORD = re.compile(rb"=\?[^?\s]+\?[qQbB]\?[^?\s]*\?=")
SPAM_LIMIT = 1.0


@pytest.fixture(scope="module")
def kinds() -> dict[str, bytes]:
    from argon2 import PasswordHasher

    from judge.service import passwords

    real = passwords.HASHER  # the session's cheap hashes are set per test
    passwords.HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    try:
        with tempfile.TemporaryDirectory() as directory:
            yield mails_of_every_kind(Path(directory))
    finally:
        passwords.HASHER = real


def header_block(raw: bytes) -> bytes:
    return raw[: raw.index(b"\r\n\r\n")]


def header_lines(raw: bytes) -> list[bytes]:
    return header_block(raw).split(b"\r\n")


def fields(raw: bytes) -> list[tuple[str, bytes]]:
    """(name, the field's text with its folds) in order."""
    out: list[tuple[str, bytes]] = []
    for line in header_lines(raw):
        if line[:1] in (b" ", b"\t"):
            name, text = out[-1]
            out[-1] = (name, text + b"\r\n" + line)
        else:
            out.append((line.split(b":", 1)[0].decode(), line))
    return out


def test_every_kind_is_made(kinds):
    assert set(kinds) == KINDS
    assert len(KINDS) >= 18


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_encoded_words_and_line_lengths(kinds, kind):
    raw = kinds[kind]
    for word in ENCODED_WORD.findall(header_block(raw)):
        assert len(word) <= 75, (kind, word)
    for name, text in fields(raw):
        if name == "DKIM-Signature":
            continue  # dkimpy folds its own
        lines = text.split(b"\r\n")
        for i, line in enumerate(lines):
            if len(line) <= 78:
                continue
            # only where it cannot be folded: one word after the name
            words = line.split(b": ", 1)[1] if i == 0 else line.strip()
            assert b" " not in words.strip(), (kind, line)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_re_only_on_replies(kinds, kind):
    msg = email.message_from_bytes(kinds[kind])
    subject = header(msg, "Subject")
    raw_subject = msg["Subject"]
    if kind in REPLY_KINDS:
        assert raw_subject.startswith("Re: ")  # readable before any decoding
        assert subject.startswith("Re: ")
        assert header(msg, "In-Reply-To")
        assert header(msg, "Auto-Submitted") == "auto-replied"
    else:
        assert not subject.lower().startswith("re:"), subject
        assert not header(msg, "In-Reply-To")
        assert header(msg, "Auto-Submitted") == "auto-generated"


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_message_id_on_one_line_and_mime_version_at_the_top(kinds, kind):
    raw = kinds[kind]
    (message_id,) = [text for name, text in fields(raw) if name == "Message-ID"]
    assert re.fullmatch(rb"Message-ID: <[^<>\s]+@example\.org>", message_id)
    assert len(message_id) <= 78
    assert raw.count(b"MIME-Version:") == 1
    assert b"MIME-Version: 1.0" in header_block(raw)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_list_headers_on_game_mail_only(kinds, kind):
    msg = email.message_from_bytes(kinds[kind])
    unsubscribe = " ".join(header(msg, "List-Unsubscribe").split())
    if kind not in GAME_KINDS:
        for name in ("Precedence", "List-Id", "List-Unsubscribe"):
            assert not header(msg, name), (kind, name)
        assert not header(msg, "List-Unsubscribe-Post")
        return
    assert header(msg, "Precedence") == "list"
    assert header(msg, "List-Id")
    uris = re.findall(r"<([^<>]+)>", unsubscribe)
    assert uris[0].startswith("mailto:judge@example.org?subject=unsubscribe%20")
    token = uris[0].rpartition("%20")[2]
    assert re.fullmatch(r"[0-9a-f]{40}", token)
    if "observer" in kind:
        # one click: the web address too, and the POST header (RFC 8058)
        assert uris[1:] == [f"{BASE_URL}unsubscribe/{token}"]
        assert header(msg, "List-Unsubscribe-Post") == "List-Unsubscribe=One-Click"
    else:
        # a player's: the mailto: answers how to leave; nothing in one click
        assert uris[1:] == []
        assert not header(msg, "List-Unsubscribe-Post")


def test_each_recipient_has_a_token_of_its_own(kinds):
    def token(kind):
        msg = email.message_from_bytes(kinds[kind])
        return re.search(r"%20([0-9a-f]{40})", header(msg, "List-Unsubscribe"))[1]

    assert token("results with picture (observer)") == token("press (observer)")
    assert token("results with picture (player)") == token("notice (player)")
    assert token("results with picture (player)") != token(
        "results with picture (observer)"
    )


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_dkim_covers_the_list_headers(kinds, kind):
    raw = kinds[kind]
    signature = " ".join(
        header(email.message_from_bytes(raw), "DKIM-Signature").split()
    )
    signed = {
        h.strip().lower() for h in re.search(r"\bh=([^;]+)", signature)[1].split(":")
    }
    assert {"from", "subject", "date", "message-id", "to"} <= signed
    for name in ("list-unsubscribe", "list-unsubscribe-post", "precedence"):
        if f"\r\n{name}:".encode() in b"\r\n" + header_block(raw).lower():
            assert name in signed, (kind, name)
    assert "cc" not in signed  # only the headers there are


def test_the_observers_unsubscribe_mail_ended_the_subscription(kinds):
    text = email.message_from_bytes(kinds["unsubscribe reply"]).get_payload(decode=True)
    assert b"no longer observes game 'alpha'" in text


def test_no_password_is_quoted_back(kinds):
    for kind, raw in kinds.items():
        body = b"".join(
            part.get_payload(decode=True) or b""
            for part in email.message_from_bytes(raw).walk()
            if part.get_content_type() == "text/plain"
        )
        assert not re.search(rb"pw\d|pw-gm", body), kind


# -- SpamAssassin ---------------------------------------------------------------


def spamassassin() -> str:
    found = shutil.which("spamassassin")
    if found:
        return found
    if os.environ.get("JUDGE_REQUIRE_SPAMASSASSIN") == "1":
        pytest.fail("SpamAssassin is required (JUDGE_REQUIRE_SPAMASSASSIN=1)")
    pytest.skip("spamassassin is not installed (run scripts/test-services.sh)")


def delivered(raw: bytes) -> bytes:
    """The message as the receiving server sees it after a relay handed it
    on: a Return-Path, and a Received header from a public address."""
    date = header(email.message_from_bytes(raw), "Date")
    return (
        b"Return-Path: <judge@example.org>\r\n"
        b"Received: from judge.example.org (judge.example.org [93.184.215.14])\r\n"
        b"\tby mx.example.com with ESMTPS id 4f2a1; " + date.encode() + b"\r\n" + raw
    )


def spam_score(program: str, raw: bytes) -> tuple[float, str]:
    """(score, report): -L uses the local rules only (no DNS, no network),
    -t appends the report."""
    with tempfile.TemporaryDirectory() as home:
        done = subprocess.run(
            [program, "-L", "-t"],
            input=raw,
            capture_output=True,
            timeout=300,
            env={**os.environ, "HOME": home},
        )
    report = done.stdout.decode("utf-8", "replace")
    found = re.search(r"^X-Spam-Status: \w+, score=(-?[\d.]+)", report, re.M)
    assert found, done.stderr.decode()[-2000:]
    return float(found[1]), report


def spam_scores(program: str, messages: list[bytes]) -> list[tuple[float, str]]:
    with ThreadPoolExecutor(4) as pool:  # a few seconds each, mostly start-up
        return list(pool.map(lambda raw: spam_score(program, raw), messages))


@pytest.mark.slow  # SpamAssassin starts in seconds for each kind
def test_spamassassin_scores_every_kind_under_one(kinds):
    program = spamassassin()
    names = sorted(KINDS)
    results = spam_scores(program, [delivered(kinds[k]) for k in names])
    scores = {k: score for k, (score, _) in zip(names, results, strict=True)}
    reports = {k: report for k, (_, report) in zip(names, results, strict=True)}
    print("\nSpamAssassin -L scores:")
    for kind, score in sorted(scores.items()):
        rules = re.findall(r"^ *(-?\d+\.\d) (\w+) ", reports[kind], re.M)
        print(f"  {score:5.1f}  {kind}: {' '.join(f'{n}={p}' for p, n in rules)}")
    high = {k: s for k, s in scores.items() if s >= SPAM_LIMIT}
    assert not high, "\n\n".join(
        reports[k][reports[k].find("Content analysis") :] for k in high
    )
