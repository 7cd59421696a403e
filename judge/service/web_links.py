"""The addresses of a game's web pages, for the mails that link to them,
and the keys of unlisted games (docs/contracts/web.md).

A game's key is derived from one secret of this judge (made at random when
the table is made, 256 bits) and the game's name: 128 bits, the same for
every mail, nothing stored per game.  Only the mails of the game's own
players, master and observers carry it; the pages compare it in constant
time."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from urllib.parse import quote

from judge.service.queries import web_secret

KEY_BYTES = 16  # 128 bits

# Version 8 of the service's schema: the judge's secret for game keys, and
# which games are unlisted (njudge's NoList: missing from LIST and from the
# web's list of games, their pages reachable only with the key).
WEB_TABLES = """
CREATE TABLE IF NOT EXISTS svc_web_secret (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  secret TEXT NOT NULL             -- hex, game keys are HMACs of it
);
ALTER TABLE svc_games ADD COLUMN unlisted INTEGER NOT NULL DEFAULT 0;
"""


def make_web_tables(conn) -> None:
    """The migration (statement by statement: executescript would commit)."""
    for statement in WEB_TABLES.split(";"):
        if statement.strip():
            conn.execute(statement)
    conn.execute(
        "INSERT OR IGNORE INTO svc_web_secret (id, secret) VALUES (1, ?)",
        [secrets.token_hex(32)],
    )


def _secret(db) -> bytes:
    return bytes.fromhex(web_secret(db))


def game_key(db, game: str) -> str:
    """The key of game `game` (URL-safe, 22 characters)."""
    digest = hmac.new(_secret(db), b"game-key\0" + game.encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:KEY_BYTES]).decode().rstrip("=")


def key_matches(db, game: str, key: str | None) -> bool:
    """Whether `key` is the game's key; constant time in the key's value."""
    return hmac.compare_digest((key or "").encode(), game_key(db, game).encode())


def site_root(base_url: str) -> str:
    """The base address with its final slash."""
    return base_url if base_url.endswith("/") else base_url + "/"


def game_url(db, base_url: str, game: str, unlisted: bool) -> str:
    url = f"{site_root(base_url)}game/{quote(game)}"
    return f"{url}?key={game_key(db, game)}" if unlisted else url


def feed_url(db, base_url: str, game: str, unlisted: bool) -> str:
    url = f"{site_root(base_url)}game/{quote(game)}/deadlines.ics"
    return f"{url}?key={game_key(db, game)}" if unlisted else url
