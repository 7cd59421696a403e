"""The guess-and-check resolver on its own, with toy rules."""

import itertools

import pytest

from judge.engine.resolver import Resolver


def test_independent_nodes_resolve_directly():
    calls = []

    def adjudicate(node):
        calls.append(node)
        return node % 2 == 0

    r = Resolver(adjudicate, lambda cycle: {})
    assert [r.resolve(n) for n in range(4)] == [True, False, True, False]
    assert r.resolve(2) is True
    assert calls == [0, 1, 2, 3]  # answers are kept


def test_a_cycle_with_one_consistent_answer_needs_no_backup():
    # a succeeds iff b succeeds, and b never succeeds: one answer, both fail.
    rules = {"a": lambda r: r.resolve("b"), "b": lambda r: r.resolve("a") and False}
    r = Resolver(lambda n: rules[n](r), lambda cycle: pytest_fail(cycle))
    assert r.resolve("a") is False
    assert r.resolve("b") is False


def test_two_consistent_answers_go_to_the_backup_rule():
    # a iff b, b iff a: both True and both False are consistent.
    seen = []

    def backup(cycle):
        seen.append(sorted(cycle))
        return dict.fromkeys(cycle, True)  # circular movement: all succeed

    rules = {"a": lambda r: r.resolve("b"), "b": lambda r: r.resolve("a")}
    r = Resolver(lambda n: rules[n](r), backup)
    assert r.resolve("a") is True and r.resolve("b") is True
    assert seen == [["a", "b"]]


def test_no_consistent_answer_goes_to_the_backup_rule():
    # a iff not a: a paradox; the backup settles it.
    r = Resolver(lambda n: not r.resolve("a"), lambda cycle: {"a": False})
    assert r.resolve("a") is False


def test_a_backup_that_settles_nothing_cannot_loop_forever():
    r = Resolver(lambda n: not r.resolve("a"), lambda cycle: {})
    assert r.resolve("a") is False


def pytest_fail(cycle):
    raise AssertionError(f"backup rule called for {cycle}")


# Issue 13 in miniature: an army (h) moves if its convoy (c) works; the
# convoy works unless the attack on it (e) succeeds, which it never does,
# though it reads the support (s) of a unit the army attacks; that support
# stands if the convoy fails and the army does not arrive.  One consistent
# answer (e and s fail, c and h succeed), whichever node is asked first.
_ISSUE_13 = {
    "h": lambda r: r.resolve("c"),
    "c": lambda r: not r.resolve("e"),
    "e": lambda r: r.resolve("s") and False,
    "s": lambda r: not r.resolve("c") and not r.resolve("h"),
}


@pytest.mark.parametrize("order", list(itertools.permutations(_ISSUE_13)))
def test_answers_do_not_depend_on_which_node_is_asked_first(order):
    r = Resolver(lambda n: _ISSUE_13[n](r), lambda cycle: pytest_fail(cycle))
    answers = {node: r.resolve(node) for node in order}
    assert answers == {"h": True, "c": True, "e": False, "s": False}
