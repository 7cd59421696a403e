"""Draws and concessions as njudge's `draws` file has them, by mail."""

from harness import MASTER, form_game, signon


def vote(judge, power, line):
    return judge.send(judge.seat(power), f"{signon(judge, power)}\n{line}")


ALL = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


def test_dias_draw_of_all_survivors(judge):
    form_game(judge)
    out = vote(judge, "FRANCE", "SET DRAW AF")
    assert "is DIAS: a draw includes all survivors" in out[0].body
    for power in ALL[:-1]:
        out = vote(judge, power, "SET DRAW")
        assert len(out) == 1  # secret: nobody else is told
    assert judge.game()["status"] == "active"
    out = vote(judge, "TURKEY", "SET DRAW")
    assert judge.game()["status"] == "finished"
    assert (
        "draw between Austria, England, France, Germany, Italy, Russia and Turkey"
        in (judge.game()["result"])
    )


def test_nodias_draw_that_excludes_a_power(judge):
    form_game(judge)
    judge.send(MASTER, "SIGNON Malpha pw-master\nSET NO DIAS")
    # six include themselves in a draw without Turkey; Turkey, left out of
    # its own list, accepts it
    for power in ALL[:-1]:
        out = vote(judge, power, "SET DRAW AEFGIR")
        assert "You vote for a draw among" in out[0].body and len(out) == 1
    assert judge.game()["status"] == "active"
    vote(judge, "TURKEY", "SET DRAW AEFGIR")
    assert judge.game()["status"] == "finished"
    result = judge.game()["result"]
    assert "Austria, England, France, Germany, Italy and Russia" in result
    assert "Turkey" not in result


def test_concession_to_the_leader_only(judge):
    form_game(judge)
    out = vote(judge, "FRANCE", "SET CONCEDE Russia")
    assert "Not conceded" not in out[0].body  # Russia has 4 centres, the most
    out = vote(judge, "FRANCE", "SET CONCEDE England")
    assert "Not conceded: a concession goes to the one power with the most" in (
        out[0].body
    )
    judge.send(MASTER, "SIGNON Malpha pw-master\nSET NO CONCESSIONS")
    out = vote(judge, "FRANCE", "SET CONCEDE R")
    assert "allows no concessions" in out[0].body


def test_unanimous_concession_ends_the_game(judge):
    form_game(judge)
    for power in ALL:
        if power != "RUSSIA":
            vote(judge, power, "SET CONCEDE R")
    assert judge.game()["status"] == "active"
    vote(judge, "RUSSIA", "SET CONCEDE R")
    assert judge.game()["result"] == "The game has been conceded to Russia."


def test_the_master_sees_the_votes_the_players_do_not(judge):
    form_game(judge)
    judge.send(MASTER, "SIGNON Malpha pw-master\nSET NO DIAS")
    vote(judge, "FRANCE", "SET DRAW FE")
    vote(judge, "ENGLAND", "SET DRAW")
    body = judge.send(MASTER, "SIGNON Malpha pw-master")[0].body
    assert "France: a draw of England, France" in body
    assert "England: a draw of all survivors" in body
    other = vote(judge, "GERMANY", "LIST alpha")[0].body
    assert "a draw of" not in other
