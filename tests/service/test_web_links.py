"""Game mails link to the game's page, and, while its deadlines are set and
moved, to their calendar feed; an unlisted game's links carry its key and
reach only its own people."""

import re

from harness import HOLDS, MASTER, Judge, form_game, signon

from judge.service.web_links import game_key

BASE = "https://dip.example.org/"


def game_mails(mails):
    """The mails about the game: its own (results, notices) and those that
    start with its identification lines."""
    return [m for m in mails if m.list_name or m.body.startswith(":: Judge:")]


def linked_judge(tmp_path) -> Judge:
    judge = Judge(tmp_path / "judge.db")
    judge.service.base_url = BASE
    return judge


def test_game_mails_link_to_the_page_and_the_feed(tmp_path):
    judge = linked_judge(tmp_path)
    out = game_mails(form_game(judge))  # the last SIGNON starts the game
    assert len(out) >= 7
    for mail in out:
        assert f"This game on the web: {BASE}game/alpha\n" in mail.body, mail.body
        assert f"calendar: {BASE}game/alpha/deadlines.ics\n" in mail.body
    for power, holds in HOLDS.items():
        judge.send(judge.seat(power), f"{signon(judge, power)}\n{holds}")
    results = judge.tick(judge.deadline())
    assert results and all(f"{BASE}game/alpha/deadlines.ics" in m.body for m in results)
    # a mail about no game has none
    reply = judge.send("someone@example.org", "HELP")
    assert "This game on the web" not in reply[0].body


def test_no_links_without_web_pages(tmp_path):
    judge = Judge(tmp_path / "judge.db")
    out = form_game(judge)
    assert out and not any("on the web" in m.body for m in out)


def test_an_unlisted_games_links_carry_its_key_to_its_own_people_only(tmp_path):
    judge = linked_judge(tmp_path)
    judge.send(MASTER, "CREATE ?alpha pw-master\nBECOME MASTER")
    with judge.db.conn:
        judge.db.execute("UPDATE svc_games SET unlisted = 1 WHERE name = 'alpha'")
    key = game_key(judge.db, "alpha")
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", key)
    out = []
    for address in [f"player{i}@example.org" for i in range(1, 8)]:
        out = judge.send(address, f"SIGNON ?alpha pw-{address.split('@')[0]}")
    out = game_mails(out)
    assert len(out) >= 7
    for mail in out:
        assert f"{BASE}game/alpha?key={key}\n" in mail.body, mail.body
        assert f"{BASE}game/alpha/deadlines.ics?key={key}\n" in mail.body
    stranger = judge.send("stranger@example.org", "SIGNON Falpha wrong")
    assert all(key not in m.body for m in stranger)
