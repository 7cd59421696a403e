"""The running judge: listeners, worker, scheduler and sender in one process.

Threads, each with its own SQLite connection: the SMTP listener (aiosmtpd
in a thread of its own, storing through a single intake thread), the IMAP
poller, the worker (messages and scheduler ticks), the sender, and the
housekeeping (pruning old mail texts).  Stopping sets one event (from the
main thread: signal handlers only record the signal); the worker finishes
the message in hand first."""

from __future__ import annotations

import logging
import os
import re
import select
import signal
import ssl
import threading
import time
from collections.abc import Callable
from contextlib import contextmanager, suppress
from datetime import datetime
from pathlib import Path

from judge.config import Config, ConfigError, DkimSettings, SmtpSettings
from judge.daemon.housekeeping import run_housekeeping
from judge.daemon.worker import Worker
from judge.mail.dkim_signing import DkimKeyError, DkimSigner
from judge.mail.imap_poller import ImapPoller
from judge.mail.message import Closes, HasTables, SetsUp
from judge.mail.sender import drain_outbox
from judge.mail.smtp_listener import server_tls_context, start_listener
from judge.mail.transports import MaildirTransport, RelayTransport
from judge.mail.verp import envelope_sender
from judge.store.db import (
    flush_commits,
    longest_transaction,
    longest_transaction_cpu,
    open_database,
    transaction,
    utc_now,
)
from judge.store.errors import record_error
from judge.store.intake import store_incoming
from judge.store.integrity import open_checked
from judge.store.migrations import migrate
from judge.store.outbox import answers_waiting
from judge.store.schema import STORE_SCHEMA

log = logging.getLogger("judge.daemon")

IDLE_WAIT = 1.0  # seconds: how often idle loops look for work from elsewhere


