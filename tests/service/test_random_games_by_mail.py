"""Whole games played by mail with random orders (random_game.RandomGame):
a few seeds, each to a draw vote or the end of 1908, every phase checked
against the results contract and a replay through `judge adjudicate`."""

import logging

import pytest
from harness import Judge
from random_game import RandomGame

SEEDS = [1, 2, 3]


@pytest.mark.parametrize("seed", SEEDS)
def test_random_game_by_mail(tmp_path, caplog, seed):
    caplog.set_level(logging.ERROR)
    game = RandomGame(Judge(tmp_path / "judge.db"), seed)
    outcome = game.play()
    assert game.phases >= 4
    assert outcome == "stopped" or outcome.startswith("The game has ended")
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]
