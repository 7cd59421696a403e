"""A whole phase of a game through a running judge: players and a master
mail it over SMTP, the judge replies through the relay, processes the phase
and mails the results to everyone, each with the map attached."""

import re
import smtplib
from email.message import EmailMessage

import pytest

from judge.config import RelaySettings
from judge.mail.decode import body_text, header, parse

PLAYERS = [f"p{i}@example.org" for i in range(1, 8)]
MASTER = "gm@example.org"
OPENING = {
    "Austria": "A Vie-Tri\nA Bud-Gal\nF Tri-Alb",
    "England": "A Lvp-Yor\nF Lon-Nth\nF Edi-Nrg",
    "France": "A Par-Bur\nA Mar-Spa\nF Bre-Pic",
    "Germany": "A Ber-Kiel\nA Mun-Ruhr\nF Kiel-Den",
    "Italy": "A Ven-Pie\nA Rom-Ven\nF Nap-Ion",
    "Russia": "A Mos-Ukr\nA War-Gal\nF StP-Bot\nF Sev-Bla",
    "Turkey": "A Con-Bul\nA Smy-Con\nF Ank-Bla",
}


@pytest.fixture
def judge(make_judge_config, start_judge, relay_peer):
    config = make_judge_config(relay=RelaySettings(port=relay_peer.port, timeout=5))
    start_judge(config)
    return config, relay_peer


def mail(config, sender: str, body: str, subject: str = "diplomacy") -> None:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, config.judge.address, subject
    msg.set_content(body)
    with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=10) as smtp:
        smtp.send_message(msg)


def received(relay, to: str, subject_part: str = ""):
    return [
        parse(m.data)
        for m in relay.messages()
        if to in m.rcpt_tos and subject_part in (header(parse(m.data), "Subject") or "")
    ]


def test_a_phase_played_by_mail(judge, wait_until):
    config, relay = judge
    mail(config, MASTER, "CREATE ?alpha secret-gm standard\nBECOME MASTER")
    for i, player in enumerate(PLAYERS):
        mail(config, player, f"SIGNON ?alpha secret-{i}")
    assert wait_until(
        lambda: all(
            any("selected as" in body_text(m) for m in received(relay, p))
            for p in PLAYERS
        ),
        timeout=30,
    )
    power_of = {}
    for player in PLAYERS:
        text = next(
            body_text(m) for m in received(relay, player) if "selected" in body_text(m)
        )
        power_of[player] = re.search(r"selected as (\w+)", text).group(1)
    assert sorted(power_of.values()) == sorted(OPENING)

    for i, player in enumerate(PLAYERS):
        power = power_of[player]
        mail(config, player, f"SIGNON {power[0]}alpha secret-{i}\n{OPENING[power]}")
    assert wait_until(
        lambda: all(len(received(relay, p)) >= 3 for p in PLAYERS), timeout=30
    )
    # Each player's reply lists the orders as the judge read them.
    france = next(p for p, power in power_of.items() if power == "France")
    replies = [body_text(m) for m in received(relay, france)]
    assert any(
        "France: Army Paris -> Burgundy." in r and "Orders received for all" in r
        for r in replies
    )

    mail(config, MASTER, "SIGNON Malpha secret-gm\nPROCESS")
    everyone = [*PLAYERS, MASTER]
    assert wait_until(
        lambda: all(received(relay, a, "S1901M Results") for a in everyone),
        timeout=30,
    )
    for address in everyone:
        (results,) = received(relay, address, "S1901M Results")
        text = body_text(results)
        assert "France: Army Paris -> Burgundy." in text
        pictures = [
            part for part in results.walk() if part.get_content_type() == "image/png"
        ]
        assert len(pictures) == 1
    # Nobody's address is shown to the others.
    assert all(len(m.rcpt_tos) == 1 for m in relay.messages())
