"""A minimal handler for the worker's tests: HELP, and a polite "unknown
command" for everything else (the daemon itself runs the game service)."""

from __future__ import annotations

from datetime import datetime

import sqlite_utils

from judge.config import JudgeSettings
from judge.mail.message import IncomingMail, OutgoingMail

HELP_TEXT = """\
This is the Diplomacy judge {code} at {address}.

Send commands in the body of a mail, one per line.  The commands this judge
understands so far:

  HELP      this text

Quoted text (lines starting with '>') and your signature (after a line
"-- ") are ignored.
"""


class HelpHandler:
    def __init__(self, settings: JudgeSettings) -> None:
        self.settings = settings

    def setup(self, db: sqlite_utils.Database) -> None:
        pass

    def handle(
        self, db: sqlite_utils.Database, mail: IncomingMail, now: datetime
    ) -> list[OutgoingMail]:
        command = first_word(mail.body) or first_word(mail.subject)
        if command.upper() == "HELP":
            body = HELP_TEXT.format(
                code=self.settings.code, address=self.settings.address
            )
        elif not command:
            body = "Your message was empty. Send HELP for the list of commands."
        else:
            body = (
                f'Sorry, "{command[:40]}" is not a command this judge knows.'
                " Send HELP for the list of commands."
            )
        subject = mail.subject.strip() or "your message to the judge"
        if not subject.lower().startswith("re:"):
            subject = "Re: " + subject
        return [
            OutgoingMail(
                to=(mail.sender,),
                subject=subject,
                body=body,
                in_reply_to=mail.message_id or None,
                references=mail.references,
            )
        ]

    def tick(self, db: sqlite_utils.Database, now: datetime) -> list[OutgoingMail]:
        return []


def first_word(text: str) -> str:
    for line in text.splitlines():
        words = line.split()
        if words:
            return words[0]
    return ""
