"""Settings of a player who has joined a forming game in the same message
(CREATE or SIGNON ?game): they act on that seat without a needless "Sign
on first"."""

from __future__ import annotations

from harness import password

from judge.service.passwords import check_password

CREATOR = "creator@example.org"


def stored_password(judge) -> str:
    return judge.row("SELECT password FROM svc_members WHERE address = ?", [CREATOR])[0]


def test_set_password_after_create_changes_it_and_says_nothing_else(judge):
    out = judge.send(CREATOR, f"CREATE ?beta {password(CREATOR)}\nSET PASSWORD new")
    body = out[0].body
    assert "Your password has been changed." in body
    assert "Sign on first" not in body
    assert check_password("new", stored_password(judge))


def test_set_timezone_after_joining_acts_on_the_seat(judge):
    out = judge.send(CREATOR, "CREATE ?beta pw\nSET TIMEZONE Europe/Paris")
    assert "Your time zone is now Europe/Paris" in out[0].body
    assert "Sign on first" not in out[0].body
    tz = judge.row("SELECT tz FROM svc_members WHERE address = ?", [CREATOR])[0]
    assert tz == "Europe/Paris"
