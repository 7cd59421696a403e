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


# The rulebook's sample game (2000 rulebook, "Opening Moves in a Sample Game").
SAMPLE_F1901 = position(
    "F1901M",
    {
        "AUSTRIA": ["A TRI", "A BUD", "F ALB"],
        "ENGLAND": ["A YOR", "F NTH", "F NWG"],
        "FRANCE": ["A BUR", "A SPA", "F PIC"],
        "GERMANY": ["A KIE", "A RUH", "F DEN"],
        "ITALY": ["A PIE", "A VEN", "F ION"],
        "RUSSIA": ["A UKR", "A WAR", "F BOT", "F SEV"],
        "TURKEY": ["A BUL", "A CON", "F ANK"],
    },
)
SAMPLE_W1901 = position(
    "W1901A",
    {
        "AUSTRIA": ["A TRI", "A BUD", "F GRE"],
        "ENGLAND": ["A NWY", "F NTH", "F BAR"],
        "FRANCE": ["A BUR", "A POR", "F PIC"],
        "GERMANY": ["A HOL", "A RUH", "F DEN"],
        "ITALY": ["A PIE", "A VEN", "F TUN"],
        "RUSSIA": ["A UKR", "A WAR", "F SWE", "F RUM"],
        "TURKEY": ["A BUL", "A CON", "F BLA"],
    },
)
SAMPLE_S1902 = position(
    "S1902M",
    {
        "AUSTRIA": ["A TRI", "A BUD", "A VIE", "F GRE"],
        "ENGLAND": ["A NWY", "F NTH", "F BAR", "F EDI"],
        "FRANCE": ["A BUR", "A POR", "F PIC", "F MAR"],
        "GERMANY": ["A HOL", "A RUH", "F DEN", "F KIE", "A MUN"],
        "ITALY": ["A VEN", "A PIE", "F TUN", "F NAP"],
        "RUSSIA": ["A UKR", "A GAL", "F SWE", "F RUM", "A STP", "A SEV"],
        "TURKEY": ["A BUL", "A CON", "F BLA", "A SMY"],
    },
)
_F1902_UNITS = {
    "AUSTRIA": ["A TRI", "A VIE", "A SER", "F GRE"],
    "ENGLAND": ["A NWY", "F NTH", "F BAR", "F EDI"],
    "FRANCE": ["A BUR", "A SPA", "F PIC", "F MAR"],
    "GERMANY": ["A BEL", "A RUH", "A MUN", "F DEN", "F HOL"],
    "ITALY": ["A VEN", "A PIE", "F WES", "F TYS"],
    "RUSSIA": ["A UKR", "A GAL", "A STP", "A SEV", "F SWE", "F RUM"],
    "TURKEY": ["A BUL", "A CON", "A ARM", "F BLA"],
}
SAMPLE_F1902 = position("F1902M", _F1902_UNITS)
SAMPLE_F1902R = position(
    "F1902R",
    {
        "AUSTRIA": ["A BUD", "A VIE", "A SER", "F GRE"],
        "ENGLAND": ["A STP", "F NWY", "F BAR", "F NTH"],
        "FRANCE": ["A SPA", "F PIC", "F MAR"],
        "GERMANY": ["A BEL", "A BUR", "A MUN", "F SWE", "F HOL"],
        "ITALY": ["A VEN", "A PIE", "F MAO", "F LYO"],
        "RUSSIA": ["A UKR", "A GAL", "A SEV"],
        "TURKEY": ["A RUM", "A BUL", "A ARM", "F BLA"],
    },
    dislodged={
        "RUSSIA": [("A STP", ["MOS", "LVN"])],
        "FRANCE": [("A BUR", ["GAS", "PAR"])],
    },
)
SAMPLE_W1902 = position(
    "W1902A",
    {
        "AUSTRIA": ["A BUD", "A VIE", "A SER", "F GRE"],
        "ENGLAND": ["A STP", "F NWY", "F BAR", "F NTH"],
        "FRANCE": ["A SPA", "F PIC", "F MAR", "A GAS"],
        "GERMANY": ["A BEL", "A BUR", "A MUN", "F SWE", "F HOL"],
        "ITALY": ["A VEN", "A PIE", "F MAO", "F LYO"],
        "RUSSIA": ["A UKR", "A GAL", "A SEV", "A MOS"],
        "TURKEY": ["A RUM", "A BUL", "A ARM", "F BLA"],
    },
)
# No units at all: the rulebook's loose examples, read from their words alone.
EMPTY = position("S1901M", {})
EMPTY_RETREAT = position("F1901R", {})
EMPTY_WINTER = position("W1901A", {}, centres={})

# A crowded board for coasts, convoys and abbreviations settled by position.
MIDGAME = position(
    "S1905M",
    {
        "AUSTRIA": ["A VIE", "A BUD", "F TRI", "A SER", "A GAL"],
        "ENGLAND": ["A LON", "F NTH", "F ENG", "A YOR", "F NWG"],
        "FRANCE": ["F MAO", "A PAR", "F SPA/SC", "A BUR", "F BRE"],
        "GERMANY": ["A MUN", "A KIE", "F HEL", "F DEN", "A BER"],
        "ITALY": ["F WES", "F TYS", "A TUN", "A VEN", "F ION"],
        "RUSSIA": ["F BOT", "A STP", "F SEV", "A WAR", "A MOS"],
        "TURKEY": ["F CON", "F BLA", "A BUL", "A SMY", "F AEG"],
    },
)
RETREATS = position(
    "F1905R",
    {
        "ENGLAND": ["A LON", "F NWG"],
        "FRANCE": ["A PAR", "F BRE", "A POR"],
        "GERMANY": ["F NTH", "A MUN"],
        "RUSSIA": ["A MOS"],
        "TURKEY": ["F AEG", "A SER"],
    },
    dislodged={
        "ENGLAND": [("F NTH", ["EDI", "HEL", "SKA"])],
        "FRANCE": [("F MAO", ["SPA/NC", "SPA/SC", "NAF", "IRI"])],
        "RUSSIA": [("A STP", ["FIN", "LVN"]), ("F SEV", ["BLA", "ARM"])],
        "TURKEY": [("F BUL/SC", ["CON", "GRE"])],
    },
)
BUILDS = position(
    "W1905A",
    {
        "ENGLAND": ["F NTH"],
        "FRANCE": ["A BUR", "F MAO"],
        "GERMANY": ["A MUN", "F KIE", "A BER", "A HOL", "A DEN"],
        "RUSSIA": ["A MOS", "A WAR"],
        "TURKEY": ["F BLA", "A ARM"],
    },
)

# Two powers' units at places an abbreviation shares ("Liv", "Gulf").
SHARED_NAMES = position(
    "S1901M",
    {
        "ENGLAND": ["A LVP", "F BOT"],
        "RUSSIA": ["A LVN", "F LYO"],
    },
)

# "Rume": the start of Rumania and one letter from Rome, with a unit in each.
ROME_AND_RUMANIA = position(
    "S1903M",
    {
        "ITALY": ["A ROM", "F NAP"],
        "TURKEY": ["A RUM", "F BLA"],
    },
)
