"""Every kind of mail the judge sends, made by the real worker and game
service (a game played from creation to its first results), as the outbox
keeps it: signed, ready for the wire.  For the header and spam-score tests.

`mails_of_every_kind(directory)` -> {kind: raw bytes}; kinds are named
"reply", "results (observer)", ... (see KINDS)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from judge.config import Config, JudgeSettings, Limits, WebSettings
from judge.daemon import make_handler
from judge.daemon.worker import Worker
from judge.mail.decode import header, parse
from judge.mail.dkim_signing import DkimSigner
from judge.store.addresses import record_failure
from judge.store.db import open_database, transaction
from judge.store.intake import store_incoming
from judge.store.migrations import migrate
from judge.store.outbox import queued_after
from judge.store.schema import STORE_SCHEMA

JUDGE = "judge@example.org"
MASTER = "gm@example.org"
OBSERVER = "watcher@example.net"
PLAYERS = [f"player{i}@example.com" for i in range(1, 8)]
BASE_URL = "https://diplomacy.example.org/"
OPENING = {
    "Austria": "A Vie-Tri\nA Bud-Gal\nF Tri-Alb",
    "England": "A Lvp-Yor\nF Lon-Nth\nF Edi-Nrg",
    "France": "A Par-Bur\nA Mar-Spa\nF Bre-Pic",
    "Germany": "A Ber-Kiel\nA Mun-Ruhr\nF Kiel-Den",
    "Italy": "A Ven-Pie\nA Rom-Ven\nF Nap-Ion",
    "Russia": "A Mos-Ukr\nA War-Gal\nF StP-Bot\nF Sev-Bla",
    "Turkey": "A Con-Bul\nA Smy-Con\nF Ank-Bla",
}
# A subject a player might write: long, and not ASCII.
SUBJECT = "Ordres pour la partie – München, Österreich, Großbritannien: à vous"

# Game mail (to a list of recipients, one copy each); the rest are personal.
GAME_KINDS = {
    "notice (player)",
    "late notice (player)",
    "notice (observer)",
    "press (player)",
    "press (observer)",
    "results with picture (player)",
    "results with picture (observer)",
    "unreachable-player notice (master)",
}
REPLY_KINDS = {
    "reply",
    "reply with a long non-ASCII subject",
    "unsubscribe reply",
    "rate-limit notice",
    "mail-loop notice",
    "oversized refusal",
    "apology after failures",
}
OTHER_KINDS = {"observe confirmation", "impostor copy", "map"}
KINDS = GAME_KINDS | REPLY_KINDS | OTHER_KINDS


def dkim_key() -> bytes:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )


class Factory:
    def __init__(self, directory: Path) -> None:
        self.config = Config(
            judge=JudgeSettings(
                address=JUDGE, data_dir=directory / "var", picture_processes=0
            ),
            web=WebSettings(base_url=BASE_URL),
            limits=Limits(rate_limit_messages=5),
        )
        self.config.judge.data_dir.mkdir(parents=True, exist_ok=True)
        self.db = open_database(self.config.judge.database_path)
        self.handler = make_handler(self.config)
        migrate(self.db, STORE_SCHEMA, self.handler.schema)
        self.now = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
        self.signer = DkimSigner("example.org", "judge2026", dkim_key())
        self.worker = Worker(
            self.db, self.handler, self.config, lambda: self.now, signer=self.signer
        )
        self.seen = 0
        self.count = 0

    def close(self) -> None:
        self.handler.close()
        self.db.close()

    def send(self, sender: str, body: str, subject: str = "orders", **headers) -> None:
        self.count += 1
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = sender, JUDGE, subject
        msg["Message-ID"] = f"<m{self.count}@example.com>"
        for name, value in headers.items():
            msg[name.replace("_", "-")] = value
        msg.set_content(body)
        store_incoming(
            self.db,
            msg.as_bytes(),
            message_id=msg["Message-ID"],
            envelope_from=sender,
            source="smtp",
            now=self.now,
        )
        self.now += timedelta(seconds=5)
        while self.worker.process_next():
            pass

    def new_mail(self) -> list[tuple[list[str], bytes]]:
        rows = queued_after(self.db, self.seen)
        if rows:
            self.seen = rows[-1][0]
        return [(list(recipients), raw) for _, recipients, raw in rows]

    def power_of(self, address: str) -> str:
        return self.db.execute(
            "SELECT power FROM svc_members WHERE address = ? AND role = 'player'",
            (address,),
        ).fetchone()[0]


def pick(mails, to: str, subject_part: str = "", body_part: str = "") -> bytes:
    for recipients, raw in mails:
        msg = parse(raw)
        if (
            to in recipients
            and subject_part in header(msg, "Subject")
            and body_part.encode() in raw
        ):
            return raw
    raise AssertionError(f"no mail to {to} with {subject_part!r} {body_part!r}")


def mails_of_every_kind(directory: Path) -> dict[str, bytes]:
    f = Factory(directory)
    kinds: dict[str, bytes] = {}
    try:
        f.send(MASTER, "CREATE ?alpha pw-gm standard\nBECOME MASTER")
        kinds["reply"] = pick(f.new_mail(), MASTER)
        f.send(MASTER, "LIST alpha", subject=SUBJECT)
        kinds["reply with a long non-ASCII subject"] = pick(f.new_mail(), MASTER)
        f.send(OBSERVER, "OBSERVE alpha")
        mails = f.new_mail()
        kinds["observe confirmation"] = pick(mails, OBSERVER, "confirm observing")
        token = header(parse(kinds["observe confirmation"]), "Subject").split()[-1]
        f.send(OBSERVER, f"CONFIRM {token.strip(')')}")
        f.new_mail()
        for i, player in enumerate(PLAYERS):
            f.send(player, f"SIGNON ?alpha pw{i}")
        mails = f.new_mail()
        kinds["notice (player)"] = pick(mails, PLAYERS[0], "Game Starting")
        kinds["notice (observer)"] = pick(mails, OBSERVER, "Game Starting")
        # someone else signs on with player1's password: player1 gets a copy
        first = f.power_of(PLAYERS[0])
        f.send("intruder@example.net", f"SIGNON {first[0]}alpha pw0")
        kinds["impostor copy"] = pick(f.new_mail(), PLAYERS[0], "Copy")
        f.send(
            PLAYERS[1],
            f"SIGNON {f.power_of(PLAYERS[1])[0]}alpha pw1\nBROADCAST\n"
            "Greetings to all: let us keep the peace in the north this year.\n"
            "ENDBROADCAST",
        )
        mails = f.new_mail()
        kinds["press (player)"] = pick(mails, PLAYERS[2], "Press")
        kinds["press (observer)"] = pick(mails, OBSERVER, "Press")
        f.send(OBSERVER, "MAP alpha")
        kinds["map"] = pick(f.new_mail(), OBSERVER, "Map")
        # the deadline passes: results, with the board, to everyone
        deadline = f.db.execute(
            "SELECT deadline FROM svc_games WHERE name = 'alpha'"
        ).fetchone()[0]
        f.now = datetime.fromisoformat(deadline.replace("Z", "+00:00"))
        f.now += timedelta(hours=1)
        f.worker.tick()
        kinds["late notice (player)"] = pick(f.new_mail(), PLAYERS[0], "Late Notice")
        for i, player in enumerate(PLAYERS):
            power = f.power_of(player)
            f.send(player, f"SIGNON {power[0]}alpha pw{i}\n{OPENING[power.title()]}")
        f.new_mail()
        f.now += timedelta(minutes=10)
        f.worker.tick()
        mails = f.new_mail()
        kinds["results with picture (player)"] = pick(mails, PLAYERS[0], "Results")
        kinds["results with picture (observer)"] = pick(mails, OBSERVER, "Results")
        # a player's address found unreachable: the master is told
        with transaction(f.db):
            record_failure(
                f.db, PLAYERS[3], "hard", "550 no such user", f.now, soft_days=3
            )
        f.worker.tick()
        kinds["unreachable-player notice (master)"] = pick(
            f.new_mail(), MASTER, "Unreachable"
        )
        # the observer leaves with the mailto: of its List-Unsubscribe
        observed = parse(kinds["results with picture (observer)"])
        mailto = header(observed, "List-Unsubscribe").split(">")[0]
        subject = mailto.partition("subject=")[2].replace("%20", " ")
        f.send(OBSERVER, "This mail was sent by your mail program.", subject=subject)
        kinds["unsubscribe reply"] = pick(f.new_mail(), OBSERVER)
        # the worker's own replies
        flooder = "eager@example.com"
        for i in range(6):
            f.send(flooder, "HELP", subject=f"help {i}")
        kinds["rate-limit notice"] = pick(f.new_mail(), flooder, body_part="ignore")
        robot = "away@example.com"
        f.send(robot, "HELP", subject="help")
        for _ in range(3):
            last = parse(f.new_mail()[-1][1])
            f.send(
                robot,
                "I am out of the office until Monday.",
                subject=f"Out of office: {header(last, 'Subject')}",
                In_Reply_To=header(last, "Message-ID"),
            )
        kinds["mail-loop notice"] = pick(f.new_mail(), robot, body_part="automatic")
        big = "big@example.com"
        store_incoming(
            f.db,
            f"From: {big}\r\nTo: {JUDGE}\r\nSubject: my orders\r\n"
            "Message-ID: <big@example.com>\r\n\r\n".encode(),
            message_id="<big@example.com>",
            envelope_from=big,
            source="smtp",
            now=f.now,
            size=5_000_000,
            oversized=True,
        )
        f.worker.process_next()
        kinds["oversized refusal"] = pick(f.new_mail(), big)
        unlucky = "unlucky@example.com"
        row, _ = store_incoming(
            f.db,
            f"From: {unlucky}\r\nTo: {JUDGE}\r\nSubject: help\r\n"
            "Message-ID: <crash@example.com>\r\n\r\nHELP\r\n".encode(),
            message_id="<crash@example.com>",
            envelope_from=unlucky,
            source="smtp",
            now=f.now,
        )
        with transaction(f.db):
            f.db.execute("UPDATE intake SET attempts = 3 WHERE id = ?", (row,))
        f.worker.process_next()
        kinds["apology after failures"] = pick(f.new_mail(), unlucky)
    finally:
        f.close()
    assert set(kinds) == KINDS
    return kinds
