"""DipWiki's "1913": fifteen powers, an opening build phase, minor powers'
second home centre, solo at 18 (strictly the most) and alliance victory at 26.

The map, the powers and the default opening units are data (maps/1913.toml).
The rules here:

* Opening build phase (W1912A): a power that sends nothing (absent from the
  orders) gets its default units (`opening_nmr=default_builds`) or none
  (`waive`); WAIVE is honoured, and so is a set of orders none of which is
  valid (the builds are lost, as in any Winter).
* `DESIGNATE <centre>` (minor powers, once, any phase): checked when the Fall
  ownership update is done, before the Winter's builds; valid if the minor
  owns the centre then and it is not its original home.  The centre becomes a
  home of the minor for good (shared with its first owner, if any): for builds
  and for civil-disorder distances.  A Winter is not skipped if the new home
  gives a build.
* Victory: one power with 18 centres and strictly more than any other (D5);
  alliances by `alliance_winners`, called by whoever keeps the votes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from judge.engine.api import OrderResult
from judge.engine.board import Board
from judge.engine.hooks import extra_of, normalise, with_extra
from judge.engine.orders import Build, Unit
from judge.engine.results import Outcome
from judge.engine.state import Phase, Position


@dataclass(frozen=True, slots=True)
class Designate:
    """A minor power names its second home centre."""

    province: str
    unit = None  # names no unit
    standing = True  # one stands per power: a later one replaces it

    def canonical(self) -> str:
        return f"DESIGNATE {self.province}"


@dataclass(frozen=True, slots=True)
class Alliance:
    """`ALLIANCE <powers>` (a standing vote for exactly that set, the voter
    included) or `ALLIANCE NONE` (withdrawn): T-4."""

    powers: tuple[str, ...]
    unit = None
    standing = True  # one stands per power: a later one replaces it

    def canonical(self) -> str:
        return "ALLIANCE " + (" ".join(self.powers) if self.powers else "NONE")


def parse_alliance(board: Board, text: str) -> Alliance | None:
    """'ALLIANCE R A L' (letters, ids or names) or 'ALLIANCE NONE'."""
    words = text.replace(",", " ").split()
    if not words or words[0].upper() != "ALLIANCE" or len(words) < 2:
        return None
    if [w.upper() for w in words[1:]] == ["NONE"]:
        return Alliance(())
    found = []
    for word in words[1:]:
        w = word.upper()
        match = [
            pid
            for pid, p in board.powers.items()
            if w in (pid, p.letter.upper(), p.name.upper(), p.adjective.upper())
        ]
        if len(match) != 1:
            return None
        found.append(match[0])
    return Alliance(tuple(sorted(set(found))))


def parse_designate(board: Board, text: str) -> Designate | None:
    """'DESIGNATE Gre' -> Designate('GRE'); None if the text is not one."""
    words = text.split()
    if len(words) != 2 or words[0].upper() not in ("DESIGNATE", "DESIGNATES"):
        return None
    word = words[1].upper()
    for pid, prov in board.provinces.items():
        names = {pid, prov.name.upper(), *(a.upper() for a in prov.aliases)}
        if word in names:
            return Designate(pid)
    return None


def is_minor(board: Board, power: str) -> bool:
    return bool(board.data["powers"].get(power, {}).get("minor"))


class HomesBoard(Board):
    """A board whose powers have extra home centres (designations)."""

    extra_homes: Mapping[str, tuple[str, ...]] = {}

    def home_centres(self, power: str) -> list[str]:
        own = super().home_centres(power)
        return sorted({*own, *self.extra_homes.get(power, ())})


_derived: dict[tuple[int, tuple], Board] = {}


def board_with_homes(board: Board, homes: Mapping[str, str]) -> Board:
    """The board with designated home centres added; the same object for the
    same designations, so per-board tables stay cached."""
    if not homes:
        return board
    key = (id(board), tuple(sorted(homes.items())))
    derived = _derived.get(key)
    if derived is None:
        derived = object.__new__(HomesBoard)
        derived.__dict__.update(board.__dict__)
        derived.extra_homes = {p: (c,) for p, c in homes.items()}
        derived.base_board = board  # keeps id(board) from being reused
        _derived[key] = derived
    return derived


def designation_problem(
    board: Board, position: Position, power: str, province: str, homes: Mapping
) -> str | None:
    """Why a designation is refused (T-2b), or None if it is valid now."""
    if not is_minor(board, power):
        return "only a minor power may designate a second home centre"
    if power in homes:
        return f"{power} has already designated {homes[power]}"
    if not board.provinces[province].centre:
        return f"{province} is not a supply centre"
    if province in Board.home_centres(board, power):
        return f"{province} is already {power}'s home centre"
    if position.centres.get(province) != power:
        return f"{power} does not own {province}"
    return None


def solo_winner(board: Board, position: Position) -> str | None:
    """T-3 with D5: 18 centres and strictly more than anyone else."""
    counts: dict[str, int] = {}
    for owner in position.centres.values():
        counts[owner] = counts.get(owner, 0) + 1
    top = max(counts.values(), default=0)
    leaders = [p for p, n in counts.items() if n == top]
    if top >= board.victory_centres and len(leaders) == 1:
        return leaders[0]
    return None


def alliance_winners(
    board: Board, position: Position, votes: Mapping[str, Collection[str]]
) -> tuple[str, ...] | None:
    """T-4: the co-champions, if a set of two or more powers all vote for
    exactly that set, each owns a centre, and together they own 26.  A solo
    victory takes precedence.  `votes`: power -> the set it votes for."""
    if position.winner:
        return None
    need = board.data["map"].get("alliance_centres", 26)
    owned: dict[str, int] = {}
    for owner in position.centres.values():
        owned[owner] = owned.get(owner, 0) + 1
    sets = {frozenset(s) for p, s in votes.items() if p in s}
    for members in sets:
        if len(members) < 2:
            continue
        if any(frozenset(votes.get(m, ())) != members for m in members):
            continue
        if any(owned.get(m, 0) < 1 for m in members):
            continue
        if sum(owned.get(m, 0) for m in members) >= need:
            return tuple(sorted(members))
    return None


class Rules1913:
    def orders_needed(self, board: Board, position: Position, standard_needed):
        homes = extra_of(position).get("homes", {})
        return standard_needed(board_with_homes(board, homes), position)

    def adjudicate(self, board, position, orders, rules, standard, standard_needed):
        orders = normalise(orders)
        extra = extra_of(position)
        homes = dict(extra.get("homes", {}))
        pending = dict(extra.get("designations", {}))
        votes = {p: list(v) for p, v in extra.get("alliance", {}).items()}
        late: list[OrderResult] = []

        # Who sent no orders at the opening (an alliance vote alone is none):
        # they get the default units.  Orders refused as text still count as
        # sent (`judge adjudicate` keeps the power with an empty list).
        opening = self._opening(board, position, rules)
        silent = {
            p
            for p in board.powers
            if opening
            and (
                p not in orders
                or (orders[p] and all(isinstance(o, Alliance) for o in orders[p]))
            )
        }

        # DESIGNATE orders: rejected at once if they never can succeed.
        for power in list(orders):
            rest = []
            for order in orders[power]:
                if isinstance(order, Alliance):
                    ok = not order.powers or (
                        power in order.powers and len(order.powers) >= 2
                    )
                    if ok and order.powers:
                        votes[power] = list(order.powers)
                    elif ok:
                        votes.pop(power, None)
                    late.append(
                        OrderResult(power, None, order, () if ok else (Outcome.VOID,))
                    )
                    continue
                if not isinstance(order, Designate):
                    rest.append(order)
                    continue
                refused = (
                    not is_minor(board, power)
                    or power in homes
                    or order.province in Board.home_centres(board, power)
                )
                if refused:
                    late.append(OrderResult(power, None, order, (Outcome.VOID,)))
                else:
                    pending[power] = order.province
            orders[power] = rest

        current = board_with_homes(board, homes)
        if opening:
            for power, owed in standard_needed(current, position).items():
                if owed > 0 and power in silent:
                    orders[power] = [
                        Build(Unit.parse(u))
                        for u in board.data["powers"][power].get("opening_builds", ())
                    ]

        result = standard(current, position, orders, rules)
        nxt = result.position
        if self._crosses_winter(position.phase, nxt.phase) and pending:
            for power, province in sorted(pending.items()):
                problem = designation_problem(board, nxt, power, province, homes)
                order = Designate(province)
                if problem is None:
                    homes[power] = province
                    late.append(OrderResult(power, None, order, ()))
                else:
                    late.append(OrderResult(power, None, order, (Outcome.VOID,)))
            pending = {}
            if nxt.phase.season == "S":  # the Winter was skipped: still so?
                winter = dataclasses.replace(
                    nxt, phase=Phase(nxt.phase.year - 1, "W", "A"), dislodged={}
                )
                if standard_needed(board_with_homes(board, homes), winter):
                    nxt = winter
        extra["homes"] = homes
        extra["designations"] = pending
        if not homes:
            extra.pop("homes")
        if not pending:
            extra.pop("designations")
        extra["alliance"] = votes
        if not votes:
            extra.pop("alliance")
        nxt = with_extra(nxt, extra)
        if not position.winner:
            nxt = dataclasses.replace(nxt, winner=solo_winner(board, nxt))
        if not nxt.winner:  # T-4: checked at the end of every phase
            allies = alliance_winners(board, nxt, votes)
            if allies:
                extra["result"] = "alliance"
                nxt = with_extra(
                    dataclasses.replace(nxt, winner="+".join(allies)), extra
                )
        return dataclasses.replace(
            result, results=tuple(result.results) + tuple(late), position=nxt
        )

    @staticmethod
    def _opening(board: Board, position: Position, rules) -> bool:
        options = getattr(rules, "options", {}) or {}
        return (
            position.phase.type == "A"
            and str(position.phase) == board.first_phase
            and options.get("opening_nmr", "default_builds") == "default_builds"
        )

    @staticmethod
    def _crosses_winter(before: Phase, after: Phase) -> bool:
        """Did this phase end a Fall (its ownership update done)?"""
        return before.season == "F" and (
            after.season == "W" or after.year > before.year
        )


def designations(position: Position) -> dict[str, str]:
    """Minor power -> its designated second home (for reports)."""
    return dict(extra_of(position).get("homes", {}))


def pending_designations(position: Position) -> dict[str, str]:
    return dict(extra_of(position).get("designations", {}))


__all__ = [
    "Designate",
    "Rules1913",
    "alliance_winners",
    "board_with_homes",
    "designations",
    "parse_designate",
    "pending_designations",
    "solo_winner",
]
