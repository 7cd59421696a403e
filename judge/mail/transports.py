"""Where outgoing mail goes: an SMTP relay, or a Maildir when there is none."""

from __future__ import annotations

import hashlib
import os
import smtplib
import socket
import ssl
from pathlib import Path

from judge.config import RelaySettings


class PermanentFailure(Exception):
    """The relay refused the message for good (5xx): do not retry."""


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

    def send(self, message_id: str, recipients: tuple[str, ...], raw: bytes) -> None:
        digest = hashlib.sha256(message_id.encode()).hexdigest()[:32]
        name = f"judge.{digest}.{socket.gethostname() or 'localhost'}"
        if (self.maildir / "new" / name).exists() or any(
            (self.maildir / "cur").glob(name + "*")
        ):
            return
        tmp = self.maildir / "tmp" / name
        with open(tmp, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.rename(tmp, self.maildir / "new" / name)


class RelayTransport:
    """Sends through an SMTP relay; one connection per batch."""

    idempotent = False  # each message is marked sent as soon as it is accepted

    def __init__(self, settings: RelaySettings, sender: str) -> None:
        self.settings = settings
        self.sender = sender
        self.client: smtplib.SMTP | None = None

    def open(self) -> None:
        s = self.settings
        if s.ssl:
            client = smtplib.SMTP_SSL(
                s.host, s.port, timeout=s.timeout, context=ssl.create_default_context()
            )
        else:
            client = smtplib.SMTP(s.host, s.port, timeout=s.timeout)
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

    def close(self) -> None:
        if self.client is not None:
            try:
                self.client.quit()
            except Exception:
                self.client.close()
            self.client = None

    def send(self, message_id: str, recipients: tuple[str, ...], raw: bytes) -> None:
        if self.client is None:
            self.open()
        try:
            # Non-ASCII addresses only reach here when the relay is declared
            # to take them (relay.smtputf8).
            utf8 = () if all(r.isascii() for r in recipients) else ("SMTPUTF8",)
            refused = self.client.sendmail(
                self.sender, list(recipients), raw, mail_options=utf8
            )
        except smtplib.SMTPRecipientsRefused as exc:
            if all(code >= 500 for code, _ in exc.recipients.values()):
                raise PermanentFailure(
                    f"all recipients refused: {exc.recipients}"
                ) from exc
            raise
        except (smtplib.SMTPDataError, smtplib.SMTPSenderRefused) as exc:
            if exc.smtp_code >= 500:
                raise PermanentFailure(
                    f"refused: {exc.smtp_code} {exc.smtp_error}"
                ) from exc
            raise
        # Recipients refused while others accepted are not retried: a retry
        # would send the others a second copy.
        del refused
