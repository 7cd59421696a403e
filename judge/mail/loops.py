"""Mail the judge must never answer: auto-replies, bounces, lists, itself."""

from __future__ import annotations

from email.message import Message

from judge.mail.decode import addresses, header

BOUNCE_SENDERS = {"mailer-daemon", "postmaster"}
BULK_PRECEDENCE = {"bulk", "junk", "list"}


def reason_not_to_answer(
    msg: Message, envelope_from: str | None, judge_address: str
) -> str | None:
    """Why this message gets no reply (None: answer it).

    `envelope_from` is the SMTP MAIL FROM ('' for a bounce) or, for mail read
    over IMAP, None: the Return-Path header stands in for it."""
    auto = header(msg, "Auto-Submitted").lower()
    if auto and auto.split(";")[0].strip() != "no":
        return f"auto-submitted mail ({auto})"
    precedence = header(msg, "Precedence").lower()
    if precedence in BULK_PRECEDENCE:
        return f"Precedence: {precedence}"
    if header(msg, "X-Autoreply") or header(msg, "X-Autorespond"):
        return "auto-reply (X-Autoreply)"
    if header(msg, "List-Id"):
        return "mailing-list mail (List-Id)"
    if envelope_from is None:
        return_path = header(msg, "Return-Path")
        if return_path.replace(" ", "") == "<>":
            return "bounce (empty Return-Path)"
    elif envelope_from.strip() in ("", "<>"):
        return "bounce (empty envelope sender)"
    senders = addresses(msg, "From") + addresses(msg, "Reply-To")
    if envelope_from:
        senders.append(envelope_from)
    for addr in senders:
        if addr.split("@")[0].lower() in BOUNCE_SENDERS:
            return f"bounce or system mail from {addr}"
        if addr.lower() == judge_address.lower():
            return "mail from the judge's own address"
    return None
