"""`judge mail --from ADDR`: submit stdin as a message to the running judge
and print its reply, found in the judge's outbox.  The message goes in the
way the judge's own mail comes: to its SMTP listener, or, when the listener
is off and the judge reads a mailbox, into that mailbox over IMAP (as the
provider's delivery would put it there)."""

from __future__ import annotations

import argparse
import smtplib
import sys
import time
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from imapclient import IMAPClient

from judge.config import EXIT_CONFIG, Config, ConfigError, load_config, split_host_port
from judge.mail import decode
from judge.store.db import open_database, utc_now
from judge.store.outbox import reply_to


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--from", dest="sender", required=True, help="your address")
    parser.add_argument("--subject", default="", help="the mail's subject")
    parser.add_argument(
        "--server",
        help="the judge's SMTP listener host:port (default: from config; with"
        " the listener off, the [imap] mailbox the judge reads)",
    )
    parser.add_argument("--config", help="configuration file (default: ./judge.toml)")
    parser.add_argument(
        "--timeout", type=float, default=30.0, help="seconds to wait for the reply"
    )


def run(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.config)
        by_imap = (
            args.server is None and not config.smtp.enabled and config.imap is not None
        )
        host, port = (
            (config.imap.host, config.imap.port)
            if by_imap
            else split_host_port(args.server or config.smtp.listen, 25)
        )
    except ConfigError as exc:
        print(f"judge mail: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    msg = EmailMessage()
    msg["From"] = args.sender
    msg["To"] = config.judge.address
    msg["Subject"] = args.subject
    msg["Date"] = format_datetime(utc_now())
    message_id = make_msgid(domain=args.sender.rpartition("@")[2] or "localhost")
    msg["Message-ID"] = message_id
    msg.set_content(sys.stdin.read())
    try:
        if by_imap:
            _append(config, msg)
        else:
            with smtplib.SMTP(host, port, timeout=30) as smtp:
                smtp.send_message(
                    msg, from_addr=args.sender, to_addrs=[config.judge.address]
                )
    except (OSError, smtplib.SMTPException, IMAPClient.Error) as exc:
        how = "the IMAP mailbox at " if by_imap else ""
        print(
            f"judge mail: cannot deliver to {how}{host}:{port}: {exc}", file=sys.stderr
        )
        return 1
    path = config.judge.database_path
    if not path.exists():
        print(f"sent {message_id}; no database at {path} to read the reply from")
        return 0
    db = open_database(path)
    deadline = time.monotonic() + args.timeout
    while time.monotonic() < deadline:
        replies = reply_to(db, message_id)
        if replies:
            for raw in replies:
                reply = decode.parse(raw)
                for name in ("From", "To", "Subject"):
                    print(f"{name}: {decode.header(reply, name)}")
                print()
                print(decode.body_text(reply).rstrip("\n"))
            return 0
        state = db.execute(
            "SELECT state, note FROM intake WHERE message_id = ?", (message_id,)
        ).fetchone()
        if state and state[0] in ("dropped", "failed"):
            print(f"the judge did not answer: {state[1]}", file=sys.stderr)
            return 1
        time.sleep(0.1)
    print(
        f"no reply within {args.timeout:.0f} s (sent as {message_id})", file=sys.stderr
    )
    return 1


def _append(config: Config, msg: EmailMessage) -> None:
    """Put the message, unread, into the mailbox the judge polls."""
    s = config.imap
    assert s is not None
    client = IMAPClient(s.host, port=s.port, ssl=s.tls, timeout=30)
    try:
        client.login(s.user, s.password)
        client.append(s.folder, msg.as_bytes())
    finally:
        client.logout()
