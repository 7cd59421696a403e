"""Serving the pages: uvicorn in processes of their own, started and stopped
by `judge serve`.  Processes, not a thread: a page never waits for the
worker's adjudication or drawing (Python runs one thread at a time), and the
pages reach the store only through their read-only connections.  Two of
them share the listening socket (bound here, before they start, so a port
in use is the judge's error at start): 50 readers at once are served on
both cores, and a storm's drawing processes do not take the whole machine
from the pages."""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import socket
import threading
import time

from judge.config import Config, site_address, split_host_port

log = logging.getLogger(__name__)

PROCESSES = 2  # serving the pages (each with its own store connection)


def run(config: Config, listener: socket.socket, parent: int | None = None) -> None:
    """In a web process: serve until stopped (or the judge is gone)."""
    import uvicorn

    from judge.service.world_games import use_worlds_dir
    from judge.web.app import make_app

    if parent is not None:
        threading.Thread(target=_watch, args=(parent,), daemon=True).start()
    logging.basicConfig(level=logging.WARNING)
    use_worlds_dir(config.judge)  # games on random worlds draw like others
    app = make_app(
        config.judge.database_path,
        tz=config.judge.timezone,
        base_url=site_address(config.web),
    )
    settings = uvicorn.Config(
        app,
        access_log=False,  # addresses carry keys and tokens: never logged
        log_level="warning",
        lifespan="off",
        server_header=False,
    )
    uvicorn.Server(settings).run(sockets=[listener])


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def start(config: Config) -> list:
    """The web processes, when `[web] listen` is set (else none)."""
    if not config.web.listen:
        return []
    host, port = split_host_port(config.web.listen, 80)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, port))
    listener.listen(512)
    context = multiprocessing.get_context("spawn")
    processes = []
    # The page processes start with Ctrl-C ignored (an ignored signal stays
    # ignored across exec): one reaching the whole group while they import
    # would end them with a traceback; once serving, uvicorn handles it, and
    # the judge stops them with SIGTERM.
    held = _hold_signals(signal.SIGINT)
    try:
        for n in range(PROCESSES):
            process = context.Process(
                target=run,
                args=(config, listener, os.getpid()),
                name=f"judge-web-{n}",
                daemon=True,
            )
            process.start()
            processes.append(process)
    finally:
        _release(held)
    listener.close()  # the processes have their own copies
    log.info("web pages on %s (%s)", config.web.listen, site_address(config.web))
    return processes


def stop(processes: list) -> None:
    """End the page processes.  A second Ctrl-C, or the same signal passed
    on by uv or sent to the whole group, must not break off the stop half
    way (a traceback, the processes left to atexit): ignored meanwhile."""
    held = _hold_signals(signal.SIGINT, signal.SIGTERM) if processes else {}
    try:
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(10)
            if process.is_alive():
                process.kill()
                process.join(5)
    finally:
        _release(held)


def _hold_signals(*numbers) -> dict:
    """Ignore these signals for a while (main thread only); returns what
    `_release` puts back."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    return {number: signal.signal(number, signal.SIG_IGN) for number in numbers}


def _release(held: dict) -> None:
    for number, handler in held.items():
        signal.signal(number, handler)
