"""OutgoingMail into a well-formed message: the bytes the outbox keeps.

Built with the email package's compat32 classes: a reply per message is on
the worker's hot path, and they are several times faster than EmailMessage
with the modern header registry, for the same bytes on the wire."""

from __future__ import annotations

import base64
import email.charset
import re
import secrets
from datetime import datetime
from email.encoders import encode_noop
from email.mime.application import MIMEApplication
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.policy import compat32
from email.utils import format_datetime, formataddr

from judge.mail.message import Attachment, OutgoingMail

WIRE = compat32.clone(linesep="\r\n", max_line_length=78)

UTF8_QP = email.charset.Charset("utf-8")
UTF8_QP.header_encoding = email.charset.QP
UTF8_QP.body_encoding = email.charset.QP  # readable in any client's source view


# Every line the judge writes stays far inside RFC 5322's 998 octets: a
# subject echoed from a sender is cut, message ids of a sane length only.
MAX_SUBJECT = 200  # characters
MAX_FILENAME = 100
MAX_REFERENCES = 20
_UTF8_TO = "utf8-recipients.invalid"
_MSG_ID = re.compile(r"<[!-;=?-~]{3,250}>")


def safe_filename(name: str) -> str:
    """An attachment's file name: ASCII letters, digits, '.', '-', '_' only
    (nothing a client could take for a path), and short."""
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "_", name)
    cleaned = re.sub(r"\.{2,}", ".", cleaned).strip("._") or "attachment"
    if len(cleaned) > MAX_FILENAME:
        stem, dot, ext = cleaned.rpartition(".")
        ext = ext[:10] if dot else ""
        cleaned = cleaned[: MAX_FILENAME - len(ext) - 1] + (f".{ext}" if ext else "")
    return cleaned


def _message_id(text: str | None) -> str | None:
    return text if text and _MSG_ID.fullmatch(text) else None


def _references(ids) -> list[str]:
    kept = [i for i in ids if _MSG_ID.fullmatch(i)]
    if len(kept) > MAX_REFERENCES:  # the first and the latest (RFC 5322 3.6.4)
        kept = [kept[0], *kept[-(MAX_REFERENCES - 1) :]]
    return kept


def compose(
    mail: OutgoingMail, *, judge_address: str, judge_code: str, now: datetime
) -> tuple[str, bytes]:
    """Render `mail`; return (its Message-ID, the raw message)."""
    message_id, head, body = compose_parts(
        mail, judge_address=judge_address, judge_code=judge_code, now=now
    )
    return message_id, head + body


def compose_parts(
    mail: OutgoingMail, *, judge_address: str, judge_code: str, now: datetime
) -> tuple[str, bytes, bytes]:
    """Render `mail`: (its Message-ID, its header block ended by the blank
    line, its body).  The body (and the MIME headers) is made once for a
    run of mails with the same content, such as a game's results to each
    of its recipients, and is then the same bytes object for each: only
    the header block is each one's own."""
    mime_headers, content = _content(mail)
    msg: list[tuple[str, object]] = []
    domain = judge_address.rpartition("@")[2] or "localhost"
    message_id = new_message_id(judge_code, domain)
    msg.append(("From", formataddr((f"Judge {judge_code}", judge_address))))
    to = ", ".join(mail.to)
    # An address with non-ASCII before the @ goes out only through a relay
    # that takes SMTPUTF8, whose headers are plain UTF-8 (RFC 6532): the
    # email package would wrongly encode it as an encoded word.
    msg.append(("To", to if to.isascii() else _UTF8_TO))
    msg.append(("Subject", _header_text(mail.subject)))
    msg.append(("Date", format_datetime(now)))
    msg.append(("Message-ID", message_id))
    in_reply_to = _message_id(mail.in_reply_to)
    if in_reply_to:
        msg.append(("In-Reply-To", in_reply_to))
        earlier = [r for r in mail.references if r != in_reply_to]
        msg.append(("References", " ".join(_references([*earlier, in_reply_to]))))
        msg.append(("Auto-Submitted", "auto-replied"))
    else:
        if _references(mail.references):
            msg.append(("References", " ".join(_references(mail.references))))
        msg.append(("Auto-Submitted", "auto-generated"))
    msg.append(("X-Judge", judge_code))
    if mail.list_name:
        # game mail: readers filter it, vacation responders leave it alone
        msg.append(("List-Id", list_id(mail.list_name, judge_code, domain)))
        msg.append(("Precedence", "list"))
    if mail.unsubscribe:
        # one URI a line: a URI is never folded inside (RFC 2369 2)
        msg.append(
            ("List-Unsubscribe", Folded([f"<{uri}>" for uri in mail.unsubscribe], ","))
        )
        if any(uri.startswith("https:") for uri in mail.unsubscribe):
            msg.append(("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"))
    # our headers, then the MIME ones, the blank line and the content
    head = b"".join(header_line(name, value) for name, value in msg)
    if not to.isascii():
        head = head.replace(_UTF8_TO.encode(), to.encode("utf-8"), 1)
    return message_id, head + mime_headers, content


