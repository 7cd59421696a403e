"""Hostile mail through real SMTP against `judge serve` as its own process,
delivering through an aiosmtpd relay: odd headers, deep MIME, spoofed and
unsendable addresses, the judge's own address, robots answering the judge.
The daemon never dies of input, and an honest player's HELP is answered on
time while an attack runs."""

from __future__ import annotations

import email.policy
import itertools
import random
import signal
import smtplib
import subprocess
import sys
import threading
import time
from email.message import EmailMessage
from pathlib import Path

import pytest

from judge.mail import loops
from judge.mail.decode import body_text, header, parse
from judge.store.db import open_database
from tests.conftest import RelayPeer, free_port, wait_until

REPO = Path(__file__).resolve().parents[2]
JUDGE = "judge@example.org"
_ids = itertools.count(1)


class Served:
    """`judge serve` in a subprocess, its relay, and ways to talk to it."""

    def __init__(self, directory: Path) -> None:
        self.relay = RelayPeer(port=free_port())
        self.relay.start()
        self.port = free_port()
        self.directory = directory
        config = directory / "judge.toml"
        config.write_text(
            "\n".join(
                [
                    "[judge]",
                    f'address = "{JUDGE}"',
                    'data_dir = "var"',
                    "[smtp]",
                    f'listen = "127.0.0.1:{self.port}"',
                    "[relay]",
                    f"port = {self.relay.port}",
                    "timeout = 5",
                    "[limits]",
                    "tick_interval = 0.5",
                    "retry_initial = 0.2",
                    "retry_max = 1.0",
                ]
            )
            + "\n"
        )
        self.config = config
        self.log = directory / "serve.log"
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "judge", "serve", "--config", str(config)],
                cwd=REPO,
                stdout=out,
                stderr=out,
            )
        deadline = time.monotonic() + 30
        while True:
            assert self.process.poll() is None, self.log.read_text()[-2000:]
            try:
                with smtplib.SMTP("127.0.0.1", self.port, timeout=2):
                    break
            except OSError:
                assert time.monotonic() < deadline, "judge serve did not listen"
                time.sleep(0.05)
        self.db = open_database(directory / "var" / "judge.db")

    def send(self, raw: bytes, mail_from="player@example.org", options=()) -> None:
        with smtplib.SMTP("127.0.0.1", self.port, timeout=30) as smtp:
            smtp.sendmail(mail_from, [JUDGE], raw, mail_options=list(options))

    def mail(self, sender: str, body: str, **headers) -> str:
        """Send an ordinary message; return its Message-ID."""
        message_id = headers.pop("Message_ID", f"<h{next(_ids)}@example.org>")
        msg = EmailMessage()
        msg["From"] = headers.pop("From", sender)
        msg["To"] = JUDGE
        msg["Subject"] = headers.pop("Subject", "hostile")
        msg["Message-ID"] = message_id
        for name, value in headers.items():
            msg[name.replace("_", "-")] = value
        msg.set_content(body)
        self.send(msg.as_bytes(policy=email.policy.SMTP), mail_from=sender)
        return message_id

    def replies_to(self, message_id: str):
        return [
            m
            for m in self.relay.messages()
            if header(parse(m.data), "In-Reply-To") == message_id
        ]

    def sent_to(self, address: str):
        return [m for m in self.relay.messages() if address in m.rcpt_tos]

    def intake(self, message_id: str):
        return self.db.execute(
            "SELECT state, note, sender FROM intake WHERE message_id = ?",
            (message_id,),
        ).fetchone()

    def handled(self, message_id: str) -> bool:
        row = self.intake(message_id)
        return row is not None and row[0] != "new"

    def errors(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT message FROM errors")]

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.relay.stop()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    judge = Served(tmp_path_factory.mktemp("hostile"))
    yield judge
    judge.stop()


@pytest.fixture(autouse=True)
def still_alive(served):
    yield
    assert served.alive(), served.log.read_text()[-3000:]


def wire_lines_ok(raw: bytes) -> bool:
    return all(len(line) <= 998 for line in raw.split(b"\r\n"))


# -- headers -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reply_to", "goes_to"),
    [
        ("=?utf-8?b?ZXZlDQpiY2M6IHhAeS5vcmc=?=", None),  # "eve\r\nbcc: x@y.org"
        ("=?utf-8?q?eve=0D=0ABcc=3A_x@y.org?=", None),
        ("=?utf-8?q?=0D=0A?= <bob@example.org>", "bob@example.org"),
        ("=?bogus?x?broken", None),
        ("=?utf-8?b?!!!?=", None),
    ],
)
def test_an_undecodable_reply_to_never_kills_the_message(served, reply_to, goes_to):
    sender = f"crlf{next(_ids)}@example.org"
    raw = (
        f"From: {sender}\r\nTo: {JUDGE}\r\nReply-To: {reply_to}\r\n"
        f"Subject: =?utf-8?q?a=0D=0AX-Injected=3A_1?=\r\n"
        f"Message-ID: <crlf{next(_ids)}@example.org>\r\n\r\nHELP\r\n"
    ).encode()
    served.send(raw, mail_from=sender)
    to = goes_to or sender
    assert wait_until(lambda: served.sent_to(to), timeout=20)
    (reply,) = served.sent_to(to)
    assert reply.rcpt_tos == [to]
    msg = parse(reply.data)
    assert header(msg, "X-Injected") == ""
    assert "This is the Diplomacy judge" in body_text(msg)
    assert not served.sent_to("x@y.org")


