"""What the benchmarks that run `judge serve` as its own process share."""

from __future__ import annotations

import re
import socket
import subprocess
import time
from pathlib import Path


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


def dkim_section(folder: Path) -> str:
    """A `[dkim]` section with a new 2048-bit key in `folder`: production
    judges sign every mail, so the benchmarks do too."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    path = folder / "dkim.pem"
    path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        )
    )
    return f'[dkim]\ndomain = "example.org"\nselector = "bench"\nkey_file = "{path}"\n'


def longest_transaction_ms(log_text: str) -> str:
    """The longest time one write transaction held the database, and the
    most CPU time one spent, as the judge logs them when it stops."""
    found = re.findall(
        r"longest write transaction (\d+) ms(?: \(most CPU time in one (\d+) ms\))?",
        log_text,
    )
    if not found:
        return "(not logged)"
    wall, cpu = found[-1]
    return f"{wall} ms" + (f" (CPU time: at most {cpu} ms)" if cpu else "")
