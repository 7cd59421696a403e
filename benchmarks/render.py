"""How fast a board is drawn: one map, orders and all, to SVG and to PNG.

A 34-unit position (every supply centre's worth) with a full phase of orders
adjudicated by the engine, so the picture carries 34 units, their orders
(moves, supports, a convoy, failed ones dashed) and a title.  The first
picture pays for the map's geography, its cached layers and the font
database (once per process); the figures after it are what each results
mail costs.  Each is given as wall time and as the process's CPU time (on a
shared machine the wall time counts the other jobs too).  The PNG keeps the
markers and title bands it has drawn (judge/pictures/raster.py): the figures
"with a new title" (each picture another game's name: its title band drawn
afresh, as in a deadline storm) and "cold" (nothing kept: the first picture
of a new position and title) say what that saves.

Targets (issue 26): median PNG at most 25 ms, encoding included; the PNG at
most 80 KB; the SVG at most 150 KB.  Run: `uv run python -m benchmarks.render`.
"""

from __future__ import annotations

import os
import statistics
import time

from judge.engine.api import adjudicate
from judge.engine.board import load_board
from judge.engine.orders import Unit
from judge.engine.state import Phase, Position
from judge.pictures import raster
from judge.pictures.render import render_png, render_svg
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


def _median_ms(samples) -> float:
    return statistics.median(samples) * 1000


def main() -> None:
    board, position = board_position()
    orders = {p: [parse_canonical(t) for t in ts] for p, ts in ORDERS.items()}
    result = adjudicate(board, position, orders)

    start = time.perf_counter()
    render_png(board, position, result, title="bench")
    first = time.perf_counter() - start

    svg_wall, svg_cpu, png_wall, png_cpu = [], [], [], []
    for _ in range(RUNS):
        w0, c0 = time.perf_counter(), time.process_time()
        svg = render_svg(board, position, result, title="bench")
        w1, c1 = time.perf_counter(), time.process_time()
        png = render_png(board, position, result, title="bench")
        w2, c2 = time.perf_counter(), time.process_time()
        svg_wall.append(w1 - w0)
        svg_cpu.append(c1 - c0)
        png_wall.append(w2 - w1)
        png_cpu.append(c2 - c1)
    titled, cold = [], []
    for n in range(RUNS):
        c0 = time.process_time()
        render_png(board, position, result, title=f"game{n}")
        titled.append(time.process_time() - c0)
    for _ in range(RUNS):
        raster.forget()
        c0 = time.process_time()
        render_png(board, position, result, title="bench")
        cold.append(time.process_time() - c0)
    drawn = sum(1 for r in result.results if r.order is not None)
    load = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    print(f"load average before and during: {load}")
    print(f"map: standard, {len(position.units)} units, {drawn} orders drawn")
    print(f"first picture (geography, layers and fonts loaded): {first * 1000:.0f} ms")
    print(
        f"SVG: median {_median_ms(svg_wall):6.1f} ms wall, "
        f"{_median_ms(svg_cpu):6.1f} ms CPU; {len(svg.encode()) // 1024} KiB"
    )
    print(
        f"PNG: median {_median_ms(png_wall):6.1f} ms wall, "
        f"{_median_ms(png_cpu):6.1f} ms CPU, max {max(png_wall) * 1000:.1f} ms "
        f"over {RUNS} runs; {len(png) // 1024} KiB ({len(png)} bytes)"
    )
    print(f"PNG with a new title each time: median {_median_ms(titled):6.1f} ms CPU")
    print(f"PNG cold (no marker or title kept): median {_median_ms(cold):6.1f} ms CPU")
    for what, ok in (
        ("PNG median <= 25 ms (CPU)", _median_ms(png_cpu) <= 25),
        ("PNG <= 80 KB", len(png) <= 80_000),
        ("SVG <= 150 KB", len(svg.encode()) <= 150_000),
    ):
        print(f"target {what}: {'meets' if ok else 'MISSES'}")


if __name__ == "__main__":
    main()
