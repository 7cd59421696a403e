"""Real-world mail into text: MIME, charsets, HTML, quotes and signatures.

Everything here is defensive: a message that cannot be parsed cleanly is read
as far as it can be, never raises.  Headers are read through `header()`,
which falls back to the raw text when the email package chokes on a value.
"""

from __future__ import annotations

import contextlib
import email
import email.policy
import re
from email.message import Message
from email.utils import getaddresses
from html.parser import HTMLParser

MAX_BODY_CHARS = 100_000


def parse(raw: bytes) -> Message:
    return email.message_from_bytes(raw, policy=email.policy.default)


def header(msg: Message, name: str) -> str:
    """One header as text ('' when absent or unreadable), unfolded."""
    try:
        value = msg.get(name)
        text = "" if value is None else str(value)
    except Exception:
        # The raw value, unparsed: get_all() would parse it again and raise.
        wanted = name.lower()
        raw = next((v for k, v in msg.raw_items() if k.lower() == wanted), None)
        text = "" if raw is None else str(raw)
    return " ".join(text.split())


def message_id_of(msg: Message) -> str | None:
    ids = re.findall(r"<[^<>\s]+>", header(msg, "Message-ID"))
    return ids[0] if ids else None


def references_of(msg: Message) -> tuple[str, ...]:
    seen: list[str] = []
    for name in ("References", "In-Reply-To"):
        for mid in re.findall(r"<[^<>\s]+>", header(msg, name)):
            if mid not in seen:
                seen.append(mid)
    return tuple(seen)


def addresses(msg: Message, name: str) -> list[str]:
    """The bare addresses of an address header; invalid ones left out."""
    try:
        values = [str(v) for v in msg.get_all(name, [])]
    except Exception:
        values = [header(msg, name)]
    found = []
    for _, addr in getaddresses(values):
        addr = addr.strip()
        if re.fullmatch(r"[^@\s<>]+@[^@\s<>]+", addr):
            found.append(addr)
    return found


def reply_address(msg: Message) -> str | None:
    """Where a reply goes: Reply-To, else From (headers only, never the body)."""
    for name in ("Reply-To", "From"):
        found = addresses(msg, name)
        if found:
            return found[0]
    return None


def body_text(msg: Message) -> str:
    """The message's text: text/plain preferred, else HTML turned into text."""
    plain = html = None
    for part in _leaves(msg):
        if _is_attachment(part):
            continue
        ctype = part.get_content_type()
        if ctype == "text/plain" and plain is None:
            plain = _decoded(part)
        elif ctype == "text/html" and html is None:
            html = _decoded(part)
    if plain is not None and plain.strip():
        text = plain
    elif html is not None:
        text = html_to_text(html)
    else:
        text = plain or ""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text[:MAX_BODY_CHARS]


def _leaves(msg: Message):
    try:
        if msg.is_multipart():
            for part in msg.walk():
                if not part.is_multipart():
                    yield part
        else:
            yield msg
    except Exception:
        yield msg


def _is_attachment(part: Message) -> bool:
    try:
        return part.get_content_disposition() == "attachment"
    except Exception:
        return False


def _decoded(part: Message) -> str:
    try:
        payload = part.get_payload(decode=True)
    except Exception:
        payload = None
    if payload is None:
        raw = part.get_payload()
        return raw if isinstance(raw, str) else ""
    charset = "utf-8"
    with contextlib.suppress(Exception):
        charset = part.get_content_charset() or "utf-8"
    for candidate in (charset, "utf-8"):
        try:
            return payload.decode(candidate)
        except (LookupError, UnicodeDecodeError):
            continue
    # Undeclared 8-bit text: latin-1 maps every byte to something readable.
    return payload.decode("latin-1")


class _TextExtractor(HTMLParser):
    BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "pre", "table"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0
        self.quote = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "head", "title"):
            self.skip += 1
        elif tag == "blockquote":
            self.quote += 1
        elif tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag in ("script", "style", "head", "title"):
            self.skip = max(0, self.skip - 1)
        elif tag == "blockquote":
            self.quote = max(0, self.quote - 1)
        elif tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.skip and not self.quote:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    """Visible text of an HTML body, one line per block; quoted parts dropped."""
    extractor = _TextExtractor()
    try:
        extractor.feed(html)
        extractor.close()
    except Exception:
        return re.sub(r"<[^>]*>", " ", html)
    lines = [" ".join(line.split()) for line in "".join(extractor.parts).split("\n")]
    # Block elements open and close lines; the blank lines between them
    # carry nothing a command reader needs.
    return "\n".join(line for line in lines if line)
