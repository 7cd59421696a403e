"""`judge export GAME [--format mila|history] [-o FILE] [--config judge.toml]`:
a game's whole record for other programs (docs/contracts/export.md)."""

from __future__ import annotations

import sys
from pathlib import Path

from judge.cli.games import NoStore, open_game_store
from judge.service.export import FORMATS, NoRecord, export


def add_arguments(parser) -> None:
    parser.add_argument("game", help="a game of this judge (by name)")
    parser.add_argument(
        "--format", default="mila", help=f"{' or '.join(FORMATS)} (default mila)"
    )
    parser.add_argument("-o", "--output", type=Path, help="FILE (default: stdout)")
    parser.add_argument(
        "--config", type=Path, help="the judge's configuration (default judge.toml)"
    )


def _fail(message: str) -> int:
    print(f"judge export: {message}", file=sys.stderr)
    return 2


def run(args) -> int:
    if args.format not in FORMATS:
        return _fail(f"unknown format {args.format!r}; known: {', '.join(FORMATS)}")
    try:
        db = open_game_store(args.config)
    except NoStore as e:
        return _fail(str(e))
    try:
        text = export(db, args.game, args.format)
    except NoRecord as e:
        return _fail(str(e))
    finally:
        db.conn.close()
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        args.output.write_text(text, encoding="utf-8")
    except OSError as e:
        return _fail(f"cannot write {args.output}: {e.strerror or e}")
    return 0
