"""Reading bounces: what failed, for whom, and which message came back.

Standard bounces are RFC 3464 delivery status notifications: a
`multipart/report; report-type=delivery-status` whose `message/delivery-
status` part has one block per recipient (Final-Recipient, Action, Status,
Diagnostic-Code), read here with the stdlib email package.  Common
non-standard bounces name the failed recipients in `X-Failed-Recipients`
(Exim, Gmail) or only in their text; the returned original's Message-ID is
taken from a `message/rfc822` or `text/rfc822-headers` part, else from the
text.  Nothing here raises on bad input: what cannot be read is left out,
and the caller drops a bounce with no failure in it, saying why."""

from __future__ import annotations

import re
from dataclasses import dataclass
from email.message import Message
from email.parser import HeaderParser
from email.utils import getaddresses

from judge.mail.decode import header

MAX_PARTS = 200  # parts looked at in one bounce
MAX_FAILURES = 50  # recipients read from one bounce
HARD, SOFT = "hard", "soft"

_STATUS = re.compile(r"\b([245])\.(\d{1,3})\.(\d{1,3})\b")
_SMTP_CODE = re.compile(r"\b([245])\d\d\b")
_MESSAGE_ID = re.compile(r"^message-id:[ \t]*(<[^<>\s]+>)", re.I | re.M)
_ADDRESS = re.compile(r"[^@\s<>;,\"]+@[^@\s<>;,\"]+")


@dataclass(frozen=True)
class Failure:
    recipient: str | None  # None: the bounce does not say (single recipient)
    kind: str  # hard | soft
    status: str  # "5.1.1"; "" when unknown
    diagnostic: str

    def reason(self) -> str:
        what = self.diagnostic or "delivery failed"
        return f"{self.status} {what}".strip() if self.status not in what else what


@dataclass(frozen=True)
class Report:
    failures: tuple[Failure, ...]
    original_message_id: str | None
    standard: bool  # an RFC 3464 report was found
    problem: str | None = None  # why nothing could be read, when so


def is_bounce(msg: Message, envelope_from: str | None) -> bool:
    """Does this look like a delivery failure report (of any kind)?

    Runs on every message: it reads the raw header text, which costs
    microseconds, where the email package's header objects cost about a
    millisecond for each header parsed."""
    if envelope_from is not None and envelope_from.strip() in ("", "<>"):
        return True
    raw = {name.lower(): value for name, value in _raw_items(msg)}
    if envelope_from is None and "".join(raw.get("return-path", "x").split()) == "<>":
        return True
    if "x-failed-recipients" in raw:
        return True
    if "multipart/report" in raw.get("content-type", "").lower():
        return True
    sender = raw.get("from", "").lower()
    return "mailer-daemon@" in sender or "postmaster@" in sender


def raw_addresses(msg: Message, name: str) -> list[str]:
    """The addresses of a header, read from its raw text (fast; no decoding
    of encoded words, which addresses never need)."""
    values = [str(v) for n, v in _raw_items(msg) if n.lower() == name.lower()]
    return [a for _, a in getaddresses(values) if "@" in a]


def _raw_items(msg: Message):
    raw_items = getattr(msg, "raw_items", None)
    return list(raw_items()) if raw_items is not None else list(msg.items())


def read_report(msg: Message) -> Report:
    """The failures a bounce reports (never raises)."""
    try:
        return _read(msg)
    except Exception as exc:  # a malformed bounce is dropped, with the reason
        return Report((), None, False, f"unreadable bounce ({type(exc).__name__})")


