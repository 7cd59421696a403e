"""Leaving a game's mail: List-Unsubscribe tokens (judge/service/
unsubscribe.py), UNOBSERVE, and passwords never quoted back."""

from __future__ import annotations

import re

import pytest

from judge.service import unsubscribe
from judge.service.unsubscribe import redeem, token_for
from tests.service.harness import MASTER, PLAYERS, hold_all_but

WATCHER = "watcher@example.net"


def game_mail_to(out, address):
    return [m for m in out if m.to == (address,) and m.list_name]


def tokens(mail) -> list[str]:
    return [re.search(r"(?:%20|/)([0-9a-f]{40})$", uri)[1] for uri in mail.unsubscribe]


@pytest.fixture
def game(judge):
    judge.send(MASTER, "CREATE ?alpha pw-master standard\nBECOME MASTER")
    judge.observe(WATCHER)
    for address in PLAYERS:
        judge.send(address, f"SIGNON ?alpha pw-{address.split('@')[0]}")
    return judge


def test_tokens_are_random_per_recipient_and_stable(judge):
    db = judge.db
    first = token_for(db, "alpha", "Anna@Example.org", "observer")
    assert re.fullmatch(r"[0-9a-f]{40}", first)  # 32-bit selector, 128-bit secret
    assert token_for(db, "alpha", "anna@example.org", "observer") == first
    assert token_for(db, "alpha", "anna@example.org", "player") != first
    assert token_for(db, "beta", "anna@example.org", "observer") != first
    with pytest.raises(ValueError):
        token_for(db, "alpha", "anna@example.org", "master")


def test_unknown_and_forged_tokens_change_nothing(game):
    db = game.db
    real = token_for(db, "alpha", WATCHER, "observer")
    forged = real[:8] + ("0" if real[8] != "0" else "1") + real[9:]
    assert redeem(db, forged, game.now) is None  # right selector, wrong secret
    assert redeem(db, "f" * 40, game.now) is None
    assert redeem(db, "not a token", game.now) is None
    observers = db.execute(
        "SELECT COUNT(*) FROM svc_members WHERE role = 'observer'"
    ).fetchone()[0]
    assert observers == 1


def test_each_copy_of_game_mail_carries_its_recipients_link(game):
    out = hold_all_but(game) or game.tick(game.deadline())
    watcher = game_mail_to(out, WATCHER)
    player = game_mail_to(out, PLAYERS[0])
    assert watcher and player
    assert tokens(watcher[0]) == [token_for(game.db, "alpha", WATCHER, "observer")]
    assert tokens(player[0]) == [token_for(game.db, "alpha", PLAYERS[0], "player")]
    assert watcher[0].unsubscribe[0].startswith("mailto:judge@localhost?subject=")
    # replies to a person carry none
    reply = game.send(PLAYERS[0], "LIST alpha")[0]
    assert reply.unsubscribe == () and reply.list_name is None


def test_an_observers_link_ends_the_subscription_at_once(game):
    token = token_for(game.db, "alpha", WATCHER, "observer")
    answer = redeem(game.db, token, game.now)
    assert "no longer observes game 'alpha'" in answer
    out = game.send(PLAYERS[0], "BROADCAST\nhello all\nENDBROADCAST")
    assert out  # the press went out ...
    assert not game_mail_to(out, WATCHER)  # ... but not to the former observer
    again = redeem(game.db, token, game.now)
    assert "was not observing" in again


def test_a_players_link_explains_and_resigns_nobody(game):
    token = token_for(game.db, "alpha", PLAYERS[0], "player")
    answer = redeem(game.db, token, game.now)
    assert "RESIGN" in answer and "SET ABSENCE" in answer
    state = game.db.execute(
        "SELECT state FROM svc_members WHERE address = ? AND game = 'alpha'",
        [PLAYERS[0]],
    ).fetchone()[0]
    assert state == "active"


def test_the_mailto_link_works_whatever_the_body(game):
    token = token_for(game.db, "alpha", WATCHER, "observer")
    out = game.send(
        WATCHER,
        "This message was sent by your mail program to unsubscribe.\n",
        subject=f"unsubscribe {token}",
    )
    assert "no longer observes game 'alpha'" in out[0].body
    assert "not a command" not in out[0].body


def test_unobserve_stops_observing_without_a_password(game):
    out = game.send(WATCHER, "UNOBSERVE alpha")
    assert "You no longer observe game 'alpha'" in out[0].body
    out = game.send(WATCHER, "UNOBSERVE alpha")
    assert "You do not observe game 'alpha'" in out[0].body
    out = game.send(PLAYERS[1], "UNSUBSCRIBE alpha")
    assert "RESIGN" in out[0].body  # a player is told how to leave instead


def test_help_lists_the_ways_out(judge):
    text = judge.send("someone@example.org", "HELP")[0].body
    assert "UNOBSERVE <game>" in text
    assert "UNSUBSCRIBE" in text


@pytest.mark.parametrize(
    "line, shown",
    [
        ("SIGNON Falpha secret1", "SIGNON Falpha ****"),
        ("SIGN ON ?alpha secret1", "SIGN ON ?alpha ****"),
        ("CREATE ?beta secret1 standard", "CREATE ?beta **** standard"),
        ("OBSERVE alpha secret1", "OBSERVE alpha ****"),
        ("SET PASSWORD secret1", "SET PASSWORD ****"),
        ("SIGNON Falpha secret1 extra words", "SIGNON Falpha ****"),
        # the letter written apart from the game's name
        ("SIGNON F alpha secret1", "SIGNON F ****"),
        ("SIGN ON M alpha secret1", "SIGN ON M ****"),
    ],
)
def test_passwords_in_quoted_lines_are_masked(judge, line, shown):
    judge.send(MASTER, "CREATE ?alpha pw-master standard\nBECOME MASTER")
    out = judge.send(PLAYERS[0], line)
    for mail in out:
        assert "secret1" not in mail.body, mail.body
    assert f"> {shown}" in out[0].body


def test_module_names_its_url_form():
    token = "0" * 40
    url = unsubscribe.unsubscribe_url("https://dip.example.org/", token)
    assert url == f"https://dip.example.org/unsubscribe/{token}"
