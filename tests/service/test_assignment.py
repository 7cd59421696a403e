"""The draw of powers maximises the players' total weight, as njudge's
(judge/service/assignment.py)."""

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.language.preference import Preference
from judge.service.assignment import assign, cheapest_assignment, ranks

SEATS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


@given(
    st.integers(1, 6).flatmap(
        lambda n: st.lists(
            st.lists(st.integers(0, 50), min_size=n, max_size=n),
            min_size=1,
            max_size=n,
        )
    )
)
@settings(max_examples=200, deadline=None)
def test_cheapest_assignment_is_the_optimum(costs):
    columns = len(costs[0])
    best = min(
        sum(costs[r][c] for r, c in enumerate(perm))
        for perm in itertools.permutations(range(columns), len(costs))
    )
    chosen = cheapest_assignment(costs)
    assert len(set(chosen)) == len(costs)
    assert sum(costs[r][c] for r, c in enumerate(chosen)) == best


def test_ranks_average_brackets_and_the_rest():
    given_ = ranks(Preference(ranks=(("ENGLAND",), ("FRANCE", "GERMANY"))), SEATS)
    assert given_["ENGLAND"] == 1
    assert given_["FRANCE"] == given_["GERMANY"] == 2.5
    assert given_["TURKEY"] == 5.5  # the four left share ranks 4..7


def lists(*texts):
    return [
        (i, Preference(ranks=tuple((p,) for p in text.split())))
        for i, text in enumerate(texts)
    ]


def test_conflicting_first_choices_give_the_best_total():
    # both want England first; player 1's second choice is France, player 0
    # has no second choice: the total is best with player 0 on England
    players = lists("ENGLAND", "ENGLAND FRANCE", "GERMANY")
    for seed in range(20):
        drawn = assign(players, SEATS, "list", random.Random(seed))
        assert drawn == {0: "ENGLAND", 1: "FRANCE", 2: "GERMANY"}


def test_random_modes():
    players = [(0, Preference(random=True)), *lists("", "ENGLAND")[1:]]
    players[1:] = [(1, Preference(ranks=(("ENGLAND",),)))]
    seen = set()
    for seed in range(40):
        drawn = assign(players, SEATS, "both", random.Random(seed))
        seen.add(drawn[0])
        if drawn[0] != "ENGLAND":
            assert drawn[1] == "ENGLAND"
    assert len(seen) > 3  # '*' is a random power, England among them
    # PRFRAND: lists do not count
    firsts = {
        assign(players, SEATS, "random", random.Random(seed))[1] for seed in range(40)
    }
    assert len(firsts) > 3
    # PRFLIST: '*' is no list at all, and England is player 1's
    for seed in range(10):
        assert assign(players, SEATS, "list", random.Random(seed))[1] == "ENGLAND"
