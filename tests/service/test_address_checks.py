"""SET ADDRESS and SIGNON refuse addresses the judge cannot write to: the
judge's own in any spelling, malformed ones, non-ASCII ones without an
SMTPUTF8 relay."""

import pytest

from tests.service.harness import Judge, form_game, signon


@pytest.fixture
def judge(tmp_path):
    j = Judge(tmp_path / "judge.db")
    form_game(j)
    return j


@pytest.mark.parametrize(
    ("address", "reason"),
    [
        ("<JUDGE@localhost>", "the judge's own address"),
        ("judge@LOCALHOST.", "the judge's own address"),
        ('"judge"@localhost', "the judge's own address"),
        ("Judge+x@localhost", "the judge's own address"),
        ("ü@example.org", "SMTPUTF8"),
        ("alice@[127.0.0.1]", "not a mail address"),
        ("a..b@example.org", "not a mail address"),
        ("x" * 70 + "@example.org", "longer than 64"),
    ],
)
def test_set_address_refuses_what_cannot_be_mailed(judge, address, reason):
    seat = judge.seat("FRANCE")
    (reply,) = judge.send(seat, f"{signon(judge, 'FRANCE')}\nSET ADDRESS {address}")
    assert "Your address was not changed" in reply.body
    assert reason in reply.body
    assert judge.seat("FRANCE") == seat


def test_set_address_accepts_an_ordinary_address_in_ascii_form(judge):
    seat = judge.seat("FRANCE")
    (reply,) = judge.send(
        seat, f"{signon(judge, 'FRANCE')}\nSET ADDRESS <new@bücher.example>"
    )
    assert "is now new@xn--bcher-kva.example" in reply.body
    assert judge.seat("FRANCE") == "new@xn--bcher-kva.example"


def test_signon_from_an_address_the_judge_cannot_write_to_is_refused(judge):
    replies = judge.send("ü@example.org", "SIGNON ?beta secret")
    assert "cannot sign on from this address" in replies[0].body
