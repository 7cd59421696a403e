"""Many standard games due at the same moment, for the storm benchmark and
the storm tests.

One game is formed through the game service (a master, seven players, their
spring 1901 orders); the others are copies of its rows under other names and
addresses (hashing 8,000 passwords would take longer than the storm).  Every
game's deadline is `deadline`; their `due_at` is computed by the service."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from judge.config import JudgeSettings
from judge.mail.message import IncomingMail
from judge.service import attention
from judge.service.handler import GameService
from judge.store.db import open_database, transaction
from judge.store.schema import create_mail_tables

OPENINGS = {
    "AUSTRIA": "A Vie-Gal\nA Bud-Ser\nF Tri-Alb",
    "ENGLAND": "F Lon-Nth\nF Edi-Nwg\nA Lvp-Yor",
    "FRANCE": "F Bre-Mao\nA Par-Bur\nA Mar-Spa",
    "GERMANY": "F Kie-Den\nA Ber-Kie\nA Mun-Ruh",
    "ITALY": "F Nap-Ion\nA Rom-Apu\nA Ven H",
    "RUSSIA": "F StP/sc-Bot\nA Mos-Ukr\nA War-Gal\nF Sev-Bla",
    "TURKEY": "F Ank-Bla\nA Con-Bul\nA Smy-Arm",
}
MASTER = "master@example.org"


def game_name(i: int) -> str:
    return f"s{i:06d}"


def player(game: str, i: int) -> str:
    return f"p{i}.{game}@example.org"


def build_games(
    path: Path, settings: JudgeSettings, count: int, deadline: datetime
) -> list[str]:
    """`count` games in the database at `path`, all due at `deadline`."""
    db = open_database(path)
    create_mail_tables(db)
    service = GameService(settings)
    service.setup(db)
    first = game_name(0)
    ids = iter(range(1, 1000))

    def send(sender: str, body: str) -> None:
        n = next(ids)
        mail = IncomingMail(n, sender, "storm", body, f"<storm{n}@example.org>")
        with transaction(db):
            service.handle(db, mail, deadline - timedelta(days=3))

    send(MASTER, f"CREATE ?{first} pw-master standard\nBECOME MASTER")
    for i in range(7):
        send(player(first, i), f"SIGNON ?{first} pw{i}")
    seats = dict(
        db.execute(
            "SELECT power, address FROM svc_members"
            " WHERE game = ? AND power IS NOT NULL",
            [first],
        ).fetchall()
    )
    for power, orders in OPENINGS.items():
        address = seats[power]
        number = int(address[1])
        send(address, f"SIGNON {power[0]}{first} pw{number}\n{orders}")
    names = [game_name(i) for i in range(count)]
    with transaction(db):
        for name in names[1:]:
            _copy_game(db, first, name)
        db.execute(
            "UPDATE svc_games SET deadline = ?, grace_end = ?, process_at = NULL,"
            " reminded = 1",
            [deadline.isoformat(), (deadline + timedelta(days=7)).isoformat()],
        )
    while attention.has_dirty(db):
        with transaction(db):
            attention.refresh(db, deadline, limit=1000)
    db.close()
    return names


def _copy_game(db, source: str, name: str) -> None:
    db.execute(
        "INSERT INTO svc_games (name, variant, status, position, turn,"
        " phase_start, deadline, grace_end, process_at, reminded, late_notified,"
        " nmr, press, anonymous, timing, result, created)"
        " SELECT ?, variant, status, position, turn,"
        " phase_start, deadline, grace_end, process_at, reminded, late_notified,"
        " nmr, press, anonymous, timing, result, created"
        " FROM svc_games WHERE name = ?",
        [name, source],
    )
    db.execute(
        "INSERT INTO svc_members (game, address, password, role, power, state,"
        " wait, draw, tz, preference, map, joined) SELECT ?, replace(address,"
        " ?, ?), password, role, power, state, wait, draw, tz, preference, map,"
        " joined FROM svc_members WHERE game = ? ORDER BY id",
        [name, f".{source}@", f".{name}@", source],
    )
    db.execute(
        "INSERT INTO svc_orders (game, power, unit, text)"
        " SELECT ?, power, unit, text FROM svc_orders WHERE game = ?",
        [name, source],
    )
