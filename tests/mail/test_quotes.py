"""Replies from mail clients in seven languages: the quoted original is never
read again, and what the player wrote above it always is.

Each message is shaped as the client sends it: multipart/alternative, the text
part quoted-printable, the reply on top and the old mail below, either under an
attribution line (wrapped, as Gmail does) or under Outlook's header block,
which has no '>' marks at all."""

from __future__ import annotations

from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText

import pytest

from judge.mail import decode, quotes
from tests.service.harness import Judge, form_game, signon

NEW_ORDERS = "A Par - Bur\nA Mar - Spa\nF Bre - Mid"
OLD_ORDERS = "A Par - Pic\nA Mar H\nF Bre - Eng"

# (language, the lines that open the quoted original)
ATTRIBUTIONS = [
    (
        "en",
        (
            "On Mon, 23 Nov 2026 at 10:00, Judge PYJ <judge@example.org>",
            "wrote:",
        ),
    ),
    (
        "de",
        (
            "Am Mo., 23. Nov. 2026 um 10:00 Uhr schrieb Judge PYJ <",
            "judge@example.org>:",
        ),
    ),
    (
        "fr",
        (
            "Le lun. 23 nov. 2026 à 10:00, Judge PYJ <judge@example.org> a",
            "écrit :",
        ),
    ),
    (
        "es",
        (
            "El lun, 23 nov 2026 a las 10:00, Judge PYJ (<judge@example.org>)",
            "escribió:",
        ),
    ),
    (
        "it",
        (
            "Il giorno lun 23 nov 2026 alle ore 10:00 Judge PYJ <",
            "judge@example.org> ha scritto:",
        ),
    ),
    ("nl", ("Op ma 23 nov 2026 om 10:00 schreef Judge PYJ <judge@example.org>:",)),
    (
        "pt",
        (
            "Em seg., 23 de nov. de 2026 às 10:00, Judge PYJ <",
            "judge@example.org> escreveu:",
        ),
    ),
]

OUTLOOK_BLOCKS = [
    (
        "en",
        (
            "From: Judge PYJ <judge@example.org>",
            "Sent: Monday, November 23, 2026 10:00 AM",
            "To: alice@example.org",
            "Subject: Re: orders",
        ),
    ),
    (
        "de",
        (
            "Von: Judge PYJ <judge@example.org>",
            "Gesendet: Montag, 23. November 2026 10:00",
            "An: alice@example.org",
            "Betreff: Re: orders",
        ),
    ),
    (
        "fr",
        (
            "De : Judge PYJ <judge@example.org>",
            "Envoyé : lundi 23 novembre 2026 10:00",
            "À : alice@example.org",
            "Objet : Re: orders",
        ),
    ),
    (
        "es",
        (
            "De: Judge PYJ <judge@example.org>",
            "Enviado: lunes, 23 de noviembre de 2026 10:00",
            "Para: alice@example.org",
            "Asunto: Re: orders",
        ),
    ),
    (
        "it",
        (
            "Da: Judge PYJ <judge@example.org>",
            "Inviato: lunedì 23 novembre 2026 10:00",
            "A: alice@example.org",
            "Oggetto: Re: orders",
        ),
    ),
    (
        "nl",
        (
            "Van: Judge PYJ <judge@example.org>",
            "Verzonden: maandag 23 november 2026 10:00",
            "Aan: alice@example.org",
            "Onderwerp: Re: orders",
        ),
    ),
    (
        "pt",
        (
            "De: Judge PYJ <judge@example.org>",
            "Enviada em: segunda-feira, 23 de novembro de 2026 10:00",
            "Para: alice@example.org",
            "Assunto: Re: orders",
        ),
    ),
]

SEPARATORS = [
    "-----Original Message-----",
    "-----Ursprüngliche Nachricht-----",
    "-----Message d'origine-----",
    "-----Mensaje original-----",
    "-----Messaggio originale-----",
    "-----Oorspronkelijk bericht-----",
    "-----Mensagem original-----",
    "---------- Forwarded message ---------",
    "________________________________",
]


