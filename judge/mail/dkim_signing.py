"""DKIM signatures on outgoing mail (RFC 6376: rsa-sha256, relaxed/relaxed).

A message is signed once, when it is queued: the outbox keeps the signed
bytes, so every retry sends exactly what was signed.

Made here rather than with dkimpy's `sign`, for speed: dkimpy does its RSA
in Python (about 9 ms a signature on the development machine, more than
all the rest of answering a mail), `cryptography` does it in OpenSSL (about
0.4 ms).  And a game's results go to every recipient with the same body
(the picture among it): the body's hash is computed once for that content,
and only each recipient's header block is signed on its own.  Each copy
still needs its own signature, because the headers RFC 8058 asks to have
signed (List-Unsubscribe, List-Unsubscribe-Post) carry the recipient's own
token.  dkimpy verifies these signatures in the tests."""

from __future__ import annotations

import base64
import hashlib
import re
import time
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa

# The headers signed when the message has them: the usual ones (RFC 6376
# 5.4.1), and those of game mail: RFC 8058 asks that List-Unsubscribe-Post
# be signed with List-Unsubscribe, so that nobody on the way can make a
# one-click link of someone else's.
SIGNED_HEADERS = (
    b"from", b"sender", b"reply-to", b"subject", b"date", b"message-id", b"to",
    b"cc", b"mime-version", b"content-type", b"content-transfer-encoding",
    b"content-id", b"content-description", b"resent-date", b"resent-from",
    b"resent-sender", b"resent-to", b"resent-cc", b"resent-message-id",
    b"in-reply-to", b"references", b"list-id", b"list-help", b"list-unsubscribe",
    b"list-subscribe", b"list-post", b"list-owner", b"list-archive",
    b"list-unsubscribe-post", b"precedence", b"auto-submitted",
)  # fmt: skip
_SIGNED = frozenset(SIGNED_HEADERS)

_WSP_RUN = re.compile(rb"[ \t]+")
_SPACES = re.compile(rb"  +")
B_LINE = 72  # characters of the signature's value per folded line


class DkimKeyError(ValueError):
    """The configured key cannot be used; the message says why."""


@dataclass(frozen=True)
class DkimSigner:
    domain: str
    selector: str
    private_key: bytes  # PEM
    # the latest body signed and its hash: the next copy of the same
    # content needs no hashing (replaced whole: safe across threads)
    _last_body: list = field(
        default_factory=lambda: [(None, b"")], repr=False, compare=False
    )

    @classmethod
    def from_files(cls, domain: str, selector: str, key_file: str) -> DkimSigner:
        try:
            key = Path(key_file).read_bytes()
        except OSError as exc:
            raise DkimKeyError(f"[dkim] key_file {key_file}: {exc.strerror}") from None
        signer = cls(domain.lower(), selector, key)
        try:  # fail at start, not on the first mail
            signer.sign(b"From: check@" + domain.encode() + b"\r\n\r\nx\r\n")
        except Exception as exc:
            raise DkimKeyError(
                f"[dkim] key_file {key_file} is not a usable RSA private key"
                f" in PEM form ({exc})"
            ) from None
        return signer

    @cached_property
    def _key(self) -> rsa.RSAPrivateKey:
        key = serialization.load_pem_private_key(self.private_key, password=None)
        if not isinstance(key, rsa.RSAPrivateKey):
            raise ValueError("not an RSA key")
        return key

    def sign(self, raw: bytes, now: float | None = None) -> bytes:
        """`raw` (CRLF line ends, as the composer writes) with a
        DKIM-Signature header in front."""
        end = raw.find(b"\r\n\r\n")
        head, body = (raw, b"") if end < 0 else (raw[: end + 2], raw[end + 4 :])
        fields = _fields(head)
        names = [name for name, _ in fields]
        signed = [name for name in SIGNED_HEADERS if name in names]
        if b"from" not in signed:
            raise ValueError("a message without From cannot be signed")
        value = (
            f"v=1; a=rsa-sha256; c=relaxed/relaxed; d={self.domain};"
            f" s={self.selector};\r\n t={int(time.time() if now is None else now)};"
            f" h={':'.join(n.decode() for n in signed)};\r\n"
            f" bh={self._body_hash(body)};\r\n b="
        ).encode()
        data = b"".join(_relaxed(*f) + b"\r\n" for f in _chosen(fields, signed))
        data += _relaxed(b"dkim-signature", value)
        signature = self._key.sign(data, padding.PKCS1v15(), hashes.SHA256())
        text = base64.b64encode(signature)
        folded = b"\r\n ".join(
            text[i : i + B_LINE] for i in range(0, len(text), B_LINE)
        )
        return b"DKIM-Signature: " + value + folded + b"\r\n" + raw

    def _body_hash(self, body: bytes) -> str:
        last_body, last_hash = self._last_body[0]
        if body is last_body or body == last_body:
            return last_hash.decode()
        digest = base64.b64encode(hashlib.sha256(_relaxed_body(body)).digest())
        self._last_body[0] = (body, digest)
        return digest.decode()


def _fields(head: bytes) -> list[tuple[bytes, bytes]]:
    """The header block's fields: (lower-case name, the value as written,
    folding kept), in order."""
    out: list[tuple[bytes, bytes]] = []
    for line in _lines(head):
        name, _, value = line.partition(b":")
        out.append((name.strip().lower(), value))
    return out


def _lines(head: bytes) -> list[bytes]:
    """Each field whole (its continuation lines joined on)."""
    lines: list[bytes] = []
    for line in head.split(b"\r\n"):
        if line[:1] in (b" ", b"\t") and lines:
            lines[-1] += b"\r\n" + line
        elif line:
            lines.append(line)
    return lines


def _chosen(
    fields: list[tuple[bytes, bytes]], signed: list[bytes]
) -> list[tuple[bytes, bytes]]:
    """The fields h= names, in its order; a name given twice takes the
    next instance from the bottom (RFC 6376 5.4.2)."""
    used: dict[bytes, int] = {}
    out = []
    for name in signed:
        instances = [f for f in fields if f[0] == name]
        taken = used.get(name, 0)
        if taken < len(instances):
            out.append(instances[-1 - taken])
            used[name] = taken + 1
    return out


def _relaxed(name: bytes, value: bytes) -> bytes:
    """RFC 6376 3.4.2: the name in lower case, the value unfolded, runs of
    white space made one space, none around the colon or at the end."""
    value = _WSP_RUN.sub(b" ", value.replace(b"\r\n", b"")).strip(b" ")
    return name.lower().strip() + b":" + value


def _relaxed_body(body: bytes) -> bytes:
    """RFC 6376 3.4.4: no white space at the end of a line, runs of it
    made one space, no empty lines at the end, a CRLF ending the rest.
    Each step only where needed: a picture's base64 has no white space,
    and a regular expression over all of it took 8 ms."""
    if b"\t" in body:
        body = body.replace(b"\t", b" ")
    if b"  " in body:
        body = _SPACES.sub(b" ", body)
    if b" \r\n" in body:
        body = body.replace(b" \r\n", b"\r\n")
    if not body.endswith(b"\r\n"):
        body += b"\r\n"  # (white space before it kept, as dkimpy keeps it)
    end = len(body)
    while body.endswith(b"\r\n", 0, end - 2):  # empty lines at the end
        end -= 2
    return b"" if end == 2 else body[:end]
