"""njudge's press by mail: PRESS/BROADCAST options, the game's press
settings, observers' press, POSTALPRESS, and answering a press mail."""

from harness import MASTER, form_game, hold_all_but, signon

WATCHER = "watcher@example.org"


def to(out, address):
    return [m.body for m in out if m.to == (address,)]


def press(judge, power, options, text="hello", end="ENDPRESS"):
    body = f"{signon(judge, power)}\n{options}\n{text}\n{end}"
    return judge.send(judge.seat(power), body)


def master(judge, commands):
    return judge.send(MASTER, "SIGNON Malpha pw-master\n" + commands)


def test_press_to_all_but_and_plus_minus_lists(judge):
    form_game(judge)
    out = press(judge, "FRANCE", "PRESS TO ALL BUT R")
    got = {m.to[0] for m in out[1:]}
    others = {judge.seat(p) for p in ("AUSTRIA", "ENGLAND", "GERMANY", "ITALY",
                                      "TURKEY")}  # fmt: skip
    assert got == others | {MASTER}  # the master is not excluded: not in the list
    out = press(judge, "FRANCE", "PRESS -RM")
    assert {m.to[0] for m in out[1:]} == others
    out = press(judge, "FRANCE", "PRESS +EG")
    assert {m.to[0] for m in out[1:]} == {judge.seat("ENGLAND"), judge.seat("GERMANY")}
    assert "Message from France to England, Germany:" in out[1].body


def test_press_without_options_sends_nothing_and_says_why(judge):
    form_game(judge)
    out = press(judge, "FRANCE", "PRESS", "Attack Germany now!")
    assert len(out) == 1
    assert "PRESS with no options sends nothing" in out[0].body
    assert "BROADCAST for everyone" in out[0].body


def test_unknown_option_names_it(judge):
    form_game(judge)
    out = press(judge, "FRANCE", "PRESS TO E LOUDLY")
    assert "'LOUDLY' is not a power of this game" in out[0].body and len(out) == 1
    out = press(judge, "FRANCE", "PRESS +E LOUDLY")
    assert "'LOUDLY' is not a press option" in out[0].body and len(out) == 1


def test_master_sees_private_press_only_under_all_press(judge):
    form_game(judge)
    assert not to(press(judge, "FRANCE", "PRESS TO E", "secret"), MASTER)
    body = master(judge, "SET ALL PRESS")[0].body
    assert "You will receive a copy of all partial press." in body
    copies = to(press(judge, "FRANCE", "PRESS TO E", "secret"), MASTER)
    assert copies and "[player" in copies[0] and "secret" in copies[0]


def test_grey_white_settings_and_colours(judge):
    form_game(judge)
    out = press(judge, "FRANCE", "PRESS TO E GREY")
    assert "does not allow grey press" in out[0].body and len(out) == 1
    master(judge, "SET WHITE/GREY")
    out = press(judge, "FRANCE", "PRESS TO E GREY")
    assert "Message from someone (grey press) to England" in out[1].body
    assert judge.seat("FRANCE") not in out[1].body
    out = press(judge, "FRANCE", "PRESS TO E")  # white by default
    assert "Message from France to England" in out[1].body
    master(judge, "SET GREY")
    out = press(judge, "FRANCE", "PRESS TO E WHITE")
    assert "does not allow white press" in out[0].body


def test_no_partial_and_fake_settings(judge):
    form_game(judge)
    master(judge, "SET NO PARTIAL")
    out = press(judge, "FRANCE", "PRESS TO E")
    assert "does not allow partial press" in out[0].body and len(out) == 1
    out = press(judge, "FRANCE", "PRESS TO M", "to the master")
    assert to(out, MASTER)  # to the master always
    master(judge, "SET PARTIAL\nSET PARTIAL MAY BE FAKED\nSET GREY/WHITE")
    out = press(judge, "FRANCE", "PRESS TO E FAKE BROADCAST")
    assert {m.to[0] for m in out[1:]} == {judge.seat("ENGLAND")}
    assert "Broadcast message from someone (grey press):" in out[1].body
    master(judge, "SET NO FAKE")
    out = press(judge, "FRANCE", "PRESS TO E FAKE")
    assert "does not allow fake press" in out[0].body


def test_observers_press_as_set_observer_allows(judge):
    form_game(judge)
    out = judge.send(WATCHER, "OBSERVE alpha seeit")
    token = [m for m in out if "(CONFIRM " in m.subject][0].subject
    judge.send(WATCHER, "ok", subject="Re: " + token)
    signed = "SIGNON Oalpha seeit\n"
    out = judge.send(WATCHER, signed + "BROADCAST\nhi all\nENDBROADCAST")
    assert len({m.to[0] for m in out[1:]}) == 8  # seven players and the master
    master(judge, "SET OBSERVER NO")
    out = judge.send(WATCHER, signed + "BROADCAST\nhi all\nENDBROADCAST")
    assert "does not allow observer press" in out[0].body and len(out) == 1
    out = judge.send(WATCHER, signed + "PRESS TO M\nplease\nENDPRESS")
    assert to(out, MASTER)  # the master always


def test_observer_opts_out_of_broadcasts(judge):
    form_game(judge)
    out = judge.send(WATCHER, "OBSERVE alpha seeit")
    token = [m for m in out if "(CONFIRM " in m.subject][0].subject
    judge.send(WATCHER, "ok", subject="Re: " + token)
    body = judge.send(WATCHER, "SIGNON Oalpha seeit\nSET NO BROADCAST")[0].body
    assert "You will receive no broadcasts." in body
    out = press(judge, "FRANCE", "BROADCAST", end="ENDBROADCAST")
    assert not to(out, WATCHER) and to(out, MASTER)


