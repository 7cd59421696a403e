"""Players' diaries (njudge's DIARY): private entries, numbered per player
and game without reuse, all broadcast when the game ends."""

from __future__ import annotations

from datetime import datetime

from judge.service.queries import iso

MAX_ENTRY = 20_000  # characters of one entry; longer is cut, and the reply says so


def add(db, game: str, power: str, body: str, now: datetime) -> int:
    row = db.execute(
        "SELECT max(number) FROM svc_diary WHERE game = ? AND power = ?",
        [game, power],
    ).fetchone()
    number = (row[0] or 0) + 1  # a deleted entry keeps its number
    db.execute(
        "INSERT INTO svc_diary (game, power, number, body, written)"
        " VALUES (?, ?, ?, ?, ?)",
        [game, power, number, body, iso(now)],
    )
    return number


def count(db, game: str, power: str) -> int:
    return db.execute(
        "SELECT count(*) FROM svc_diary WHERE game = ? AND power = ? AND deleted = 0",
        [game, power],
    ).fetchone()[0]


def entries(db, game: str, power: str) -> list[tuple[int, str, str]]:
    """(number, written, body) of the entries not deleted."""
    return db.execute(
        "SELECT number, written, body FROM svc_diary WHERE game = ? AND power = ?"
        " AND deleted = 0 ORDER BY number",
        [game, power],
    ).fetchall()


def delete(db, game: str, power: str, number: int) -> bool:
    cursor = db.execute(
        "UPDATE svc_diary SET deleted = 1, body = '' WHERE game = ? AND power = ?"
        " AND number = ? AND deleted = 0",
        [game, power, number],
    )
    return cursor.rowcount > 0


def broadcast_text(db, game: str, board) -> str | None:
    """Every diary of the game, by power, for the end-of-game broadcast."""
    rows = db.execute(
        "SELECT power, number, written, body FROM svc_diary WHERE game = ?"
        " AND deleted = 0 ORDER BY power, number",
        [game],
    ).fetchall()
    if not rows:
        return None
    parts = [f"The game is over: the players' diaries of game '{game}'."]
    for power, number, written, body in rows:
        name = board.powers[power].name if power in board.powers else power
        parts.append(
            f"\n--- {name}, diary entry {number} ({written[:16]} UTC):\n{body}"
        )
    return "\n".join(parts) + "\n"
