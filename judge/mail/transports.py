"""Where outgoing mail goes: an SMTP relay, or a Maildir when there is none."""

from __future__ import annotations

import hashlib
import os
import re
import smtplib
import socket
import ssl
import time
from pathlib import Path

from judge.config import RelaySettings


class PermanentFailure(Exception):
    """The relay refused the message for good (5xx): do not retry."""


class TemporaryFailure(Exception):
    """The relay refused the message for now (4xx at MAIL or DATA); the
    connection is still good for the next message."""


# What one delivery attempt refused: recipient -> (SMTP code, text).  Codes
# of 500 and up are for good; below, the recipient is tried again later.
Refused = dict[str, tuple[int, str]]

_ADDRESS = re.compile(r"[^@\s<>()\[\],;:\"\\]+@[^@\s<>()\[\],;:\"\\]+")


def unsendable(address: str, smtputf8: bool) -> str | None:
    """Why this address cannot be given to the relay (None: it can)."""
    if not _ADDRESS.fullmatch(address) or any(ord(c) < 32 for c in address):
        return "5.1.3 malformed address"
    if not address.isascii() and not smtputf8:
        return "5.6.7 non-ASCII address and the relay does not offer SMTPUTF8"
    return None


class MaildirTransport:
    """Writes each message to <maildir>/new, by way of tmp/ (the Maildir way).

    The file name comes from the Message-ID, so writing the same message
    again (after a crash before it was marked sent) replaces nothing and
    adds nothing: delivery here is exactly once."""

    idempotent = True  # the sender may mark a whole batch sent at once

    def __init__(self, maildir: Path) -> None:
        self.maildir = Path(maildir)
        for sub in ("tmp", "new", "cur"):
            (self.maildir / sub).mkdir(parents=True, exist_ok=True)

    def open(self) -> None:
        pass

    def close(self) -> None:
        pass

    def send(
        self,
        message_id: str,
        recipients: tuple[str, ...],
        raw: bytes,
        envelope_from: str | None = None,
    ) -> Refused:
        digest = hashlib.sha256(message_id.encode()).hexdigest()[:32]
        name = f"judge.{digest}.{socket.gethostname() or 'localhost'}"
        if (self.maildir / "new" / name).exists() or any(
            (self.maildir / "cur").glob(name + "*")
        ):
            return {}
        tmp = self.maildir / "tmp" / name
        with open(tmp, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.rename(tmp, self.maildir / "new" / name)
        return {}


class _QuickData:
    """smtplib's DATA, with the dot-stuffing (RFC 5321 4.5.2) done by bytes
    replacement: smtplib does it with a multi-line regular expression,
    half of what sending a results mail with its picture cost."""

    def data(self, msg):
        if not isinstance(msg, bytes):
            return super().data(msg)
        self.putcmd("data")
        code, reply = self.getreply()
        if code != 354:
            raise smtplib.SMTPDataError(code, reply)
        stuffed = msg.replace(b"\n.", b"\n..")
        if stuffed.startswith(b"."):
            stuffed = b"." + stuffed
        if not stuffed.endswith(b"\r\n"):
            stuffed += b"\r\n"
        self.send(stuffed + b".\r\n")
        return self.getreply()


class _SMTP(_QuickData, smtplib.SMTP):
    pass


class _SMTP_SSL(_QuickData, smtplib.SMTP_SSL):
    pass


class RelayTransport:
    """Sends through an SMTP relay.  A connection serves message after
    message until it breaks or is closed (the daemon closes it when no mail
    has come for a while); one idle for more than STALE_AFTER is checked
    with a NOOP before it is used again, and replaced when that fails."""

    idempotent = False  # each message is marked sent as soon as it is accepted

    STALE_AFTER = 0.5  # seconds

    def __init__(self, settings: RelaySettings, sender: str) -> None:
        self.settings = settings
        self.sender = sender
        self.client: smtplib.SMTP | None = None
        self.last_used = 0.0

    def open(self) -> None:
        if self.client is not None:
            if time.monotonic() - self.last_used < self.STALE_AFTER:
                return
            try:
                if self.client.noop()[0] == 250:
                    self.last_used = time.monotonic()
                    return
            except (OSError, smtplib.SMTPException):
                pass
            self.close()
        s = self.settings
        if s.ssl:
            client = _SMTP_SSL(
                s.host, s.port, timeout=s.timeout, context=ssl.create_default_context()
            )
        else:
            client = _SMTP(s.host, s.port, timeout=s.timeout)
        try:
            client.ehlo()
            if s.starttls:
                client.starttls(context=ssl.create_default_context())
                client.ehlo()
            if s.user:
                client.login(s.user, s.password)
        except Exception:
            client.close()
            raise
        self.client = client
        self.last_used = time.monotonic()

    def close(self) -> None:
        if self.client is not None:
            try:
                self.client.quit()
            except Exception:
                self.client.close()
            self.client = None

    def send(
        self,
        message_id: str,
        recipients: tuple[str, ...],
        raw: bytes,
        envelope_from: str | None = None,
    ) -> Refused:
        """Deliver one message; return the recipients refused, with codes.
        Raises PermanentFailure or TemporaryFailure when the whole message is
        refused, anything else when the connection failed."""
        if self.client is None:
            self.open()
        smtputf8 = self.client.has_extn("smtputf8")
        refused: Refused = {}
        sendable = []
        for recipient in recipients:
            problem = unsendable(recipient, smtputf8)
            if problem:
                refused[recipient] = (553, problem)
            else:
                sendable.append(recipient)
        if not sendable:
            return refused
        sender = envelope_from or self.sender
        wide = not sender.isascii() or not all(r.isascii() for r in sendable)
        try:
            refused.update(
                _texts(
                    self.client.sendmail(
                        sender, sendable, raw, mail_options=["SMTPUTF8"] if wide else []
                    )
                )
            )
        except smtplib.SMTPRecipientsRefused as exc:
            self.last_used = time.monotonic()
            refused.update(_texts(exc.recipients))
        except (smtplib.SMTPDataError, smtplib.SMTPSenderRefused) as exc:
            text = f"{exc.smtp_code} {_text(exc.smtp_error)}"
            if exc.smtp_code >= 500:
                raise PermanentFailure(f"refused: {text}") from exc
            raise TemporaryFailure(f"refused for now: {text}") from exc
        self.last_used = time.monotonic()
        return refused


def _text(value) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def _texts(refused: dict) -> Refused:
    return {rcpt: (code, _text(text)) for rcpt, (code, text) in refused.items()}
