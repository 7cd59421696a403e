"""njudge's SET options by mail: who may set them, their refusals, the
notice every player gets, and the rules options the adjudication follows."""

from harness import MASTER, form_game, signon

from judge.engine.adjustments import build_sites
from judge.engine.api import Rules, adjudicate, initial_position
from judge.engine.orders import Build
from judge.engine.phases import advance
from judge.engine.state import Phase, Position
from judge.variants import load_variant


def master(judge, commands):
    return judge.send(MASTER, "SIGNON Malpha pw-master\n" + commands)


def test_a_setting_is_answered_stored_and_announced(judge):
    form_game(judge)
    out = master(judge, "SET NO PARTIAL\nSET QUIET")
    assert "Only broadcasts (and press to the master) may be sent." in out[0].body
    notices = [m for m in out[1:] if "Diplomacy notice" in m.subject]
    assert len(notices) == 7  # one per player, both changes in it
    assert "SET NOPARTIAL" in notices[0].body and "SET QUIET" in notices[0].body
    assert "The master in game 'alpha' changed" in notices[0].body
    assert '"partial": false' in judge.game()["settings"]
    listing = judge.send("x@example.org", "LIST alpha")[0].body
    assert "Settings: NoPartial, Quiet." in listing


def test_players_may_not_change_a_moderated_games_settings(judge):
    form_game(judge)
    body = judge.send(judge.seat("FRANCE"), signon(judge, "FRANCE") + "\nSET NOLIST")
    assert "Only the game's master may SET NOLIST" in body[0].body
    assert judge.game()["settings"] == "{}"


def test_bad_values_name_the_form(judge):
    form_game(judge)
    body = master(judge, "SET LEVEL wizard\nSET CENTERS many\nSET ACCESS same")[0].body
    assert "SET LEVEL takes one of ANY, NOVICE" in body
    assert "SET CENTERS takes a number from 1 to 999" in body
    assert "Who may sign on (by site): SAME." in body


def test_map_features_are_kept_as_njudge_keeps_them_on_any_map(judge):
    """njudge sets RAILWAYS, GATEWAYS, DUALITY, HONG KONG and BCENTRES on
    any map (ml_set.c); on a map without the feature they change nothing,
    and the reply says so."""
    form_game(judge)
    body = master(judge, "SET RAILWAYS\nSET HONG KONG\nSET BCENTRES")[0].body
    assert "Railways: on. The map of game 'alpha' (standard) has no railways" in body
    assert "has no Hong Kong centres: the flag changes nothing." in body
    assert "Game 'alpha' is not a blind game: the flag has no use here." in body
    settings = judge.game()["settings"]
    for key in ("railways", "hong_kong", "bcentres"):
        assert f'"{key}": true' in settings
    assert "Railways" in judge.send("x@example.org", "LIST alpha")[0].body
    body = master(judge, "SET NO RAILWAYS")[0].body
    assert "Railways: off." in body
    assert "railways" not in judge.game()["settings"]


def test_features_that_would_change_the_game_are_refused(judge):
    """SUMMER, TRANSFORM and PORTAGE would change play on any map: refused;
    their NO forms are answered as the rule here; ATTACK TRANSFORM needs
    transformations first, as in njudge."""
    form_game(judge)
    body = master(
        judge,
        "SET SUMMER\nSET PORTAGE\nSET TRANSFORM builds\nSET NO SUMMER\n"
        "SET ATTACK TRANSFORM",
    )[0].body
    assert "SET SUMMER: This judge does not follow summer turns on any map." in body
    assert "does not follow armies that convoy fleets (portage)" in body
    assert "does not follow unit transformations on any map. Not set." in body
    assert "SET NOSUMMER: No summer turns: that is already so here." in body
    assert "Move transformations must be on first (SET TRANSFORM)" in body
    assert judge.game()["settings"] == "{}"


def test_home_transfer_and_allied_win_are_settings_now(judge):
    """njudge 1.7's SET HOME TRANSFER and SET ALLIED WIN: set, stored and
    announced like njudge's other rules options (their play:
    test_home_transfer_and_allied_win_by_mail.py); NO turns them off."""
    form_game(judge)
    out = master(judge, "SET HOME TRANSFER\nSET ALLIED WIN")
    body = out[0].body
    assert "becomes its power's home centre" in body
    assert "a duplex game's allied win" in body
    assert "does not follow" not in body and "not a setting" not in body
    settings = judge.game()["settings"]
    assert '"home_transfer": true' in settings and '"allied_win": true' in settings
    notices = [m for m in out[1:] if "Diplomacy notice" in m.subject]
    assert "SET HOMETRANSFER" in notices[0].body and "SET ALLIEDWIN" in notices[0].body
    body = master(judge, "SET NO HOME TRANSFER\nSET NOALLIEDWIN")[0].body
    assert "Home centres stay the map's." in body
    assert "No allied wins: a power wins alone." in body
    # changed in play: the game is irregular (njudge's CheckNotStarted)
    assert judge.game()["settings"] == '{"irregular": true}'


