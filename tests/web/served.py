"""A judge's store with games played by mail, and its web pages served by
uvicorn on a loopback port in a thread: what the web tests read."""

from __future__ import annotations

import http.client
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import uvicorn

sys.path.insert(0, str(Path(__file__).parent.parent / "service"))

from harness import Judge  # noqa: E402
from random_game import RandomGame  # noqa: E402

from judge.config import Budgets  # noqa: E402
from judge.web.app import make_app  # noqa: E402
from judge.web.limits import RateLimit  # noqa: E402
from tests.conftest import free_port  # noqa: E402


@dataclass
class Served:
    judge: Judge
    port: int
    server: uvicorn.Server
    thread: threading.Thread
    game: RandomGame | None = None
    extra: dict = field(default_factory=dict)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def get(self, path: str, method: str = "GET", headers=None):
        """(status, headers, body) of one request, the path sent as given."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.putrequest(method, path, skip_accept_encoding=True)
            for k, v in (headers or {}).items():
                conn.putheader(k, v)
            conn.endheaders()
            response = conn.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            conn.close()

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


def serve(judge: Judge, limit: RateLimit | None = None, clock=None) -> Served:
    port = free_port()
    app = make_app(
        Path(judge.db.conn.execute("PRAGMA database_list").fetchone()[2]),
        tz="UTC",
        base_url=f"http://127.0.0.1:{port}/",
        clock=clock,
        limit=limit,
    )
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, access_log=False, log_level="warning",
        lifespan="off",
    )  # fmt: skip
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the web server did not start")
        time.sleep(0.05)
    return Served(judge, port, server, thread)


def played_game(
    path: Path, seed: int = 1, last_year: int = 1902, solo: bool = False
) -> tuple:
    """A standard game played by mail with random orders to `last_year`."""
    judge = Judge(path)
    # the password hashes' time budget is for a judge's own machine, not a
    # test runner shared with other jobs: a takeover's hash must not run out
    judge.service.budgets = Budgets(hash_seconds_per_message=60.0)
    game = RandomGame(judge, seed, last_year, solo)
    game.play()
    return judge, game
