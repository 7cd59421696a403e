"""Whole variant games played by mail with random orders (variant_game):
Imperial, 1913 and the rulebook's four- and two-player games, a few seeds
each, every phase checked against a replay through `judge adjudicate`.
The Imperial seeds are ones whose games reach Winters with builds, fleets'
multi-step moves, barbarian armies raised and released, federations.
VARIANT_GAMES=N plays N more of each variant, six years long (a soak, with
`pytest --full`: the quick loop plays only QUICK)."""

import logging
import os

import pytest
from harness import MASTER, Judge
from variant_game import VariantGame, pw

from judge.service.queries import stored_orders
from tests.strength import quick_first

GAMES = [
    ("imperial", 7, 5),
    ("imperial", 8, 5),
    ("imperial", 11, 5),
    ("1913", 1, 5),
    ("1913", 2, 5),
    ("standard-4p", 1, 5),
    ("standard-4p", 2, 5),
    ("standard-2p", 1, 5),
    ("standard-2p", 2, 5),
]

QUICK = [("imperial", 7, 5), ("1913", 1, 5)]  # the quick loop's (tests/strength.py)
SOAK = [
    (variant, seed, 6)
    for variant in ("imperial", "1913", "standard-4p", "standard-2p")
    for seed in range(100, 100 + int(os.environ.get("VARIANT_GAMES", 0)))
]


@pytest.mark.parametrize(
    "variant, seed, years", quick_first(GAMES + SOAK, quick=lambda game: game in QUICK)
)
def test_variant_game_by_mail(tmp_path, caplog, variant, seed, years):
    caplog.set_level(logging.ERROR)
    game = VariantGame(Judge(tmp_path / "judge.db"), variant, seed, years)
    outcome = game.play()
    assert outcome == "stopped" or outcome.startswith("The game has ended"), outcome
    assert game.phases >= 2 * years
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]


def test_garrison_move_to_two_coasts(judge):
    """A garrison's move is read as an army's (no coast asked), stored, and
    voided by the engine."""
    judge.send(MASTER, "CREATE ?gar pw-master imperial\nBECOME MASTER")
    first = "p1@example.org"
    judge.send(first, f"SIGNON ?gar {pw(first)}\nSET PREFERENCE CON")
    judge.send(MASTER, "SIGNON Mgar pw-master\nFORCE BEGIN")
    signon = f"SIGNON CONgar {pw(first)}\n"
    judge.send(first, signon + "JOIN CON")
    judge.tick(judge.deadline("gar"))
    assert judge.phase("gar") == "S1901M"
    reply = judge.send(first, signon + "IG CON - BUL").pop(0).body
    assert "Refused" not in reply, reply
    assert stored_orders(judge.db, "gar") == {"EMPIRE_CON": ["IG CON - BUL"]}
