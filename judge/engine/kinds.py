"""The engine's named kinds: of phases, of orders, of the pictures' arrows,
and the outcome codes.  Plain string enums, so each compares equal to the
letter or word it has always been written as (`PhaseKind.MOVEMENT == "M"`).
"""

from __future__ import annotations

from enum import StrEnum


class PhaseKind(StrEnum):
    """The kind of a phase, the last letter of `S1901M`."""

    MOVEMENT = "M"
    RETREAT = "R"
    ADJUSTMENT = "A"


class OrderKind(StrEnum):
    """The standard order kinds.  In a movement phase's effective orders
    (judge.engine.legality) a unit whose order failed to count holds."""

    HOLD = "H"
    MOVE = "M"
    SUPPORT_HOLD = "SH"
    SUPPORT_MOVE = "SM"
    CONVOY = "C"
    RETREAT = "R"
    DISBAND = "D"
    BUILD = "B"
    WAIVE = "WAIVE"
    MAINTAIN = "MAINTAIN"  # keep a unit through a winter (SET ANY DISBAND)


class Route(StrEnum):
    """How an army's move goes: by land, by convoy, or by convoy with the
    land route as its fallback."""

    LAND = "land"
    CONVOY = "convoy"
    EITHER = "either"


class Arrow(StrEnum):
    """How an order is drawn on the map; the pictures draw each once, for
    whatever order kind declares it."""

    NONE = "none"  # not drawn (a waive, an order naming no unit)
    MOVE = "move"  # an arrow from the unit to its destination
    CONVOYED = "convoyed"  # an arrow through the fleets convoying it
    ROUTE = "route"  # an arrow through several steps
    HOLD = "hold"  # a ring around the unit
    SUPPORT_HOLD = "support hold"  # a thin line to a ring around the target
    SUPPORT_MOVE = "support move"  # a thin line to the supported move's arrow
    CONVOY = "convoy"  # a hollow line from the army through the fleet
    DISBAND = "disband"  # a cross on the unit
    BUILD = "build"  # two rings on the new unit


# Arrows of orders that back another unit: drawn first, under the moves.
BACKING = frozenset({Arrow.SUPPORT_HOLD, Arrow.SUPPORT_MOVE, Arrow.CONVOY})


class Outcome(StrEnum):
    """Why an order failed, or what befell its unit: the contract's codes
    (docs/contracts/adjudicate.md), which are these strings."""

    VOID = "void"  # the order is illegal here: the unit holds
    BOUNCE = "bounce"  # the move (or retreat) was stopped
    CUT = "cut"  # the support was cut
    NO_CONVOY = "no convoy"  # no fleet chain was ordered for the move
    DISRUPTED = "disrupted"  # the convoy was broken by a dislodgement
    DISLODGED = "dislodged"  # the unit was dislodged
    DISBAND = "disband"  # the unit was disbanded (no retreat, or ordered to)
