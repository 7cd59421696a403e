"""The creator's role (judge.toml auto_master, njudge's AUTO_MASTER), the
notices of newcomers to a game (njudge's "New Player Signon"), and press
ended by SIGNOFF or by the end of the mail (njudge's data/press)."""

from dataclasses import replace

from harness import MASTER, PLAYERS, form_game, password, signon


def roles(judge, game="alpha"):
    return judge.db.execute(
        "SELECT address, role, power FROM svc_members WHERE game = ? ORDER BY id",
        [game],
    ).fetchall()


def test_the_creator_is_the_master_by_default(judge):
    body = judge.send(MASTER, "CREATE ?alpha pw-master")[0].body
    assert "has been created and you are its master" in body
    assert roles(judge) == [(MASTER, "master", None)]  # plays no power
    body = judge.send(MASTER, "GET MASTER")[0].body
    assert "On this judge CREATE ?<game> <password> makes you the new game's" in body
    body = judge.send(MASTER, "SIGNON Malpha pw-master")[0].body
    assert "Signed on as master of game 'alpha'." in body


def test_with_auto_master_off_the_creator_plays_unless_become_master(judge):
    judge.service.settings = replace(judge.service.settings, auto_master=False)
    creator = PLAYERS[0]
    body = judge.send(creator, f"CREATE ?alpha {password(creator)}")[0].body
    assert "you are signed on" in body
    assert roles(judge) == [(creator, "player", None)]
    judge.send(MASTER, "CREATE ?beta pw-master\nBECOME MASTER")
    assert roles(judge, "beta") == [(MASTER, "master", None)]
    body = judge.send(MASTER, "GET MASTER")[0].body
    assert "then BECOME MASTER" in body


def test_those_in_the_game_are_told_of_each_newcomer(judge):
    judge.send(MASTER, "CREATE ?alpha pw-master")
    judge.send(PLAYERS[0], f"SIGNON ?alpha {password(PLAYERS[0])}")
    out = judge.send(PLAYERS[1], f"SIGNON ?alpha {password(PLAYERS[1])}")
    told = {m.to[0]: m for m in out if "New Player Signon" in m.subject}
    assert set(told) == {MASTER, PLAYERS[0]}  # not the newcomer
    assert f"{PLAYERS[1]} has joined game 'alpha', which now has 2 of 7" in (
        told[PLAYERS[0]].body
    )
    out = judge.observe("watcher@example.org", "alpha")  # told once confirmed
    told = sorted(m.to[0] for m in out if "New Player Signon" in m.subject)
    assert told == sorted([MASTER, *PLAYERS[:2]])
    assert "watcher@example.org now observes game 'alpha'." in out[-1].body
    for address in PLAYERS[2:6]:
        judge.send(address, f"SIGNON ?alpha {password(address)}")
    out = judge.send(PLAYERS[6], f"SIGNON ?alpha {password(PLAYERS[6])}")
    assert not [m for m in out if "New Player Signon" in m.subject]  # the start
    assert [m for m in out if "Game Starting" in m.subject]


def test_gunboat_hides_the_newcomer_and_quiet_tells_the_masters_only(judge):
    judge.send(MASTER, "CREATE ?alpha pw-master gunboat")
    judge.send(PLAYERS[0], f"SIGNON ?alpha {password(PLAYERS[0])}")
    out = judge.send(PLAYERS[1], f"SIGNON ?alpha {password(PLAYERS[1])}")
    told = {m.to[0]: m.body for m in out if "New Player Signon" in m.subject}
    assert f"{PLAYERS[1]} has joined" in told[MASTER]
    assert "Someone has joined" in told[PLAYERS[0]]
    assert PLAYERS[1] not in told[PLAYERS[0]]
    judge.send(MASTER, "SIGNON Malpha pw-master\nSET QUIET")
    out = judge.send(PLAYERS[2], f"SIGNON ?alpha {password(PLAYERS[2])}")
    told = [m.to[0] for m in out if "New Player Signon" in m.subject]
    assert told == [MASTER]


def test_signoff_and_the_end_of_the_mail_end_press(judge):
    form_game(judge)
    france = judge.seat("FRANCE")
    out = judge.send(
        france,
        f"{signon(judge, 'FRANCE')}\nBROADCAST\nSigned off.\nSIGNOFF\nA PAR-BUR",
    )
    assert "> SIGNOFF\nBroadcast message sent (7 recipients)." in out[0].body
    assert len([m for m in out[1:] if "Signed off." in m.body]) == 7  # 6 + master
    assert "Burgundy" not in out[0].body  # SIGNOFF ended the message
    out = judge.send(france, f"{signon(judge, 'FRANCE')}\nPRESS TO G\nTo the end.")
    assert (
        "(The end of your mail ended the press.)\nMessage sent to Germany"
        " (1 recipient)." in out[0].body
    )
    assert [m.to[0] for m in out[1:] if "To the end." in m.body] == [
        judge.seat("GERMANY")
    ]
