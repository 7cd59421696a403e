"""A short complete test game, adjudicated by the engine phase by phase:
moves, supports, a convoy, bounces, a dislodgement, a retreat and builds."""

from __future__ import annotations

from judge.engine.api import PhaseResult, adjudicate, initial_position
from judge.engine.board import load_board
from judge.engine.state import Position
from judge.pictures.response import parse_canonical

BOARD = load_board("standard")

ORDERS: list[dict[str, list[str]]] = [
    {  # S1901M
        "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
        "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"],
        "GERMANY": ["A MUN - RUH", "A BER - KIE", "F KIE - DEN"],
        "RUSSIA": ["A WAR - GAL", "F SEV - BLA", "A MOS - UKR", "F STP/SC - BOT"],
        "AUSTRIA": ["A VIE H", "A BUD - SER", "F TRI - ALB"],
        "ITALY": ["A VEN - TYR", "A ROM - APU", "F NAP - ION"],
        "TURKEY": ["F ANK - BLA", "A CON - BUL", "A SMY - ARM"],
    },
    {  # F1901M
        "ENGLAND": ["A YOR - NWY VIA", "F NTH C A YOR - NWY", "F NWG - BAR"],
        "FRANCE": ["A BUR H", "F MAO - SPA/NC", "A MAR - PIE"],
        "GERMANY": ["A RUH - BEL", "A KIE - HOL", "F DEN H"],
        "RUSSIA": ["A GAL S A TYR - VIE", "A UKR - RUM", "F BOT - SWE", "F SEV H"],
        "AUSTRIA": ["A VIE H", "A SER S A UKR - RUM", "F ALB - GRE"],
        "ITALY": ["A TYR - VIE", "A APU H", "F ION - TUN"],
        "TURKEY": ["F ANK - BLA", "A BUL - RUM", "A ARM - SEV"],
    },
    {  # F1901R
        "AUSTRIA": ["A VIE R BUD"],
    },
    {  # W1901A
        "ENGLAND": ["F LON B"],
        "FRANCE": ["A PAR B"],
        "GERMANY": ["A BER B", "F KIE B", "A MUN B"],
        "RUSSIA": ["F STP/NC B", "A MOS B"],
        "AUSTRIA": ["F TRI B"],
        "ITALY": ["F NAP B", "WAIVE"],
        "TURKEY": ["A CON B"],
    },
    {  # S1902M
        "ENGLAND": ["F LON - ENG", "F BAR S A NWY - STP", "A NWY - STP"],
        "FRANCE": [
            "F BRE - MAO",
            "A PAR - PIC",
            "F SPA/NC - POR",
            "A BUR S A PAR - PIC",
        ],
        "GERMANY": ["A MUN - BOH", "F KIE - BAL", "A HOL H", "A BEL S A HOL"],
        "RUSSIA": ["F STP/NC H", "A RUM H", "A GAL S A RUM", "F SWE - SKA"],
        "AUSTRIA": ["A BUD S A SER", "F TRI - ADR", "F GRE - AEG"],
        "ITALY": ["A VIE - BOH", "F TUN - WES", "F NAP - TYS"],
        "TURKEY": ["F ANK - BLA", "A BUL H", "A CON S A BUL", "A ARM - SEV"],
    },
    {  # F1902M: no orders at all, everything holds
    },
]


def play() -> list[tuple[Position, PhaseResult]]:
    """Every phase: the position it started from and its results."""
    position = initial_position(BOARD)
    phases = []
    for written in ORDERS:
        orders = {p: [parse_canonical(t) for t in ts] for p, ts in written.items()}
        result = adjudicate(BOARD, position, orders)
        phases.append((position, result))
        position = result.position
    return phases
