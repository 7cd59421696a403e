"""`judge status`: queue depths and recent errors, read from the database."""

from __future__ import annotations

import argparse
import sys

from judge.config import EXIT_CONFIG, ConfigError, load_config
from judge.daemon import make_handler
from judge.store.addresses import (
    bounce_summary,
    recent_bounces,
    unreachable_addresses,
)
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
        return EXIT_CONFIG
    path = config.judge.database_path
    if not path.exists():
        print(f"no database at {path}: the judge has not run here yet")
        return 1
    schemas = [STORE_SCHEMA]
    handler = make_handler(config)
    handler_schema = getattr(handler, "schema", None)
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
    print("storage: " + _storage(db, path, config.storage))
    oldest = db.execute(
        "SELECT MIN(created_at), MIN(next_attempt) FROM outbox WHERE state = 'queued'"
    ).fetchone()
    if oldest[0]:
        print(f"oldest queued mail from {oldest[0]}, next attempt {oldest[1]}")
    failed = db.execute(
        "SELECT id, recipients, last_error FROM outbox WHERE state = 'failed'"
        " ORDER BY id DESC LIMIT 5"
    ).fetchall()
    for outbox_id, recipients, error in failed:
        print(f"  failed mail {outbox_id} to {recipients}: {error}")
    if "bounces" in db.table_names():
        _bounces(db, args.errors)
    status_lines = getattr(handler, "status_lines", None)
    if status_lines is not None and not waiting:
        for line in status_lines(db):  # the handler's own: games that fail
            print(line)
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


def _storage(db, path, storage) -> str:
    size = sum(
        p.stat().st_size
        for p in (path, path.with_name(path.name + "-wal"))
        if p.exists()
    )
    free = db.execute("PRAGMA freelist_count").fetchone()[0]
    columns = {row[1] for row in db.execute("PRAGMA table_info(outbox)")}
    if "pruned_at" not in columns:  # migrations pending
        return f"{size / 1e6:.1f} MB ({free} free pages)"
    pruned = db.execute(
        "SELECT (SELECT COUNT(*) FROM outbox WHERE pruned_at IS NOT NULL),"
        " (SELECT COUNT(*) FROM intake WHERE pruned_at IS NOT NULL)"
    ).fetchone()
    return (
        f"{size / 1e6:.1f} MB ({free} free pages); mail texts kept"
        f" {storage.keep_sent_days:g} days out, {storage.keep_intake_days:g} days in;"
        f" {pruned[0]} sent and {pruned[1]} received already pruned"
    )


def _bounces(db, limit: int) -> None:
    """Bounces recorded and dropped (with reasons), unreachable addresses."""
    counts = bounce_summary(db)
    print(
        f"bounces: recorded {counts.get('recorded', 0)},"
        f" dropped {counts.get('dropped', 0)};"
        f" addresses unreachable {counts['unreachable']}"
    )
    for row in unreachable_addresses(db, 10):
        print(
            f"  unreachable since {row['marked_at']}: {row['address']}: {row['reason']}"
        )
    for row in recent_bounces(db, limit):
        about = f" <{row['address']}>" if row["address"] else ""
        where = f" (message {row['intake_id']})" if row["intake_id"] else ""
        print(f"  {row['at']} bounce {row['verdict']}{where}{about}: {row['reason']}")
