"""Imperial's rule for agreed endings (IMP-14(e)), as the service asks it:
every current player, more than one, proposing the same text."""

from __future__ import annotations

from judge.variants.base import Variant
from judge.variants.imperial import VARIANT


def test_the_standard_game_has_no_agreed_endings():
    assert Variant().agreed_endings is None


def test_endings_agree_regardless_of_case_and_spaces():
    rule = VARIANT.agreed_endings
    votes = {1: "Gaul  wins", 2: "gaul WINS", 3: " Gaul wins "}
    assert rule.agreed(votes, [1, 2, 3]) == "Gaul  wins"
    ended = rule.result("Gaul wins")
    assert ended == "The players have agreed to end the game: Gaul wins"


def test_no_agreement_while_one_differs_or_has_not_voted_or_is_alone():
    rule = VARIANT.agreed_endings
    assert rule.agreed({1: "Gaul wins", 2: "Peace"}, [1, 2]) is None
    assert rule.agreed({1: "Gaul wins"}, [1, 2]) is None
    assert rule.agreed({1: "Gaul wins"}, [1]) is None  # as a draw: never alone
    assert rule.max_length == 200
