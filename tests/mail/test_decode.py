"""Decoding real-world mail: MIME, charsets, HTML, quotes, signatures."""

from email.message import EmailMessage

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from judge.mail import decode, quotes


def text_of(raw: bytes) -> str:
    return quotes.strip_quotes_and_signature(decode.body_text(decode.parse(raw)))


def test_plain_text_is_read():
    raw = b"From: a@example.org\r\nSubject: x\r\n\r\nHELP\r\n"
    assert text_of(raw) == "HELP"


def test_multipart_alternative_prefers_text_plain():
    msg = EmailMessage()
    msg["From"] = "a@example.org"
    msg.set_content("F Bre - Mid\n")
    msg.add_alternative("<p>something <b>else</b></p>", subtype="html")
    assert text_of(msg.as_bytes()) == "F Bre - Mid"


def test_html_only_mail_becomes_text_without_quotes_or_scripts():
    html = (
        "<html><head><style>p {color: red}</style></head><body>"
        "<p>A Par - Bur</p><div>F Bre&nbsp;- Mid</div>"
        "<script>alert(1)</script>"
        "<blockquote>old quoted text</blockquote></body></html>"
    )
    msg = EmailMessage()
    msg["From"] = "a@example.org"
    msg.set_content(html, subtype="html")
    text = text_of(msg.as_bytes())
    assert text.split("\n") == ["A Par - Bur", "F Bre - Mid"]


@pytest.mark.parametrize(
    ("charset", "encoding"),
    [
        ("iso-8859-1", "quoted-printable"),
        ("utf-8", "base64"),
        ("koi8-r", "8bit"),
        ("windows-1252", "quoted-printable"),
    ],
)
def test_charsets_and_transfer_encodings(charset, encoding):
    words = "Müller Ärger" if charset != "koi8-r" else "Привет мир"
    msg = EmailMessage()
    msg["From"] = "a@example.org"
    msg.set_content(words + "\n", charset=charset, cte=encoding)
    assert text_of(msg.as_bytes()) == words


def test_unknown_charset_and_8bit_garbage_do_not_raise():
    raw = (
        b"From: a@example.org\r\nContent-Type: text/plain; charset=x-klingon\r\n"
        b"Content-Transfer-Encoding: 8bit\r\n\r\nHELP \xff\xfe\x80 garbage\r\n"
    )
    text = text_of(raw)
    assert text.startswith("HELP ")


def test_undeclared_8bit_latin1_is_read():
    raw = b"From: a@example.org\r\n\r\nM\xfcller\r\n"
    assert text_of(raw) == "Müller"


def test_malformed_multipart_without_boundary_is_read_as_far_as_possible():
    raw = (
        b"From: a@example.org\r\nMIME-Version: 1.0\r\n"
        b'Content-Type: multipart/mixed; boundary="nowhere"\r\n\r\n'
        b"HELP\r\n"
    )
    assert isinstance(text_of(raw), str)


def test_empty_message():
    assert text_of(b"") == ""
    assert text_of(b"From: a@example.org\r\n\r\n") == ""


def test_attachments_are_not_read_as_the_body():
    msg = EmailMessage()
    msg["From"] = "a@example.org"
    msg.set_content("HELP\n")
    msg.add_attachment("secret orders", filename="orders.txt")
    assert text_of(msg.as_bytes()) == "HELP"


def test_quoted_reply_text_and_signature_are_removed():
    body = (
        "A Par - Bur\n"
        "> F Bre - Mid (quoted)\n"
        "A Mar H\n"
        "\n"
        "On Mon, 1 Jan 2024 at 10:00, Judge PYJ <judge@localhost> wrote:\n"
        "everything below is the quoted reply\n"
    )
    assert quotes.strip_quotes_and_signature(body) == "A Par - Bur\nA Mar H"
    two_line = "HELP\nOn Mon, 1 Jan 2024 at 10:00 Judge <judge@x.org>\nwrote:\n> x\n"
    assert quotes.strip_quotes_and_signature(two_line) == "HELP"
    signed = "HELP\n-- \nAlice\nA Par - Bur\n"
    assert quotes.strip_quotes_and_signature(signed) == "HELP"
    outlook = "HELP\n-----Original Message-----\nFrom: judge\n"
    assert quotes.strip_quotes_and_signature(outlook) == "HELP"


def test_reply_address_comes_from_headers_only():
    raw = (
        b"From: Alice <alice@example.org>\r\nSubject: x\r\n\r\n"
        b"Reply-To: mallory@example.org\r\nHELP\r\n"
    )
    assert decode.reply_address(decode.parse(raw)) == "alice@example.org"
    raw = b"From: Alice <alice@example.org>\r\nReply-To: Bob <bob@example.org>\r\n\r\nx"
    assert decode.reply_address(decode.parse(raw)) == "bob@example.org"
    assert decode.reply_address(decode.parse(b"From: nobody\r\n\r\nx")) is None


def test_encoded_subject_and_references():
    raw = (
        b"From: a@example.org\r\nSubject: =?utf-8?q?Gr=C3=BC=C3=9Fe?=\r\n"
        b"Message-ID: <m2@example.org>\r\nIn-Reply-To: <m1@example.org>\r\n"
        b"References: <m0@example.org> <m1@example.org>\r\n\r\nx"
    )
    msg = decode.parse(raw)
    assert decode.header(msg, "Subject") == "Grüße"
    assert decode.message_id_of(msg) == "<m2@example.org>"
    assert decode.references_of(msg) == ("<m0@example.org>", "<m1@example.org>")


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=2000))
@example(b"From:\x00@")  # the address parser fails twice on it (get, get_all)
def test_any_bytes_decode_without_raising(raw):
    msg = decode.parse(raw)
    assert isinstance(text_of(raw), str)
    decode.reply_address(msg)
    decode.message_id_of(msg)
    decode.references_of(msg)
    decode.header(msg, "Subject")


_id_text = st.text(
    alphabet=st.sampled_from(list('<>@.ab3CE-_ \t\r\n=?é"()')), max_size=80
)


@settings(max_examples=300, deadline=None)
@given(_id_text, _id_text)
@example("<m1@example.org>", "")
@example("  <a@b>\r\n <c@d>", "")
def test_the_message_id_read_raw_is_the_one_read_decoded(before, value):
    """Message-ID is read from the raw header (cheaper than the header
    registry's parse): the first msg-id found is the same as in the decoded,
    unfolded text, whatever surrounds it.  (Encoded words aside: a msg-id
    is never one, RFC 2047 5, and '=?utf-8?q?=3Ca@b=3E?=' is no msg-id.)"""
    assume("=?" not in value)
    raw = (
        f"From: a@example.org\r\nX-Before: {before}\r\nMessage-ID: {value}\r\n\r\nx"
    ).encode("utf-8", "surrogateescape")
    msg = decode.parse(raw)
    decoded = decode._message_ids(decode.header(msg, "Message-ID"))
    assert decode.message_id_of(msg) == (decoded[0] if decoded else None)