@pytest.mark.parametrize("depth", [1000, 3000])
def test_deep_mime_gets_a_polite_refusal(served, depth):
    sender = f"deep{next(_ids)}@example.org"
    opening = b'Content-Type: multipart/mixed; boundary="b%d"\r\n\r\n--b%d\r\n'
    raw = b"".join(
        [
            f"From: {sender}\r\nSubject: deep\r\nMIME-Version: 1.0\r\n".encode(),
            *(opening % (i, i) for i in range(depth)),
            b"Content-Type: text/plain\r\n\r\nHELP\r\n",
            *(b"--b%d--\r\n" % i for i in reversed(range(depth))),
        ]
    )
    assert len(raw) < 256 * 1024
    served.send(raw, mail_from=sender)
    assert wait_until(lambda: served.sent_to(sender), timeout=20)
    (reply,) = served.sent_to(sender)
    text = body_text(parse(reply.data))
    assert "nested" in text and "plain text" in text
    assert len(reply.data) < len(raw)  # amplification far under 50


def test_deep_enclosed_messages_get_a_refusal_too(served):
    sender = f"rfc822{next(_ids)}@example.org"
    raw = f"From: {sender}\r\nSubject: deep\r\n".encode()
    raw += b"Content-Type: message/rfc822\r\n\r\n" * 2000 + b"HELP\r\n"
    served.send(raw, mail_from=sender)
    assert wait_until(lambda: served.sent_to(sender), timeout=20)
    assert "nested" in body_text(parse(served.sent_to(sender)[0].data))


def folded(words: list[str], per_line: int = 10) -> str:
    lines = [" ".join(words[i : i + per_line]) for i in range(0, len(words), per_line)]
    return "\r\n ".join(lines)


@pytest.mark.parametrize(
    "subject",
    [
        folded(["word"] * 40_000),
        folded(["x" * 900] * 220, per_line=1),
        folded(["=?utf-8?b?" + "w7w=" * 10 + "?="] * 4_000, per_line=2),
        folded(["ü" * 40] * 2_000, per_line=5),
    ],
    ids=["many-words", "long-words", "encoded", "8bit"],
)
def test_a_huge_subject_is_cut_in_the_reply(served, subject):
    sender = f"subject{next(_ids)}@example.org"
    raw = (
        f"From: {sender}\r\nSubject: {subject}\r\n"
        f"Message-ID: <s{next(_ids)}@example.org>\r\n\r\nHELP\r\n"
    ).encode()
    assert 150_000 < len(raw) < 256 * 1024
    served.send(raw, mail_from=sender, options=("SMTPUTF8",))
    assert wait_until(lambda: served.sent_to(sender), timeout=20)
    (reply,) = served.sent_to(sender)
    assert wire_lines_ok(reply.data)
    assert len(header(parse(reply.data), "Subject")) <= 200
    assert len(reply.data) < len(raw)  # the subject is not echoed whole


