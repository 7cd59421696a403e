"""A game's results to each of its recipients: one composed body, stored
once (outbox_body), each copy's own header block signed for it; the sender
and every reader get the whole message back, and each copy verifies."""

import os
from datetime import UTC, datetime

import dkim

from judge.daemon.worker import SharedBodies, Worker
from judge.mail.decode import body_text, parse
from judge.mail.dkim_signing import DkimSigner
from judge.mail.message import Attachment, OutgoingMail
from judge.store.db import transaction
from judge.store.outbox import due_messages, messages_where
from tests.daemon.simple_handler import HelpHandler
from tests.mail.dkim_keys import dns_for, rsa_key_pair

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
PICTURE = os.urandom(60_000)  # a results picture's size


def signer_and_dns():
    pem, public = rsa_key_pair()
    return DkimSigner("example.org", "s1", pem), dns_for("s1", "example.org", public)


def results_to(address: str) -> OutgoingMail:
    # as results_mails makes them: the same text, the picture's same bytes
    return OutgoingMail(
        to=(address,),
        subject="PYJ:alpha - Spring 1901 Results",
        body="Spring 1901 results.\n  Austria: Army Vienna -> Galicia.\n",
        attachments=(Attachment("alpha-S1901M.png", "image/png", PICTURE),),
        list_name="alpha",
        unsubscribe=(f"https://dip.example.org/unsubscribe/{address[:2]}",),
    )


def test_copies_share_one_stored_body_and_each_verifies(db, make_judge_config):
    signer, dns = signer_and_dns()
    config = make_judge_config()
    worker = Worker(db, HelpHandler(config.judge), config, lambda: NOW, signer=signer)
    players = [f"p{i}@example.net" for i in range(1, 8)]
    reply = OutgoingMail(to=("gm@example.net",), subject="Re: x", body="Done.\n")
    with transaction(db):
        assert worker._queue([*map(results_to, players), reply], NOW, None) == 8
    assert db.execute("SELECT COUNT(*) FROM outbox_body").fetchone()[0] == 1
    shared = db.execute("SELECT COUNT(*) FROM outbox WHERE body_id IS NOT NULL")
    assert shared.fetchone()[0] == 7  # the reply, small, keeps its own
    stored = db.execute("SELECT SUM(length(raw)) FROM outbox").fetchone()[0]
    assert stored < len(PICTURE)  # seven headers and a reply, not 7 pictures

    whole = dict(messages_where(db, "1"))
    sent = {row.id: row.raw for row in due_messages(db, NOW, limit=20)}
    assert sent == whole
    for outbox_id, raw in whole.items():
        assert dkim.verify(raw, dnsfunc=dns), outbox_id
        msg = parse(raw)
        to = msg["To"]
        if to == "gm@example.net":
            assert body_text(msg).strip() == "Done."
            continue
        [picture] = [p for p in msg.walk() if p.get_content_type() == "image/png"]
        assert picture.get_payload(decode=True) == PICTURE
        assert f"/unsubscribe/{to[:2]}>" in msg["List-Unsubscribe"]
    # a copy's header block over another's body is still a whole message,
    # but another copy's signature does not verify for it
    first, second = sorted(whole)[:2]
    head = whole[first].split(b"\r\n\r\n", 1)[0]
    swapped = whole[second].replace(
        whole[second].split(b"\r\n\r\n", 1)[0], head.replace(b"p1@", b"p2@"), 1
    )
    assert not dkim.verify(swapped, dnsfunc=dns)


def test_only_the_same_large_body_is_shared(db):
    from judge.store.schema import create_mail_tables

    create_mail_tables(db)
    shared = SharedBodies(db)
    big = b"x" * SharedBodies.LARGE
    with transaction(db):
        assert shared.body_id(b"small") is None
        first = shared.body_id(big)
        assert shared.body_id(big) == first
        equal_but_another = bytes(bytearray(big))
        assert shared.body_id(equal_but_another) not in (None, first)
