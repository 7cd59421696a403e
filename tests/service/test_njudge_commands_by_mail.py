"""njudge's spellings, the implied game, the master's commands and the help
files, sent by mail in the forms njudge's help files (data/index,
data/master, data/info) document."""

from __future__ import annotations

import json

import pytest
from harness import HOLDS, MASTER, PLAYERS, form_game, hold_all_but, password, signon

from judge.service.commands import REGISTRY

MASTER_ON = f"SIGNON Malpha {password(MASTER)}"
WATCHER = "watcher@example.org"


def master(judge, lines: str):
    return judge.send(MASTER, f"{MASTER_ON}\n{lines}")


def confirm(judge, address: str, out) -> list:
    asking = [m for m in out if "(CONFIRM " in m.subject]
    assert [m.to for m in asking] == [(address,)], out
    return judge.send(address, "Yes.\n", subject="Re: " + asking[0].subject)


# -- spellings and synonyms (data/index) ------------------------------------------


@pytest.mark.parametrize("keyword", ["SIGN ON", "HELLO", "LOGIN", "LOG IN", "signon"])
def test_signon_and_its_synonyms(judge, keyword):
    form_game(judge)
    address = judge.seat("FRANCE")
    body = judge.send(address, f"{keyword} Falpha {password(address)}\nA PAR H")
    assert "France: Army Paris HOLD." in body[0].body


def test_signon_m_in_lower_case_is_the_master(judge):
    form_game(judge)
    body = judge.send(MASTER, f"signon malpha {password(MASTER)}")[0].body
    assert "Signed on as master of game 'alpha'." in body


@pytest.mark.parametrize("keyword", ["WHOGAME", "WHO GAME", "who game"])
def test_whogame_spelt_with_a_space(judge, keyword):
    form_game(judge)
    body = judge.send("anyone@example.org", f"{keyword} alpha")[0].body
    assert PLAYERS[0] in body or "France" in body


@pytest.mark.parametrize("line", ["WATCH alpha", "WATCH alpha secret",
                                  "OBSERVE alpha secret"])  # fmt: skip
def test_watch_and_observe_with_a_password_ask_for_confirmation(judge, line):
    form_game(judge)
    out = judge.send(WATCHER, line)
    assert "answer the confirmation mail" in out[0].body
    out = confirm(judge, WATCHER, out)
    assert "You are observing game 'alpha'" in out[0].body


def test_signon_o_is_observe_then_signs_the_observer_on(judge):
    form_game(judge)
    out = judge.send(WATCHER, "SIGNON oalpha secret")
    assert "answer the confirmation mail" in out[0].body
    assert judge.row(
        "SELECT state FROM svc_members WHERE address = ?", [WATCHER]
    )[0] == "pending"  # fmt: skip
    confirm(judge, WATCHER, out)
    body = judge.send(WATCHER, "SIGNON Oalpha secret\nLIST")[0].body
    assert "Signed on as an observer of game 'alpha'." in body
    assert "Game 'alpha': Standard" in body  # LIST: the signed-on game
    body = judge.send(WATCHER, "SIGNON Oalpha wrong")[0].body
    assert "Wrong observer password for game 'alpha'." in body


def test_withdraw_is_resign(judge):
    form_game(judge)
    address = judge.seat("FRANCE")
    judge.send(address, f"{signon(judge, 'FRANCE')}\nWITHDRAW")
    assert judge.row(
        "SELECT state FROM svc_members WHERE power = 'FRANCE'"
    )[0] == "resigned"  # fmt: skip


def test_suspend_is_pause(judge):
    form_game(judge)
    master(judge, "SUSPEND")
    assert judge.game()["status"] == "paused"


def test_status_is_summary_and_send_me_is_get(judge):
    form_game(judge)
    body = judge.send("anyone@example.org", "STATUS alpha")[0].body
    assert "Summary of game 'alpha'" in body
    body = judge.send("anyone@example.org", "SEND ME syntax\nSEND deadlines")[0]
    assert "How to write orders" in body.body
    assert "1410 is 23:30" in body.body


