"""`judge status`: queue depths and recent errors, read from the database."""

from __future__ import annotations

import argparse
import sys

from judge.config import ConfigError, load_config
from judge.daemon import make_handler
from judge.store.errors import recent_errors
from judge.store.integrity import open_checked
from judge.store.migrations import SchemaError, applied, check, pending
from judge.store.schema import STORE_SCHEMA


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", help="configuration file (default: ./judge.toml)")
    parser.add_argument("--errors", type=int, default=10, help="errors shown")


def run(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"judge status: {exc}", file=sys.stderr)
        return 2
    path = config.judge.database_path
    if not path.exists():
        print(f"no database at {path}: the judge has not run here yet")
        return 1
    schemas = [STORE_SCHEMA]
    handler_schema = getattr(make_handler(config), "schema", None)
    if handler_schema is not None:
        schemas.append(handler_schema)
    print(f"judge {config.judge.code} <{config.judge.address}>, database {path}")
    try:
        db = open_checked(path)  # read only: status changes nothing
        check(db, *schemas)
    except SchemaError as exc:
        print(f"the judge will refuse to start: {exc}")
        return 1
    waiting = pending(db, *schemas)
    print("schema:  " + ", ".join(_version(db, s, applied) for s in schemas))
    if waiting:
        print(
            f"{len(waiting)} migration(s) pending, applied when `judge serve`"
            " next starts"
        )
    if "intake" not in db.table_names():
        return 0
    print("intake:  " + _counts(db, "intake", ("new", "done", "dropped", "failed")))
    print("outbox:  " + _counts(db, "outbox", ("queued", "sent", "failed")))
    oldest = db.execute(
        "SELECT MIN(created_at), MIN(next_attempt) FROM outbox WHERE state = 'queued'"
    ).fetchone()
    if oldest[0]:
        print(f"oldest queued mail from {oldest[0]}, next attempt {oldest[1]}")
    errors = recent_errors(db, args.errors)
    if errors:
        print("recent errors:")
        for error in errors:
            where = f" (message {error['intake_id']})" if error["intake_id"] else ""
            print(f"  {error['at']} {error['part']}{where}: {error['message']}")
    else:
        print("no errors recorded")
    return 0


def _counts(db, table: str, states: tuple[str, ...]) -> str:
    rows = dict(
        db.execute(f"SELECT state, COUNT(*) FROM {table} GROUP BY state").fetchall()
    )
    return ", ".join(f"{state} {rows.get(state, 0)}" for state in states)


def _version(db, schema, applied) -> str:
    have = len(applied(db, schema.component))
    if have == schema.latest:
        return f"{schema.component} {have}"
    return f"{schema.component} {have} (this judge: {schema.latest})"
