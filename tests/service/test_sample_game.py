"""The rulebook's sample game played by mail, Spring 1901 to Winter 1902:
each results mail against its golden file and the rulebook's stated results."""

from pathlib import Path

import pytest
from harness import form_game, signon
from mail_layout import Layout
from sample_game import SAMPLE

from judge.variants import load_variant

GOLDEN = Path(__file__).parent / "golden" / "sample"


def results_of_sample(judge) -> dict[str, str]:
    form_game(judge, master=False)
    bodies = {}
    for phase, orders in SAMPLE:
        for power, text in orders.items():
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")
        results = judge.tick(judge.deadline())
        assert len({m.body for m in results}) == 1  # the same text to everyone
        bodies[phase] = results[0].body
    return bodies


@pytest.mark.slow  # the whole sample game; its stated results run quick
def test_sample_game_results_mails(judge, update_golden):
    layout = Layout(load_variant("standard")[0], "PYJ", "alpha")
    orders = dict(SAMPLE)
    for number, (phase, body) in enumerate(results_of_sample(judge).items(), 1):
        # What matters, whatever the golden file says: the contract's layout,
        # the phases in turn, and one line per order given.
        results = layout.read_results(body, phase, number)
        given = sum(len(text.splitlines()) for text in orders[phase].values())
        if phase.endswith("M"):
            assert len(results.lines) == given
        elif phase.endswith("A"):
            assert len(results.adjustments) == given
        if number < len(SAMPLE):
            assert results.phase == SAMPLE[number][0]
        golden = GOLDEN / f"{number}_{phase}.txt"
        if update_golden:
            golden.write_text(body)
        assert body == golden.read_text()


def test_sample_game_stated_results(judge):
    text = results_of_sample(judge)
    spring = text["S1901M"]
    # "All orders succeed except for the two units ordered to the Black Sea
    # and the two ordered to Galicia."
    assert "Russia: Fleet Sevastopol -> Black Sea.  (*bounce*)" in spring
    assert "Turkey: Fleet Ankara -> Black Sea.  (*bounce*)" in spring
    assert "Austria: Army Budapest -> Galicia.  (*bounce*)" in spring
    assert "Russia: Army Warsaw -> Galicia.  (*bounce*)" in spring
    assert spring.count("(*") == 4
    fall = text["F1901M"]
    assert "Germany: Army Ruhr -> Belgium.  (*bounce*)" in fall
    assert "Italy: Army Piedmont -> Marseilles.  (*bounce*)" in fall
    assert "Turkey: Army Constantinople -> Bulgaria.  (*bounce*)" in fall
    spring2 = text["S1902M"]
    assert "Germany: Army Holland -> Belgium.\n" in spring2
    assert "Turkey: Army Bulgaria -> Rumania.  (*bounce*)" in spring2
    assert "Russia: Army St Petersburg -> Norway.  (*bounce*)" in spring2
    fall2 = text["F1902M"]
    assert "Germany: Army Ruhr -> Burgundy.\n" in fall2
    assert "England: Army Norway -> St Petersburg.\n" in fall2
    assert "Turkey: Army Bulgaria -> Rumania.\n" in fall2
    assert "Turkey: Army Constantinople -> Bulgaria.\n" in fall2
    assert "Russian Fleet in Rumania with no valid retreats was destroyed" in fall2
    assert "Russia: Army St Petersburg -> Moscow." in text["F1902R"]
    assert "France: Army Burgundy -> Gascony." in text["F1902R"]
    winter = text["W1902A"]
    for line in (
        "Germany: Builds a fleet in Kiel.",
        "Russia: Removes the army in Galicia.",
        "Turkey: Builds a fleet in Smyrna.",
        "Austria: Builds an army in Trieste.",
        "France: Builds an army in Paris.",
        "England: Builds a fleet in London.",
    ):
        assert line in winter
    assert "Italy" not in winter
