"""How fast the order language reads a full board's orders.

A 34-unit position (every supply centre's worth) and one message ordering
every unit, written twice: in canonical form (what `judge adjudicate` clients
send; the regular-expression fast path) and in the free style players write
by mail (the lark grammar).  Prints the median and 99th percentile per
message.  Run: `uv run python -m benchmarks.parse`.
"""

from __future__ import annotations

import statistics
import time

from judge.engine.board import load_board
from judge.engine.orders import Unit
from judge.engine.state import Phase, Position
from judge.language.order_parser import parse_orders

UNITS = {
    "AUSTRIA": ["A VIE", "A BUD", "F TRI", "A SER", "A GAL"],
    "ENGLAND": ["F LON", "F EDI", "A LVP", "F NTH", "F NWG"],
    "FRANCE": ["F BRE", "A PAR", "A MAR", "F MAO", "A BUR"],
    "GERMANY": ["F KIE", "A BER", "A MUN", "A RUH", "F HEL"],
    "ITALY": ["F NAP", "A ROM", "A VEN", "F TYS", "A PIE"],
    "RUSSIA": ["F STP/SC", "A MOS", "A WAR", "F SEV"],
    "TURKEY": ["F ANK", "A CON", "A SMY", "F BLA", "A ARM"],
}

CANONICAL = """\
A VIE S A BUD - RUM
A BUD - RUM
F TRI - ADR
A SER S A BUD - RUM
A GAL H
F LON - ENG
F EDI - NTH
A LVP - YOR
F NTH C A YOR - NWY
F NWG - BAR
F BRE - PIC
A PAR - GAS
A MAR S A BUR
F MAO - SPA/NC
A BUR H
F KIE - DEN
A BER - SIL
A MUN S A BER - SIL
A RUH - HOL
F HEL S F KIE - DEN
F NAP - ION
A ROM - APU
A VEN H
F TYS - WES
A PIE - TYR
F STP/SC - BOT
A MOS - UKR
A WAR S A MOS - UKR
F SEV - RUM
F ANK - CON
A CON - BUL
A SMY - SYR
F BLA S F SEV - RUM
A ARM H"""

FREE_STYLE = """\
Army Vienna supports army Budapest to Rumania
A Bud-Rum
F Trieste -> Adriatic Sea
A Ser S Austrian A Bud-Rum
A Gal holds
F Lon - Eng
F Edinburgh moves to North Sea
A Liverpool - Yorkshire
F North Sea convoys A Yor - Nwy
F Nrg-Bar
fleet brest to picardy
A Par => Gas
A Mar S A Bur
F Mid-Atlantic - Spain (north coast)
A Bur stands
F Kiel - Denmark
A Ber m Sil
A Mun supports A Ber - Sil
A Ruhr - Holland
F Helgoland S F Kie-Den
F Nap-Ion
A Rome - Apulia
A Ven H
F Tyn - West Med
A Pie-Tyrol
F St. P (sc) - Gulf of Bothnia
A Mos-Ukr
A War S A Mos - Ukr
F Sevastapol - Rum
F Ank - Con
A Con - Bul
A Smy - Syr
F Black Sea S F Sev - Rum
A Arm Hold"""


def position() -> Position:
    placed = {}
    for power, units in UNITS.items():
        for text in units:
            unit = Unit.parse(text)
            placed[unit.province] = (power, unit)
    return Position(Phase.parse("S1903M"), placed, {})


def timings(board, pos, text: str, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        parse_orders(board, pos, None, text)
        out.append(time.perf_counter() - start)
    return out


def report(name: str, seconds: list[float]) -> None:
    ordered = sorted(seconds)
    median = statistics.median(ordered) * 1e6
    p99 = ordered[int(len(ordered) * 0.99) - 1] * 1e6
    print(f"{name:<28} median {median:8.1f} µs   p99 {p99:8.1f} µs")


def main(runs: int = 2000) -> None:
    board = load_board("standard")
    pos = position()
    for text in (CANONICAL, FREE_STYLE):
        results = parse_orders(board, pos, None, text)
        refused = [(r.text, r.error) for r in results if r.order is None]
        assert len(results) == 34 and not refused, refused
    report("34 canonical orders", timings(board, pos, CANONICAL, runs))
    report("34 free-style orders", timings(board, pos, FREE_STYLE, runs // 4))


if __name__ == "__main__":
    main()
