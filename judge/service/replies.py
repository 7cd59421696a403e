"""The mails a message's reply is made of: the reply itself, a copy for
each seat holder whose seat was used, and the mails the commands caused."""

from __future__ import annotations

from judge.mail.message import IncomingMail, OutgoingMail
from judge.reports import game_reply_subject

ECHO_LIMIT = 200  # characters of a line quoted back in a reply


def echo(text: str) -> str:
    """A line quoted back in a reply, cut short when long: a reply never
    mails a sender's whole message back (njudge removed that for spam)."""
    if len(text) <= ECHO_LIMIT:
        return text
    return f"{text[:ECHO_LIMIT]}... ({len(text)} characters)"


def compose(ctx, mail: IncomingMail, code: str) -> list[OutgoingMail]:
    original = mail.subject.strip()
    if ctx.subject_game:
        subject = game_reply_subject(code, *ctx.subject_game, original)
    else:
        subject = original or "your message to the judge"
        if not subject.lower().startswith("re:"):
            subject = "Re: " + subject
    body = "\n\n".join(ctx.lines) + "\n"
    reply = OutgoingMail(
        to=(mail.sender,),
        subject=subject,
        body=body,
        in_reply_to=mail.message_id or None,
        references=mail.references,
        attachments=tuple(ctx.attachments),
    )
    copies = [
        OutgoingMail(
            to=(address,),
            subject=subject,
            body=f"A copy of the judge's reply to a message from"
            f" {mail.sender}, who signed on as you:\n\n{body}",
        )
        for address in sorted(ctx.copy_to)
    ]
    return [reply, *copies, *ctx.extra]