def test_version(judge):
    body = judge.send("anyone@example.org", "VERSION")[0].body
    assert "This is the judge PYJ at judge@localhost, running pyjudge" in body


def test_force_begin_as_two_words(judge):
    judge.send(MASTER, "CREATE ?alpha pw-master\nBECOME MASTER")
    for address in PLAYERS[:3]:
        judge.send(address, f"SIGNON ?alpha {password(address)}")
    body = master(judge, "FORCE BEGIN")[0].body
    assert "Game 'alpha' has begun" in body


# -- the implied game (data/index: any/aft) ------------------------------------------


def test_after_signon_the_game_is_implied(judge):
    form_game(judge)
    on = signon(judge, "FRANCE")
    body = judge.send(judge.seat("FRANCE"), f"{on}\nLIST\nSUMMARY\nWHOGAME\nHISTORY")
    text = body[0].body
    assert "Game 'alpha': Standard" in text  # LIST: that game's report
    assert "Summary of game 'alpha'" in text  # SUMMARY
    assert "Subject: PYJ:alpha - S1901M Game Starting" in text  # HISTORY
    assert "Name the game" not in text


def test_before_signon_the_game_must_be_named(judge):
    form_game(judge)
    text = judge.send("anyone@example.org", "SUMMARY\nWHOGAME\nHISTORY\nLIST")[0]
    assert text.body.count("Name the game") == 3
    assert "alpha" in text.body  # LIST alone: the list of games


def test_get_map_after_signon_is_that_games_map(judge):
    body = judge.send(PLAYERS[0], "CREATE ?beta pw 1913\nGET MAP")[0].body
    assert "The map of 1913 (game 'beta')" in body
    body = judge.send("anyone@example.org", "GET MAP")[0].body
    assert "The map of standard" in body
    assert "* PAR   Paris" in body


# -- the master (data/master) ----------------------------------------------------------


def test_process_names_the_phase_and_is_ignored_when_it_is_not_current(judge):
    form_game(judge)
    body = master(judge, "PROCESS Fall 1901 Movement")[0].body
    assert (
        "PROCESS Fall 1901 Movement ignored: the current phase is S1901M, not F1901M."
    ) in body
    assert judge.phase() == "S1901M"
    body = master(judge, "PROCESS Spring Nineteen-one")[0].body
    assert "name the phase as <season> <year> <phase>" in body
    master(judge, "PROCESS Spring 1901 Movement")
    assert judge.phase() == "F1901M"
    master(judge, "PROCESS F1901M")
    assert judge.phase() == "S1902M"


def test_fall_builds_in_njudges_words_are_the_winter_phase(judge):
    from judge.language.phase_names import read_phase

    assert read_phase("fall 1905 build") == "W1905A"
    assert read_phase("F1905B") == "W1905A"
    assert read_phase("Winter 1905 Adjustments") == "W1905A"
    assert read_phase("fall 1905 retreat") == "F1905R"
    assert read_phase("Autumn 1905 Ret") == "F1905R"
    assert read_phase("Winter 1905 Movement") is None


def test_master_orders_without_become_several_a_line(judge):
    form_game(judge)
    body = master(judge, "A Vie-Tri, A Bud-Ser; F Lon-Nth")[0].body
    assert "Austria: Army Vienna -> Trieste." in body
    assert "Austria: Army Budapest -> Serbia." in body
    assert "England: Fleet London -> North Sea." in body
    orders = json.loads(json.dumps(judge.row(
        "SELECT count(*) FROM svc_orders WHERE game = 'alpha'"
    )[0]))  # fmt: skip
    assert orders == 3
    # they do not count as the power's own: no early processing on them
    hold_all_but(judge, {"AUSTRIA", "ENGLAND"})
    master(judge, "A Vie H, A Bud H, F Tri H\nF Lon H, F Edi H, A Lvp H")
    assert judge.game()["process_at"] is None
    # and nobody but the master was told
    assert all(m.to == (MASTER,) for m in master(judge, "F Edi-Nth"))
    # the players' own orders count: once both have sent theirs, it runs
    hold_all_but(judge, set(HOLDS) - {"ENGLAND"})
    assert judge.game()["process_at"] is None  # Austria's are still the master's
    hold_all_but(judge, set(HOLDS) - {"AUSTRIA"})
    assert judge.game()["process_at"] is not None


