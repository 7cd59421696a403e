"""`judge adjudicate [--variant NAME] [--config FILE]`: JSON lines in, JSON
lines out (docs/contracts/adjudicate.md); the requests are handled by
judge.adjudicate."""

from __future__ import annotations

import json
import sys

from judge.adjudicate import handle_line
from judge.config import ConfigError, load_config
from judge.engine.board import add_maps_dir


def add_arguments(parser) -> None:
    parser.add_argument(
        "--variant",
        default="standard",
        help="variant of requests that name none (default: standard); "
        "options follow a colon, e.g. standard:rules=2023",
    )
    parser.add_argument(
        "--config",
        help="the judge's configuration, whose worlds_dir holds the random worlds"
        " of its games (default: ./judge.toml when present)",
    )


def _find_worlds(config_path: str | None) -> None:
    """Games' random worlds (`CREATE ... random`) are variants here too."""
    try:
        config = load_config(config_path)
    except ConfigError as error:
        if config_path is not None:  # asked for by name: say why it is unusable
            raise SystemExit(f"judge adjudicate: {error}") from error
        return
    if config.judge.worlds_path.is_dir():
        add_maps_dir(config.judge.worlds_path)


def run(args) -> int:
    # Guess-and-check recursion grows with chains of dependent orders; leave
    # room for the largest variant boards.
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    _find_worlds(args.config)
    out = sys.stdout
    for raw in sys.stdin.buffer:  # bytes: a line that is not UTF-8 is just bad JSON
        line = raw.decode("utf-8", "replace")
        if not line.strip():
            continue
        out.write(json.dumps(handle_line(line, args.variant)) + "\n")
        out.flush()
    return 0