def test_rules_options_are_answered_and_stored(judge):
    form_game(judge)
    body = master(judge, "SET ANY DISBAND\nSET STRICT CONVOY\nSET AUTO DISBAND")[0].body
    assert "Any unit may be disbanded in adjustment phases, and units built" in body
    assert "Only plausible convoys are taken" in body
    assert "Dislodged units are disbanded: no retreats." in body
    settings = judge.game()["settings"]
    assert '"any_disband": true' in settings and '"strict_convoy": true' in settings
    body = master(judge, "SET BLANK BOARD")[0].body
    assert "has already started: SET BLANKBOARD can be changed only before" in body


def test_blank_board_is_refused_where_a_variant_places_the_first_units(judge):
    judge.send(MASTER, "CREATE ?imp pw-master imperial\nBECOME MASTER")
    body = judge.send(MASTER, "SIGNON Mimp pw-master\nSET BLANK BOARD")[0].body
    assert "whose own rules place the first units. Not set." in body


def test_minor_press_in_play_makes_the_game_irregular(judge):
    """njudge takes SET [NO] MINOR PRESS after the start and marks the game
    irregular (ml_set.c, CATF_NOSTART)."""
    form_game(judge)
    body = master(judge, "SET NO MINOR PRESS")[0].body
    assert "No press in retreat and adjustment phases." in body
    assert "Game 'alpha' has already started: it is now irregular" in body
    assert '"irregular": true' in judge.game()["settings"]


def test_nolist_hides_the_game_from_list(judge):
    form_game(judge)
    assert "alpha" in judge.send("x@example.org", "LIST")[0].body
    master(judge, "SET NOLIST")
    assert "alpha" not in judge.send("x@example.org", "LIST")[0].body


def test_set_centers_ends_the_game_sooner(judge):
    board, rules = load_variant("standard")
    centres = dict(initial_position(board).centres)
    for c in ("BEL", "HOL", "SPA", "POR"):
        centres[c] = "FRANCE"  # France: 7
    after = Position(Phase(1901, "F", "M"), initial_position(board).units, centres)
    assert advance(board, after, None).winner is None
    fewer = Rules(options={"centres": "7"})
    assert advance(board, after, None, fewer).winner == "FRANCE"


def test_any_centres_lets_builds_go_in_any_owned_centre():
    board, _ = load_variant("standard")
    start = initial_position(board)
    centres = dict(start.centres)
    centres["BEL"] = "FRANCE"
    units = {k: v for k, v in start.units.items() if k != "PAR"}
    winter = Position(Phase(1901, "W", "A"), units, centres)
    assert build_sites(board, winter, "FRANCE") == ["PAR"]
    anywhere = Rules(options={"build_sites": "any"})
    assert build_sites(board, winter, "FRANCE", anywhere) == ["BEL", "PAR"]
    # adjudicated: the build in Belgium succeeds only under ANY CENTRES
    army = load_army(board)
    orders = {"FRANCE": [Build(army)]}
    home = adjudicate(board, winter, orders)
    assert "BEL" not in home.position.units
    anyc = adjudicate(board, winter, orders, anywhere)
    assert anyc.position.units["BEL"][0] == "FRANCE"


def load_army(board):
    from judge.engine.orders import Unit

    return Unit("A", "BEL")


def test_one_centre_needs_a_home_centre():
    board, _ = load_variant("standard")
    start = initial_position(board)
    centres = {c: p for c, p in start.centres.items() if p != "FRANCE"}
    centres["BEL"] = "FRANCE"
    winter = Position(Phase(1901, "W", "A"), {}, centres)
    one = Rules(options={"build_sites": "one"})
    assert build_sites(board, winter, "FRANCE", one) == []
    centres["PAR"] = "FRANCE"
    winter = Position(Phase(1901, "W", "A"), {}, centres)
    assert build_sites(board, winter, "FRANCE", one) == ["BEL", "PAR"]


def test_set_any_centres_reaches_the_games_rules(judge):
    form_game(judge)
    master(judge, "SET ANY CENTRES\nSET CENTERS 12")
    from judge.service.queries import load_game

    game = load_game(judge.db, "alpha")
    assert game.rules.build_sites == "any" and game.rules.victory_centres == 12


