"""The daemon's housekeeping thread: now and then, mail texts past their
keeping time are dropped and the space given back (judge/store/retention.py).
Its own thread and connection; it writes in short transactions through the
same per-file lock as the other writers."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime

from judge.config import Config
from judge.store.db import open_database, transaction
from judge.store.errors import record_error
from judge.store.retention import prune

log = logging.getLogger("judge.housekeeping")

FIRST_RUN = 60.0  # seconds after start: let the judge catch up with its mail


def run_housekeeping(
    config: Config,
    clock: Callable[[], datetime],
    stop: threading.Event,
    first_run: float = FIRST_RUN,
) -> None:
    storage = config.storage
    db = open_database(config.judge.database_path)
    wait = min(first_run, storage.prune_interval)
    try:
        while not stop.wait(wait):
            wait = storage.prune_interval
            try:
                done = prune(
                    db,
                    clock(),
                    keep_sent_days=storage.keep_sent_days,
                    keep_intake_days=storage.keep_intake_days,
                    rate_window_seconds=config.limits.rate_limit_window,
                    should_stop=stop.is_set,
                )
            except Exception as exc:
                log.exception("pruning failed")
                try:
                    with transaction(db):
                        record_error(
                            db, "housekeeping", f"{type(exc).__name__}: {exc}", clock()
                        )
                except Exception:
                    log.exception("could not record the error")
                continue
            if done.outbox or done.intake or done.pages_freed:
                log.info(
                    "pruned the texts of %d sent and %d received mails;"
                    " %d pages given back",
                    done.outbox,
                    done.intake,
                    done.pages_freed,
                )
    finally:
        db.close()
