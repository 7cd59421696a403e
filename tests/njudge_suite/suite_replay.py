"""The replay of njudge's regression suite: each mail of the suite
(suite.toml, our own restatement of njudge's tests/input/*.in) goes through
the real judge, as mail does in service: stored in the intake, taken by the
worker (gates, decoding, the game service), its answers queued in the
outbox and read back from there.  The clock stands still, as njudge's
`dip -T` holds it, and every mail is handled before the next is sent.

`replay()` plays the whole suite once and returns, per mail, what the
judge sent (`Sent`) and the state after it (`snapshot`), for the checks in
test_njudge_suite.py."""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path

from judge.config import Config, JudgeSettings
from judge.daemon import make_handler
from judge.daemon.worker import Worker
from judge.mail.decode import header, parse
from judge.store.db import open_database
from judge.store.intake import store_incoming
from judge.store.migrations import migrate
from judge.store.outbox import queued_after
from judge.store.schema import STORE_SCHEMA

SUITE = Path(__file__).with_name("suite.toml")
DOMAIN = "example.org"  # njudge's suite writes to user@localhost
JUDGE = f"judge@{DOMAIN}"
NOW = datetime(2004, 1, 1, 0, 0, tzinfo=UTC)  # njudge's suite: -T '1 Jan 2004'


def address(name: str) -> str:
    return f"{name}@{DOMAIN}"


def short(addr: str) -> str:
    return addr.split("@")[0]


@dataclass(frozen=True)
class Sent:
    """One mail as one recipient got it."""

    to: str  # the recipient's short name (player1, master1...)
    subject: str
    body: str


@dataclass(frozen=True)
class Step:
    name: str  # njudge's input file (A-Reg01, Bug91-04...)
    sender: str
    body: str
    about: str
    confirm: bool  # our judge asks observers to confirm: they do, and resend


def steps() -> list[Step]:
    data = tomllib.loads(SUITE.read_text())
    return [
        Step(m["name"], m["from"], m["body"], m["about"], m.get("confirm", False))
        for m in data["mail"]
    ]


class Replay:
    def __init__(self, directory: Path) -> None:
        settings = JudgeSettings(  # new games as njudge's: NoList, NoNMR
            address=JUDGE, data_dir=directory / "var", picture_processes=0,
            game_listed=False, game_nmr=False,
        )  # fmt: skip
        self.config = Config(judge=settings)
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        self.db = open_database(settings.database_path)
        self.handler = make_handler(self.config)
        migrate(self.db, STORE_SCHEMA, self.handler.schema)
        self.worker = Worker(self.db, self.handler, self.config, lambda: NOW)
        self.count = 0
        self.seen = 0

    def close(self) -> None:
        self.handler.close()
        self.db.close()

    def send(self, sender: str, body: str, subject: str = "") -> list[Sent]:
        self.count += 1
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = address(sender), JUDGE, subject
        msg["Message-ID"] = f"<suite{self.count}@{DOMAIN}>"
        msg.set_content(body)
        store_incoming(
            self.db, msg.as_bytes(), message_id=msg["Message-ID"],
            envelope_from=address(sender), source="smtp", now=NOW,
        )  # fmt: skip
        while self.worker.process_next():
            pass
        return self.new_mail()

    def new_mail(self) -> list[Sent]:
        rows = queued_after(self.db, self.seen)
        if rows:
            self.seen = rows[-1][0]
        out = []
        for _, recipients, raw in rows:
            msg = parse(raw)
            text = _text(msg)
            for to in recipients:
                out.append(Sent(short(to), header(msg, "Subject"), text))
        return out

    def play(self, step: Step) -> list[Sent]:
        out = self.send(step.sender, step.body)
        if step.confirm:  # the observer answers the confirmation request,
            asking = [m for m in out if "(CONFIRM " in m.subject]
            assert [m.to for m in asking] == [step.sender], out
            out += self.send(step.sender, "Yes.\n", "Re: " + asking[0].subject)
            out += self.send(step.sender, step.body)  # then sends its mail again
        return out

    def snapshot(self) -> dict:
        """What njudge's dip.master holds, in our terms: each game's state
        and phase, and each member as 'role power(s) state', by address;
        and the registered addresses with their names."""
        games = {}
        for name, status, position in self.db.execute(
            "SELECT name, status, position FROM svc_games ORDER BY name"
        ).fetchall():
            phase = json.loads(position)["phase"] if position else None
            seats: dict[str, list[str]] = {}
            for addr, role, power, state in self.db.execute(
                "SELECT address, role, power, state FROM svc_members"
                " WHERE game = ? ORDER BY id",
                [name],
            ).fetchall():
                words = [role, *([power] if power else []), state]
                key = short(addr)
                if key in seats and role == "player":  # a duplex player
                    seats[key].insert(-1, power)
                else:
                    seats[key] = words
            games[name] = {
                "status": status,
                "phase": phase,
                "members": {k: " ".join(v) for k, v in seats.items()},
            }
        registered = dict(
            (short(a), n)
            for a, n in self.db.execute(
                "SELECT address, name FROM svc_accounts WHERE name IS NOT NULL"
                " ORDER BY address"
            ).fetchall()
        )
        return {"games": games, "registered": registered}


def _text(msg) -> str:
    part = msg.get_body(("plain",)) if msg.is_multipart() else msg
    return part.get_content() if part is not None else ""


def replay(directory: Path) -> dict[str, tuple[list[Sent], dict]]:
    """Every mail of the suite in order: name -> (mail sent, state after)."""
    judge = Replay(directory)
    try:
        return {step.name: (judge.play(step), judge.snapshot()) for step in steps()}
    finally:
        judge.close()
