"""Kruijswijk's guess-and-check resolver (DATC 5.F, with the refinements the
DATC gives there for cycles that are not one clean loop).

A node is a yes/no question (does this move succeed? is this support given?).
`adjudicate(node)` answers it, calling `resolve` for the nodes it depends on.
When a node depends on itself, both guesses are tried: if they agree, that is
the answer; if they disagree (or both hold), the nodes of the cycle go to the
`backup` rule, which settles some of them (circular movement, Szykman).

An answer is final only when nothing it was built on is a guess.  Every
unsettled answer carries the depth (on the stack of nodes being worked out)
of the outermost guess it was built on, its "low" mark; the mark travels up
with every answer read, and only the node at that depth, the root of the
whole cycle, may try its two guesses and settle.  So the answers cannot
depend on which node was asked first (issue 13: an answer read from a node
already known to be guess-based used to be taken for a final one).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

_NO_GUESS = 1 << 30  # the low mark of an answer built on final answers only


class Resolver:
    def __init__(
        self,
        adjudicate: Callable[[Hashable], bool],
        backup: Callable[[Sequence[Hashable]], dict[Hashable, bool]],
    ):
        self._adjudicate = adjudicate
        self._backup = backup
        # Final answers; most calls ask for one, so they are looked up first
        # and alone (a hot path).  The rest describe unsettled nodes.
        self._final: dict[Hashable, bool] = {}
        self._depth: dict[Hashable, int] = {}  # nodes being worked out
        self._guess: dict[Hashable, bool] = {}  # their guesses, or last answers
        # Nodes whose answer rests on a guess, in the order found, with the
        # low mark of that answer: read again, they give the same answer and
        # pass the mark on.
        self._cycle: list[Hashable] = []
        self._cycle_low: dict[Hashable, int] = {}
        self._low = _NO_GUESS  # of the answer being worked out

    def resolve(self, node: Hashable) -> bool:
        final = self._final.get(node)
        if final is not None:
            return final
        low = self._cycle_low.get(node)
        if low is None:
            low = self._depth.get(node)
            if low is None:
                return self._evaluate(node)
            # A node being worked out: a cycle through it.
            self._cycle.append(node)
            self._cycle_low[node] = low
        if low < self._low:
            self._low = low
        return self._guess[node]

    def _evaluate(self, node: Hashable) -> bool:
        depth = len(self._depth)
        self._depth[node] = depth
        outer_low, mark = self._low, len(self._cycle)
        self._low = _NO_GUESS
        self._guess[node] = False
        first = self._adjudicate(node)
        low = self._low
        if low == _NO_GUESS:  # built on final answers only
            return self._finish(node, first, outer_low)
        if low < depth:  # an outer guess: the root of that cycle decides
            return self._unsettled(node, first, low, outer_low)

        # The root of a cycle: try the other guess.
        self._forget(mark)
        self._low = _NO_GUESS
        self._guess[node] = True
        second = self._adjudicate(node)
        low = self._low
        if low < depth:
            # The other guess reached an outer guess: not the root after all.
            # Keep whichever answer agrees with its own guess.
            value = second if first else first
            return self._unsettled(node, value, low, outer_low)
        if first == second or low == _NO_GUESS:
            self._forget(mark)
            return self._finish(node, second, outer_low)

        # No or two consistent answers: the backup rule settles the cycle.
        cycle = self._cycle[mark:]
        self._forget(mark)
        del self._depth[node]
        self._low = outer_low
        settled_values = self._backup(cycle) or {node: False}
        for settled, value in settled_values.items():
            self._final[settled] = value
        return self.resolve(node)

    def _finish(self, node: Hashable, value: bool, outer_low: int) -> bool:
        del self._depth[node]
        self._final[node] = value
        self._low = outer_low
        return value

    def _unsettled(self, node: Hashable, value: bool, low: int, outer_low: int) -> bool:
        del self._depth[node]
        self._guess[node] = value
        if node not in self._cycle_low:
            self._cycle.append(node)
        self._cycle_low[node] = low
        self._low = min(outer_low, low)
        return value

    def _forget(self, mark: int) -> None:
        cycle_low = self._cycle_low
        for node in self._cycle[mark:]:
            cycle_low.pop(node, None)
        del self._cycle[mark:]
