"""The relay a benchmark's judge delivers to, noting when each message
arrived.

Postfix's `smtp-sink` (`PostfixSink`) when it is installed: a relay in C,
as in production, where the judge hands its mail to Postfix.  It writes
each message to a file (in memory, under /dev/shm), and the file's time is
the moment it was accepted.  Without it, an aiosmtpd server in the
benchmark's own process (`AiosmtpdSink`): it reads every line of every
message in Python, about 3 ms of CPU for a results mail with its picture
(24 ms for a game's eight), on the same cores as the judge, so a storm
measured with it measures the sink too.

Either way `arrivals()` gives what arrived since it was last asked: (the
time it was accepted, as time.time(); the start of the message, its
headers; how many recipients it had); `everything()`, once the run is over,
all that arrived, with its final time (a dump file's time is that of its
last write)."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from aiosmtpd.controller import Controller

HEAD = 4000  # bytes of each message kept: its headers

Arrival = tuple[float, bytes, int]


class AiosmtpdSink:
    def __init__(self, port: int) -> None:
        self.port = port
        self.name = "aiosmtpd in the benchmark's process"
        self._new: list[Arrival] = []
        self._all: list[Arrival] = []
        self._lock = threading.Lock()
        self.controller = Controller(self, hostname="127.0.0.1", port=port)

    async def handle_DATA(self, server, session, envelope):
        arrival = (time.time(), envelope.content[:HEAD], len(envelope.rcpt_tos))
        with self._lock:
            self._new.append(arrival)
            self._all.append(arrival)
        return "250 OK"

    def arrivals(self) -> list[Arrival]:
        with self._lock:
            new, self._new = self._new, []
        return new

    def everything(self) -> list[Arrival]:
        with self._lock:
            return list(self._all)

    def start(self) -> None:
        self.controller.start()

    def stop(self) -> None:
        self.controller.stop()


class PostfixSink:
    def __init__(self, port: int, program: str) -> None:
        self.port = port
        self.name = "Postfix's smtp-sink"
        self.program = program
        shm = Path("/dev/shm")
        self.folder = Path(
            tempfile.mkdtemp(prefix="judge-sink-", dir=shm if shm.is_dir() else None)
        )
        self.folder.chmod(0o777)  # smtp-sink writes as an unprivileged user
        self.seen: set[str] = set()
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        user = ["-u", "nobody"] if os.geteuid() == 0 else []
        self.process = subprocess.Popen(
            [
                self.program,
                *user,
                "-d",
                f"{self.folder}/%H%M%S.",
                f"127.0.0.1:{self.port}",
                "256",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        limit = time.monotonic() + 10
        while time.monotonic() < limit:
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=1),
            ):
                return
            time.sleep(0.02)
        raise RuntimeError("smtp-sink did not start")

    def arrivals(self) -> list[Arrival]:
        new = []
        with os.scandir(self.folder) as entries:
            for entry in entries:
                if entry.name in self.seen:
                    continue
                arrival = _read_dump(entry.path)
                if arrival is None:  # its headers still being written
                    continue
                self.seen.add(entry.name)
                new.append(arrival)
        return new

    def everything(self) -> list[Arrival]:
        found = (_read_dump(self.folder / name) for name in sorted(self.seen))
        return [arrival for arrival in found if arrival is not None]

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)


def _read_dump(path) -> Arrival | None:
    try:
        with open(path, "rb") as file:
            head = file.read(HEAD)
            at = os.fstat(file.fileno()).st_mtime
    except OSError:
        return None
    if b"\n\n" not in head and len(head) < HEAD:
        return None
    return at, _message_head(head), head.count(b"\nX-Rcpt-Args:")


def _message_head(dump: bytes) -> bytes:
    """The message in smtp-sink's dump, after its X- lines of the envelope."""
    return re.sub(rb"\A(?:X-[A-Za-z-]+: [^\n]*\n)+", b"", dump)


def relay_sink(port: int, prefer_postfix: bool = True) -> AiosmtpdSink | PostfixSink:
    program = shutil.which("smtp-sink") or (
        "/usr/sbin/smtp-sink" if Path("/usr/sbin/smtp-sink").exists() else None
    )
    if prefer_postfix and program:
        return PostfixSink(port, program)
    return AiosmtpdSink(port)
