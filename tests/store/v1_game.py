"""A judge's database as the first release made it (schema version 1): a
game of seven in mid-phase, some orders stored, mail queued and sent.

`python tests/store/v1_game.py OUT.db` made tests/store/data/judge-v1.db
from the code of 2026-11-25, before schema versions existed; the upgrade
test (test_upgrade.py) plays that game on with today's code.  The mails
and clock are shared with the test, which finishes the phase."""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from judge.config import Config, JudgeSettings
from judge.daemon.daemon import _message_id
from judge.daemon.worker import Worker
from judge.store.intake import store_incoming

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
ADDRESS = "judge@example.org"
MASTER = "gm@example.org"
PLAYERS = [f"p{i}@example.org" for i in range(1, 8)]
OPENING = {
    "AUSTRIA": "A Vie-Tri\nA Bud-Gal\nF Tri-Alb",
    "ENGLAND": "A Lvp-Yor\nF Lon-Nth\nF Edi-Nrg",
    "FRANCE": "A Par-Bur\nA Mar-Spa\nF Bre-Pic",
    "GERMANY": "A Ber-Kiel\nA Mun-Ruhr\nF Kiel-Den",
    "ITALY": "A Ven-Pie\nA Rom-Ven\nF Nap-Ion",
    "RUSSIA": "A Mos-Ukr\nA War-Gal\nF StP-Bot\nF Sev-Bla",
    "TURKEY": "A Con-Bul\nA Smy-Con\nF Ank-Bla",
}
ORDERED_IN_V1 = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY")


def config(data_dir: Path) -> Config:
    return Config(judge=JudgeSettings(address=ADDRESS, data_dir=data_dir))


class Mailer:
    """Stores mail as the SMTP listener would and lets the worker handle it."""

    def __init__(self, db, worker: Worker, clock: list[datetime], first: int = 1):
        self.db, self.worker, self.clock, self.n = db, worker, clock, first

    def send(self, sender: str, body: str, subject: str = "diplomacy") -> None:
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = sender, ADDRESS, subject
        msg["Message-ID"] = f"<v1-{self.n}@example.org>"
        msg["Date"] = format_datetime(self.clock[0])
        msg.set_content(body)
        self.n += 1
        raw = msg.as_bytes()
        store_incoming(
            self.db, raw, message_id=_message_id(raw), envelope_from=sender,
            source="smtp", now=self.clock[0],
        )  # fmt: skip
        while self.worker.process_next():
            pass
        self.clock[0] += timedelta(minutes=1)


def power_of(db, address: str) -> str:
    return db.execute(
        "SELECT power FROM svc_members WHERE game = 'alpha' AND address = ?",
        [address],
    ).fetchone()[0]


def secret(address: str) -> str:
    return "pw-" + address.split("@")[0]


def make(path: Path) -> None:
    from judge.mail.sender import drain_outbox
    from judge.mail.transports import MaildirTransport
    from judge.service.handler import GameService
    from judge.store.db import open_database
    from judge.store.schema import create_mail_tables

    cfg = config(path.parent)
    db = open_database(path)
    create_mail_tables(db)
    service = GameService(cfg.judge)
    service.setup(db)
    clock = [START]
    worker = Worker(db, service, cfg, lambda: clock[0])
    mailer = Mailer(db, worker, clock)
    mailer.send(MASTER, "CREATE ?alpha pw-gm standard\nBECOME MASTER")
    for player in PLAYERS:
        mailer.send(player, f"SIGNON ?alpha {secret(player)}")
    # what went out so far was delivered; the rest stays queued
    drain_outbox(
        db, MaildirTransport(path.parent / "Maildir"), lambda: clock[0],
        retry_initial=10, retry_max=60,
    )  # fmt: skip
    for player in PLAYERS:
        power = power_of(db, player)
        if power in ORDERED_IN_V1:
            mailer.send(
                player, f"SIGNON {power[0]}alpha {secret(player)}\n{OPENING[power]}"
            )
    mailer.send(PLAYERS[0], f"SIGNON {power_of(db, PLAYERS[0])[0]}alpha "
                f"{secret(PLAYERS[0])}\nBROADCAST\nHello from the old judge.\n"
                "ENDBROADCAST")  # fmt: skip
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


if __name__ == "__main__":
    make(Path(sys.argv[1]))