class Daemon:
    def __init__(
        self,
        config: Config,
        handler,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self.config = config
        self.handler = handler
        self.clock = clock
        self.stop_event = threading.Event()
        self.work_waiting = threading.Event()
        self.mail_waiting = threading.Event()
        self.threads: list[threading.Thread] = []
        self.smtp = None
        self.smtp_handler = None
        self.imap: ImapPoller | None = None
        # Built here, so a bad key or certificate stops `judge serve` at once
        # with the reason, before any thread starts.
        self.signer = dkim_signer(config.dkim)
        self._backlog_local = threading.local()
        self.tls_context = listener_tls_context(config.smtp)

    # -- life cycle -------------------------------------------------------

    def start(self) -> None:
        settings = self.config.judge
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        # Refused (SchemaError) before anything changes: a damaged file, or
        # one a newer judge wrote.  Then every component's pending
        # migrations run, each in its own transaction.
        db = open_checked(settings.database_path)
        try:
            handler = self.handler
            own = [handler.schema] if isinstance(handler, HasTables) else []
            migrate(db, STORE_SCHEMA, *own)
            if isinstance(handler, SetsUp):
                handler.setup(db)
        finally:
            db.close()
        self._thread("worker", self._run_worker)
        self._thread("sender", self._run_sender)
        self._thread(
            "housekeeping",
            lambda: run_housekeeping(self.config, self.clock, self.stop_event),
        )
        if self.config.smtp.enabled:
            self.smtp, self.smtp_handler = start_listener(
                self.config.smtp.host,
                self.config.smtp.port,
                # not durable: the listener flushes before its 250
                self._store("smtp", durable=False),
                settings.address,
                self.config.limits.max_message_size,
                on_stored=self.work_waiting.set,
                separator=settings.bounce_separator,
                tls_context=self.tls_context,
                require_tls=self.config.smtp.require_tls,
                flush=self._flush,
                backlog=self._answers_waiting,
            )
        if self.config.imap is not None:
            self.imap = ImapPoller(
                self.config.imap,
                self._store("imap", durable=True),
                self.config.limits.max_message_size,
                self.stop_event,
                on_stored=self.work_waiting.set,
            )
            self._thread("imap", self.imap.run)
        log.info(
            "judge %s <%s> running; data in %s; mail out %s",
            settings.code,
            settings.address,
            settings.data_dir,
            f"via relay {self.config.relay.host}:{self.config.relay.port}"
            if self.config.relay
            else f"to {settings.maildir_path}",
        )

    def stop(self, hurry: Callable[[], bool] = lambda: False) -> None:
        """Stop every thread; the worker finishes the message in hand.
        `hurry()` true (a further signal) stops waiting for the sender's
        delivery in hand and the drawing processes: nothing is lost, since
        what was not recorded as sent is sent again after a restart."""
        log.info("stopping: finishing the message in hand")
        self.stop_event.set()
        self.work_waiting.set()
        self.mail_waiting.set()
        if self.smtp is not None:
            self.smtp.stop()
            self.smtp_handler.close()
            self.smtp = None
        for thread in self.threads:
            # the worker's message in hand is one transaction: always awaited
            while thread.is_alive() and not (hurry() and thread.name != "worker"):
                thread.join(0.1)
        self.threads.clear()
        if isinstance(self.handler, Closes) and not hurry():
            self.handler.close()
        log.info(
            "stopped; longest write transaction %.0f ms (most CPU time in one %.0f ms)",
            longest_transaction[0] * 1000,
            longest_transaction_cpu[0] * 1000,
        )

    def serve_forever(self) -> None:
        """Run until SIGTERM or SIGINT (main thread only).

        The handlers only count the signal and wake the main thread through
        a pipe: a handler that took a lock (threading.Event.set) could run
        again inside itself when a second signal came, and deadlock.  A
        second signal during the stop hurries it (see `stop`)."""
        signals = SignalFlag()
        # once stopped the process only ends: later signals are ignored
        with signals.installed(signal.SIGTERM, signal.SIGINT, then=signal.SIG_IGN):
            self.start()
            try:
                signals.wait()
                log.info("signal received")
            finally:
                self.stop(hurry=lambda: signals.count > 1)

    def _thread(self, name: str, target) -> None:
        thread = threading.Thread(target=target, name=name, daemon=True)
        thread.start()
        self.threads.append(thread)

    # -- intake -----------------------------------------------------------

    def _flush(self) -> None:
        flush_commits(self.config.judge.database_path)

    def _answers_waiting(self) -> int:
        """In the listener's storing thread (its connection, opened once)."""
        db = getattr(self._backlog_local, "db", None)
        if db is None:
            db = self._backlog_local.db = open_database(
                self.config.judge.database_path, durable=False
            )
        return answers_waiting(db, self.clock())

    def _store(self, source: str, *, durable: bool) -> IntakeStore:
        return IntakeStore(
            self.config.judge.database_path, source, self.clock, durable=durable
        )

    # -- worker and scheduler ---------------------------------------------

    def _run_worker(self) -> None:
        # Not durable: nothing the worker commits leaves the process but by
        # the sender, which flushes the commits before it sends.  A power
        # cut may lose the last messages' handling (never their storing):
        # they are handled again, and nobody saw the first handling.
        db = open_database(self.config.judge.database_path, durable=False)
        worker = Worker(
            db,
            self.handler,
            self.config,
            self.clock,
            self.mail_waiting.set,
            should_stop=self.stop_event.is_set,
            signer=self.signer,
        )
        worker.warm()
        interval = self.config.limits.tick_interval
        next_tick = time.monotonic()
        while not self.stop_event.is_set():
            try:
                busy = worker.process_next()
                if time.monotonic() >= next_tick:
                    worker.tick()
                    next_tick = time.monotonic() + interval
            except Exception as exc:  # the store itself failing: wait, retry
                log.exception("worker error")
                _record(db, "worker", exc, self.clock())
                self.stop_event.wait(IDLE_WAIT)
                continue
            if not busy:
                wait = min(IDLE_WAIT, max(0.0, next_tick - time.monotonic()))
                self.work_waiting.wait(wait)
                self.work_waiting.clear()
        db.close()

    # -- sender -----------------------------------------------------------

    def _run_sender(self) -> None:
        # Not durable: what the sender writes (sent, retry at, refused) is
        # done again when lost.  A power cut can lose the note that a message
        # was delivered, and it is sent again with its Message-ID, as after a
        # crash between the relay's 250 and that note.  Before each batch it
        # flushes the commits that queued it (the worker's, not durable).
        db = open_database(self.config.judge.database_path, durable=False)
        if self.config.relay is not None:
            transport = RelayTransport(self.config.relay, self.config.judge.address)
        else:
            transport = MaildirTransport(self.config.judge.maildir_path)
        limits = self.config.limits
        address = self.config.judge.address
        separator = self.config.judge.bounce_separator

        def envelope(row) -> str:
            return envelope_sender(address, row.id, row.verp_token, separator)

        while not self.stop_event.is_set():
            try:
                drain_outbox(
                    db,
                    transport,
                    self.clock,
                    retry_initial=limits.retry_initial,
                    retry_max=limits.retry_max,
                    max_retry_age=limits.max_retry_age,
                    soft_days=limits.bounce_soft_days,
                    envelope=envelope,
                    should_stop=self.stop_event.is_set,
                    keep_open=True,
                    flush=self._flush,
                )
            except Exception as exc:
                log.exception("sender error")
                _record(db, "sender", exc, self.clock())
            if not self.mail_waiting.wait(IDLE_WAIT):
                transport.close()  # no mail for a while: hang up on the relay
            self.mail_waiting.clear()
        transport.close()
        db.close()


class SignalFlag:
    """Signals recorded for the main thread: a count, and a byte in a pipe
    (signal.set_wakeup_fd) that wakes the main thread's wait."""

    def __init__(self) -> None:
        self.count = 0
        self._read, self._write = os.pipe()
        os.set_blocking(self._write, False)
        os.set_blocking(self._read, False)

    def _handle(self, signum, frame) -> None:
        self.count += 1  # nothing else: no lock, no I/O, no logging

    @contextmanager
    def installed(self, *signums: int, then=None):
        """The signals recorded while inside; afterwards their handlers are
        `then` (None: the previous ones).  A process that is ending passes
        SIG_IGN: a late signal (a second Ctrl-C reaching uv and the judge)
        must not raise KeyboardInterrupt in the interpreter's own shutdown."""
        previous = {n: signal.signal(n, self._handle) for n in signums}
        old_fd = signal.set_wakeup_fd(self._write, warn_on_full_buffer=False)
        try:
            yield self
        finally:
            signal.set_wakeup_fd(old_fd)
            for signum, handler in previous.items():
                signal.signal(signum, handler if then is None else then)
            os.close(self._read)
            os.close(self._write)

    def wait(self) -> None:
        """Until a signal came."""
        while not self.count:
            select.select([self._read], [], [], 3600)
            with suppress(BlockingIOError):
                os.read(self._read, 512)


_MESSAGE_ID = re.compile(
    rb"^message-id:[ \t]*(?:\r?\n[ \t]+)?(<[^<>\s]+>)", re.I | re.M
)


class IntakeStore:
    """Stores incoming mail for one listener (SMTP, IMAP): each thread that
    calls it gets its own connection, opened on first use.  Called as
    store(raw, envelope_from) by the SMTP listener, store(raw, size=,
    oversized=) by the IMAP poller; returns (intake id, was new)."""

    def __init__(
        self,
        path: Path,
        source: str,
        clock: Callable[[], datetime],
        *,
        durable: bool,
    ) -> None:
        self.path = path
        self.source = source
        self.clock = clock
        self.durable = durable
        self.local = threading.local()

    def __call__(
        self,
        raw: bytes,
        envelope_from: str | None = None,
        *,
        size: int | None = None,
        oversized: bool = False,
    ) -> tuple[int, bool]:
        db = getattr(self.local, "db", None)
        if db is None:
            db = self.local.db = open_database(self.path, durable=self.durable)
        return store_incoming(
            db,
            raw,
            message_id=_message_id(raw),
            envelope_from=envelope_from,
            source=self.source,
            now=self.clock(),
            size=size,
            oversized=oversized,
        )


def dkim_signer(settings: DkimSettings | None) -> DkimSigner | None:
    if settings is None:
        return None
    try:
        return DkimSigner.from_files(
            settings.domain, settings.selector, settings.key_file
        )
    except DkimKeyError as exc:
        raise ConfigError(str(exc)) from None


def listener_tls_context(settings: SmtpSettings) -> ssl.SSLContext | None:
    if not settings.tls_cert:
        return None
    try:
        return server_tls_context(settings.tls_cert, settings.tls_key)
    except (OSError, ssl.SSLError) as exc:
        raise ConfigError(
            f"[smtp] tls_cert {settings.tls_cert} / tls_key {settings.tls_key}:"
            f" cannot be used ({exc})"
        ) from None


def _message_id(raw: bytes) -> str | None:
    """The Message-ID, for dedup: a quick look at the header block only."""
    end = raw.find(b"\r\n\r\n")
    if end < 0:
        end = raw.find(b"\n\n")
    found = _MESSAGE_ID.search(raw, 0, end if end >= 0 else len(raw))
    return found.group(1).decode("ascii", "replace") if found else None


def _record(db, part: str, exc: Exception, now: datetime) -> None:
    try:
        with transaction(db):
            record_error(db, part, f"{type(exc).__name__}: {exc}", now)
    except Exception:
        log.exception("could not record the error")
