"""Kruijswijk's guess-and-check resolver (DATC section 5.E).

A node is a yes/no question (does this move succeed? is this support given?).
`adjudicate(node)` answers it, calling `resolve` for the nodes it depends on.
When a node depends on itself, both guesses are tried: if they agree, that is
the answer; if they disagree (or both hold), the nodes of the cycle go to the
`backup` rule, which settles some of them (circular movement, Szykman).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

_UNRESOLVED, _GUESSING = 0, 1


class Resolver:
    def __init__(
        self,
        adjudicate: Callable[[Hashable], bool],
        backup: Callable[[Sequence[Hashable]], dict[Hashable, bool]],
    ):
        self._adjudicate = adjudicate
        self._backup = backup
        # Final answers; most calls ask for one, so they are looked up first
        # and alone (a hot path).  The other two describe unsettled nodes.
        self._final: dict[Hashable, bool] = {}
        self._state: dict[Hashable, int] = {}
        self._result: dict[Hashable, bool] = {}  # the guesses
        self._deps: list[Hashable] = []

    def resolve(self, node: Hashable) -> bool:
        final = self._final.get(node)
        if final is not None:
            return final
        if self._state.get(node) == _GUESSING:
            if node not in self._deps:
                self._deps.append(node)
            return self._result[node]

        mark = len(self._deps)
        self._state[node] = _GUESSING
        self._result[node] = False
        first = self._adjudicate(node)
        if len(self._deps) == mark:
            # No guess was used: the answer is final (unless a backup rule
            # settled the node meanwhile).
            if node not in self._final:
                self._settle(node, first)
            return self._final[node]
        if self._deps[mark] != node:
            # Depends on someone else's guess: the guesser decides.
            self._deps.append(node)
            self._result[node] = first
            return first

        # The node depends on its own guess: try the other guess.
        self._forget(mark)
        self._state[node] = _GUESSING
        self._result[node] = True
        second = self._adjudicate(node)
        if first == second or len(self._deps) == mark:
            self._forget(mark)
            self._settle(node, second)
            return second

        # No or two consistent answers: the backup rule settles the cycle.
        cycle = self._deps[mark:]
        self._forget(mark)
        settled_values = self._backup(cycle) or {node: False}
        for settled, value in settled_values.items():
            self._settle(settled, value)
        return self.resolve(node)

    def _settle(self, node: Hashable, value: bool) -> None:
        # Its state and guess no longer matter: the final answer is read first.
        self._final[node] = value

    def _forget(self, mark: int) -> None:
        for node in self._deps[mark:]:
            self._state[node] = _UNRESOLVED
        del self._deps[mark:]