def header_line(name: str, value) -> bytes:
    """One header field as the email package's compat32 policy writes it
    (folded, encoded where needed, CRLF), written directly when it is a
    short line of plain ASCII: the package's folding was a third of what
    composing a reply cost, for lines it leaves as they are."""
    if (
        isinstance(value, str)
        and len(name) + len(value) <= WIRE.max_line_length - 2
        and _PLAIN_VALUE.fullmatch(value)
    ):
        return f"{name}: {value}\r\n".encode("ascii")
    return WIRE.fold_binary(name, value)


_PLAIN_VALUE = re.compile(r"[!-~]+(?: [!-~]+)*")


# The latest content made, with what it was made of: replaced whole, so
# threads composing at once at worst make it again.
_last_content: tuple[str, tuple[Attachment, ...], tuple[bytes, bytes]] | None = None


def _content(mail: OutgoingMail) -> tuple[bytes, bytes]:
    """(the MIME header lines and the blank line, the body) of `mail`."""
    global _last_content
    last = _last_content
    if (
        last is not None
        and last[0] == mail.body
        and len(last[1]) == len(mail.attachments)
        and all(
            a.data is b.data and a.filename == b.filename
            and a.content_type == b.content_type
            for a, b in zip(last[1], mail.attachments, strict=True)
        )
    ):  # fmt: skip
        return last[2]
    body = mail.body if mail.body.endswith("\n") else mail.body + "\n"
    text = MIMEText(body, "plain", UTF8_QP)
    if mail.attachments:
        # "=_" never occurs in quoted-printable or base64 text, so the
        # generator need not search the whole message for a free boundary
        msg = MIMEMultipart(boundary=f"=_{secrets.token_hex(16)}")
        msg.attach(text)
        marks = []
        for attachment in mail.attachments:
            maintype, _, subtype = attachment.content_type.partition("/")
            part = MIMEApplication(b"", subtype or "octet-stream", encode_noop)
            # the base64 goes in after: the generator would copy it line by
            # line, 1,300 lines for a picture
            marks.append(f"=_{secrets.token_hex(16)}")
            part.set_payload(marks[-1] + "\n")
            part["Content-Transfer-Encoding"] = "base64"
            part.replace_header("Content-Type", attachment.content_type)
            part.add_header(
                "Content-Disposition",
                "attachment",
                filename=safe_filename(attachment.filename),
            )
            msg.attach(part)
        for part in msg.get_payload():
            del part["MIME-Version"]  # at the top only (RFC 2045 4)
    else:
        msg = text
    whole = msg.as_bytes(policy=WIRE)
    if mail.attachments:
        for mark, attachment in zip(marks, mail.attachments, strict=True):
            whole = whole.replace(mark.encode() + b"\r\n", _base64(attachment.data), 1)
    end = whole.index(b"\r\n\r\n") + 4
    made = (whole[:end], whole[end:])  # the MIME headers and the blank line
    _last_content = (mail.body, mail.attachments, made)
    return made


_last_encoded: tuple[bytes, bytes] = (b"", b"")  # replaced whole: thread-safe
BASE64_LINE = 76  # characters (RFC 2045 6.8)


def _base64(data: bytes) -> bytes:
    """Base64 lines of `data`, each ended by CRLF; a results picture goes
    to every recipient of a game, so the same bytes come several times in
    a row.  (base64.encodebytes cuts its lines in a Python loop.)"""
    global _last_encoded
    last = _last_encoded
    if last[0] is data:
        return last[1]
    text = base64.b64encode(data)
    lines = [text[i : i + BASE64_LINE] for i in range(0, len(text), BASE64_LINE)]
    encoded = b"".join(line + b"\r\n" for line in lines)
    _last_encoded = (data, encoded)
    return encoded


