"""A reply never mails a sender's long lines back whole (spam and mail
loops: njudge stopped echoing messages for this reason)."""

from harness import form_game, signon


def test_long_lines_are_quoted_short(judge):
    reply = judge.send("x@example.org", "x" * 250_000)[0].body
    assert len(reply) < 1000
    assert "(250000 characters)" in reply


def test_a_long_refused_order_is_quoted_short(judge):
    form_game(judge)
    line = "A Par-Bur " + "nonsense " * 5000
    body = judge.send(judge.seat("FRANCE"), f"{signon(judge, 'FRANCE')}\n{line}")
    assert len(body[0].body) < 3000
    assert "characters)" in body[0].body
