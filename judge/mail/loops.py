"""Mail the judge must never answer: auto-replies, bounces, lists, itself;
and correspondents that answer the judge's mail by machine without saying
so (`check_echo`)."""

from __future__ import annotations

import functools
import hashlib
import re
from datetime import datetime, timedelta
from email.message import Message

import sqlite_utils

from judge.mail.addresses import canonical, same_mailbox
from judge.mail.decode import addresses, header
from judge.store import echoes

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
        if same_mailbox(addr, judge_address):
            return "mail from the judge's own address"
    return None


# -- robots that do not say they are robots --------------------------------
#
# An out-of-office responder without Auto-Submitted answers each of the
# judge's replies with the same text, and the judge would answer each of
# its messages.  A message "answers the judge" when it names one of the
# judge's mails in In-Reply-To or References, quotes lines of the judge's
# latest reply to that address, or carries that reply's Subject inside its
# own ("Out of office: Re: ...").  Such a message is an echo when it comes
# within ECHO_QUICK seconds of that reply and its text, read without quoted
# lines, case, spacing and punctuation, is the same as that of an earlier
# such message from the address within ECHO_WINDOW seconds.  A robot thus
# gets at most ECHO_REPLIES replies in the window: its next echo gets the
# one notice, and the judge does not answer the address for ECHO_PAUSE
# seconds.  People answering the judge with different texts, however fast,
# are always answered; mail that answers nothing of the judge's (a script
# sending HELP a thousand times) is the rate limit's business.

ECHO_QUICK = 600.0
ECHO_WINDOW = 3600.0
ECHO_REPLIES = 2  # replies a robot gets in the window before the notice
ECHO_PAUSE = 3600.0
SAMPLE_LINES = 6  # of a reply's lines kept to recognise a quote of it

ANSWER, NOTICE, SILENT = "answer", "notice", "silent"


def check_echo(
    db: sqlite_utils.Database,
    sender: str,
    subject: str,
    text: str,
    quoted_text: str,
    references: tuple[str, ...],
    now: datetime,
) -> str:
    """ANSWER, NOTICE (send the one notice now) or SILENT, for a message
    from `sender` whose text read is `text` (quotes stripped) and whose
    whole text, quotes included, is `quoted_text`.  Runs in the caller's
    transaction and remembers the message."""
    who = canonical(sender)
    until = echoes.paused_until(db, who)
    if until is not None and now < until:
        return SILENT
    latest = echoes.latest_reply(db, who)
    if not _answers_judge(db, latest, subject, quoted_text, references):
        return ANSWER  # nothing to remember: most mail costs two reads
    echoes.forget_before(db, who, now - timedelta(seconds=ECHO_WINDOW))
    body_hash = hashlib.sha256(_gist(text).encode()).hexdigest()
    # (mail that arrived before that reply was written does not answer it)
    quick = 0 <= (now - latest[1]).total_seconds() <= ECHO_QUICK
    echo = quick and echoes.seen_body(db, who, body_hash)
    echoes.remember(db, who, now, body_hash, echo)
    if echo and echoes.robotic_count(db, who) >= ECHO_REPLIES:
        echoes.pause(db, who, now + timedelta(seconds=ECHO_PAUSE))
        return NOTICE
    return ANSWER


def _gist(text: str) -> str:
    """A text as compared for sameness: no quoted lines, case, spacing or
    punctuation (a responder's date or signature line aside, its texts
    are the same)."""
    lines = [line for line in text.splitlines() if not line.lstrip().startswith(">")]
    return " ".join(re.findall(r"\w+", "\n".join(lines).lower()))


def echo_notice() -> str:
    minutes = int(ECHO_PAUSE // 60)
    return (
        "Your address keeps answering the judge's mail with the same text"
        " again and again: it looks like an automatic"
        " responder (an out-of-office reply?) that does not mark its mail"
        " with Auto-Submitted. To stop a mail loop the judge will not answer"
        f" mail from this address for the next {minutes} minutes; this is the"
        " only notice. If you are a person, please wait and write again."
    )


def note_reply(
    db: sqlite_utils.Database,
    sender: str,
    message_id: str,
    subject: str,
    body: str,
    now: datetime,
) -> None:
    """Remember the judge's reply to `sender`, to recognise an answer to it."""
    subject = " ".join(subject.split())
    echoes.note_reply(db, canonical(sender), message_id, now, subject, _sample(body))


@functools.lru_cache(maxsize=32)
def _sample(body: str) -> str:
    """The reply's longest lines, as quoted back.  Kept: many replies are
    the same text (HELP, a game's notices), and picking them out of a long
    one costs more than the rest of remembering it."""
    lines = [" ".join(line.split()) for line in body.splitlines()]
    distinctive = sorted({line for line in lines if len(line) >= 24}, key=len)
    return "\n".join(distinctive[-SAMPLE_LINES:])


def _answers_judge(db, latest, subject, quoted_text, references) -> bool:
    if latest is None:
        return False
    message_id, _, reply_subject, sample = latest
    if message_id in references or echoes.judge_sent_any(db, references):
        return True
    if len(reply_subject) >= 8 and reply_subject.lower() in subject.lower():
        return True
    seen = {" ".join(line.lstrip("> \t").split()) for line in quoted_text.splitlines()}
    return any(line in seen for line in sample.split("\n") if line)
