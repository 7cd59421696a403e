"""Results pictures: drawn inline (`render_map`), or ahead, in other
processes, during a deadline storm.

Drawing a board is most of what processing a game costs, and it needs no
database: when the scheduler has several games due, the next few games'
phases are adjudicated and drawn in a small process pool while the worker
thread commits the games before them, so a storm uses every core and no
write transaction waits for a drawing.  Every due game's picture is drawn
there, one game alone too, and the pool is started a little before the
first deadline (`warm`), not at the judge's start.

Processing always adjudicates again in its own transaction; it takes a
drawing made ahead only when that drawing was made from the same position,
orders and title (`picture_key`), and draws inline otherwise.  Adjudication
is deterministic, so the picture is the one processing would have drawn."""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor

from judge.engine.api import adjudicate, initial_position
from judge.engine.serialize import position_from_json
from judge.pictures import render_png
from judge.pictures.geometry import GeometryError
from judge.reports.results import phase_title
from judge.service.variant_orders import engine_orders
from judge.variants import load_variant

log = logging.getLogger(__name__)

AHEAD = 6  # games drawn ahead of the one being processed
NICENESS = 10  # the drawing processes yield the cores to the judge and pages


def picture_key(game: str, turn: int, position: str, orders) -> str:
    """What a results picture depends on: the game's name and turn (its
    title), the position before processing, the orders (their texts)."""
    text = json.dumps([game, turn, position, orders], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def render_map(board, position, result, title: str) -> bytes | None:
    """The PNG, or None when the map has no drawing (a variant's): the results
    then go without a picture.  Any other failure is logged, not hidden."""
    try:
        return render_png(board, position, result, title=title)
    except GeometryError:
        return None
    except Exception:
        log.exception("drawing %s failed; the mail goes without its map", title)
        return None


def draw(variant: str, position_json: str, orders, game: str, turn: int):
    """In a pool process: adjudicate the phase as processing will, draw it."""
    board, rules = load_variant(variant)
    position = position_from_json(board, json.loads(position_json))
    result = adjudicate(board, position, engine_orders(board, position, orders), rules)
    title = phase_title(result.phase, "results", game, turn)
    return render_map(board, result.position, result, title)


def _warm_up() -> None:
    """In a pool process: a first drawing, so that what every drawing needs
    (the map, the fonts, the renderer) is loaded before the deadline."""
    board, _ = load_variant("standard")
    render_map(board, initial_position(board), None, "warm-up")


def _start_child(parent: int, initializer, initargs) -> None:
    """In a pool process: end with the judge, even when it was killed (a
    killed parent cannot tell its pool to stop), then the caller's setup."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
    # Drawing is batch work: where the cores are short (a storm), the
    # worker's mail and the web pages go first (benchmarks/web.py: p95 of a
    # page during a storm 56 ms instead of 117 on the same busy machine).
    os.nice(NICENESS)
    if initializer is not None:
        initializer(*initargs)


class PicturePool:
    def __init__(self, processes: int, initializer=None, initargs=()) -> None:
        self.processes = processes
        self.initializer, self.initargs = initializer, initargs
        self.executor: ProcessPoolExecutor | None = None
        self.pending: OrderedDict[str, Future] = OrderedDict()
        self.lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        return self.processes > 0

    def submit(self, key: str, *job) -> None:
        with self.lock:
            if key in self.pending or not self.enabled:
                return
            self.pending[key] = self._executor().submit(draw, *job)
            while len(self.pending) > 4 * AHEAD:  # never taken: forget
                self.pending.popitem(last=False)[1].cancel()

    def warm(self) -> None:
        """Start the processes, each loading the drawing code and the
        standard map, unless they run already (a deadline is near)."""
        with self.lock:
            if not self.enabled or self.executor is not None:
                return
            executor = self._executor()
            for _ in range(self.processes):
                executor.submit(_warm_up)

    def _executor(self) -> ProcessPoolExecutor:
        """The pool, started at its first use (the lock held)."""
        if self.executor is None:
            # spawn: the daemon has threads and open SQLite connections,
            # which a forked child must not inherit
            self.executor = ProcessPoolExecutor(
                self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_child,
                initargs=(os.getpid(), self.initializer, self.initargs),
            )
        return self.executor

    def take(self, key: str) -> bytes | None | bool:
        """The drawing made ahead for `key` (bytes, or None: the map has no
        drawing); False when there is none, or it failed."""
        with self.lock:
            future = self.pending.pop(key, None)
        if future is None:
            return False
        try:
            return future.result(timeout=60)
        except Exception:
            log.exception("drawing ahead failed; drawing inline")
            return False

    def ready(self, key: str) -> bool:
        """Whether nothing is being drawn for `key` any more."""
        with self.lock:
            future = self.pending.get(key)
        return future is None or future.done()

    def wait(self, key: str, timeout: float = 60) -> None:
        """Wait until the drawing for `key` is done (before the transaction
        that takes it opens, so no transaction waits for a drawing)."""
        with self.lock:
            future = self.pending.get(key)
        if future is not None:
            with contextlib.suppress(Exception):  # take() logs it, draws inline
                future.exception(timeout=timeout)

    def close(self) -> None:
        with self.lock:
            executor, self.executor = self.executor, None
            self.pending.clear()
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


# The pool processing consults (set by the game service; none in tests that
# drive the service directly, which then draw inline).
current: PicturePool | None = None


def drawn_ahead(game: str, turn: int, position: str, orders) -> bytes | None | bool:
    """The picture drawn ahead for this phase (see PicturePool.take)."""
    pool = current
    if pool is None:
        return False
    return pool.take(picture_key(game, turn, position, orders))
