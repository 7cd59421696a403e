"""The operator's topology, with a real MTA in the loop.

The judge relays its mail through Postfix; Postfix delivers to the players'
Dovecot mailboxes by LMTP, and the players read their mail over IMAP.  A
player sets an address with a typo: the results mail to it is refused by
Dovecot, Postfix sends a real bounce to the judge's VERP address, routed
back to the judge's SMTP listener; the address is marked unreachable and
the master is told."""

import re
import smtplib
from dataclasses import replace
from email.message import EmailMessage

import pytest

from judge.config import RelaySettings
from judge.mail.decode import body_text, header, parse
from judge.store.db import open_database

DOMAIN = "players.test"
MASTER = f"gm@{DOMAIN}"
PLAYERS = [f"p{i}@{DOMAIN}" for i in range(1, 8)]
TYPO = f"p3x@{DOMAIN}"  # a user Dovecot does not know: refused at LMTP

pytestmark = pytest.mark.slow  # a Postfix and a Dovecot of its own


def test_results_through_postfix_and_a_real_bounce_back(
    make_judge_config, start_judge, mail_hub, wait_until
):
    config = make_judge_config()
    judge_port = config.smtp.port
    hub = mail_hub("judge.test", judge_port, [MASTER, *PLAYERS])
    config = make_judge_config(
        relay=RelaySettings(port=hub.smtp_port, timeout=10),
    )
    # The judge's own domain, and its listener on the port Postfix knows.
    config = replace(
        config,
        judge=replace(config.judge, address="judge@judge.test"),
        smtp=replace(config.smtp, listen=f"127.0.0.1:{judge_port}"),
    )
    start_judge(config)

    def mail(sender: str, body: str, subject: str) -> None:
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = sender, config.judge.address, subject
        msg.set_content(body)
        with smtplib.SMTP("127.0.0.1", judge_port, timeout=10) as smtp:
            smtp.send_message(msg)

    def mails(user: str, subject_part: str = "") -> list:
        return [
            m
            for m in map(parse, hub.inbox(user))
            if subject_part in header(m, "Subject")
        ]

    mail(MASTER, "CREATE ?alpha secret-gm standard\nBECOME MASTER", "create")
    for i, player in enumerate(PLAYERS):
        mail(player, f"SIGNON ?alpha secret-{i}", f"signon {i}")
    # Each player reads, over IMAP, the mail Postfix delivered.
    selected = {}

    def all_started() -> bool:
        for player in PLAYERS:
            for m in mails(player):
                found = re.search(r"selected as (\w+)", body_text(m))
                if found:
                    selected[player] = found.group(1)
        return len(selected) == len(PLAYERS)

    assert wait_until(all_started, timeout=60), hub.log()[-2000:]
    victim, power = PLAYERS[2], selected[PLAYERS[2]]
    # The player sets an address with a typo, then the master processes.
    mail(victim, f"SIGNON {power[0]}alpha secret-2\nSET ADDRESS {TYPO}", "address")
    assert wait_until(lambda: mails(victim, "address"), timeout=30)
    mail(MASTER, "SIGNON Malpha secret-gm\nPROCESS", "process")
    assert wait_until(lambda: mails(PLAYERS[0], "Results"), timeout=60)
    # Postfix's own bounce of the results to the typo comes back, by SMTP,
    # to the VERP address of that one message; the master is told.
    assert wait_until(lambda: mails(MASTER, "Unreachable player"), timeout=60), (
        hub.log()[-3000:]
    )
    [notice] = mails(MASTER, "Unreachable player")
    text = body_text(notice)
    assert TYPO in text and power in text and "5.1.1" in text
    db = open_database(config.judge.database_path)
    row = db.execute(
        "SELECT state, reason FROM address_state WHERE address = ?", (TYPO,)
    ).fetchone()
    assert row[0] == "unreachable"
    bounce = db.execute(
        "SELECT i.envelope_from, i.note, i.raw FROM intake i"
        " WHERE i.note LIKE 'bounce recorded%'"
    ).fetchone()
    assert bounce[0] in ("", "<>")  # a real bounce: null sender
    assert "hard bounce for <p3x@players.test>" in bounce[1]
    assert b"X-Postfix-Queue-ID" in bytes(bounce[2])  # written by Postfix
    # Nobody answered the bounce: nothing went to Postfix's mailer-daemon.
    assert "MAILER-DAEMON" not in " ".join(
        r for (r,) in db.execute("SELECT recipients FROM outbox")
    )