def test_postal_press_is_mailed_after_the_phase(judge):
    form_game(judge)
    out = press(judge, "FRANCE", "POSTALPRESS", "Dear all", end="ENDPRESS")
    assert "has no postal press" in out[0].body
    master(judge, "SET POSTAL PRESS")
    out = press(judge, "FRANCE", "POSTALPRESS", "Dear all", end="ENDPRESS")
    assert "Postal press held" in out[0].body and len(out) == 1
    hold_all_but(judge, ())
    mails = judge.tick(judge.deadline())
    postal = [m for m in mails if m.subject.endswith(" - Postal press")]
    assert len(postal) == 8  # one each, with the results
    assert "Postal press from France:\n\nDear all" in postal[0].body


def test_a_reply_to_a_press_mail_reaches_its_writer(judge):
    form_game(judge)
    out = press(judge, "FRANCE", "PRESS TO E", "Shall we?")
    mail = [m for m in out if m.to == (judge.seat("ENGLAND"),)][0]
    answer = judge.send(judge.seat("ENGLAND"), "Sure, let's.\n", "Re: " + mail.subject)
    back = to(answer, judge.seat("FRANCE"))
    assert back and "Message from England to France" in back[0]
    assert "Sure, let's." in back[0]
    # a forged reply from another address is not press
    forged = judge.send("mallory@example.org", "Sure.\n", "Re: " + mail.subject)
    assert len(forged) == 1 and "cannot match to you" in forged[0].body


def test_grey_press_answered_stays_anonymous_both_ways(judge):
    form_game(judge, options="greypress")
    out = press(judge, "FRANCE", "PRESS TO E", "Who am I?")
    mail = [m for m in out if m.to == (judge.seat("ENGLAND"),)][0]
    assert "France" not in mail.body
    answer = judge.send(judge.seat("ENGLAND"), "No idea.\n", "Re: " + mail.subject)
    back = to(answer, judge.seat("FRANCE"))
    assert back and "someone (grey press)" in back[0] and "England" not in back[0]
    assert "France" not in answer[0].body  # nor learns the replier who wrote
    assert "sent to the writer of that press" in answer[0].body


def test_touch_press_adjacent_powers_and_one_broadcast(judge):
    form_game(judge)
    master(judge, "SET TOUCH PRESS")
    out = press(judge, "FRANCE", "PRESS TO T", "far away")
    assert "you are not adjacent to Turkey" in out[0].body and len(out) == 1
    out = press(judge, "AUSTRIA", "PRESS TO I", "neighbour")  # F Tri - Venice
    assert to(out, judge.seat("ITALY"))
    out = press(judge, "FRANCE", "BROADCAST", end="ENDBROADCAST")
    assert len(out) > 1
    out = press(judge, "FRANCE", "BROADCAST", end="ENDBROADCAST")
    assert "already sent one broadcast" in out[0].body and len(out) == 1


def test_must_order_late_press_grace_press(judge):
    from datetime import timedelta

    form_game(judge)
    master(judge, "SET MUST ORDER")
    out = press(judge, "FRANCE", "PRESS TO E")
    assert "have not sent complete orders" in out[0].body and len(out) == 1
    assert to(press(judge, "FRANCE", "PRESS TO M"), MASTER)  # the master: always
    master(judge, "SET NO MUST ORDER\nSET NO LATE PRESS")
    judge.send(judge.seat("ENGLAND"), signon(judge, "ENGLAND") + "\nSET WAIT")
    judge.tick(judge.deadline() + timedelta(minutes=5))  # France is late now
    out = press(judge, "FRANCE", "PRESS TO E")
    assert "does not allow press from late players" in out[0].body
    master(judge, "SET LATE PRESS\nSET NO GRACE PRESS")
    out = press(judge, "FRANCE", "PRESS TO E")
    assert "one or more players are late" in out[0].body


def test_paused_games_press_to_the_master_only(judge):
    form_game(judge)
    master(judge, "PAUSE")
    out = press(judge, "FRANCE", "PRESS TO E")
    assert "the game is paused" in out[0].body and len(out) == 1
    assert to(press(judge, "FRANCE", "PRESS TO M"), MASTER)


def test_press_to_many_counts_against_the_mail_budget(judge):
    form_game(judge)
    judge.service.budgets = type(judge.service.budgets)(mails_per_message=3)
    out = press(judge, "FRANCE", "PRESS TO ALL BUT E")
    assert "one message may cause at most 3 mails" in out[0].body
    assert len(out) == 1


def test_a_reply_to_an_old_press_mail_is_told_how_to_answer(judge):
    form_game(judge)
    out = judge.send(judge.seat("ENGLAND"), "Sure.\n", "Re: PYJ:alpha - Press")
    assert len(out) == 1 and "PRESS TO <powers>" in out[0].body
    assert "is not a command" not in out[0].body


def test_blank_press(judge):
    form_game(judge)
    out = press(judge, "FRANCE", "PRESS TO E", "")
    assert "does not allow blank press" in out[0].body and len(out) == 1
    master(judge, "SET BLANK PRESS")
    out = press(judge, "FRANCE", "PRESS TO E", "")
    assert to(out, judge.seat("ENGLAND"))


def test_fake_lists_are_checked_too(judge):
    form_game(judge, options="greypress")
    master(judge, "SET PARTIAL MAY BE FAKED")
    out = press(judge, "FRANCE", "PRESS TO E FAKE TO XQ")
    assert "after FAKE, 'XQ' is not a power of this game" in out[0].body
    out = press(judge, "FRANCE", "PRESS TO E FAKE TO ALL BUT G")
    assert "Message from someone (grey press) to all but Germany" in out[1].body
    out = press(judge, "FRANCE", "PRESS TO")
    assert "a list of powers must follow TO" in out[0].body
