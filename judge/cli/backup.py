"""`judge backup FILE`: a consistent copy of the database, while the judge
runs (docs/operations.md says how to restore one)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from judge.config import EXIT_CONFIG, ConfigError, load_config
from judge.store.backup import BackupError, backup


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="the copy to write (a new file)")
    parser.add_argument("--config", help="configuration file (default: ./judge.toml)")


def run(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"judge backup: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    try:
        size = backup(config.judge.database_path, args.file)
    except BackupError as exc:
        print(f"judge backup: {exc}", file=sys.stderr)
        return 1
    print(f"backed up {config.judge.database_path} to {args.file} ({size} bytes)")
    return 0
