"""`judge serve [--config FILE]`: run the judge until SIGTERM."""

from __future__ import annotations

import argparse
import logging
import sys

from judge.config import ConfigError, load_config
from judge.daemon import make_handler
from judge.daemon.daemon import Daemon
from judge.daemon.logs import setup_logging
from judge.store.migrations import SchemaError

EXIT_REFUSED = 78  # EX_CONFIG: the database needs the operator, not a restart


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config", help="configuration file (default: ./judge.toml if present)"
    )
    parser.add_argument("--log-json", action="store_true", help="log JSON lines")
    parser.add_argument("--log-level", default="INFO", help="default INFO")


def run(args: argparse.Namespace) -> int:
    setup_logging(args.log_json, args.log_level)
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"judge serve: {exc}", file=sys.stderr)
        return 2
    try:
        daemon = Daemon(config, make_handler(config))
    except ConfigError as exc:
        print(f"judge serve: {exc}", file=sys.stderr)
        return 2
    from judge.web import server as web  # the pages, when [web] listen is set

    pages: list = []
    try:
        pages = web.start(config)  # a web port in use: "cannot start", 1
        daemon.serve_forever()
    except SchemaError as exc:
        # Restarting cannot help: the unit in contrib/ does not restart on
        # this exit status (RestartPreventExitStatus).
        logging.getLogger("judge.daemon").error("refusing to start: %s", exc)
        print(f"judge serve: refusing to start: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    except OSError as exc:
        logging.getLogger("judge.daemon").error("cannot start: %s", exc)
        return 1
    finally:
        web.stop(pages)
    return 0
