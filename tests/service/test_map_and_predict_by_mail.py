"""MAP <game> <phase> by mail draws that phase's orders, as its results
picture did (the phase being ordered: the board alone, its orders secret),
and MAP <game> the latest results picture;
PREDICT gives the next phase's own deadline."""

from harness import HOLDS, MASTER, form_game, signon

WATCHER = "watcher@example.org"
M = "SIGNON Malpha pw-master\n"


def test_map_of_a_played_phase_draws_its_orders(judge):
    form_game(judge)
    judge.observe(WATCHER)
    orders = dict(HOLDS, FRANCE="A PAR-BUR\nA MAR-SPA\nF BRE-MAO")
    for power, text in orders.items():
        judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")
    results = judge.tick(judge.deadline())
    drawn = [m for m in results if m.to == (WATCHER,)][0].attachments[0].data
    out = judge.send(WATCHER, "MAP alpha S1901M")
    assert "The map of S1901M follows" in out[0].body
    mail = out[1]
    assert "with its orders and their results" in mail.body
    assert mail.attachments[0].data == drawn
    # without a phase: the latest results picture, orders and all
    latest = judge.send(WATCHER, "MAP alpha")[1]
    assert latest.attachments[0].data == drawn
    assert "at S1901M, with its orders and their results" in latest.body
    # the phase being ordered: the board alone, its orders secret
    now = judge.send(WATCHER, "MAP alpha F1901M")[1]
    assert now.attachments[0].data != drawn
    assert "with its orders" not in now.body


def test_map_before_any_results_is_the_board_alone(judge):
    form_game(judge)
    judge.observe(WATCHER)
    out = judge.send(WATCHER, "MAP alpha")
    assert "The map of S1901M follows" in out[0].body
    assert "The map of game 'alpha' at S1901M is attached." in out[1].body
    assert out[1].attachments[0].filename == "alpha-S1901M.png"


def test_predict_gives_the_next_phases_deadline(judge):
    form_game(judge)
    deadline = "Thu Jan 08 2026 23:30:00 +0000"  # S1901M's
    out = judge.send(MASTER, M + "PREDICT")[0].body
    prediction = out.split("PREDICTION", 1)[1]
    assert "The next phase of 'alpha' will be Movement for Fall of 1901." in prediction
    # Fall's deadline: three days (next 71 hours) after Spring's, at 23:30
    assert "The deadline for orders will be Mon Jan 12 2026 23:30:00 +0000." in (
        prediction
    ), prediction
    assert f"will be {deadline}" not in prediction