def test_hostile_message_ids_and_references_stay_inside_line_limits(served):
    sender = f"refs{next(_ids)}@example.org"
    refs = "\r\n ".join(f"<r{i}@example.org>" for i in range(5000))
    raw = (
        f"From: {sender}\r\nSubject: refs\r\n"
        f"Message-ID: <{'m' * 900}{next(_ids)}@example.org>\r\n"
        f"In-Reply-To: <{'i' * 950}@example.org>\r\n"
        f"References: {refs}\r\n\r\nHELP\r\n"
    ).encode()
    served.send(raw, mail_from=sender)
    assert wait_until(lambda: served.sent_to(sender), timeout=20)
    (reply,) = served.sent_to(sender)
    assert wire_lines_ok(reply.data)
    assert len(header(parse(reply.data), "References").split()) <= 20


# -- addresses ----------------------------------------------------------------


@pytest.mark.parametrize(
    "from_header",
    [
        "alice@alice.example <eve@evil.example>",
        "alice@alice.example<eve@evil.example>",
        '"alice@alice.example" <eve@evil.example>',
        "alice@alice.example (alice) <eve@evil.example>",
        "=?utf-8?q?alice@alice.example?= <eve@evil.example>",
    ],
)
def test_a_display_name_holding_an_address_is_not_the_address(served, from_header):
    message_id = served.mail("eve@evil.example", "HELP", From=from_header)
    assert wait_until(lambda: served.replies_to(message_id), timeout=20)
    (reply,) = served.replies_to(message_id)
    assert reply.rcpt_tos == ["eve@evil.example"]
    assert served.intake(message_id)[2] == "eve@evil.example"
    assert not served.sent_to("alice@alice.example")


@pytest.mark.parametrize(
    "spelling",
    [
        "JUDGE@example.org",
        "<JUDGE@EXAMPLE.ORG>",
        '"judge"@example.org',
        "judge@example.org.",
        "Judge+loop@example.org",
        "Someone <judge@Example.Org.>",
    ],
)
@pytest.mark.parametrize("field", ["From", "Reply-To"])
def test_mail_from_the_judges_own_address_in_any_spelling_is_dropped(
    served, spelling, field
):
    headers = {field.replace("-", "_"): spelling}
    message_id = served.mail("alice@example.org", "HELP", **headers)
    assert wait_until(lambda: served.handled(message_id), timeout=20)
    assert served.intake(message_id)[0] == "dropped"
    assert not served.replies_to(message_id)


@pytest.mark.parametrize(
    "address",
    ["ü@example.org", "jürgen@example.org", "bad..dots@example.org", "x@[10.0.0.1]"],
)
def test_an_unsendable_reply_address_is_dropped_with_the_reason(served, address):
    message_id = f"<u{next(_ids)}@example.org>"
    raw = (
        f"From: {address}\r\nSubject: help\r\nMessage-ID: {message_id}\r\n\r\nHELP\r\n"
    ).encode()
    served.send(raw, mail_from=address, options=("SMTPUTF8",))
    assert wait_until(lambda: served.handled(message_id), timeout=20)
    state, note, _ = served.intake(message_id)
    assert state == "dropped"
    assert "reply address refused" in note or "no reply address (not" in note
    assert any(address in e and "refused" in e for e in served.errors())
    status = subprocess.run(
        [sys.executable, "-m", "judge", "status", "--config", str(served.config)],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )
    assert "reply address refused" in status.stdout
    # ... and an honest message right after is answered.
    honest = served.mail("honest@example.org", "HELP")
    assert wait_until(lambda: served.replies_to(honest), timeout=20)


# -- loops -----------------------------------------------------------------------


