"""DIARY in njudge's forms: private, numbered without reuse, and every
diary broadcast when the game ends."""

from harness import MASTER, form_game, signon


def diary(judge, power, body):
    return judge.send(judge.seat(power), f"{signon(judge, power)}\n{body}")[0].body


def test_diary_entries_are_private_numbered_and_broadcast_at_the_end(judge):
    form_game(judge)
    body = diary(judge, "FRANCE", "DIARY\nI will stab England.\nENDPRESS")
    assert "Diary entry 1 kept: private until the game ends" in body
    body = diary(judge, "FRANCE", "DIARY RECORD\nGermany looks weak.\nEND PRESS")
    assert "Diary entry 2 kept" in body
    body = diary(judge, "FRANCE", "DIARY DELETE 1\nDIARY\nSpring went well.\nENDPRESS")
    assert "Diary entry 1 deleted" in body
    assert "Diary entry 3 kept" in body  # numbers are not reused
    body = diary(judge, "FRANCE", "DIARY LIST\nDIARY READ 3\nDIARY READ 1")
    assert "    2  " in body and "    3  " in body and "    1  " not in body
    assert "Diary entry 3 (" in body and "Spring went well." in body
    assert "You have no diary entry 1." in body
    # nobody else reads it, and nothing was mailed to anyone
    out = judge.send(judge.seat("ENGLAND"), f"{signon(judge, 'ENGLAND')}\nDIARY READ 2")
    assert "Germany looks weak" not in out[0].body and len(out) == 1
    diary(judge, "ENGLAND", "DIARY\nFrance is my friend.\nSIGN OFF\nA LON-NTH")
    out = judge.send(MASTER, "SIGNON Malpha pw-master\nTERMINATE")
    broadcasts = [m for m in out if m.subject.endswith("Diaries")]
    assert len(broadcasts) == 8  # seven players and the master
    text = broadcasts[0].body
    assert "France, diary entry 2" in text and "Germany looks weak." in text
    assert "England, diary entry 1" in text and "France is my friend." in text
    assert "I will stab England." not in text  # deleted
    body = diary(judge, "FRANCE", "DIARY\nToo late.\nENDPRESS")
    assert "is over" in body


def test_diary_refusals_and_budget(judge):
    form_game(judge)
    out = judge.send("x@example.org", "DIARY\nhello\nENDPRESS")
    assert "DIARY follows SIGNON" in out[0].body
    body = diary(judge, "FRANCE", "DIARY FROB")
    assert "Use: DIARY [RECORD], DIARY LIST" in body
    judge.service.budgets = type(judge.service.budgets)(diary_entries_per_power=1)
    body = diary(judge, "FRANCE", "DIARY\na\nENDPRESS\nDIARY\nb\nENDPRESS")
    assert "Diary entry 1 kept" in body
    assert "a player keeps at most 1 diary entries" in body
    body = diary(judge, "FRANCE", "DIARY\nnever closed")  # njudge: as press
    assert "The end of your mail ended the diary entry." in body
    assert "a player keeps at most 1 diary entries" in body  # still the budget