def test_manual_process_waits_for_the_masters_process(judge):
    from datetime import timedelta

    from harness import hold_all_but

    form_game(judge)
    master(judge, "SET MANUAL PROCESS")
    hold_all_but(judge, ())
    out = judge.tick(judge.deadline() + timedelta(hours=1))
    assert judge.phase() == "S1901M"
    assert [m.to for m in out] == [(MASTER,)] and "Turn Waiting" in out[0].subject
    assert judge.tick(judge.now + timedelta(hours=2)) == []  # once a day
    master(judge, "PROCESS")
    assert judge.phase() == "F1901M"


def roomy_hashing(judge) -> None:
    """A takeover hashes twice: room for that on a loaded machine."""
    from judge.config import Budgets

    judge.service.budgets = Budgets(hash_seconds_per_message=60.0)


def test_quiet_keeps_takeovers_to_the_master(judge):
    form_game(judge)
    roomy_hashing(judge)
    master(judge, "SET QUIET")
    france = judge.seat("FRANCE")
    judge.send(france, signon(judge, "FRANCE") + "\nRESIGN")
    out = judge.send("new@example.org", "SIGNON Falpha fresh1")
    told = [m.to[0] for m in out if "Takeover" in m.subject]
    assert told == [MASTER]


def test_master_changes_are_announced_and_the_ejected_told(judge):
    form_game(judge)
    out = master(judge, "SET DEADLINE 2026-01-09 12:00\nSET NONMR")
    notices = [m for m in out if "Diplomacy notice" in m.subject]
    assert len(notices) == 7
    assert "SET DEADLINE: the deadline is now Friday 9 January 2026" in (
        notices[0].body
    )
    assert "SET NONMR" in notices[0].body
    germany = judge.seat("GERMANY")
    out = master(judge, "EJECT Germany")
    assert any(
        m.to == (germany,) and "ejected you from game 'alpha'" in m.body for m in out
    )


def test_set_variant_gunboat_before_the_start(judge):
    judge.send(MASTER, "CREATE ?beta pw-master\nBECOME MASTER")
    out = judge.send(MASTER, "SIGNON Mbeta pw-master\nSET VARIANT Gunboat")
    assert "Players are anonymous (Gunboat)." in out[0].body
    assert judge.game("beta")["anonymous"] == 1
    out = judge.send(MASTER, "SIGNON Mbeta pw-master\nSET NOT VARIANT Gunboat")
    assert judge.game("beta")["anonymous"] == 0
    out = judge.send(MASTER, "SIGNON Mbeta pw-master\nSET VARIANT Blind")
    assert "This judge has no blind games" in out[0].body


def test_set_disband_lets_a_unit_disband_in_a_movement_phase(judge):
    from datetime import timedelta

    from harness import hold_all_but

    form_game(judge)
    france = judge.seat("FRANCE")
    body = judge.send(france, signon(judge, "FRANCE") + "\nA Par disband")[0].body
    assert "not an order for the movement phase" in body
    master(judge, "SET DISBAND")
    body = judge.send(france, signon(judge, "FRANCE") + "\nA Par disband")[0].body
    assert "Order not taken" not in body and "refused" not in body.lower()
    hold_all_but(judge, ("FRANCE",))
    judge.send(france, signon(judge, "FRANCE") + "\nF Bre H\nA Mar H")
    judge.tick(judge.deadline() + timedelta(minutes=1))
    assert judge.phase() == "F1901M"
    position = judge.game()["position"]
    assert '"PAR"' not in position.split('"units"')[1].split("}")[0]


def test_manual_start_waits_for_auto_start(judge):
    from harness import PLAYERS, password

    judge.send(MASTER, "CREATE ?beta pw-master\nBECOME MASTER")
    judge.send(MASTER, "SIGNON Mbeta pw-master\nSET MANUAL START")
    out = []
    for address in PLAYERS:
        out = judge.send(address, f"SIGNON ?beta {password(address)}")
    assert "starts when its master allows" in out[0].body
    assert judge.game("beta")["status"] == "forming"
    judge.send(MASTER, "SIGNON Mbeta pw-master\nSET AUTO START")
    assert judge.game("beta")["status"] == "active"


