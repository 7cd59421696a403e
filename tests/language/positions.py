"""Positions for the order-language tests, built from the map data directly
(the tests do not depend on the adjudicator being finished)."""

from judge.engine.board import load_board
from judge.engine.orders import Unit
from judge.engine.state import Dislodged, Phase, Position

BOARD = load_board("standard")


def position(phase="S1901M", units=None, dislodged=None, centres=None) -> Position:
    """`units`: power -> ["A PAR", "F STP/SC"]; None means the starting units.
    `dislodged`: power -> [("F NTH", ["EDI", "NWG"])]."""
    if units is None:
        units = {
            p: [f"{k} {loc}" for k, loc in us] for p, us in BOARD.start_units.items()
        }
    placed = {}
    for power, written in units.items():
        for text in written:
            unit = Unit.parse(text)
            placed[unit.province] = (power, unit)
    gone = {}
    for power, entries in (dislodged or {}).items():
        for text, retreats in entries:
            unit = Unit.parse(text)
            gone[unit.province] = Dislodged(power, unit, tuple(retreats))
    if centres is None:
        centres = {c: p for p, cs in BOARD.start_centres.items() for c in cs}
    return Position(Phase.parse(phase), placed, centres, gone)


START = position()
