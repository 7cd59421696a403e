"""OutgoingMail into a well-formed message: the bytes the outbox keeps."""

from __future__ import annotations

import email.policy
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from judge.mail.message import OutgoingMail

POLICY = email.policy.SMTP.clone(max_line_length=78)


def compose(
    mail: OutgoingMail, *, judge_address: str, judge_code: str, now: datetime
) -> tuple[str, bytes]:
    """Render `mail`; return (its Message-ID, the raw message)."""
    msg = EmailMessage(policy=POLICY)
    domain = judge_address.rpartition("@")[2] or "localhost"
    message_id = make_msgid(idstring=judge_code.lower(), domain=domain)
    msg["From"] = f"Judge {judge_code} <{judge_address}>"
    msg["To"] = ", ".join(mail.to)
    msg["Subject"] = mail.subject
    msg["Date"] = format_datetime(now)
    msg["Message-ID"] = message_id
    if mail.in_reply_to:
        msg["In-Reply-To"] = mail.in_reply_to
        references = [r for r in mail.references if r != mail.in_reply_to]
        msg["References"] = " ".join([*references, mail.in_reply_to])
        msg["Auto-Submitted"] = "auto-replied"
    else:
        if mail.references:
            msg["References"] = " ".join(mail.references)
        msg["Auto-Submitted"] = "auto-generated"
    msg["X-Judge"] = judge_code
    msg.set_content(mail.body if mail.body.endswith("\n") else mail.body + "\n")
    for attachment in mail.attachments:
        maintype, _, subtype = attachment.content_type.partition("/")
        msg.add_attachment(
            attachment.data,
            maintype=maintype,
            subtype=subtype or "octet-stream",
            filename=attachment.filename,
        )
    return message_id, msg.as_bytes()
