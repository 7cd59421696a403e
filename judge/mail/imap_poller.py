"""Reads the judge's mail from an existing IMAP mailbox.

Each unseen message is fetched without touching its flags, stored durably,
and only then flagged \\Seen (or moved to the processed folder): a crash in
between means it is fetched again, and the intake's dedup makes that
harmless.  IDLE waits for new mail where the server offers it, polling does
otherwise; a lost connection is retried with a growing pause."""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable

from imapclient import IMAPClient

from judge.config import ImapSettings

log = logging.getLogger("judge.imap")

# store(raw, size=..., oversized=...) -> (intake id, was new)
StoreFunction = Callable[..., tuple[int, bool]]

IDLE_RENEW_SECONDS = 25 * 60  # servers drop IDLE after 30 minutes
BACKOFF_MAX = 60.0


class ImapPoller:
    def __init__(
        self,
        settings: ImapSettings,
        store: StoreFunction,
        max_size: int,
        stop: threading.Event,
        on_stored: Callable[[], None] = lambda: None,
    ) -> None:
        self.settings = settings
        self.store = store
        self.max_size = max_size
        self.stop = stop
        self.on_stored = on_stored
        self.connected = threading.Event()  # for tests and status

    def run(self) -> None:
        """Poll until `stop` is set, reconnecting as needed."""
        backoff = 1.0
        while not self.stop.is_set():
            try:
                client = self._connect()
            except Exception as exc:
                log.warning(
                    "IMAP %s:%d unreachable (%s); retrying in %.0f s",
                    self.settings.host,
                    self.settings.port,
                    exc,
                    backoff,
                )
                self.stop.wait(backoff)
                backoff = min(backoff * 2, BACKOFF_MAX)
                continue
            backoff = 1.0
            try:
                self._serve(client)
            except Exception as exc:
                log.warning("IMAP connection lost (%s); reconnecting", exc)
                self.stop.wait(1.0)
            finally:
                self.connected.clear()
                with contextlib.suppress(Exception):
                    client.logout()

    def _connect(self) -> IMAPClient:
        s = self.settings
        client = IMAPClient(s.host, port=s.port, ssl=s.tls, timeout=60)
        try:
            client.login(s.user, s.password)
            client.select_folder(s.folder)
            if s.processed_folder and not client.folder_exists(s.processed_folder):
                client.create_folder(s.processed_folder)
        except Exception:
            with contextlib.suppress(Exception):
                client.shutdown()
            raise
        log.info("IMAP connected to %s:%d, folder %s", s.host, s.port, s.folder)
        self.connected.set()
        return client

    def _serve(self, client: IMAPClient) -> None:
        use_idle = self.settings.idle and client.has_capability("IDLE")
        while not self.stop.is_set():
            self.fetch_new(client)
            if use_idle:
                self._idle(client)
            else:
                self.stop.wait(self.settings.poll_interval)
                client.noop()

    def fetch_new(self, client: IMAPClient) -> int:
        """Store and mark every unseen message; return how many were new."""
        uids = client.search(["UNSEEN"])
        new = 0
        for uid in uids:
            if self.stop.is_set():
                break
            sizes = client.fetch([uid], ["RFC822.SIZE"])
            if uid not in sizes:
                continue
            size = sizes[uid][b"RFC822.SIZE"]
            oversized = size > self.max_size
            part = b"BODY[HEADER]" if oversized else b"BODY[]"
            fetched = client.fetch([uid], [part.replace(b"BODY", b"BODY.PEEK")])
            raw = fetched.get(uid, {}).get(part)
            if raw is None:
                continue
            _, was_new = self.store(raw, size=size, oversized=oversized)
            new += was_new
            self._mark_processed(client, uid)
        if new:
            self.on_stored()
        return new

    def _mark_processed(self, client: IMAPClient, uid: int) -> None:
        target = self.settings.processed_folder
        if target:
            if client.has_capability("MOVE"):
                client.move([uid], target)
                return
            client.copy([uid], target)
            client.add_flags([uid], [b"\\Seen", b"\\Deleted"])
            if client.has_capability("UIDPLUS"):
                client.expunge([uid])
            else:
                client.expunge()
            return
        client.add_flags([uid], [b"\\Seen"])

    def _idle(self, client: IMAPClient) -> None:
        client.idle()
        started = time.monotonic()
        try:
            while not self.stop.is_set():
                responses = client.idle_check(timeout=1.0)
                if responses or time.monotonic() - started > IDLE_RENEW_SECONDS:
                    break
        finally:
            client.idle_done()
