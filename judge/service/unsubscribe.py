"""PLACEHOLDER for i23's unsubscribe tokens (the agreed interface only, so
the web's one-click unsubscribe can be tested; i23's module replaces it).

`token_for(db, game, address, role)` makes a recipient's token once;
`redeem(db, token, now)` ends an observer's subscription, tells a player
how to resign, and returns None for an unknown token."""

from __future__ import annotations

import hmac
import secrets
import sqlite3
from datetime import datetime

TABLE = """CREATE TABLE IF NOT EXISTS svc_unsubscribe (
  token TEXT PRIMARY KEY, game TEXT NOT NULL, address TEXT NOT NULL,
  role TEXT NOT NULL, UNIQUE (game, address, role))"""


def token_for(db, game: str, address: str, role: str) -> str:
    db.execute(TABLE)
    row = db.execute(
        "SELECT token FROM svc_unsubscribe WHERE game = ? AND address = ? AND role = ?",
        [game, address.lower(), role],
    ).fetchone()
    if row:
        return row[0]
    token = secrets.token_urlsafe(24)  # 192 bits
    db.execute(
        "INSERT INTO svc_unsubscribe (token, game, address, role) VALUES (?, ?, ?, ?)",
        [token, game, address.lower(), role],
    )
    return token


def redeem(db, token: str, now: datetime) -> str | None:
    try:
        rows = db.execute(
            "SELECT token, game, address, role FROM svc_unsubscribe"
        ).fetchall()
    except sqlite3.OperationalError:
        return None
    match = None
    for row in rows:  # every row compared: the time says nothing of the token
        if hmac.compare_digest(row[0].encode(), token.encode()):
            match = row
    if match is None:
        return None
    _token, game, address, role = match
    if role != "observer":
        return (
            f"You play in game '{game}': to leave it, RESIGN {game} by mail,"
            " or SET ABSENCE to be away for a while."
        )
    db.execute(
        "DELETE FROM svc_members WHERE game = ? AND lower(address) = ?"
        " AND role = 'observer'",
        [game, address],
    )
    return f"You no longer receive the mail of game '{game}'."
