"""Reading bounces: RFC 3464 reports, non-standard ones, broken ones."""

from email.message import EmailMessage

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.mail.decode import parse
from judge.mail.dsn import HARD, SOFT, is_bounce, read_report
from judge.mail.verp import envelope_sender, is_judge_address, parse_tag
from tests.strength import examples

JUDGE = "judge@example.org"


def dsn(
    recipient="alice@example.org",
    action="failed",
    status="5.1.1",
    diagnostic="smtp; 550 5.1.1 <alice@example.org>: User unknown",
    original_id="<orig.1@example.org>",
    to="judge+b-7-00aa11bb22cc@example.org",
    headers_part=True,
) -> bytes:
    per_recipient = [f"Final-Recipient: rfc822; {recipient}", f"Action: {action}"]
    if status:
        per_recipient.append(f"Status: {status}")
    if diagnostic:
        per_recipient.append(f"Diagnostic-Code: {diagnostic}")
    parts = [
        "--B\r\nContent-Type: text/plain\r\n\r\nYour message could not be"
        " delivered.\r\n",
        "--B\r\nContent-Type: message/delivery-status\r\n\r\n"
        "Reporting-MTA: dns; mx.example.org\r\n\r\n" + "\r\n".join(per_recipient),
    ]
    if headers_part:
        parts.append(
            "--B\r\nContent-Type: text/rfc822-headers\r\n\r\n"
            f"From: judge@example.org\r\nTo: {recipient}\r\n"
            f"Message-ID: {original_id}\r\nSubject: results\r\n"
        )
    return (
        "From: MAILER-DAEMON@mx.example.org (Mail Delivery System)\r\n"
        f"To: {to}\r\n"
        "Subject: Undelivered Mail Returned to Sender\r\n"
        "Message-ID: <bounce.1@mx.example.org>\r\n"
        "MIME-Version: 1.0\r\n"
        "Content-Type: multipart/report; report-type=delivery-status;"
        ' boundary="B"\r\n\r\n' + "\r\n".join(parts) + "\r\n--B--\r\n"
    ).encode()


def test_a_standard_report_names_recipient_status_and_original():
    report = read_report(parse(dsn()))
    assert report.standard and report.problem is None
    [failure] = report.failures
    assert failure.recipient == "alice@example.org"
    assert failure.kind == HARD and failure.status == "5.1.1"
    assert "User unknown" in failure.reason()
    assert report.original_message_id == "<orig.1@example.org>"


def test_delayed_and_4xx_are_soft_and_delivered_is_no_failure():
    assert read_report(parse(dsn(action="delayed", status="4.4.1"))).failures[
        0
    ].kind == (SOFT)
    failed_4xx = read_report(parse(dsn(status="4.2.2", diagnostic="smtp; 452 full")))
    assert failed_4xx.failures[0].kind == SOFT
    delivered = read_report(parse(dsn(action="delivered", status="2.0.0")))
    assert delivered.failures == ()
    assert "malformed DSN" in delivered.problem


def test_status_taken_from_the_diagnostic_when_missing():
    report = read_report(parse(dsn(status="", diagnostic="smtp; 550 no such user")))
    assert report.failures[0].kind == HARD


def test_returned_original_as_message_rfc822():
    original = EmailMessage()
    original["From"] = JUDGE
    original["To"] = "bob@example.org"
    original["Message-ID"] = "<orig.2@example.org>"
    original.set_content("results")
    bounce = EmailMessage()
    bounce["From"] = "postmaster@example.net"
    bounce["To"] = JUDGE
    bounce["X-Failed-Recipients"] = "bob@example.org"
    bounce["Message-ID"] = "<b2@example.net>"
    bounce.set_content("A message that you sent could not be delivered.\n550 5.1.1")
    bounce.add_attachment(original)
    msg = parse(bounce.as_bytes())
    report = read_report(msg)
    assert is_bounce(msg, "")
    assert [f.recipient for f in report.failures] == ["bob@example.org"]
    assert report.failures[0].kind == HARD
    assert report.original_message_id == "<orig.2@example.org>"


def test_exim_style_bounce_with_the_original_in_the_text():
    raw = (
        b"From: Mail Delivery System <Mailer-Daemon@mx.example.net>\r\n"
        b"To: judge@example.org\r\n"
        b"Subject: Mail delivery failed: returning message to sender\r\n"
        b"Message-ID: <own@mx.example.net>\r\n"
        b"X-Failed-Recipients: carol@example.net\r\n\r\n"
        b"This message was created automatically by mail delivery software.\r\n"
        b"  carol@example.net\r\n    retry timeout exceeded 451 4.4.1\r\n\r\n"
        b"------ This is a copy of the message, including all the headers.\r\n"
        b"Message-ID: <orig.3@example.org>\r\nSubject: results\r\n\r\nbody\r\n"
    )
    report = read_report(parse(raw))
    assert [(f.recipient, f.kind) for f in report.failures] == [
        ("carol@example.net", SOFT)
    ]
    assert report.original_message_id == "<orig.3@example.org>"


def test_ordinary_mail_is_no_bounce():
    msg = EmailMessage()
    msg["From"] = "alice@example.org"
    msg["To"] = JUDGE
    msg.set_content("HELP")
    parsed = parse(msg.as_bytes())
    assert not is_bounce(parsed, "alice@example.org")
    assert read_report(parsed).failures == ()


def test_a_report_whose_status_part_is_garbage_is_malformed():
    raw = dsn().replace(b"Final-Recipient: rfc822;", b"\x00\xff;;")
    report = read_report(parse(raw))
    assert report.failures == () or report.failures[0].recipient is None


def test_verp_addresses_round_trip():
    address = envelope_sender(JUDGE, 42, "00aa11bb22cc")
    assert address == "judge+b-42-00aa11bb22cc@example.org"
    tag = parse_tag(address.upper(), JUDGE)
    assert tag.outbox_id == 42 and tag.matches("00aa11bb22cc")
    assert not tag.matches("00aa11bb22cd") and not tag.matches(None)
    assert parse_tag("judge+b-42-00aa@other.org", JUDGE) is None
    assert parse_tag("judgex+b-42-00aa@example.org", JUDGE) is None
    assert envelope_sender(JUDGE, 42, None) == JUDGE
    assert envelope_sender(JUDGE, 42, "ab", separator="") == JUDGE
    assert is_judge_address("<Judge+anything@Example.org>", JUDGE)
    assert not is_judge_address("judgement@example.org", JUDGE)
    assert not is_judge_address("judge+x@example.org", JUDGE, separator="")


@settings(max_examples=examples(300), deadline=None)
@given(st.binary(max_size=3000))
def test_reading_never_raises_on_bytes(data):
    msg = parse(
        b"Content-Type: multipart/report; report-type=delivery-status;"
        b' boundary="B"\r\n\r\n--B\r\nContent-Type: message/delivery-status\r\n\r\n'
        + data
    )
    report = read_report(msg)
    assert report.failures or report.problem


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, len(dsn()) - 1), st.binary(min_size=1, max_size=8)),
        max_size=6,
    )
)
def test_reading_never_raises_on_mangled_reports(edits):
    raw = bytearray(dsn())
    for at, data in edits:
        raw[at : at + len(data)] = data
    report = read_report(parse(bytes(raw)))
    for failure in report.failures:
        assert failure.kind in (HARD, SOFT)
        assert failure.recipient is None or "@" in failure.recipient
