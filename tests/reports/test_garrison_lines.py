"""Imperial's garrison in the results: an ordered garrison gets its line, an
unordered one that held gets none, a beaten one is dislodged on its line and
reported destroyed in the dislodged block, as njudge reports any unit."""

import dataclasses

from judge.engine.api import adjudicate, initial_position
from judge.engine.orders import Hold, Move, SupportHold, SupportMove, Unit
from judge.reports import describe
from judge.reports.results import dislodged_units, order_lines
from judge.variants import load_variant
from judge.variants.imperial.rules import Join

BOARD, RULES = load_variant("imperial")
GAUL, FRANK = "EMPIRE_BRE", "EMPIRE_MAR"


def brest_alone():
    """S1901M: Gaul's garrison alone in Brest, Frank's armies next to it."""
    joins = {GAUL: [Join("BRE")], FRANK: [Join("MAR")]}
    pos = adjudicate(BOARD, initial_position(BOARD), joins, RULES).position
    units = {p: e for p, e in pos.units.items() if p not in ("BRE", "MAR")}
    units["PIC"] = (FRANK, Unit("A", "PIC"))
    units["GAS"] = (FRANK, Unit("A", "GAS"))
    units["MAO"] = (GAUL, Unit("F", "MAO"))
    return dataclasses.replace(pos, units=units)


def gaul_lines(result):
    return [line for line in order_lines(BOARD, result) if "Brest:" in line]


def test_ordered_and_unordered_garrisons():
    pos = brest_alone()
    held = adjudicate(BOARD, pos, {GAUL: [Hold(Unit("F", "MAO"))]}, RULES)
    assert gaul_lines(held) == ["Empire of Brest: Fleet Mid-Atlantic Ocean HOLD."]
    garrison = Unit("IG", "BRE")
    orders = {GAUL: [SupportHold(garrison, Unit("A", "PIC"))]}
    supported = adjudicate(BOARD, pos, orders, RULES)
    assert "Empire of Brest: Garrison Brest SUPPORT Marseilles Army Picardy." in (
        gaul_lines(supported)
    )


def test_a_beaten_garrison_is_destroyed():
    pos = brest_alone()
    attack = [
        Move(Unit("A", "PIC"), "BRE"),
        SupportMove(Unit("A", "GAS"), Unit("A", "PIC"), "BRE"),
    ]
    result = adjudicate(BOARD, pos, {FRANK: attack, GAUL: []}, RULES)
    line = "Empire of Brest: Garrison Brest, No Order Processed."
    assert f"{line}  (*dislodged*)" in gaul_lines(result)
    block = [describe.dislodged_line(BOARD, d) for d in dislodged_units(result)]
    assert any(
        text.endswith("Garrison in Brest with no valid retreats was destroyed.")
        for text in block
    ), block
