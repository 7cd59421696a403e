"""The embedded SMTP listener (aiosmtpd): mail for the judge only, stored
durably before the 250 is sent."""

from __future__ import annotations

import asyncio
import errno
import logging
import re
import ssl
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP

from judge.mail.in_flow import InFlow
from judge.mail.verp import is_judge_address

log = logging.getLogger("judge.smtp")

# store(raw, envelope_from) -> (intake id, was new); runs in one worker thread
StoreFunction = Callable[[bytes, str], tuple[int, bool]]


class GroupFlush:
    """Makes stored messages durable, many with one flush: each message
    waits for a flush that began after its commit, and one flush covers
    every commit made before it began.  `flush` (blocking) runs in a thread
    of its own; the bookkeeping runs on the event loop alone."""

    def __init__(self, flush: Callable[[], None]) -> None:
        self.flush = flush
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="flush")
        self.committed = 0  # commits that asked for a flush
        self.flushed = 0  # of those, how many a finished flush covered
        self.running: asyncio.Task | None = None

    async def wait(self) -> None:
        """Return once every commit made before this call is durable."""
        self.committed += 1
        mine = self.committed
        while self.flushed < mine:
            if self.running is None:
                self.running = asyncio.ensure_future(self._flush(self.committed))
            await self.running

    async def _flush(self, covers: int) -> None:
        try:
            await asyncio.get_running_loop().run_in_executor(self.executor, self.flush)
            self.flushed = max(self.flushed, covers)
        finally:
            self.running = None

    def close(self) -> None:
        self.executor.shutdown(wait=True)


class IntakeHandler:
    """aiosmtpd handler: RCPT checks the address, DATA stores the message.

    With `flush`, `store` commits without waiting for the disk, and the
    messages stored meanwhile are made durable together by `flush` before
    their 250s; without, `store` is durable itself."""

    def __init__(
        self,
        store: StoreFunction,
        judge_address: str,
        on_stored=None,
        separator="",
        flush: Callable[[], None] | None = None,
        backlog: Callable[[], int] | None = None,
    ) -> None:
        self.store = store
        self.judge_address = judge_address.lower()
        self.separator = separator  # VERP: bounces come to judge+tag@...
        self.on_stored = on_stored or (lambda: None)
        # SQLite work off the event loop, in a single thread of its own.
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="intake")
        self.flush = GroupFlush(flush) if flush is not None else None
        # messages waiting for their answer (judge/mail/in_flow.py)
        self.in_flow = InFlow(backlog, self.executor) if backlog else None

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        if self.in_flow is not None:
            await self.in_flow.pause()
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

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
            if self.flush is not None:
                # (a copy already stored may not be durable yet either)
                await self.flush.wait()
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
        if self.flush is not None:
            self.flush.close()


def _storage_full(exc: Exception) -> bool:
    """SQLite's SQLITE_FULL: the disk (or the database's size limit) is full."""
    return getattr(exc, "sqlite_errorcode", None) == SQLITE_FULL or (
        isinstance(exc, OSError) and exc.errno == errno.ENOSPC
    )


SQLITE_FULL = 13


def _ascii(address: str) -> bytes:
    return address.encode("ascii", "replace")


# `<local@domain.name>` in its plain form (dot-atoms both sides), which
# is what nearly every client sends in MAIL FROM and RCPT TO
_PLAIN_PATH = re.compile(
    r"<([A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)>"
)


class JudgeSMTP(SMTP):
    """aiosmtpd's server, with a refusal of oversized mail that tells the
    sender what to do (their mail server quotes it in the bounce), and a
    quicker reading of the usual envelope address."""

    def _getaddr(self, arg):
        """A plain `<local@domain>` read directly; anything else by
        aiosmtpd's header parser, a sixth of the listener's time per mail."""
        found = _PLAIN_PATH.match(arg)
        rest = arg[found.end() :].lstrip(" \t") if found else ""
        if found is None or rest.startswith("("):  # a comment: theirs
            return super()._getaddr(arg)
        addr = found.group(1)
        if (
            self.local_part_limit
            and len(addr.rpartition("@")[0]) > self.local_part_limit
        ):
            return None, None
        return addr, rest

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
    flush: Callable[[], None] | None = None,
    backlog: Callable[[], int] | None = None,
) -> tuple[Controller, IntakeHandler]:
    handler = IntakeHandler(store, judge_address, on_stored, separator, flush, backlog)
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