def client_reply(top: str, opener: str, quoted_marks: bool) -> bytes:
    """A top-posted reply as a mail client sends it."""
    old = f"{OLD_ORDERS}\n\nThe judge's reply to your orders."
    if quoted_marks:
        old = "\n".join(f"> {line}" if line else ">" for line in old.split("\n"))
    text = f"{top}\n\nGrüße, salutations, saludos\n\n{opener}\n{old}\n"
    html = "<div>" + top.replace("\n", "<br>") + "</div><blockquote>old</blockquote>"
    msg = MIMEMultipart("alternative")
    msg.attach(MIMEText(text, "plain", "utf-8"))  # quoted-printable or base64
    msg.attach(MIMEText(html, "html", "utf-8"))
    msg["From"] = "alice@example.org"
    msg["Subject"] = "Re: orders"
    return msg.as_bytes()


def read(raw: bytes) -> str:
    return quotes.strip_quotes_and_signature(decode.body_text(decode.parse(raw)))


def lines(text: str | tuple[str, ...]) -> str:
    return text if isinstance(text, str) else "\n".join(text)


@pytest.mark.parametrize(("language", "opener"), ATTRIBUTIONS)
@pytest.mark.parametrize("quoted_marks", [True, False])
def test_attribution_lines_end_the_reply(language, opener, quoted_marks):
    text = read(client_reply(NEW_ORDERS, lines(opener), quoted_marks))
    assert text.startswith(NEW_ORDERS)
    assert "Pic" not in text and "Eng" not in text, language
    assert "judge@example.org" not in text


@pytest.mark.parametrize(("language", "block"), OUTLOOK_BLOCKS)
def test_outlook_header_blocks_end_the_reply(language, block):
    text = read(client_reply(NEW_ORDERS, lines(block), quoted_marks=False))
    assert text.startswith(NEW_ORDERS), language
    assert "Pic" not in text and "Eng" not in text, language


@pytest.mark.parametrize("separator", SEPARATORS)
def test_separators_end_the_reply(separator):
    text = read(client_reply(NEW_ORDERS, separator, quoted_marks=False))
    assert text.startswith(NEW_ORDERS)
    assert "Pic" not in text


@pytest.mark.parametrize(
    "line",
    [
        "Sent from my iPhone",
        "Sent from my Galaxy",
        "Get Outlook for Android",
        "Sent from Mail for Windows",
        "Von meinem iPhone gesendet",
        "Envoyé de mon iPad",
        "Enviado desde mi Android",
    ],
)
def test_a_phones_signature_line_ends_the_reply(line):
    body = f"SIGNON Falpha pw\nA Par - Bur\n\n{line}\n\nOld text\nA Par - Pic"
    assert quotes.strip_quotes_and_signature(body) == "SIGNON Falpha pw\nA Par - Bur"


def test_a_line_that_only_begins_like_a_signature_is_read():
    body = "A Par - Bur\nSent from the front: A Mar H"
    assert quotes.strip_quotes_and_signature(body) == body


def test_orders_that_look_like_the_openers_are_still_read():
    # An attribution opener without its verb, and a lone 'From:' line, are text.
    body = (
        "Am I right that this holds?\nA Par H\n"
        "From: France, with love\nA Mar H\n"
        "Le Havre is not a province\nF Bre H"
    )
    assert quotes.strip_quotes_and_signature(body) == body


def test_old_orders_under_a_german_quote_are_not_played(tmp_path):
    judge = Judge(tmp_path / "judge.db")
    form_game(judge)
    france = judge.seat("FRANCE")
    first = f"{signon(judge, 'FRANCE')}\n{OLD_ORDERS}"
    judge.send(france, first)
    reply = client_reply(
        f"{signon(judge, 'FRANCE')}\n{NEW_ORDERS}",
        "Von: Judge PYJ <judge@example.org>\nGesendet: Montag, 23. November 2026"
        f"\nAn: {france}\nBetreff: Re: orders",
        quoted_marks=False,
    )
    judge.send(france, read(reply))
    stored = {
        row["unit"]: row["text"]
        for row in judge.db.query(
            "SELECT unit, text FROM svc_orders WHERE power = 'FRANCE'"
        )
    }
    assert stored == {"PAR": "A PAR - BUR", "MAR": "A MAR - SPA", "BRE": "F BRE - MAO"}