def test_allow_and_deny_player(judge):
    judge.send(MASTER, "CREATE ?beta pw-master\nBECOME MASTER")
    judge.send(MASTER, "SIGNON Mbeta pw-master\nSET DENY PLAYER bad@example.org")
    body = judge.send("bad@example.org", "SIGNON ?beta pw1")[0].body
    assert "does not accept bad@example.org" in body
    judge.send(MASTER, "SIGNON Mbeta pw-master\nSET ALLOW PLAYER good@example.org")
    body = judge.send("other@example.org", "SIGNON ?beta pw1")[0].body
    assert "accepts only the players its master allows" in body
    body = judge.send("good@example.org", "SIGNON ?beta pw1")[0].body
    assert "You have joined game 'beta'" in body


def test_strict_wait(judge):
    form_game(judge)
    master(judge, "SET STRICT WAIT")
    body = judge.send(judge.seat("FRANCE"), signon(judge, "FRANCE") + "\nSET WAIT")
    assert "WAIT set" in body[0].body  # France owes orders in a movement phase


def test_comment_and_comment_begin(judge):
    form_game(judge)
    body = master(judge, "SET COMMENT A friendly game\nSET COMMENT BEGIN\nLine one\n"
                         "Line two\nSIGNOFF\nignored")[0].body  # fmt: skip
    assert "Comment: A friendly game" in body
    assert "The game's full comment is set." in body
    settings = judge.game()["settings"]
    assert "A friendly game" in settings and "Line one\\nLine two" in settings
    assert "ignored" not in settings


def test_coastal_convoys_before_the_start_reach_the_rules(judge):
    judge.send(MASTER, "CREATE ?beta pw-master\nBECOME MASTER")
    body = judge.send(MASTER, "SIGNON Mbeta pw-master\nSET COASTAL CONVOYS")[0].body
    assert "Fleets on coasts may convoy." in body
    from judge.service.queries import load_game

    assert load_game(judge.db, "beta").rules.coastal_convoys


def test_late_count_in_the_late_notices(judge):
    from datetime import timedelta

    from harness import hold_all_but

    form_game(judge)
    master(judge, "SET LATE COUNT")
    hold_all_but(judge, ("RUSSIA",), "\nSET WAIT")
    out = judge.tick(judge.deadline() + timedelta(minutes=1))
    late = [m.body for m in out if m.to == (judge.seat("RUSSIA"),)]
    assert late and "Russia has been late 1 time(s) in this game." in late[0]


def test_every_form_get_settings_shows_is_read_as_that_setting():
    import re

    from judge.language.commands import read_command
    from judge.service.game_options import HELP, read_option

    for forms, _ in HELP:
        for piece in re.split(r" \| |, ", forms):
            for negated in ("", "NO ") if re.search(r"\[(NO|UN)\]", piece) else ("",):
                text = re.sub(r"\[(NO|UN)\]\s*", "", piece)
                text = re.sub(r"\[.*?\]|<.*?>", "", text).strip()
                if "VARIANT" in text:
                    continue
                command = read_command(f"SET {negated}{text}")
                assert command.name == "set_option", text
                option, _, _ = read_option(command.words[0])
                assert option is not None, text


def test_strict_grace_ends_grace_exactly_its_hours_after_the_deadline(judge):
    from datetime import timedelta

    from harness import hold_all_but

    form_game(judge)
    # Sundays only: 30 hours after a deadline is a Monday, no processing day
    master(judge, "SET MOVE DAYS S------\nSET MOVE GRACE 30")
    hold_all_but(judge, ())
    judge.tick(judge.deadline())
    assert judge.grace_end() - judge.deadline() > timedelta(hours=30)  # a Sunday
    master(judge, "SET STRICT GRACE")
    hold_all_but(judge, ())
    judge.tick(judge.deadline())
    assert judge.phase() == "S1902M"
    assert judge.grace_end() - judge.deadline() == timedelta(hours=30)


def test_approval_of_a_new_players_moves(judge):
    form_game(judge)
    roomy_hashing(judge)
    master(judge, "SET APPROVAL")
    france = judge.seat("FRANCE")
    judge.send(france, signon(judge, "FRANCE") + "\nRESIGN")
    body = judge.send("new@example.org", "SIGNON Falpha fresh1\nA PAR H")[0].body
    assert "The master must approve your moves for France" in body
    assert "the master has not approved your moves yet" in body
    out = master(judge, "SET APPROVE F")
    assert "Moves approved: France." in out[0].body
    assert any(m.to == ("new@example.org",) and "approved your moves" in m.body
               for m in out)  # fmt: skip
    body = judge.send("new@example.org", "SIGNON Falpha fresh1\nA PAR H")[0].body
    assert "not approved" not in body and "Army Paris HOLD" in body
    master(judge, "SET NOT APPROVED F")
    body = judge.send("new@example.org", "SIGNON Falpha fresh1\nA PAR H")[0].body
    assert "the master has not approved your moves yet" in body
