"""Taking mail no faster than it is answered (Postfix's in_flow_delay).

The listener stores a message in well under a millisecond of its own; the
worker then needs a few to answer it, and the sender to hand the answer on.
A burst (a club's players all writing at a deadline, a test harness) would
be taken as fast as it comes and then wait inside the judge, every answer
later than the one before.  So while more messages wait for their answer
than `LIMIT` (stored and not handled yet, or answered and the answer due
and not sent), a new message's MAIL waits, a little at a time and
`MAX_DELAY` at most, as Postfix's smtpd does: the burst waits at the
senders' side, a few messages at a time, and each is answered within
milliseconds of being taken.  Nothing is refused, and a judge that cannot
catch up (its relay down) only slows each message by `MAX_DELAY`."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import Executor

LIMIT = 16  # messages waiting for their answer before new ones wait
MAX_DELAY = 1.0  # seconds a MAIL waits at most (Postfix's in_flow_delay)
STEP = 0.01  # seconds between looks
FRESH = 0.02  # seconds a count is reused for


class InFlow:
    """`backlog()` (blocking: it reads the database) runs on `executor`."""

    def __init__(
        self,
        backlog: Callable[[], int],
        executor: Executor,
        *,
        limit: int = LIMIT,
        max_delay: float = MAX_DELAY,
    ) -> None:
        self.backlog = backlog
        self.executor = executor
        self.limit = limit
        self.max_delay = max_delay
        self._count = (0.0, 0)  # (when counted, the count)

    async def pause(self) -> float:
        """Wait while the judge is behind; return the seconds waited."""
        started = time.monotonic()
        while await self._waiting() > self.limit:
            waited = time.monotonic() - started
            if waited >= self.max_delay:
                break
            await asyncio.sleep(min(STEP, self.max_delay - waited))
        return time.monotonic() - started

    async def _waiting(self) -> int:
        at, count = self._count
        if time.monotonic() - at > FRESH:
            loop = asyncio.get_running_loop()
            count = await loop.run_in_executor(self.executor, self.backlog)
            self._count = (time.monotonic(), count)
        return count
