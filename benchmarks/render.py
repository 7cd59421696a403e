"""How fast a board is drawn: one map, orders and all, to SVG and to PNG.

A 34-unit position (every supply centre's worth) with a full phase of orders
adjudicated by the engine, so the picture carries 34 units, their orders
(moves, supports, a convoy, failed ones dashed) and a title.  The first
picture pays for the drawing's geometry and the font database (once per
process); the figures after it are what each results mail costs.  Target:
under 150 ms for the PNG.  Run: `uv run python -m benchmarks.render`.
"""

from __future__ import annotations

import statistics
import time

from judge.engine.api import adjudicate
from judge.engine.board import load_board
from judge.engine.orders import Unit
from judge.engine.state import Phase, Position
from judge.pictures.raster import svg_to_png
from judge.pictures.render import render_svg
from judge.pictures.response import parse_canonical

UNITS = {
    "AUSTRIA": ["A VIE", "A BUD", "F TRI", "A SER", "A GAL"],
    "ENGLAND": ["F LON", "F EDI", "A LVP", "F NTH", "F NWG"],
    "FRANCE": ["F BRE", "A PAR", "A MAR", "F MAO", "A BUR"],
    "GERMANY": ["F KIE", "A BER", "A MUN", "A RUH", "F HEL"],
    "ITALY": ["F NAP", "A ROM", "A VEN", "F TYS", "A PIE"],
    "RUSSIA": ["F STP/SC", "A MOS", "A WAR", "F SEV"],
    "TURKEY": ["F ANK", "A CON", "A SMY", "F BLA", "A ARM"],
}
ORDERS = {
    "AUSTRIA": [
        "A VIE S A BUD - RUM",
        "A BUD - RUM",
        "F TRI - ADR",
        "A GAL H",
        "A SER S A BUD - RUM",
    ],
    "ENGLAND": [
        "F LON - ENG",
        "F EDI - NTH",
        "A LVP - YOR",
        "F NWG - BAR",
        "F NTH C A YOR - NWY",
    ],
    "FRANCE": [
        "F BRE - MAO",
        "A PAR - PIC",
        "A MAR - SPA",
        "F MAO - POR",
        "A BUR - BEL",
    ],
    "GERMANY": [
        "F KIE - DEN",
        "A BER - SIL",
        "A MUN S A RUH - BUR",
        "A RUH - BUR",
        "F HEL - HOL",
    ],
    "ITALY": ["F NAP - ION", "A ROM - APU", "A VEN H", "F TYS - WES", "A PIE - MAR"],
    "RUSSIA": ["F STP/SC - BOT", "A MOS - UKR", "A WAR - GAL", "F SEV - RUM"],
    "TURKEY": [
        "F ANK - BLA",
        "A CON - BUL",
        "A SMY - SYR",
        "F BLA - RUM",
        "A ARM S F BLA - RUM",
    ],
}
RUNS = 20


def board_position():
    board = load_board("standard")
    units = {}
    for power, written in UNITS.items():
        for text in written:
            unit = Unit.parse(text)
            units[unit.province] = (power, unit)
    centres = {c: p for p, cs in board.start_centres.items() for c in cs}
    return board, Position(Phase.parse("S1905M"), units, centres)


def main() -> None:
    board, position = board_position()
    orders = {p: [parse_canonical(t) for t in ts] for p, ts in ORDERS.items()}
    result = adjudicate(board, position, orders)

    start = time.perf_counter()
    svg_to_png(render_svg(board, position, result, title="bench"))
    first = time.perf_counter() - start

    svg_ms, png_ms, total_ms = [], [], []
    size = 0
    for _ in range(RUNS):
        t0 = time.perf_counter()
        svg = render_svg(board, position, result, title="bench")
        t1 = time.perf_counter()
        png = svg_to_png(svg)
        t2 = time.perf_counter()
        svg_ms.append((t1 - t0) * 1000)
        png_ms.append((t2 - t1) * 1000)
        total_ms.append((t2 - t0) * 1000)
        size = len(png)
    drawn = sum(1 for r in result.results if r.order is not None)
    print(f"map: standard, {len(position.units)} units, {drawn} orders drawn")
    print(f"first picture (geometry + fonts loaded): {first * 1000:.0f} ms")
    print(f"SVG:  median {statistics.median(svg_ms):6.1f} ms")
    print(f"PNG:  median {statistics.median(png_ms):6.1f} ms (rasterising)")
    print(
        f"both: median {statistics.median(total_ms):6.1f} ms, "
        f"max {max(total_ms):6.1f} ms over {RUNS} runs; PNG {size // 1024} KiB"
    )
    verdict = "meets" if statistics.median(total_ms) < 150 else "MISSES"
    print(f"target 150 ms per PNG: {verdict}")


if __name__ == "__main__":
    main()
