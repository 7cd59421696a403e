"""DKIM signatures on outgoing mail (RFC 6376), made with dkimpy.

A message is signed once, when it is queued: the outbox keeps the signed
bytes, so every retry sends exactly what was signed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import dkim

# dkimpy's usual headers, and those of game mail it leaves out: RFC 8058
# asks that List-Unsubscribe-Post be signed with List-Unsubscribe, so that
# nobody on the way can make a one-click link of someone else's.
SIGNED_HEADERS = (
    *dkim.DKIM.SHOULD,
    b"list-unsubscribe-post",
    b"precedence",
    b"auto-submitted",
)


class DkimKeyError(ValueError):
    """The configured key cannot be used; the message says why."""


@dataclass(frozen=True)
class DkimSigner:
    domain: str
    selector: str
    private_key: bytes  # PEM

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

    def sign(self, raw: bytes) -> bytes:
        """`raw` with a DKIM-Signature header in front."""
        signature = dkim.sign(
            raw,
            self.selector.encode(),
            self.domain.encode(),
            self.private_key,
            # relaxed/relaxed survives relays that re-fold headers or trim
            # trailing white space in the body.
            canonicalize=(b"relaxed", b"relaxed"),
            include_headers=_present(raw, SIGNED_HEADERS),
        )
        return signature + raw


def _present(raw: bytes, names: tuple[bytes, ...]) -> list[bytes]:
    """Those of `names` that the message's header block has: dkimpy would
    list the others in h= too."""
    end = raw.find(b"\r\n\r\n")
    block = raw[: end if end >= 0 else len(raw)].lower()
    found = {
        line.split(b":", 1)[0].strip()
        for line in block.split(b"\r\n")
        if line[:1] not in (b" ", b"\t") and b":" in line
    }
    return [name for name in names if name in found]
