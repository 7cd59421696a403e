"""Requests per client address: a token bucket each, so a reader clicking
through phases is never stopped but no one address can load the judge.
The address is the peer's, or the one the proxy in front names
(uvicorn trusts X-Forwarded-For only from the proxy addresses it is told)."""

from __future__ import annotations

import time
from collections import OrderedDict
from threading import Lock

BURST = 120  # requests at once (a page and its script and style: 3)
PER_SECOND = 2.0  # then this many a second
ADDRESSES = 10_000  # buckets kept (the least recently seen are dropped)


class RateLimit:
    def __init__(
        self, burst: int = BURST, per_second: float = PER_SECOND, clock=time.monotonic
    ) -> None:
        self.burst, self.per_second, self.clock = burst, per_second, clock
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self.lock = Lock()

    def allow(self, address: str) -> bool:
        now = self.clock()
        with self.lock:
            tokens, then = self.buckets.pop(address, (float(self.burst), now))
            tokens = min(self.burst, tokens + (now - then) * self.per_second)
            allowed = tokens >= 1
            self.buckets[address] = (tokens - 1 if allowed else tokens, now)
            while len(self.buckets) > ADDRESSES:
                self.buckets.popitem(last=False)
        return allowed
