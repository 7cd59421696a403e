"""Amplification: how many bytes the judge sends for one hostile message,
divided by the message's size (target: under 50, except the results of a
game the sender really plays).

A judge (`judge serve`, game service, SQLite file, mail out to its Maildir)
runs as its own process.  A game is formed first (seven players, so it is
running and has a board to draw); then each hostile message, at most
256 KB, is sent by SMTP from an address of its own, and, once handled, the
bytes of every mail it caused are summed from the outbox (the messages
exactly as sent, to whomever they go).  Mail a message causes later (the
results an observer would get) is not counted here.

    uv run python -m benchmarks.amplification
"""

from __future__ import annotations

import signal
import smtplib
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.serving import free_port
from judge.store.db import open_database
from judge.store.outbox import messages_where

JUDGE = "judge@example.org"
LIMIT = 256 * 1024
TARGET = 50
GAME = "bench"
PLAYERS = [f"p{i}@players.example" for i in range(1, 8)]


def mail(sender: str, body: str, subject: str = "bench", **headers) -> bytes:
    lines = [f"From: {sender}", f"To: {JUDGE}", f"Subject: {subject}"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n" + body).encode()


def filled(sender: str, line: str, *, size: int = LIMIT - 2048, **headers) -> bytes:
    """A message repeating `line` up to about `size` bytes."""
    count = max(1, size // (len(line) + 2))
    return mail(sender, (line + "\r\n") * count, **headers)


def deep_mime(sender: str, depth: int = 3000) -> bytes:
    opening = b'Content-Type: multipart/mixed; boundary="b%d"\r\n\r\n--b%d\r\n'
    return b"".join(
        [
            f"From: {sender}\r\nTo: {JUDGE}\r\nSubject: deep\r\n".encode(),
            *(opening % (i, i) for i in range(depth)),
            b"Content-Type: text/plain\r\n\r\nHELP\r\n",
            *(b"--b%d--\r\n" % i for i in reversed(range(depth))),
        ]
    )


def huge_subject(sender: str) -> bytes:
    subject = "\r\n ".join(["subject" * 10] * 2_900)
    return mail(sender, "HELP\r\n", subject=subject)


def broadcast_blocks(sender: str, signon: str, blocks: int) -> bytes:
    block = "BROADCAST\r\nhello everyone\r\nENDBROADCAST\r\n"
    return mail(sender, f"{signon}\r\n" + block * blocks)


def hostile_messages(signons: list[str]) -> list[tuple[str, bytes]]:
    """(name, raw message) of each hostile message; `signons` are two real
    players' SIGNON lines (press, settings and orders need one)."""
    signon, second = signons
    letter = signon.split()[1][0]
    victim = "victim@elsewhere.example"
    junk = "\r\n".join(f"frobnicate {i}" for i in range(20_000))[: LIMIT - 2048]
    return [
        ("HELP x1000 (5 KB)", mail("a1@x.example", "HELP\r\n" * 1000)),
        ("HELP to 256 KB", filled("a2@x.example", "HELP")),
        ("unknown lines to 256 KB", filled("a3@x.example", "x")),
        ("unknown words to 256 KB", filled("a4@x.example", "FROBNICATE now")),
        ("GET MASTER to 256 KB", filled("a5@x.example", "GET MASTER")),
        ("LIST to 256 KB", filled("a6@x.example", "LIST")),
        (f"MAP {GAME} x30", mail("a7@x.example", f"MAP {GAME}\r\n" * 30)),
        (
            f"MAP {GAME} x30, Reply-To a third party",
            mail("a8@x.example", f"MAP {GAME}\r\n" * 30, **{"Reply-To": victim}),
        ),
        (f"WHOGAME {GAME} to 256 KB", filled("a10@x.example", f"WHOGAME {GAME}")),
        ("BROADCAST x60 (a player)", broadcast_blocks(PLAYERS[0], signon, 60)),
        (f"OBSERVE {GAME} x800", mail("a9@x.example", f"OBSERVE {GAME}\r\n" * 800)),
        # Every observer gets every broadcast: OBSERVE's cost shows here.
        (
            "BROADCAST x60, after OBSERVE x800",
            broadcast_blocks(PLAYERS[0], signon, 60),
        ),
        (
            "CREATE x150",
            mail(
                "a11@x.example",
                "".join(f"CREATE ?g{i} pw standard\r\n" for i in range(150)),
            ),
        ),
        ("huge Subject (200 KB, folded)", huge_subject("a12@x.example")),
        ("MIME nested 3000 deep", deep_mime("a13@x.example")),
        (
            "encoded-word Reply-To with CR/LF",
            mail(
                "a14@x.example",
                "HELP\r\n",
                **{"Reply-To": "=?utf-8?b?ZXZlDQpiY2M6IHhAeS5vcmc=?="},
            ),
        ),
        (
            "SIGNON guesses x800",
            mail(
                "a15@x.example",
                "".join(f"SIGNON {letter}{GAME} guess{i}\r\n" for i in range(800)),
            ),
        ),
        (
            "SET ABSENCE x28 (a player)",
            mail(
                PLAYERS[1],
                f"{second}\r\n"
                + "".join(f"SET ABSENCE 2026-12-{d:02d}\r\n" for d in range(1, 29)),
            ),
        ),
        ("junk orders to 256 KB (a player)", mail(PLAYERS[0], f"{signon}\r\n{junk}")),
        # Last: it changes the password the messages above sign on with.
        (
            "SET PASSWORD x800 (a player)",
            mail(
                PLAYERS[0],
                f"{signon}\r\n" + "".join(f"SET PASSWORD p{i}\r\n" for i in range(800)),
            ),
        ),
    ]


class Judge:
    def __init__(self, directory: Path) -> None:
        self.port = free_port()
        config = directory / "judge.toml"
        config.write_text(
            f'[judge]\naddress = "{JUDGE}"\ndata_dir = "{directory}"\n'
            f'[smtp]\nlisten = "127.0.0.1:{self.port}"\n'
            "[limits]\nrate_limit_messages = 1000000\ntick_interval = 1.0\n"
        )
        self.process = subprocess.Popen(
            [sys.executable, "-m", "judge", "serve", "--config", str(config)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while True:
            if self.process.poll() is not None:
                raise SystemExit("judge serve exited")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("judge serve did not listen") from None
                time.sleep(0.05)
        self.db = open_database(directory / "judge.db")
        self.sent = 0

    def send(self, raw: bytes, timeout: float = 600) -> int | None:
        """Send `raw`; wait until it is handled; return its intake id."""
        self.sent += 1
        raw = f"Message-ID: <amp{self.sent}@bench.example>\r\n".encode() + raw
        with smtplib.SMTP("127.0.0.1", self.port, timeout=60) as smtp:
            smtp.sendmail("bench@bench.example", [JUDGE], raw, ["SMTPUTF8"])
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            row = self.db.execute(
                "SELECT id, state FROM intake WHERE message_id = ?",
                (f"<amp{self.sent}@bench.example>",),
            ).fetchone()
            if row and row[1] != "new":
                return row[0]
            time.sleep(0.02)
        return None

    def caused(self, intake_id: int) -> tuple[int, int]:
        """(mails, bytes) the message caused: each mail whole, as sent."""
        sent = messages_where(self.db, "intake_id = ?", (intake_id,))
        return len(sent), sum(len(raw) for _, raw in sent)

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(30)


def form_game(judge: Judge) -> list[str]:
    """Seven players join GAME; return the first two players' SIGNON lines."""
    for i, player in enumerate(PLAYERS):
        first = f"CREATE ?{GAME} pw{i} standard" if i == 0 else f"SIGNON ?{GAME} pw{i}"
        judge.send(mail(player, first + "\r\n"))
    signons = []
    for i, player in enumerate(PLAYERS[:2]):
        power = judge.db.execute(
            "SELECT power FROM svc_members WHERE game = ? AND address = ?",
            (GAME, player),
        ).fetchone()
        if not power or not power[0]:
            raise SystemExit("the benchmark's game did not start")
        signons.append(f"SIGNON {power[0][0].upper()}{GAME} pw{i}")
    return signons


def run() -> list[tuple[str, int, int, int, float, float]]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="judge-amp-") as tmp:
        judge = Judge(Path(tmp))
        try:
            signons = form_game(judge)
            for name, raw in hostile_messages(signons):
                assert len(raw) <= LIMIT, (name, len(raw))
                started = time.monotonic()
                intake_id = judge.send(raw)
                took = time.monotonic() - started
                mails, size = judge.caused(intake_id) if intake_id else (0, 0)
                rows.append((name, len(raw), mails, size, size / len(raw), took))
        finally:
            judge.stop()
    return rows


def main() -> None:
    rows = run()
    print(
        f"{'message':42} {'size':>8} {'mails':>6} {'sent':>10} {'factor':>8} {'s':>6}"
    )
    for name, size, mails, sent, factor, took in rows:
        flag = "  OVER" if factor >= TARGET else ""
        print(
            f"{name:42} {size:8d} {mails:6d} {sent:10d} {factor:8.2f} {took:6.2f}{flag}"
        )
    worst = max(rows, key=lambda r: r[4])
    over = [r[0] for r in rows if r[4] >= TARGET]
    print(
        f"worst factor {worst[4]:.1f} ({worst[0]}); target under {TARGET};"
        f" {len(over)} of {len(rows)} over it"
    )


if __name__ == "__main__":
    main()
