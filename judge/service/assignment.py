"""Which player gets which power when a game starts (njudge's way).

Each player's preference list (judge.language.preference) gives every seat
a rank: the first named 1, the next 2, ...; powers written in brackets
share the average of their ranks, and the seats a list leaves out share the
average of the ranks left, as if listed in brackets at its end.  The draw is
the one that makes the ranks' total smallest: njudge's "weights" (7 for a
first choice down to 1) with their total largest.  Ties are broken by a
random number per player and seat, seeded by the game, as njudge adds a
random part below the rank's.

The game's setting (SET PRFLIST, PRFRAND, PRFBOTH):

* list: only the lists count; `*` is read as an empty list;
* random: every player gets a random seat;
* both: players who wrote `*` are given random seats first, from all the
  seats; the others' lists then share what is left.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from judge.language.preference import Preference

MODES = {"list": "PRFLIST", "random": "PRFRAND", "both": "PRFBOTH"}
_SCALE = 1000  # a half rank, in the costs; the random tie-break stays below it


def ranks(preference: Preference, seats: Sequence[str]) -> dict[str, float]:
    """Seat -> the rank this list gives it (1 best; brackets and the seats
    left out share an average).  `preference` names seats."""
    given: dict[str, float] = {}
    place = 1
    for group in preference.ranks:
        group = [s for s in group if s in seats and s not in given]
        if not group:
            continue
        average = place + (len(group) - 1) / 2
        for seat in group:
            given[seat] = average
        place += len(group)
    rest = [s for s in seats if s not in given]
    if rest:
        average = place + (len(rest) - 1) / 2
        for seat in rest:
            given[seat] = average
    return given


def assign(
    players: Sequence[tuple[int, Preference]],
    seats: Sequence[str],
    mode: str,
    rng: random.Random,
) -> dict[int, str]:
    """Player id -> seat, for at most as many players as seats.  A
    preference names seats (the caller maps countries to their seats)."""
    free = list(seats)
    chosen: dict[int, str] = {}
    listed: list[tuple[int, Preference]] = []
    for player, preference in players:
        wants_random = mode == "random" or (mode == "both" and preference.random)
        if wants_random:
            seat = rng.choice(free)
            free.remove(seat)
            chosen[player] = seat
        else:
            listed.append((player, preference))
    if not listed:
        return chosen
    costs = []
    for _, preference in listed:
        given = ranks(preference, free)
        costs.append([int(given[s] * 2) * _SCALE + rng.randrange(_SCALE) for s in free])
    for row, column in enumerate(cheapest_assignment(costs)):
        chosen[listed[row][0]] = free[column]
    return chosen


def assign_rounds(
    players: Sequence[tuple[int, Preference]],
    seats: Sequence[str],
    mode: str,
    rng: random.Random,
) -> dict[int, list[str]]:
    """A duplex game (SET PLAYERS, fewer players than seats): player id ->
    seats, in rounds as njudge's info.duplex tells.  Each round gives every
    player one more seat by their lists over the seats left; when fewer
    seats are left than players, the players who get one are drawn at
    random."""
    held: dict[int, list[str]] = {player: [] for player, _ in players}
    free = list(seats)
    while free:
        round_players = list(players)
        if len(round_players) > len(free):
            round_players = rng.sample(round_players, len(free))
            round_players.sort(key=lambda p: players.index(p))
        drawn = assign(round_players, free, mode, rng)
        for player, seat in drawn.items():
            held[player].append(seat)
            free.remove(seat)
    return held


def total_rank(
    chosen: Mapping[int, str], preferences: Mapping[int, Preference], seats
) -> float:
    """The ranks' total of a draw (the tests compare draws by it)."""
    return sum(ranks(preferences[p], seats)[s] for p, s in chosen.items())


def cheapest_assignment(costs: Sequence[Sequence[int]]) -> list[int]:
    """The column of each row that makes the total cost smallest, each
    column used at most once (rows <= columns): the Hungarian method with
    potentials, O(rows^2 * columns)."""
    n = len(costs)
    m = len(costs[0]) if n else 0
    if n > m:
        raise ValueError("more players than seats")
    inf = float("inf")
    u = [0.0] * (n + 1)  # row potentials
    v = [0.0] * (m + 1)  # column potentials
    owner = [0] * (m + 1)  # column -> row (1-based; 0: free)
    way = [0] * (m + 1)
    for row in range(1, n + 1):
        owner[0] = row
        column = 0
        least = [inf] * (m + 1)
        used = [False] * (m + 1)
        while True:
            used[column] = True
            current = owner[column]
            delta, nearest = inf, 0
            for j in range(1, m + 1):
                if used[j]:
                    continue
                reduced = costs[current - 1][j - 1] - u[current] - v[j]
                if reduced < least[j]:
                    least[j], way[j] = reduced, column
                if least[j] < delta:
                    delta, nearest = least[j], j
            for j in range(m + 1):
                if used[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    least[j] -= delta
            column = nearest
            if owner[column] == 0:
                break
        while column:  # flip the augmenting path
            previous = way[column]
            owner[column] = owner[previous]
            column = previous
    result = [0] * n
    for j in range(1, m + 1):
        if owner[j]:
            result[owner[j] - 1] = j - 1
    return result
