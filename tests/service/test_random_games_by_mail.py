"""Whole games played by mail with random orders (random_game.RandomGame),
each to a draw vote or the end of its last year, every phase checked
against the results contract and a replay through `judge adjudicate`.

A few seeds run with the suite; RANDOM_GAMES=N plays N more, to 1910
(a soak: RANDOM_GAMES=50 uv run pytest --full
tests/service/test_random_games_by_mail.py; without --full only the first
seed runs)."""

import logging
import os

import pytest
from harness import Judge
from random_game import RandomGame

from tests.strength import quick_first

SEEDS = [(seed, 1906, False) for seed in (1, 2, 3)] + [(4, 1906, True)]
SOAK = [
    (seed, 1910, False)
    for seed in range(100, 100 + int(os.environ.get("RANDOM_GAMES", 0)))
]


@pytest.mark.parametrize("seed, last_year, solo", quick_first(SEEDS + SOAK))
def test_random_game_by_mail(tmp_path, caplog, seed, last_year, solo):
    """solo: Russia starts one centre short of a solo victory."""
    caplog.set_level(logging.ERROR)
    game = RandomGame(Judge(tmp_path / "judge.db"), seed, last_year, solo)
    outcome = game.play()
    assert game.phases >= (1 if solo else 4)
    if solo:
        assert outcome == "The game has ended in a victory for Russia."
    else:
        assert outcome == "stopped" or outcome.startswith("The game has ended")
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]