def test_become_mails_the_powers_player_what_was_done(judge):
    form_game(judge)
    out = master(judge, "BECOME France\nSET WAIT\nA Par-Bur")
    told = [m for m in out if m.to == (judge.seat("FRANCE"),)]
    assert len(told) == 1
    assert "The master of game 'alpha' acted as France" in told[0].body
    assert "> SET WAIT" in told[0].body
    assert "France: Army Paris -> Burgundy." in told[0].body


def test_rollback_keeps_the_orders_so_process_replays_them(judge):
    form_game(judge)
    address = judge.seat("FRANCE")
    judge.send(address, f"{signon(judge, 'FRANCE')}\nA Par-Bur\nA Mar-Spa\nF Bre-Mao")
    master(judge, "PROCESS")
    after = judge.game()["position"]
    assert judge.phase() == "F1901M"
    body = master(judge, "ROLLBACK")[0].body
    assert "orders(s)" not in body
    assert "order(s) of that turn kept: PROCESS replays them" in body
    assert judge.phase() == "S1901M"
    kept = judge.db.execute(
        "SELECT text FROM svc_orders WHERE power = 'FRANCE' ORDER BY text"
    ).fetchall()
    assert [t for (t,) in kept] == ["A MAR - SPA", "A PAR - BUR", "F BRE - MAO"]
    master(judge, "PROCESS Spring 1901 Movement")
    assert judge.game()["position"] == after


def test_promote_makes_an_observer_a_co_master(judge):
    form_game(judge)
    confirm(judge, WATCHER, judge.send(WATCHER, "OBSERVE alpha secret"))
    body = master(judge, f"PROMOTE {WATCHER}")[0].body
    assert f"{WATCHER} is now a master of game 'alpha'" in body
    body = judge.send(WATCHER, "SIGNON Malpha secret\nPAUSE")[0].body
    assert judge.game()["status"] == "paused"
    body = master(judge, "PROMOTE nobody@example.org")[0].body
    assert "does not observe game 'alpha'" in body
    judge.observe("nopassword@example.org")  # OBSERVE alpha, no password
    body = master(judge, "PROMOTE nopassword@example.org")[0].body
    assert "only an observer who gave a password" in body
    assert judge.row(
        "SELECT role FROM svc_members WHERE address = 'nopassword@example.org'"
    )[0] == "observer"  # fmt: skip


def test_unstart_returns_a_game_that_played_nothing_to_forming(judge):
    form_game(judge)
    body = master(judge, "UNSTART")[0].body
    assert "Game 'alpha' is forming again, and starts only when you SET AUTO" in body
    game = judge.game()
    assert (game["status"], game["position"]) == ("forming", None)
    assert '"manual_start": true' in game["settings"]  # njudge's ManualStart
    assert judge.row(
        "SELECT count(*) FROM svc_members WHERE game = 'alpha' AND power IS NOT NULL"
    )[0] == 0  # fmt: skip
    body = master(judge, "SET AUTO START")[0].body  # full: it starts
    assert judge.game()["status"] == "active", body
    master(judge, "PROCESS")
    body = master(judge, "UNSTART")[0].body
    assert "UNSTART ignored" in body and "has processed phases" in body


# -- help files (data/info, flist) -----------------------------------------------------


def test_get_info_says_why_observing_is_confirmed(judge):
    body = judge.send("anyone@example.org", "GET info")[0].body
    assert "confirmation mail" in body
    assert "forged" in body
    assert "SIGNON O<game>" in body and "WATCH" in body


