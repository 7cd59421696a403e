"""Serving the pages: uvicorn in a process of its own, started and stopped
by `judge serve`.  A process, not a thread: a page never waits for the
worker's adjudication or drawing (Python runs one thread at a time), and the
pages reach the store only through their read-only connection."""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time

from judge.config import Config, site_address, split_host_port

log = logging.getLogger(__name__)


def run(config: Config, parent: int | None = None) -> None:
    """In the web process: serve until stopped (or the judge is gone)."""
    import uvicorn

    from judge.service.world_games import use_worlds_dir
    from judge.web.app import make_app

    if parent is not None:
        threading.Thread(target=_watch, args=(parent,), daemon=True).start()
    logging.basicConfig(level=logging.WARNING)
    use_worlds_dir(config.judge)  # games on random worlds draw like others
    host, port = split_host_port(config.web.listen, 80)
    app = make_app(
        config.judge.database_path,
        tz=config.judge.timezone,
        base_url=site_address(config.web),
    )
    uvicorn.run(
        app,
        host=host,
        port=port,
        access_log=False,  # addresses carry keys and tokens: never logged
        log_level="warning",
        lifespan="off",
        server_header=False,
    )


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def start(config: Config):
    """The web process, when `[web] listen` is set (else None)."""
    if not config.web.listen:
        return None
    process = multiprocessing.get_context("spawn").Process(
        target=run, args=(config, os.getpid()), name="judge-web", daemon=True
    )
    process.start()
    log.info("web pages on %s (%s)", config.web.listen, site_address(config.web))
    return process


def stop(process) -> None:
    if process is None:
        return
    process.terminate()
    process.join(10)
    if process.is_alive():
        process.kill()
        process.join(5)
