"""Where a reply's own text ends: quoted originals and signatures.

Mail clients put the message being answered under the reply in one of three
shapes, each in the client's language:

* an attribution line, often wrapped over two or three lines:
  "On ... wrote:", "Am ... schrieb ...:", "Le ... a écrit :", ...;
* a separator: "-----Original Message-----", "-----Ursprüngliche Nachricht-----",
  a forwarded-message banner, or Outlook's line of underscores;
* Outlook's header block, not prefixed by '>': "From:/Sent:/To:/Subject:",
  "Von:/Gesendet:/An:/Betreff:", "De :/Envoyé :/À :/Objet :", ...

Everything from the first of these on is the old mail, so old orders in it
are never read again; lines quoted with '>' are dropped wherever they stand.
The line a phone adds ("Sent from my iPhone") ends the text as a signature
does.
Top-posted text (the reply above the quote) is what the judge reads.
"""

from __future__ import annotations

import re

# The first word of an attribution line and the verb that closes it, per
# language: English, German, French, Spanish, Italian, Dutch, Portuguese.
_ATTRIBUTION_OPENERS = ("on", "am", "le", "el", "il", "op", "em")
_ATTRIBUTION_VERBS = (
    r"wrote",
    r"schrieb",
    r"a\s+écrit",
    r"escribió",
    r"ha\s+scritto",
    r"schreef",
    r"escreveu",
)
_ATTRIBUTION = re.compile(
    rf"^(?:{'|'.join(_ATTRIBUTION_OPENERS)})\b.*"
    rf"\b(?:{'|'.join(_ATTRIBUTION_VERBS)})\b[^:]*:$",
    re.IGNORECASE,
)
# Gmail and Apple Mail wrap a long attribution; the verb may come two lines on.
_ATTRIBUTION_LINES = 3

_SEPARATORS = re.compile(
    r"^(?:-{2,}\s*)?(?:"
    r"original message|ursprüngliche nachricht|message d'origine"
    r"|mensaje original|messaggio originale|oorspronkelijk bericht"
    r"|origineel bericht|mensagem original"
    r"|forwarded message|weitergeleitete nachricht|message transféré"
    r"|mensaje reenviado|messaggio inoltrato|doorgestuurd bericht"
    r"|mensagem encaminhada"
    r")(?:\s*-{2,})?$"
    r"|^_{20,}$",
    re.IGNORECASE,
)

# The line a phone or webmail client adds under what was written, in the
# languages above: the text ends there, as at a "-- " signature.
_CLIENT_SIGNATURE = re.compile(
    r"^(?:sent from my \S.*"
    r"|sent from (?:mail|outlook|yahoo mail|gmail|proton mail)\b.*"
    r"|get outlook for (?:ios|android)\b.*"
    r"|von meinem \S.* gesendet"
    r"|envoyé de mon \S.*"
    r"|enviado desde mi \S.*"
    r"|inviato da(?:l mio)? \S.*"
    r"|verzonden (?:vanaf|met) mijn \S.*"
    r"|enviado do meu \S.*)$",
    re.IGNORECASE,
)

# Outlook's block: a sender line, then at least two more of the header names.
_BLOCK_FROM = ("from", "von", "de", "da", "van")
_BLOCK_OTHERS = (
    # English
    "sent", "date", "to", "cc", "subject",
    # German
    "gesendet", "datum", "an", "betreff",
    # French
    "envoyé", "à", "objet",
    # Spanish
    "enviado", "fecha", "para", "asunto",
    # Italian
    "inviato", "data", "a", "oggetto",
    # Dutch
    "verzonden", "aan", "onderwerp",
    # Portuguese
    "enviada", "assunto",
)  # fmt: skip
# "Sent:", "*Von:*", "De :", "Enviada em:": the first word names the header.
_HEADER_LINE = re.compile(r"^\*?([^\W\d_]+)(?:\s[^\W\d_]+)?\*?\s*:")
_BLOCK_LINES = 6  # how far below the sender line the other names may stand
_BLOCK_MIN_OTHERS = 2


def strip_quotes_and_signature(text: str) -> str:
    """The reply's own text: quoted originals and the signature removed."""
    lines = [line.rstrip() for line in text.split("\n")]
    kept: list[str] = []
    for i, line in enumerate(lines):
        if line == "--":  # the signature separator "-- " (trailing space trimmed)
            break
        if _CLIENT_SIGNATURE.match(line.strip()):
            break
        if _starts_quoted_original(lines, i):
            break
        if line.lstrip().startswith(">"):
            continue
        kept.append(line)
    while kept and not kept[-1].strip():
        kept.pop()
    while kept and not kept[0].strip():
        kept.pop(0)
    return "\n".join(kept)


def _starts_quoted_original(lines: list[str], i: int) -> bool:
    line = lines[i].strip()
    if not line:
        return False
    if _SEPARATORS.match(line):
        return True
    first_word = line.split(None, 1)[0].lower().rstrip(",")
    if first_word in _ATTRIBUTION_OPENERS:
        joined = line
        for extra in lines[i + 1 : i + _ATTRIBUTION_LINES]:
            if _ATTRIBUTION.match(joined):
                return True
            joined = f"{joined} {extra.strip()}"
        if _ATTRIBUTION.match(joined):
            return True
    return _starts_header_block(lines, i)


def _header_name(line: str) -> str | None:
    match = _HEADER_LINE.match(line.strip())
    return match.group(1).lower() if match else None


def _starts_header_block(lines: list[str], i: int) -> bool:
    if _header_name(lines[i]) not in _BLOCK_FROM:
        return False
    others = {
        name
        for line in lines[i + 1 : i + 1 + _BLOCK_LINES]
        if (name := _header_name(line)) in _BLOCK_OTHERS
    }
    return len(others) >= _BLOCK_MIN_OTHERS
