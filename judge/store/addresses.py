"""What the judge knows of the addresses it writes to: failures and state.

An address becomes unreachable on a hard failure (a 5.x.x bounce, a relay's
5xx refusal, a message given up after its retries), or on soft failures
(4.x.x) spanning more than `soft_days`.  Mail received from the address
clears the mark.  Every bounce, recorded or dropped, is kept in `bounces`
(the latest KEEP_BOUNCES) with its reason, for `judge status`.  All writes
run inside the caller's transaction."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlite_utils

from judge.store.db import from_iso, iso

KEEP_BOUNCES = 10_000
HARD, SOFT = "hard", "soft"


@dataclass(frozen=True)
class Unreachable:
    address: str
    reason: str


def record_bounce(
    db: sqlite_utils.Database,
    now: datetime,
    *,
    verdict: str,
    reason: str,
    intake_id: int | None = None,
    outbox_id: int | None = None,
    address: str | None = None,
    kind: str | None = None,
    status: str | None = None,
) -> None:
    db.execute(
        "INSERT INTO bounces (at, intake_id, outbox_id, address, kind, status,"
        " verdict, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            iso(now),
            intake_id,
            outbox_id,
            address.lower()[:320] if address else None,
            kind,
            status[:20] if status else None,
            verdict,
            reason[:500],
        ),
    )
    db.execute(
        "DELETE FROM bounces WHERE id <= (SELECT MAX(id) FROM bounces) - ?",
        (KEEP_BOUNCES,),
    )


def record_failure(
    db: sqlite_utils.Database,
    address: str,
    kind: str,
    reason: str,
    now: datetime,
    *,
    soft_days: float,
) -> bool:
    """Count one delivery failure; True when it makes the address unreachable
    (it was not before)."""
    key = address.strip().lower()
    row = db.execute(
        "SELECT state, soft_since, soft_last FROM address_state WHERE address = ?",
        (key,),
    ).fetchone()
    if row is None:
        db.execute(
            "INSERT INTO address_state (address, updated) VALUES (?, ?)",
            (key, iso(now)),
        )
        state, soft_since, soft_last = "ok", None, None
    else:
        state, soft_since, soft_last = row
    if state == "unreachable":
        db.execute(
            "UPDATE address_state SET updated = ? WHERE address = ?", (iso(now), key)
        )
        return False
    span = timedelta(days=soft_days)
    if kind == SOFT:
        # A run of soft failures: a gap longer than the span starts a new one.
        if soft_last is None or now - from_iso(soft_last) > span:
            soft_since = iso(now)
        soft_last = iso(now)
        unreachable = now - from_iso(soft_since) > span
        if unreachable:
            reason = f"{reason} (temporary failures for more than {soft_days:g} days)"
    else:
        unreachable = True
    if unreachable:
        db.execute(
            "UPDATE address_state SET state = 'unreachable', reason = ?,"
            " soft_since = ?, soft_last = ?, marked_at = ?, announced = 0,"
            " updated = ? WHERE address = ?",
            (reason[:500], soft_since, soft_last, iso(now), iso(now), key),
        )
    else:
        db.execute(
            "UPDATE address_state SET reason = ?, soft_since = ?, soft_last = ?,"
            " updated = ? WHERE address = ?",
            (reason[:500], soft_since, soft_last, iso(now), key),
        )
    return unreachable


def clear_address(db: sqlite_utils.Database, address: str, now: datetime) -> bool:
    """The address is heard from (or set again): forget its failures.
    True when it was marked unreachable."""
    key = address.strip().lower()
    row = db.execute(
        "SELECT state FROM address_state WHERE address = ?", (key,)
    ).fetchone()
    if row is None:
        return False
    db.execute("DELETE FROM address_state WHERE address = ?", (key,))
    return row[0] == "unreachable"


def unreachable_reasons(
    db: sqlite_utils.Database, addresses: list[str] | tuple[str, ...]
) -> dict[str, str]:
    """Of `addresses`, those marked unreachable (lower-cased) and why."""
    keys = sorted({a.strip().lower() for a in addresses})
    if not keys:
        return {}
    marks = ", ".join("?" * len(keys))
    rows = db.execute(
        "SELECT address, reason FROM address_state WHERE state = 'unreachable'"
        f" AND address IN ({marks})",
        keys,
    ).fetchall()
    return {address: reason or "" for address, reason in rows}


def unannounced(db: sqlite_utils.Database, limit: int = 100) -> list[Unreachable]:
    """Addresses newly marked unreachable whose news the handler has not had."""
    rows = db.execute(
        "SELECT address, reason FROM address_state WHERE announced = 0"
        " AND state = 'unreachable' ORDER BY marked_at LIMIT ?",
        (limit,),
    ).fetchall()
    return [Unreachable(address, reason or "") for address, reason in rows]


def mark_announced(db: sqlite_utils.Database, address: str) -> None:
    db.execute(
        "UPDATE address_state SET announced = 1 WHERE address = ?",
        (address.lower(),),
    )


def bounce_summary(db: sqlite_utils.Database) -> dict[str, int]:
    """Counts for `judge status`: bounces recorded and dropped, addresses
    unreachable."""
    counts = dict(
        db.execute("SELECT verdict, COUNT(*) FROM bounces GROUP BY verdict").fetchall()
    )
    counts["unreachable"] = db.execute(
        "SELECT COUNT(*) FROM address_state WHERE state = 'unreachable'"
    ).fetchone()[0]
    return counts


def recent_bounces(db: sqlite_utils.Database, limit: int = 10) -> list[dict]:
    return list(
        db.query(
            "SELECT at, intake_id, outbox_id, address, kind, status, verdict, reason"
            " FROM bounces ORDER BY id DESC LIMIT ?",
            (limit,),
        )
    )


def unreachable_addresses(db: sqlite_utils.Database, limit: int = 20) -> list[dict]:
    return list(
        db.query(
            "SELECT address, reason, marked_at FROM address_state"
            " WHERE state = 'unreachable' ORDER BY marked_at DESC LIMIT ?",
            (limit,),
        )
    )