class Responder(threading.Thread):
    """An out-of-office robot without Auto-Submitted: it answers every mail
    the judge sends to it, at once, quoting it or not."""

    def __init__(self, served: Served, address: str, quote: bool) -> None:
        super().__init__(daemon=True)
        self.served, self.address, self.quote = served, address, quote
        self.stop = threading.Event()
        self.answered = 0

    def run(self) -> None:
        seen = 0
        while not self.stop.is_set():
            mails = self.served.sent_to(self.address)
            for mail in mails[seen:]:
                msg = parse(mail.data)
                body = "I am out of the office until Monday.\n"
                if self.quote:
                    body += "".join(
                        f"> {line}\n" for line in body_text(msg).split("\n")
                    )
                extra = {} if self.quote else {"In_Reply_To": header(msg, "Message-ID")}
                self.served.mail(
                    self.address,
                    body,
                    Subject=f"Out of office: {header(msg, 'Subject')}",
                    **extra,
                )
                self.answered += 1
            seen = len(mails)
            time.sleep(0.05)


@pytest.mark.parametrize("quote", [False, True], ids=["in-reply-to", "quoting"])
def test_a_responder_without_auto_submitted_is_stopped_with_one_notice(served, quote):
    robot = f"away{next(_ids)}@example.org"
    responder = Responder(served, robot, quote)
    responder.start()
    try:
        served.mail(robot, "HELP")
        assert wait_until(
            lambda: any(
                "automatic responder" in body_text(parse(m.data))
                for m in served.sent_to(robot)
            ),
            timeout=60,
        )
        time.sleep(3)  # the robot answers the notice; nothing more comes
        sent = served.sent_to(robot)
        # the answer to HELP, at most two answers to the robot, the notice
        assert len(sent) <= 1 + loops.ECHO_REPLIES + 1
        notices = [m for m in sent if "automatic responder" in body_text(parse(m.data))]
        assert len(notices) == 1
    finally:
        responder.stop.set()
        responder.join(5)
    dropped = served.db.execute(
        "SELECT COUNT(*) FROM intake WHERE sender = ? AND note LIKE 'mail loop%'",
        (robot,),
    ).fetchone()[0]
    assert dropped >= 1
    assert any("mail loop suspected" in e and robot in e for e in served.errors())


def test_a_player_sending_different_mails_in_a_row_is_answered_each_time(served):
    player = f"quick{next(_ids)}@example.org"
    served.mail(player, "HELP")
    assert wait_until(lambda: len(served.sent_to(player)) == 1, timeout=30)
    texts = ["GET DEADLINES", "LIST", "GET PRESS", "HELP", "GET MASTER"]
    for count, text in enumerate(texts, start=2):
        last = parse(served.sent_to(player)[-1].data)
        # at once, in the thread, with the judge's subject inside its own
        served.mail(
            player,
            text,
            Subject=f"Re: {header(last, 'Subject')}",
            In_Reply_To=header(last, "Message-ID"),
        )
        assert wait_until(lambda n=count: len(served.sent_to(player)) == n, timeout=30)
    sent = served.sent_to(player)
    assert not any("automatic responder" in body_text(parse(m.data)) for m in sent)


# -- the daemon holds, and honest mail is answered on time ----------------------


def attack_messages():
    deep = b"".join(
        b'Content-Type: multipart/mixed; boundary="d%d"\r\n\r\n--d%d\r\n' % (i, i)
        for i in range(3000)
    )
    yield b"From: a1@example.org\r\nSubject: deep\r\n" + deep + b"\r\nHELP\r\n"
    subject = folded(["s" * 70] * 2_800, per_line=1).encode()
    yield b"From: a2@example.org\r\nSubject: " + subject + b"\r\n\r\nHELP\r\n"
    yield (
        b"From: a3@example.org\r\nReply-To: =?utf-8?b?ZXZlDQpiY2M6IHhAeS5vcmc=?=\r\n"
        b"\r\nHELP\r\n"
    )
    yield b"From: a4@example.org\r\n\r\n" + b"FROBNICATE now\r\n" * 15_000
    # (HELP a thousand times, MAP, OBSERVE...: the per-message command
    # budgets' tests, tests/service/, cover those.)
    yield b"From: \xff\xfe\x00@\x80\r\nSubject: \x00\x01\r\n\r\n\xff\xfe"
    yield b"From: a6@example.org\r\nContent-Type: multipart/mixed\r\n\r\n--\r\n"
    yield b"\r\n\r\n\r\n"
    yield b"From: a7@example.org\r\nContent-Type: text/plain; charset=utf-7\r\n"
    yield b"From: a8@example.org\r\n" + b"X-Many: header\r\n" * 12_000 + b"\r\nHELP"


