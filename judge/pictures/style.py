"""Colours and sizes of the map pictures.

The power colours come from the Okabe-Ito palette, chosen so that players
with the common forms of colour blindness can tell them apart; every unit and
supply centre also carries its power's letter, so colour is never the only
clue.
"""

from __future__ import annotations

# Okabe & Ito (2008), "Color Universal Design".
PALETTE = (
    "#D55E00",  # vermillion
    "#CC79A7",  # reddish purple
    "#56B4E9",  # sky blue
    "#4D4D4D",  # dark grey (stands in for black, so outlines still show)
    "#009E73",  # bluish green
    "#0072B2",  # blue
    "#F0E442",  # yellow
    "#E69F00",  # orange
)
# Beyond the eight: Paul Tol's "muted" scheme, for maps with many powers
# (there, the letters carry most of the weight).
MORE = (
    "#88CCEE",  # cyan
    "#882255",  # wine
    "#DDCC77",  # sand
    "#332288",  # indigo
    "#999933",  # olive
    "#AA4499",  # purple
    "#44AA99",  # teal
    "#CC6677",  # rose
    "#117733",  # green
)

# The standard powers keep their traditional hues where the palette allows.
STANDARD_COLOURS = {
    "AUSTRIA": "#D55E00",
    "ENGLAND": "#CC79A7",
    "FRANCE": "#0072B2",
    "GERMANY": "#4D4D4D",
    "ITALY": "#009E73",
    "RUSSIA": "#E69F00",
    "TURKEY": "#F0E442",
}

LAND = "#EDE6D3"
SEA = "#C4DAE8"
WAVES = "#A3C0D6"
IMPASSABLE = "#B9B2A4"
FILLER_LAND = "#DCD5C2"
BORDER = "#7A7066"
COAST = "#4F6F86"
INK = "#222222"
SEA_INK = "#2E5C7D"
TITLE_BAND = 54  # pixels above the map for the title and centre counts
TINT = 0.5  # how much of a power's colour is mixed with white for its land
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"


def power_colours(power_ids: list[str]) -> dict[str, str]:
    """A colour for each power: the standard powers keep theirs, the others
    take the unused palette colours in order, then the extra ones (maps with
    still more powers reuse them; the letters tell those powers apart)."""
    taken = {STANDARD_COLOURS[p] for p in power_ids if p in STANDARD_COLOURS}
    free = [c for c in (*PALETTE, *MORE) if c not in taken] or list(PALETTE)
    colours: dict[str, str] = {}
    n = 0
    for pid in power_ids:
        if pid in STANDARD_COLOURS:
            colours[pid] = STANDARD_COLOURS[pid]
        else:
            colours[pid] = free[n % len(free)]
            n += 1
    return colours


def board_colours(board) -> dict[str, str]:
    """Each power's colour on this board: power_colours, except where the
    map gives a power its own (a random world's players choose theirs)."""
    colours = power_colours(list(board.powers))
    for pid, entry in board.data.get("powers", {}).items():
        if pid in colours and entry.get("colour"):
            colours[pid] = entry["colour"]
    return colours


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def tint(colour: str, amount: float = 0.5) -> str:
    """`colour` mixed with white: the fill of an owned province."""
    r, g, b = (round(c + (255 - c) * amount) for c in _rgb(colour))
    return f"#{r:02X}{g:02X}{b:02X}"


def text_colour_on(colour: str) -> str:
    """Black or white, whichever reads better on `colour`."""
    r, g, b = _rgb(colour)
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#FFFFFF"
