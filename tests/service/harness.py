"""A judge on a real SQLite file, driven by mail in and mail out, with an
injectable clock; transcripts of mails for golden-file tests."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import sqlite_utils

from judge.config import JudgeSettings
from judge.mail.message import IncomingMail, OutgoingMail
from judge.service.handler import GameService

START = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)  # a Monday
GOLDEN = Path(__file__).parent / "golden"
PLAYERS = [f"player{i}@example.org" for i in range(1, 8)]
MASTER = "master@example.org"
# Every unit of 1901 holding, by power.
HOLDS = {"AUSTRIA": "A VIE H\nA BUD H\nF TRI H",
         "ENGLAND": "F LON H\nF EDI H\nA LVP H",
         "FRANCE": "F BRE H\nA PAR H\nA MAR H",
         "GERMANY": "F KIE H\nA BER H\nA MUN H",
         "ITALY": "F NAP H\nA ROM H\nA VEN H",
         "RUSSIA": "F STP/SC H\nA MOS H\nA WAR H\nF SEV H",
         "TURKEY": "F ANK H\nA CON H\nA SMY H"}  # fmt: skip


class Judge:
    def __init__(self, path: Path):
        self.db = sqlite_utils.Database(path)
        self.service = GameService(JudgeSettings())
        self.service.setup(self.db)
        self.now = START
        self.ids = itertools.count(1)
        self.transcript: list[str] = []

    def send(self, sender: str, body: str, subject: str = "orders"):
        n = next(self.ids)
        mail = IncomingMail(n, sender, subject, body, f"<m{n}@example.org>")
        with self.db.conn:  # the worker's transaction
            out = self.service.handle(self.db, mail, self.now)
        self.record(f"=== mail from {sender} at {self.now:%Y-%m-%d %H:%M}", body, out)
        return out

    def observe(self, address: str, game: str = "alpha") -> list[OutgoingMail]:
        """OBSERVE, then confirm it the way a mail client does: a plain reply
        to the confirmation mail, keeping its subject."""
        out = self.send(address, f"OBSERVE {game}")
        asking = [m for m in out if "(CONFIRM " in m.subject]
        assert [m.to for m in asking] == [(address,)], out
        return self.send(address, "Yes, please.\n", subject="Re: " + asking[0].subject)

    def tick(self, at: datetime | None = None) -> list[OutgoingMail]:
        if at is not None:
            self.now = at
        with self.db.conn:
            out = self.service.tick(self.db, self.now)
        if out:
            self.record(f"=== tick at {self.now:%Y-%m-%d %H:%M}", "", out)
        return out

    def later(self, **delta) -> None:
        self.now += timedelta(**delta)

    def record(self, heading: str, body: str, out: list[OutgoingMail]) -> None:
        self.transcript.append(heading)
        if body:
            self.transcript.append(body.rstrip("\n"))
        for mail in out:
            names = ", ".join(a.filename for a in mail.attachments)
            subject = re.sub(r"\[press [0-9a-f]{16}\]", "[press <token>]", mail.subject)
            self.transcript.append(
                f"--- to {', '.join(mail.to)}: {subject}"
                + (f" [attached: {names}]" if names else "")
            )
            self.transcript.append(mail.body.rstrip("\n"))

    def row(self, sql: str, params=()):
        return self.db.execute(sql, list(params)).fetchone()

    def game(self, name="alpha"):
        return dict(
            next(self.db.query("SELECT * FROM svc_games WHERE name = ?", [name]))
        )

    def deadline(self, name="alpha") -> datetime:
        return datetime.fromisoformat(self.game(name)["deadline"])

    def grace_end(self, name="alpha") -> datetime:
        return datetime.fromisoformat(self.game(name)["grace_end"])

    def phase(self, name="alpha") -> str:
        return self.row(
            "SELECT json_extract(position, '$.phase') FROM svc_games WHERE name = ?",
            [name],
        )[0]

    def seat(self, power: str, name="alpha") -> str:
        return self.row(
            "SELECT address FROM svc_members WHERE game = ? AND power = ?"
            " AND role = 'player'",
            [name, power],
        )[0]


def password(address: str) -> str:
    return "pw-" + address.split("@")[0]


def signon(judge: Judge, power: str, name="alpha") -> str:
    address = judge.seat(power, name)
    return f"SIGNON {power[0]}{name} {password(address)}"


def hold_all_but(judge: Judge, missing=(), extra: str = "") -> None:
    """Everyone but `missing` orders their units to hold (as in 1901)."""
    for power, holds in HOLDS.items():
        if power not in missing:
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{holds}{extra}")


def form_game(
    judge: Judge, name="alpha", options="", master=True, variant="standard"
) -> list[OutgoingMail]:
    """A master creates the game and seven players join it."""
    joining = PLAYERS
    if master:  # the creator is the master (auto_master, njudge's default)
        judge.send(MASTER, f"CREATE ?{name} pw-master {variant} {options}")
    else:  # the first player creates it, and plays: auto_master off
        judge.service.settings = replace(judge.service.settings, auto_master=False)
        creator = PLAYERS[0]
        judge.send(creator, f"CREATE ?{name} {password(creator)} {variant} {options}")
        joining = PLAYERS[1:]
    out = []
    for address in joining:
        out = judge.send(address, f"SIGNON ?{name} {password(address)}")
    return out


def check_golden(name: str, text: str, update: bool) -> None:
    path = GOLDEN / f"{name}.txt"
    if update:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    assert text == path.read_text()
