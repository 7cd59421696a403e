"""The results-layout validator used by the random games (mail_layout.py)
accepts the judge's real results and refuses each kind of broken layout."""

import pytest
from harness import GOLDEN
from mail_layout import Layout, LayoutError

from judge.variants import load_variant


def mail(subject: str) -> str:
    """The master's copy of a mail in the complete game's transcript."""
    text = (GOLDEN / "complete_game.txt").read_text()
    start = text.index(f"--- to master@example.org: {subject}")
    body = text[text.index("\n", start) + 1 :]
    return body[: body.index("\n--- ")] + "\n"


@pytest.fixture
def layout():
    return Layout(load_variant("standard")[0], "PYJ", "alpha")


CASES = [
    ("PYJ:alpha - S1901M Results", "S1901M", 1),
    ("PYJ:alpha - F1902M Results", "F1902M", 5),
    ("PYJ:alpha - F1902R Results", "F1902R", 6),
    ("PYJ:alpha - W1902A Results", "W1902A", 7),
]


@pytest.mark.parametrize("subject, phase, turn", CASES)
def test_real_results_pass(layout, subject, phase, turn):
    results = layout.read_results(mail(subject), phase, turn)
    assert results.phase != phase


def test_what_the_results_say_is_read(layout):
    f1902 = layout.read_results(mail("PYJ:alpha - F1902M Results"), "F1902M", 5)
    assert len(f1902.lines) == 31
    assert f1902.lines[3].order == "-> Galicia"
    assert f1902.lines[3].outcomes == {"bounce"}
    assert len(f1902.dislodged) == 3
    retreat = layout.read_results(mail("PYJ:alpha - F1902R Results"), "F1902R", 6)
    assert retreat.counts["Germany"] == (6, 5)
    assert "St Petersburg" in retreat.owners["England"]


BROKEN = [
    ("Austria: Army Vienna -> Galicia.  (*bounce*)",
     "Austria: Army Vienna -> Galicia. (*bounce*)"),
    ("Austria: Army Vienna -> Galicia.  (*bounce*)",
     "Austria: Army Vienna -> Galicia.  (*bounced*)"),
    ("Austria: Army Vienna -> Galicia.", "Austria: Army Budapest - Galicia."),
    ("Austria: Army Vienna -> Galicia.", "Austria: Army Vie -> Galicia."),
    ("Austria: Army Vienna -> Galicia.", "Zanzibar: Army Vienna -> Galicia."),
    ("(alpha.005)", "(alpha.5)"),
    ("(alpha.005)", "(alpha.006)"),
    ("Movement results for Fall", "Movement results for Spring"),
    (":: Judge: PYJ  Game: alpha", ":: Judge: PYJ Game: alpha"),
    ("\n\nThe following units were dislodged:\n\n", "\nThe following units were"
     " dislodged:\n\n"),
    ("can retreat to Gascony or Paris.", "can retreat to Gascony, Paris."),
    ("The next phase of 'alpha' will be Retreats", "The next phase of 'alpha' will"
     " be Movement"),
    ("The deadline for orders will be Tue Jan 20", "The deadline for orders will be"
     " Wed Jan 21"),
    ("Army Serbia SUPPORT Turkish Army", "Army Serbia SUPPORT Turk Army"),
]  # fmt: skip


@pytest.mark.parametrize("good, bad", BROKEN)
def test_broken_movement_results_fail(layout, good, bad):
    body = mail("PYJ:alpha - F1902M Results")
    assert good in body
    with pytest.raises(LayoutError):
        layout.read_results(body.replace(good, bad, 1), "F1902M", 5)


def test_powers_out_of_order_fail(layout):
    body = mail("PYJ:alpha - S1901M Results")
    first = "Austria: Army Budapest -> Galicia.  (*bounce*)\n"
    moved = body.replace(first, "").replace("Turkey: Army Smyrna", first + "Turkey:"
                                            " Army Smyrna")  # fmt: skip
    with pytest.raises(LayoutError, match="alphabetically"):
        layout.read_results(moved, "S1901M", 1)


OWNERSHIP = [
    ("Germany:   6 Supply centers,  5 Units:  Builds   1 unit.",
     "Germany:   6 Supply centers,  5 Units:  Builds   2 units."),
    ("Germany:   6 Supply centers,  5 Units:  Builds   1 unit.",
     "Germany:   6 Supply centers,  5 Units:  Removes  1 unit."),
    ("Germany:   6 Supply centers,", "Germany:   7 Supply centers,"),
    ("Italy:     Naples,", "Italy:     Napoli,"),
    ("\nOwnership of supply centers:\n\n", "\nOwnership of supply centers:\n"),
]  # fmt: skip


@pytest.mark.parametrize("good, bad", OWNERSHIP)
def test_broken_ownership_fails(layout, good, bad):
    body = mail("PYJ:alpha - F1902R Results")
    assert good in body
    with pytest.raises(LayoutError):
        layout.read_results(body.replace(good, bad, 1), "F1902R", 6)


def test_broken_adjustments_fail(layout):
    body = mail("PYJ:alpha - W1902A Results")
    good = "Austria: Builds an army in Trieste."
    for bad in (
        "Austria: Builds army in Trieste.",
        "Austria: Build an army in Trieste.",
    ):
        with pytest.raises(LayoutError):
            layout.read_results(body.replace(good, bad), "W1902A", 7)
