"""What each order kind declares of itself (judge/engine/orders.py) holds:
the codes the engine gives an order are among its kind's `outcomes`, every
standard kind says its phases, words and arrow, and the resolver's node
kinds are not order kinds."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

import pytest

from judge.engine.api import adjudicate
from judge.engine.board import load_board
from judge.engine.kinds import Arrow, OrderKind, Outcome, PhaseKind
from judge.engine.movement import NodeKind
from judge.engine.orders import (
    BaseOrder,
    Build,
    Convoy,
    Disband,
    Hold,
    Maintain,
    Move,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    Waive,
    Winter,
)
from judge.engine.sampling import random_convoy_phase, random_retreats
from tests.engine.canon import position

BOARD = load_board("standard")
STANDARD = (
    Hold, Move, SupportHold, SupportMove, Convoy, Retreat, Disband, Build, Maintain
)  # fmt: skip
# What befalls the unit rather than its order: any kind may get these.
UNIT_CODES = {Outcome.DISLODGED, Outcome.DISBAND}


def _codes_fit(result) -> None:
    for r in result.results:
        if r.order is None:
            continue
        declared = type(r.order).outcomes
        extra = set(r.outcomes) - declared - UNIT_CODES
        assert not extra, (r.order.canonical(), r.outcomes)


@pytest.mark.parametrize("seed", range(40))
def test_the_engine_gives_an_order_only_its_kinds_outcome_codes(seed):
    rng = random.Random(seed)
    position, orders = random_convoy_phase(BOARD, rng)
    moved = adjudicate(BOARD, position, orders)
    _codes_fit(moved)
    after = moved.position
    if after.phase.type == PhaseKind.RETREAT:
        _codes_fit(adjudicate(BOARD, after, random_retreats(after, rng)))


def test_every_standard_kind_declares_itself():
    unit = Unit("A", "PAR")
    made = {
        Hold: Hold(unit),
        Move: Move(unit, "BUR"),
        SupportHold: SupportHold(unit, Unit("A", "MAR")),
        SupportMove: SupportMove(unit, Unit("A", "MAR"), "BUR"),
        Convoy: Convoy(Unit("F", "ENG"), Unit("A", "LON"), "BRE"),
        Retreat: Retreat(unit, "BUR"),
        Disband: Disband(unit),
        Build: Build(unit),
        Maintain: Maintain(unit),
    }
    kinds = {cls.order_kind for cls in STANDARD} | {Waive.order_kind}
    assert kinds == set(OrderKind)
    for cls, order in made.items():
        assert issubclass(cls, BaseOrder)
        assert cls.phases and cls.phases <= set(PhaseKind)
        assert order.arrow is not Arrow.NONE, cls
        assert Outcome.VOID in cls.outcomes
    assert Waive().arrow is Arrow.NONE and Waive.adjusts == Build.adjusts == 1
    assert Disband.adjusts == -1
    assert Move(unit, "BUR", True).arrow is Arrow.CONVOYED


def test_node_kinds_are_not_order_kinds():
    assert not {str(k) for k in NodeKind} & {str(k) for k in OrderKind}


# A kind from outside the engine settles itself in retreat and adjustment
# phases through `retreat()` and `adjust(winter)`: the engine has no case
# for it.
@dataclass(frozen=True, slots=True)
class Scatter(BaseOrder):
    """A dislodged unit scatters: it disbands, as ordered."""

    unit: Unit
    order_kind: ClassVar[str] = "SCATTER"
    phases: ClassVar[frozenset[str]] = frozenset({PhaseKind.RETREAT})

    def canonical(self) -> str:
        return f"{self.unit} SCATTER"

    def retreat(self) -> tuple[bool, str | None]:
        return True, None


@dataclass(frozen=True, slots=True)
class Muster(BaseOrder):
    """A build that always raises an army, whatever unit is named."""

    unit: Unit
    order_kind: ClassVar[str] = "MUSTER"
    phases: ClassVar[frozenset[str]] = frozenset({PhaseKind.ADJUSTMENT})
    adjusts: ClassVar[int] = 1

    def canonical(self) -> str:
        return f"{self.unit} MUSTER"

    def adjust(self, winter: Winter) -> tuple[bool, Unit | None]:
        if not winter.builds_left:
            return False, self.unit
        placed = winter.build(Unit("A", self.unit.province))
        return placed is not None, placed


def test_a_kind_settles_itself_in_retreats_and_adjustments():
    board = load_board("standard")
    retreat = position(
        "F1901R",
        {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
        dislodged={"GERMANY": [("A BUR", ["RUH"])]},
    )
    result = adjudicate(board, retreat, {"GERMANY": [Scatter(Unit("A", "BUR"))]})
    assert [r.outcomes for r in result.results] == [(Outcome.DISBAND,)]
    assert "BUR" not in result.position.units and "RUH" not in result.position.units

    winter = position(
        "W1901A",
        {"FRANCE": ["A PAR"]},
        centres={"FRANCE": ["PAR", "BRE", "MAR", "SPA"]},
    )
    result = adjudicate(
        board, winter, {"FRANCE": [Muster(Unit("F", "BRE")), Muster(Unit("F", "PAR"))]}
    )
    assert [r.outcomes for r in result.results] == [(), (Outcome.VOID,)]
    assert result.position.units["BRE"] == ("FRANCE", Unit("A", "BRE"))
