"""Real-world mail into text: MIME, charsets, HTML, quotes and signatures.

Everything here is defensive: a message that cannot be parsed cleanly is read
as far as it can be, never raises.  Headers are read through `header()`,
which falls back to the raw text when the email package chokes on a value.
"""

from __future__ import annotations

import contextlib
import email
import email.parser
import email.policy
import re
from collections import Counter
from email.header import decode_header, make_header
from email.message import Message
from html.parser import HTMLParser

from judge.mail.addresses import mailbox_addresses

MAX_BODY_CHARS = 100_000


MAX_MIME_DEPTH = 20  # nested multiparts and enclosed messages
MAX_HEADER_CHARS = 2_000  # of a decoded header value kept (Subject etc.)
MAX_HEADER_BYTES = 8_192  # of one raw header, folded lines included
MAX_HEADERS = 300  # lines per header block

_CONTROLS = re.compile(r"[\x00-\x1f\x7f]+")
_BOUNDARY = re.compile(
    rb'boundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^\s;"]{1,200}))', re.I
)
_SPLIT_BOUNDARY = re.compile(rb"boundary\*", re.I)  # RFC 2231: boundary*0=...
_ENCLOSED = re.compile(rb"^content-type:\s*message/", re.I | re.M)
_DELIMITER = re.compile(rb"^--([^\r\n]{0,300})\r?$", re.M)


def parse(raw: bytes) -> Message:
    """The whole message; a structure nested too deep (see `mime_depth`)
    is read as headers only, its body left unparsed."""
    if mime_depth(raw) > MAX_MIME_DEPTH:
        return parse_headers(raw)
    try:
        return email.message_from_bytes(trim_headers(raw), policy=email.policy.default)
    except RecursionError:
        return parse_headers(raw)


def parse_headers(raw: bytes) -> Message:
    parser = email.parser.BytesParser(policy=email.policy.default)
    return parser.parsebytes(trim_headers(raw), headersonly=True)


def trim_headers(raw: bytes) -> bytes:
    """The message with every header, the parts' included, cut to
    MAX_HEADER_BYTES and every header block to MAX_HEADERS lines, before
    the email package reads it: its header parser takes seconds over a
    200 KB Subject or Content-Type, and nothing a judge needs is that long.
    Whole folded lines are dropped; nothing else changes."""
    boundaries = {b"--" + (m.group(1) or m.group(2)) for m in _BOUNDARY.finditer(raw)}
    lines = raw.splitlines(keepends=True)
    if len(raw) < MAX_HEADER_BYTES and not boundaries:
        return raw
    out: list[bytes] = []
    in_headers, header_size, count, changed = True, 0, 0, False
    for line in lines:
        stripped = line.rstrip(b"\r\n")
        if in_headers:
            if not stripped:
                in_headers = False
            elif line[:1] in (b" ", b"\t"):  # a folded continuation
                header_size += len(line)
                if header_size > MAX_HEADER_BYTES:
                    changed = True
                    continue
            else:
                header_size, count = len(line), count + 1
                if count > MAX_HEADERS or header_size > MAX_HEADER_BYTES:
                    changed = True
                    header_size = MAX_HEADER_BYTES + 1  # its continuations go too
                    continue
        elif boundaries and stripped.rstrip(b" \t") in boundaries:
            in_headers, header_size, count = True, 0, 0
        out.append(line)
    return b"".join(out) if changed else raw


