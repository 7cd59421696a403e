"""Test-only: `judge serve` whose game service kills its own process (as a
crash in the renderer or the OOM killer would) when it processes the game
named by the environment variable CRASH_GAME.  Run by
tests/daemon/test_crashing_game.py as `python -m tests.daemon.crashing_judge
--config FILE`; never used by the judge itself."""

from __future__ import annotations

import os
import signal
import sys

from judge.config import load_config
from judge.daemon.daemon import Daemon
from judge.daemon.logs import setup_logging
from judge.service.handler import GameService


class CrashingService(GameService):
    def do_work(self, db, name, now):
        if name == os.environ["CRASH_GAME"]:
            os.kill(os.getpid(), signal.SIGKILL)
        return super().do_work(db, name, now)


def main() -> None:
    setup_logging(False, "INFO")
    config = load_config(sys.argv[sys.argv.index("--config") + 1])
    Daemon(config, CrashingService(config.judge, config.budgets)).serve_forever()


if __name__ == "__main__":
    main()
