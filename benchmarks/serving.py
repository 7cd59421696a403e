"""What the benchmarks that run `judge serve` as its own process share."""

from __future__ import annotations

import socket
import subprocess
import time


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, judge: subprocess.Popen, timeout: float = 60) -> None:
    """Until the judge's SMTP listener answers (SystemExit if it died)."""
    limit = time.monotonic() + timeout
    while time.monotonic() < limit:
        if judge.poll() is not None:
            raise SystemExit(f"judge serve exited with {judge.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("judge serve did not start")
