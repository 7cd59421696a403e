"""The embedded SMTP listener (aiosmtpd): mail for the judge only, stored
durably before the 250 is sent."""

from __future__ import annotations

import asyncio
import errno
import logging
import ssl
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP

from judge.mail.verp import is_judge_address

log = logging.getLogger("judge.smtp")

# store(raw, envelope_from) -> (intake id, was new); runs in one worker thread
StoreFunction = Callable[[bytes, str], tuple[int, bool]]


class IntakeHandler:
    """aiosmtpd handler: RCPT checks the address, DATA stores the message."""

    def __init__(
        self, store: StoreFunction, judge_address: str, on_stored=None, separator=""
    ) -> None:
        self.store = store
        self.judge_address = judge_address.lower()
        self.separator = separator  # VERP: bounces come to judge+tag@...
        self.on_stored = on_stored or (lambda: None)
        # SQLite work off the event loop, in a single thread of its own.
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="intake")

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if not is_judge_address(address, self.judge_address, self.separator):
            return (
                f"550 5.7.1 <{address}>: not accepted here; "
                f"this judge only takes mail for <{self.judge_address}>"
            )
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content or envelope.content or b""
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        # A tagged recipient (a bounce to a VERP address) is kept with the
        # message, the way a mail server's local delivery records it.
        tagged = [r for r in envelope.rcpt_tos if r.lower() != self.judge_address]
        if tagged:
            raw = b"".join(b"Delivered-To: %s\r\n" % _ascii(r) for r in tagged) + raw
        loop = asyncio.get_running_loop()
        try:
            intake_id, new = await loop.run_in_executor(
                self.executor, self.store, raw, envelope.mail_from or ""
            )
        except Exception as exc:
            log.exception("could not store a message from %s", envelope.mail_from)
            if _storage_full(exc):
                return "452 4.3.1 the judge's storage is full; try again later"
            return "451 4.3.0 the judge could not store your message; try later"
        if new:
            log.info(
                "stored message %d from %s (%d bytes)",
                intake_id,
                envelope.mail_from or "<>",
                len(raw),
            )
            self.on_stored()
        else:
            log.info("message %d delivered again: already stored", intake_id)
        return f"250 2.0.0 OK: stored as {intake_id}"

    def close(self) -> None:
        self.executor.shutdown(wait=True)


def _storage_full(exc: Exception) -> bool:
    """SQLite's SQLITE_FULL: the disk (or the database's size limit) is full."""
    return getattr(exc, "sqlite_errorcode", None) == SQLITE_FULL or (
        isinstance(exc, OSError) and exc.errno == errno.ENOSPC
    )


SQLITE_FULL = 13


def _ascii(address: str) -> bytes:
    return address.encode("ascii", "replace")


class JudgeSMTP(SMTP):
    """aiosmtpd's server, with a refusal of oversized mail that tells the
    sender what to do (their mail server quotes it in the bounce)."""

    async def push(self, status):
        text = status.decode() if isinstance(status, bytes) else status
        if text.startswith("552 Error"):
            status = (
                f"552 5.3.4 Message too big for this judge (at most"
                f" {self.data_size_limit} bytes): please send your commands as"
                " plain text, without attachments"
            )
        await super().push(status)


class SizeLimitedSMTPController(Controller):
    """A Controller whose server announces and enforces SIZE."""

    def __init__(
        self,
        handler,
        hostname,
        port,
        max_size: int,
        tls_context: ssl.SSLContext | None = None,
        require_tls: bool = False,
    ) -> None:
        super().__init__(
            handler,
            hostname=hostname,
            port=port,
            data_size_limit=max_size,
            enable_SMTPUTF8=True,
            ident="pyjudge",
            tls_context=tls_context,
            require_starttls=require_tls,
        )

    def factory(self):
        return JudgeSMTP(self.handler, **self.SMTP_kwargs)


def server_tls_context(cert_file: str, key_file: str) -> ssl.SSLContext:
    """The listener's STARTTLS context: the operator's certificate, TLS 1.2+."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert_file, key_file)
    return context


def start_listener(
    host: str,
    port: int,
    store: StoreFunction,
    judge_address: str,
    max_size: int,
    on_stored=None,
    separator: str = "",
    tls_context: ssl.SSLContext | None = None,
    require_tls: bool = False,
) -> tuple[Controller, IntakeHandler]:
    handler = IntakeHandler(store, judge_address, on_stored, separator)
    controller = SizeLimitedSMTPController(
        handler, host, port, max_size, tls_context, require_tls
    )
    controller.start()
    log.info(
        "SMTP listener on %s:%d for <%s>%s",
        host,
        port,
        judge_address,
        " (STARTTLS required)"
        if require_tls
        else " (STARTTLS offered)"
        if tls_context
        else "",
    )
    return controller, handler