def test_the_daemon_survives_an_attack_and_answers_an_honest_player_on_time(served):
    stop = threading.Event()
    sent = [0]

    def attack():
        messages = list(attack_messages())
        while not stop.is_set():
            for raw in messages:
                if stop.is_set():
                    break
                head = f"Message-ID: <attack{next(_ids)}@example.org>\r\n".encode()
                try:
                    served.send(head + raw, mail_from="attacker@example.org")
                    sent[0] += 1
                except smtplib.SMTPException:
                    pass

    attacker = threading.Thread(target=attack, daemon=True)
    attacker.start()
    try:
        assert wait_until(lambda: sent[0] >= 10, timeout=60)
        delays = []
        for _ in range(3):
            started = time.monotonic()
            honest = served.mail("honest-player@example.org", "HELP")
            assert wait_until(lambda h=honest: served.replies_to(h), timeout=30)
            delays.append(time.monotonic() - started)
        assert max(delays) < 5, delays
    finally:
        stop.set()
        attacker.join(30)
    assert served.alive()
    assert wait_until(
        lambda: (
            served.db.execute(
                "SELECT COUNT(*) FROM intake WHERE state = 'new'"
            ).fetchone()[0]
            == 0
        ),
        timeout=120,
    )
    failed = served.db.execute(
        "SELECT COUNT(*) FROM intake WHERE state = 'failed'"
    ).fetchone()[0]
    assert failed == 0
    assert all(wire_lines_ok(m.data) for m in served.relay.messages())
    assert not served.sent_to(JUDGE)


def mutated_messages(count: int, seed: int = 19):
    """Ordinary messages with random damage: bytes flipped, cut short,
    headers repeated or emptied, boundaries broken."""
    rng = random.Random(seed)
    base = (
        b"From: Fuzz <fuzz@example.org>\r\nReply-To: fuzz@example.org\r\n"
        b"Subject: =?utf-8?q?fuzz_=C3=BC?=\r\nMIME-Version: 1.0\r\n"
        b'Content-Type: multipart/alternative; boundary="zz"\r\n\r\n'
        b"--zz\r\nContent-Type: text/plain; charset=utf-8\r\n"
        b"Content-Transfer-Encoding: quoted-printable\r\n\r\nHELP=0D=0A\r\n"
        b"--zz\r\nContent-Type: text/html\r\n\r\n<p>HELP</p>\r\n--zz--\r\n"
    )
    for _ in range(count):
        raw = bytearray(base)
        for _ in range(rng.randint(1, 12)):
            where = rng.randrange(len(raw))
            action = rng.choice(["flip", "cut", "dup", "junk", "crlf"])
            if action == "flip":
                raw[where] = rng.randrange(256)
            elif action == "cut":
                del raw[where : where + rng.randint(1, 40)]
            elif action == "dup":
                raw[where:where] = raw[: rng.randint(1, 120)]
            elif action == "junk":
                raw[where:where] = bytes(rng.randrange(256) for _ in range(20))
            else:
                raw[where:where] = rng.choice([b"\r\n", b"\r", b"\n", b"\r\n\r\n"])
        yield bytes(raw)


def test_randomly_damaged_mail_never_kills_or_blocks_the_daemon(served):
    ids = []
    for raw in mutated_messages(80):
        message_id = f"<fuzz{next(_ids)}@example.org>"
        try:
            served.send(
                f"Message-ID: {message_id}\r\n".encode() + raw,
                mail_from="fuzz@example.org",
                options=("SMTPUTF8",),
            )
        except smtplib.SMTPException:
            continue  # refused at the door is fine too
        ids.append(message_id)
    assert len(ids) > 40
    assert wait_until(lambda: all(served.handled(i) for i in ids), timeout=60)
    states = {served.intake(i)[0] for i in ids}
    assert states <= {"done", "dropped"}
    honest = served.mail("after-fuzz@example.org", "HELP")
    assert wait_until(lambda: served.replies_to(honest), timeout=20)
