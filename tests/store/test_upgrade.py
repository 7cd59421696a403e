"""A database made by the first release (before schema versions) is
recognised as version 1, upgraded, and its game plays on to its results."""

import shutil
from datetime import datetime
from pathlib import Path

from judge.daemon.worker import Worker
from judge.mail.decode import body_text, header, parse
from judge.service.handler import GameService
from judge.store.integrity import open_checked
from judge.store.migrations import applied, migrate
from judge.store.outbox import messages_where
from judge.store.schema import STORE_SCHEMA
from tests.store.v1_game import (
    OPENING,
    ORDERED_IN_V1,
    PLAYERS,
    START,
    Mailer,
    config,
    power_of,
    secret,
)

V1_DATABASE = Path(__file__).parent / "data" / "judge-v1.db"


def schema_sql(db) -> list[tuple[str, str]]:
    return db.execute(
        "SELECT name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
        " ORDER BY name"
    ).fetchall()


def test_the_v1_database_is_upgraded_and_its_game_plays_on(tmp_path):
    path = tmp_path / "judge.db"
    shutil.copy(V1_DATABASE, path)
    cfg = config(tmp_path)
    service = GameService(cfg.judge)
    db = open_checked(path)
    assert applied(db, "store") == [] and applied(db, "service") == []
    queued_before = db.execute(
        "SELECT COUNT(*) FROM outbox WHERE state = 'queued'"
    ).fetchone()[0]
    assert queued_before > 0

    assert migrate(db, STORE_SCHEMA, service.schema) == (
        STORE_SCHEMA.latest + service.schema.latest
    )
    assert [v for v, _ in applied(db, "store")] == list(
        range(1, STORE_SCHEMA.latest + 1)
    )
    assert len(applied(db, "service")) == service.schema.latest
    assert migrate(db, STORE_SCHEMA, service.schema) == 0  # nothing pending now
    assert db.execute("PRAGMA auto_vacuum").fetchone()[0] == 2  # switched
    assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    # the scheduler's index is filled, early rather than late: the tick that
    # visits the game then recomputes it exactly from the game's state
    due, deadline = db.execute("SELECT due_at, deadline FROM svc_games").fetchone()
    assert due is not None and due < deadline
    # the upgraded tables are those a new judge creates
    fresh = open_checked(tmp_path / "fresh.db")
    migrate(fresh, STORE_SCHEMA, service.schema)
    assert schema_sql(db) == schema_sql(fresh)

    # nothing of the old game or its mail was lost
    assert db.execute("SELECT COUNT(*) FROM svc_orders").fetchone()[0] == 12
    assert db.execute(
        "SELECT COUNT(*) FROM outbox WHERE state = 'queued'"
    ).fetchone()[0] == queued_before  # fmt: skip

    # the three powers still missing order, and the phase is processed
    clock = [START.replace(day=3)]
    worker = Worker(db, service, cfg, lambda: clock[0])
    mailer = Mailer(db, worker, clock, first=1000)
    for player in PLAYERS:
        power = power_of(db, player)
        if power not in ORDERED_IN_V1:
            mailer.send(
                player, f"SIGNON {power[0]}alpha {secret(player)}\n{OPENING[power]}"
            )
    game = db.execute("SELECT deadline FROM svc_games").fetchone()
    clock[0] = datetime.fromisoformat(game[0])
    worker.tick()
    phase = db.execute(
        "SELECT json_extract(position, '$.phase') FROM svc_games"
    ).fetchone()[0]
    assert phase == "F1901M"
    mails = [parse(raw) for _, raw in messages_where(db, "1")]
    results = [m for m in mails if "S1901M Results" in header(m, "Subject")]
    assert len(results) == 8  # seven players and the master
    assert all("Paris -> Burgundy" in body_text(m) for m in results)
    press = db.execute("SELECT body FROM svc_press").fetchall()
    assert "Hello from the old judge." in press[0][0]
