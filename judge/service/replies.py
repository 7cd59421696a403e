"""The mails a message's reply is made of: the reply itself, a copy for
each seat holder whose seat was used, and the mails the commands caused."""

from __future__ import annotations

import re

from judge.language.commands import Command
from judge.mail.message import IncomingMail, OutgoingMail
from judge.reports import game_reply_subject

ECHO_LIMIT = 200  # characters of a line quoted back in a reply


def echo(text: str) -> str:
    """A line quoted back in a reply, cut short when long: a reply never
    mails a sender's whole message back (njudge removed that for spam)."""
    if len(text) <= ECHO_LIMIT:
        return text
    return f"{text[:ECHO_LIMIT]}... ({len(text)} characters)"


MASK = "****"
# The commands that carry a password, and which of their arguments it is.
PASSWORD_ARGS = {"signon": 1, "create": 1, "observe": 1, "set_password": 0}
# A line of one of them that did not parse: all after the first argument.
_PASSWORD_LINE = re.compile(
    r"^(\s*(?:sign\s*on|create|observe)\s+\S+|\s*set\s+password)(.*)$",
    re.IGNORECASE | re.DOTALL,
)


def mask_passwords(text: str, command: Command | None = None) -> str:
    """A command line as it may be quoted back: its password, if it has
    one, as ****.  Replies go to whoever sent the line, and copies of them
    to seat holders and masters: none shows a password."""
    where = PASSWORD_ARGS.get(command.name) if command is not None else None
    if where is not None and _letter_apart(command):
        where = len(command.args)  # "SIGNON F alpha pw": all after the letter
    if where is not None and where < len(command.args):
        # the password's word, counted from the end of the line
        after = sum(len(arg.split()) for arg in command.args[where + 1 :])
        words = list(re.finditer(r"\S+", text))
        if after < len(words):
            found = words[-1 - after]
            return text[: found.start()] + MASK + text[found.end() :]
    if command is None or where is not None:
        unread = _PASSWORD_LINE.match(text)
        if unread and unread.group(2).strip():
            return f"{unread.group(1)} {MASK}"
    return text


def _letter_apart(command: Command) -> bool:
    """SIGNON with its power's letter written apart from the game's name
    ("SIGNON F alpha pw"): the password is not where it usually is."""
    args = command.args
    return (
        command.name == "signon"
        and len(args) > 2
        and len(args[0]) == 1
        and args[0] != "?"
    )


def compose(ctx, mail: IncomingMail, code: str) -> list[OutgoingMail]:
    original = mail.subject.strip()
    if ctx.subject_game:
        subject = game_reply_subject(code, *ctx.subject_game, original)
    else:
        subject = original or "your message to the judge"
        if not subject.lower().startswith("re:"):
            subject = "Re: " + subject
    body = "\n\n".join(ctx.reply.lines) + "\n"
    reply = OutgoingMail(
        to=(mail.sender,),
        subject=subject,
        body=body,
        in_reply_to=mail.message_id or None,
        references=mail.references,
        attachments=tuple(ctx.reply.attachments),
    )
    # a copy answers nothing its reader sent: no "Re:"
    copy_subject = f"Copy: {subject.removeprefix('Re: ')}"
    copies = [
        OutgoingMail(
            to=(address,),
            subject=copy_subject,
            body=f"A copy of the judge's reply to a message from"
            f" {mail.sender}, who signed on as you:\n\n{body}",
        )
        for address in sorted(ctx.reply.copy_to)
    ]
    return [reply, *copies, *ctx.reply.extra]