def test_get_orders_and_get_syntax_teach_every_order(judge):
    body = judge.send("anyone@example.org", "GET ORDERS\nGET SYNTAX")[0].body
    for form in ("A Par - Bur", "A Mar S A Par - Bur", "F Eng C A Lon - Bre",
                 "A Bur R Par", "Build A Par", "Remove A Ber", "Waive",
                 "Maintain A Par", "SET ANY DISBAND",
                 "PHASE <season> <year> <phase>"):  # fmt: skip
        assert form in body, form


def test_the_orders_help_teaches_are_read(judge):
    """Every example of GET SYNTAX is an order this judge takes."""
    form_game(judge)
    address = judge.seat("FRANCE")
    body = judge.send(
        address,
        f"{signon(judge, 'FRANCE')}\nA Par - Bur\nA Mar S A Par - Bur\nF Bre H\n"
        "A Paris to Burgundy\nMove A Par to Bur\nA Par moves to Bur",
    )[0].body
    assert "not taken" not in body.lower() or "Refused" not in body
    assert "France: Army Paris -> Burgundy." in body
    assert "France: Army Marseilles SUPPORT Army Paris -> Burgundy." in body


def test_get_package_holds_the_newcomers_files(judge):
    body = judge.send("anyone@example.org", "GET PACKAGE")[0].body
    for heading in ("INFO", "GUIDE", "SYNTAX", "DEADLINES", "PRESS", "ABSENCE",
                    "DRAWS"):  # fmt: skip
        assert f"\n{heading}\n" in body or body.startswith(
            f"> GET PACKAGE\n\n{heading}"
        )


def test_every_file_of_njudges_package_is_served(judge):
    for name in ("info", "index", "syntax", "press", "deadlines", "absence",
                 "draws", "history", "form", "rules", "map", "flist", "guide",
                 "master", "package"):  # fmt: skip
        assert name in REGISTRY.topics
        body = judge.send("anyone@example.org", f"GET {name}")[0].body
        assert "There is no help topic" not in body
    assert HOLDS  # the harness's orders exist for the other tests


# -- new games' defaults (judge.toml [judge]) ----------------------------------------


def test_auto_master_and_game_defaults_come_from_the_configuration(tmp_path):
    from harness import Judge

    from judge.config import JudgeSettings, config_from_dict

    judge = Judge(tmp_path / "judge.db")
    judge.service.settings = JudgeSettings(
        auto_master=True, game_nmr=False, game_press="grey", game_moderated=False
    )
    body = judge.send(MASTER, "CREATE ?alpha pw-master\nBECOME MASTER")[0].body
    assert "you are its master" in body
    assert "You are already the master of game 'alpha'." in body
    game = judge.game()
    assert (game["nmr"], game["press"], game["moderated"]) == (0, "grey", 0)
    judge.send(MASTER, "CREATE ?beta pw-master nmr")
    assert judge.game("beta")["nmr"] == 1  # CREATE's options win
    with pytest.raises(ValueError, match="game_press"):
        config_from_dict({"judge": {"game_press": "purple"}})


# -- njudge forms this judge cannot follow: refused by name, with why --------------


@pytest.mark.parametrize(
    ("line", "refusal"),
    [
        ("MAP * n", "MAP * (a map drawn from a pasted LIST)"),
        ("VERSION 1.7", "no log of changes by level"),
        ("RESIGN France", "RESIGN <power or address> is the master's form"),
    ],
)
def test_njudge_forms_we_do_not_follow_are_refused_by_name(judge, line, refusal):
    form_game(judge)
    before = judge.game()
    body = judge.send("someone@example.org", line)[0].body
    assert refusal in body
    assert judge.game() == before


def test_a_masters_resign_of_a_power_is_eject(judge):
    form_game(judge)
    body = master(judge, "RESIGN France")[0].body
    assert "Ejected France" in body