def list_id(name: str, judge_code: str, domain: str) -> str:
    """RFC 2919: a description and a dot-atom label under the judge's domain."""
    label = re.sub(r"[^a-z0-9-]+", "-", name.lower()[:60]).strip("-") or "list"
    code = re.sub(r"[^a-z0-9-]+", "-", judge_code.lower()).strip("-") or "judge"
    return f"{judge_code} {label} <{label}.{code}.{domain}>"


def new_message_id(judge_code: str, domain: str) -> str:
    """A Message-ID short enough to stay on its header's line: 64 random
    bits (from `secrets`: the `random` module may be seeded by anything in
    the process), the judge's code, its domain."""
    code = re.sub(r"[^a-z0-9-]+", "", judge_code.lower())[:10] or "judge"
    return f"<{secrets.token_hex(8)}.{code}@{domain}>"


def _header_text(text: str) -> str | EncodedWords:
    text = " ".join(text.split())  # no header injection through newlines
    if len(text) > MAX_SUBJECT:
        text = text[: MAX_SUBJECT - 3].rstrip() + "..."
    if text.isascii():
        return text
    return EncodedWords(text)


MAX_ENCODED_WORD = 75  # RFC 2047 2
_Q_PLAIN = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!*+-/"
)


class Folded:
    """A header value already cut into its lines (given to a compat32
    message, which folds a Header-like value by calling `encode`)."""

    def __init__(self, pieces: list[str], separator: str = "") -> None:
        self.pieces = pieces
        self.separator = separator

    def __str__(self) -> str:
        return (self.separator + " ").join(self.pieces)

    def encode(self, linesep: str = "\n", maxlinelen: int | None = None, **_) -> str:
        return (self.separator + linesep + " ").join(self.pieces)


class EncodedWords(Folded):
    """A non-ASCII header value: its leading ASCII words as they are ("Re:"
    stays readable to filters), the rest as RFC 2047 "Q" encoded words of
    at most 75 characters, folded so that no line passes 76 octets (the
    email package's Header makes 77-character words on 87-octet lines).  A
    character is never split between words."""

    PREFIX, SUFFIX = "=?utf-8?q?", "?="
    LINE = 76

    def __init__(self, text: str, name: str = "Subject") -> None:
        self.text = text
        plain = text.split(" ")
        cut = next((i for i, w in enumerate(plain) if not w.isascii() or "=?" in w), 0)
        lines = [" " * (len(name) + 1)]  # the name and its colon
        for word in plain[:cut]:
            if len(lines[-1]) + 1 + len(word) > self.LINE and lines[-1].strip():
                lines.append("")
            lines[-1] += " " + word
        rest = " ".join(plain[cut:])
        room = self.LINE - len(lines[-1]) - 1
        if room < 20:  # too little left on this line for a useful word
            lines.append("")
            room = self.LINE - 1
        for word in self.words(rest, room):
            if lines[-1].strip() and len(lines[-1]) + 1 + len(word) > self.LINE:
                lines.append("")
            lines[-1] += " " + word
        lines[0] = lines[0][len(name) + 2 :]  # the name goes in front
        super().__init__([line.strip() for line in lines])

    def __str__(self) -> str:
        return self.text

    @classmethod
    def words(cls, text: str, room: int = MAX_ENCODED_WORD) -> list[str]:
        """The encoded words; the first at most `room` long."""
        overhead = len(cls.PREFIX) + len(cls.SUFFIX)
        words: list[str] = []
        limit = min(MAX_ENCODED_WORD, room) - overhead
        current = ""
        for char in text:
            if char in _Q_PLAIN:
                piece = char
            elif char == " ":
                piece = "_"
            else:
                piece = "".join(f"={b:02X}" for b in char.encode("utf-8"))
            if len(current) + len(piece) > limit and current:
                words.append(cls.PREFIX + current + cls.SUFFIX)
                current = ""
                limit = MAX_ENCODED_WORD - overhead
            current += piece
        words.append(cls.PREFIX + current + cls.SUFFIX)
        return words
