"""`judge serve [--config FILE]`: run the judge until SIGTERM."""

from __future__ import annotations

import argparse
import logging
import sqlite3
import sys

from judge.config import EXIT_CONFIG, ConfigError, load_config
from judge.daemon import make_handler
from judge.daemon.daemon import Daemon
from judge.daemon.logs import setup_logging
from judge.store.migrations import SchemaError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config", help="configuration file (default: ./judge.toml if present)"
    )
    parser.add_argument("--log-json", action="store_true", help="log JSON lines")
    parser.add_argument("--log-level", default="INFO", help="default INFO")


def run(args: argparse.Namespace) -> int:
    setup_logging(args.log_json, args.log_level)
    log = logging.getLogger("judge.daemon")
    try:
        config = load_config(args.config)
        daemon = Daemon(config, make_handler(config))
    except ConfigError as exc:
        print(f"judge serve: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    from judge.web import server as web  # the pages, when [web] listen is set

    pages: list = []
    try:
        pages = web.start(config)  # a web port in use: "cannot start", 1
        daemon.serve_forever()
    except SchemaError as exc:
        log.error("refusing to start: %s", exc)
        print(f"judge serve: refusing to start: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    except (PermissionError, NotADirectoryError, FileExistsError) as exc:
        return _data_dir_refused(config, exc)
    except sqlite3.OperationalError as exc:
        if "unable to open" not in str(exc) and "readonly" not in str(exc):
            raise  # busy, locked: a restart may well help
        return _data_dir_refused(config, exc)
    except OSError as exc:
        log.error("cannot start: %s", exc)
        print(f"judge serve: cannot start: {exc}", file=sys.stderr)
        return 1
    finally:
        web.stop(pages)
    return 0


def _data_dir_refused(config, exc: Exception) -> int:
    """A data_dir the judge's user may not write (or not a folder)."""
    where = config.judge.data_dir
    logging.getLogger("judge.daemon").error(
        "cannot use the data directory %s: %s", where, exc
    )
    print(
        f"judge serve: cannot use the data directory {where}: {exc}"
        " (docs/operations.md: data_dir and the unit's StateDirectory=)",
        file=sys.stderr,
    )
    return EXIT_CONFIG