def mime_depth(raw: bytes) -> int:
    """How deep the MIME structure nests, read from the raw bytes before
    any parsing (the email package recurses once per level, so a message
    nested a thousand deep must not reach it), in linear time.

    A multipart's boundary declaration opens a level, an enclosed message
    (`Content-Type: message/...`) opens one, and a delimiter line of an
    open boundary ends whatever was opened inside that boundary's previous
    part (its final delimiter ends the multipart too).  Boundaries in
    RFC 2231's split form are never seen closing: an upper bound."""
    events: list[tuple[int, str, bytes]] = []
    for match in _BOUNDARY.finditer(raw):
        events.append((match.start(), "open", match.group(1) or match.group(2)))
    for match in _SPLIT_BOUNDARY.finditer(raw):
        events.append((match.start(), "open", b""))
    for match in _ENCLOSED.finditer(raw):
        events.append((match.start(), "enclosed", b""))
    declared = {boundary for _, kind, boundary in events if kind == "open"}
    if declared:
        for match in _DELIMITER.finditer(raw):
            line = match.group(1).rstrip(b" \t\r")
            if line.endswith(b"--") and line[:-2] in declared:
                events.append((match.start(), "close", line[:-2]))
            elif line in declared:
                events.append((match.start(), "part", line))
    events.sort(key=lambda event: event[0])
    stack: list[bytes] = []
    on_stack: Counter[bytes] = Counter()
    deepest = 0
    for _, kind, boundary in events:
        if kind in ("open", "enclosed"):
            stack.append(boundary)
            on_stack[boundary] += 1
            deepest = max(deepest, len(stack))
        elif boundary and on_stack[boundary]:
            while stack[-1] != boundary:  # what the previous part opened
                on_stack[stack.pop()] -= 1
            if kind == "close":
                on_stack[stack.pop()] -= 1
    return deepest


def raw_header(msg: Message, name: str) -> str | None:
    """A header's value exactly as received (no decoding); None if absent."""
    try:
        for key, value in msg.raw_items():
            if key.lower() == name.lower():
                return _text(value)
    except Exception:
        return None
    return None


def _text(value) -> str:
    """Header text from the parser: undecodable bytes kept as UTF-8 where
    they are, else as replacement characters."""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    value = str(value)
    try:
        return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeError:
        return value.encode("utf-8", "replace").decode("utf-8")


def header(msg: Message, name: str) -> str:
    """One header as text ('' when absent), unfolded, on one line: never
    raises.  A value the email package cannot decode (a bad encoded word,
    one decoding to CR/LF) is decoded word by word, else kept raw; control
    characters become spaces, and a huge value is cut."""
    raw = raw_header(msg, name)
    if raw is None:
        return ""
    try:
        text = _text(msg.get(name))
    except Exception:
        try:
            text = str(make_header(decode_header(raw)))
        except Exception:
            text = raw
    text = _CONTROLS.sub(" ", text[: MAX_HEADER_CHARS * 4])
    return " ".join(text.split())[:MAX_HEADER_CHARS]


def message_id_of(msg: Message) -> str | None:
    # read raw, as References are: a msg-id has no encoded words or blanks
    # to decode, and the header registry's parse of it costs a reply 0.1 ms
    ids = _message_ids((raw_header(msg, "Message-ID") or "")[: MAX_HEADER_CHARS * 4])
    return ids[0] if ids else None


MAX_REFERENCES = 20  # the first and the latest are kept (RFC 5322 3.6.4)


def references_of(msg: Message) -> tuple[str, ...]:
    seen: list[str] = []
    for name in ("References", "In-Reply-To"):
        for mid in _message_ids(raw_header(msg, name) or ""):
            if mid not in seen:
                seen.append(mid)
    if len(seen) > MAX_REFERENCES:
        seen = [seen[0], *seen[-(MAX_REFERENCES - 1) :]]
    return tuple(seen)


def _message_ids(text: str) -> list[str]:
    """msg-ids of a sane length, ASCII only: they are written back into the
    judge's own headers."""
    return re.findall(r"<[!-;=?-~]{3,250}>", text)


def addresses(msg: Message, name: str) -> list[str]:
    """The addresses of an address header, read strictly from the raw text
    (`judge.mail.addresses`); malformed ones left out."""
    found = []
    try:
        values = [_text(v) for k, v in msg.raw_items() if k.lower() == name.lower()]
    except Exception:
        values = []
    for value in values:
        found.extend(mailbox_addresses(value))
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
