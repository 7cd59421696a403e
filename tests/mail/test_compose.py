"""Outgoing mail is well formed."""

from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.mail.compose import compose
from judge.mail.decode import body_text, header, parse
from judge.mail.message import Attachment, OutgoingMail
from tests.strength import examples

NOW = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


def test_reply_headers():
    mail = OutgoingMail(
        to=("alice@example.org",),
        subject="Re: orders",
        body="Grüße — A Par - Bur",
        in_reply_to="<m2@example.org>",
        references=("<m1@example.org>",),
    )
    message_id, raw = compose(
        mail, judge_address="judge@example.org", judge_code="PYJ", now=NOW
    )
    msg = parse(raw)
    assert header(msg, "Message-ID") == message_id
    assert message_id.endswith("@example.org>")
    assert "judge@example.org" in header(msg, "From")
    assert header(msg, "To") == "alice@example.org"
    assert header(msg, "Date") == "Fri, 02 Jan 2026 03:04:05 +0000"
    assert header(msg, "In-Reply-To") == "<m2@example.org>"
    assert header(msg, "References") == "<m1@example.org> <m2@example.org>"
    assert header(msg, "Auto-Submitted") == "auto-replied"
    assert msg.get_content_charset() == "utf-8"
    assert body_text(msg).strip() == "Grüße — A Par - Bur"
    assert all(len(line) <= 998 for line in raw.split(b"\r\n"))


def test_unsolicited_mail_is_auto_generated_and_carries_attachments():
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256))
    mail = OutgoingMail(
        to=("alice@example.org", "bob@example.org"),
        subject="Spring 1901 results",
        body="results",
        attachments=(Attachment("map.png", "image/png", png),),
    )
    _, raw = compose(mail, judge_address="judge@example.org", judge_code="PYJ", now=NOW)
    msg = parse(raw)
    assert header(msg, "Auto-Submitted") == "auto-generated"
    assert header(msg, "In-Reply-To") == ""
    parts = [p for p in msg.iter_attachments()]
    assert len(parts) == 1
    assert parts[0].get_filename() == "map.png"
    assert parts[0].get_content_type() == "image/png"
    assert parts[0].get_payload(decode=True) == png


def test_mail_to_a_game_carries_its_list_id_and_replies_do_not():
    results = OutgoingMail(
        to=("alice@example.org",),
        subject="PYJ:alpha - S1901M results",
        body="x",
        list_name="Alpha_2",
    )
    _, raw = compose(
        results, judge_address="judge@example.org", judge_code="PYJ", now=NOW
    )
    assert header(parse(raw), "List-Id") == "PYJ alpha-2 <alpha-2.pyj.example.org>"
    reply = OutgoingMail(to=("alice@example.org",), subject="Re: x", body="x")
    _, raw = compose(
        reply, judge_address="judge@example.org", judge_code="PYJ", now=NOW
    )
    assert header(parse(raw), "List-Id") == ""


def test_copies_of_one_content_share_their_body_and_differ_in_headers():
    picture = b"\x89PNG" * 5000
    bodies, ids = set(), set()
    for address in ("a@example.org", "b@example.org", "c@example.org"):
        mail = OutgoingMail(
            to=(address,),
            subject="PYJ:alpha - S1901M Results",
            body="The results.\n",
            attachments=(Attachment("alpha.png", "image/png", picture),),
            list_name="alpha",
            unsubscribe=(f"mailto:judge@example.org?subject=unsubscribe%20{address}",),
        )
        message_id, raw = compose(
            mail, judge_address="judge@example.org", judge_code="PYJ", now=NOW
        )
        head, _, body = raw.partition(b"\r\n\r\n")
        assert f"To: {address}".encode() in head
        assert address.encode() in head.split(b"List-Unsubscribe:")[1]
        bodies.add(body)
        ids.add(message_id)
    assert len(bodies) == 1 and len(ids) == 3
    other = OutgoingMail(to=("a@example.org",), subject="x", body="Other.\n")
    raw = compose(other, judge_address="judge@example.org", judge_code="PYJ", now=NOW)[
        1
    ]
    assert b"Other." in raw and b"image/png" not in raw


@settings(max_examples=examples(500), deadline=None)
@given(
    name=st.sampled_from(["To", "Subject", "X-Judge", "List-Id", "In-Reply-To"]),
    value=st.text(st.sampled_from('ab Z9<>@.,;:=?"()-_!~\t'), max_size=90),
)
def test_header_lines_written_directly_are_the_email_packages(name, value):
    from judge.mail.compose import WIRE, header_line

    assert header_line(name, value) == WIRE.fold_binary(name, value)