def _read(msg: Message) -> Report:
    failures: list[Failure] = []
    standard = False
    original = None
    text_parts: list[str] = []
    for count, part in enumerate(_parts(msg)):
        if count >= MAX_PARTS:
            break
        ctype = part.get_content_type()
        if ctype in ("message/delivery-status", "message/global-delivery-status"):
            standard = True
            failures += _status_blocks(part)
        elif ctype in ("message/rfc822", "message/global") and original is None:
            inner = part.get_payload()
            if isinstance(inner, list) and inner:
                inner = inner[0]
            if isinstance(inner, Message):
                original = _first_id(header(inner, "Message-ID"))
        elif ctype == "text/rfc822-headers" and original is None:
            original = _first_id(
                header(HeaderParser().parsestr(_text(part)), "Message-ID")
            )
        elif ctype == "text/plain" and len(text_parts) < 5:
            text_parts.append(_text(part)[:50_000])
    text = "\n".join(text_parts)
    if not failures:
        failures = _non_standard(msg, text)
    if original is None:
        own = _first_id(header(msg, "Message-ID"))
        found = [m for m in _MESSAGE_ID.findall(text) if m != own]
        original = found[0] if found else None
    problem = None
    if not failures:
        problem = (
            "malformed DSN: no failed recipient in its delivery status"
            if standard or msg.get_content_type() == "multipart/report"
            else "no failed recipient found in the bounce"
        )
    return Report(tuple(failures[:MAX_FAILURES]), original, standard, problem)


def _parts(msg: Message):
    """Every part, without descending into delivery-status blocks."""
    stack = [msg]
    while stack:
        part = stack.pop(0)
        yield part
        if part.get_content_type() == "message/delivery-status":
            continue
        if part.is_multipart():
            payload = part.get_payload()
            if isinstance(payload, list):
                stack.extend(p for p in payload if isinstance(p, Message))


def _status_blocks(part: Message) -> list[Failure]:
    blocks = part.get_payload()
    if not isinstance(blocks, list):
        # The stdlib reads a well-formed report as blocks; text means it
        # could not: read the fields from the text instead.
        text = _text(part)
        blocks = [
            HeaderParser().parsestr(chunk.strip() + "\n")
            for chunk in re.split(r"\r?\n\s*\r?\n", text)
            if chunk.strip()
        ]
    failures = []
    for block in blocks[1:] if len(blocks) > 1 else blocks:
        if not isinstance(block, Message):
            continue
        action = header(block, "Action").lower()
        if action not in ("failed", "delayed"):
            continue  # delivered, relayed, expanded: no failure
        recipient = _recipient(header(block, "Final-Recipient")) or _recipient(
            header(block, "Original-Recipient")
        )
        diagnostic = header(block, "Diagnostic-Code")
        diagnostic = diagnostic.partition(";")[2].strip() or diagnostic
        status = _status(header(block, "Status")) or _status(diagnostic)
        kind = _kind(status, diagnostic, default=SOFT if action == "delayed" else HARD)
        if action == "delayed":
            kind = SOFT
        failures.append(Failure(recipient, kind, status, diagnostic[:300]))
    return failures


def _non_standard(msg: Message, text: str) -> list[Failure]:
    """X-Failed-Recipients (Exim, Gmail): permanent unless the text says
    otherwise."""
    named = header(msg, "X-Failed-Recipients")
    if not named:
        return []
    status = _status(text)
    diagnostic = ""
    for line in text.splitlines():
        if _SMTP_CODE.search(line) or _STATUS.search(line):
            diagnostic = " ".join(line.split())[:300]
            break
    kind = _kind(status, diagnostic, default=HARD)
    return [
        Failure(address, kind, status, diagnostic)
        for address in _ADDRESS.findall(named)[:MAX_FAILURES]
    ]


def _recipient(field: str) -> str | None:
    """'rfc822; alice@example.org' -> 'alice@example.org'."""
    value = field.partition(";")[2] if ";" in field else field
    found = _ADDRESS.search(value)
    return found.group(0).strip() if found else None


def _status(text: str) -> str:
    found = _STATUS.search(text or "")
    return found.group(0) if found else ""


def _kind(status: str, diagnostic: str, default: str) -> str:
    if status:
        return HARD if status.startswith("5") else SOFT
    code = _SMTP_CODE.search(diagnostic or "")
    if code:
        return HARD if code.group(1) == "5" else SOFT
    return default


def _first_id(text: str) -> str | None:
    found = re.search(r"<[^<>\s]+>", text or "")
    return found.group(0) if found else None


def _text(part: Message) -> str:
    try:
        payload = part.get_payload(decode=True)
    except Exception:
        payload = None
    if isinstance(payload, bytes):
        charset = part.get_content_charset() or "utf-8"
        try:
            return payload.decode(charset, "replace")
        except LookupError:
            return payload.decode("utf-8", "replace")
    raw = part.get_payload()
    return raw if isinstance(raw, str) else ""
