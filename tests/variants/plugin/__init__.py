"""A variant defined outside judge/: "truce", the standard game in which no
power may attack another until it has declared war on it (`WAR GERMANY`).

It has what docs/variants.md's walk-through adds: a map file (truce.toml,
the standard map under other rules), an order word of its own (WAR), a rule
of its own (an attack on a power you are not at war with is void), state
fields (the wars declared) with their check, and a fact for the reports.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from judge.engine.api import OrderResult, Outcome
from judge.engine.hooks import extra_of, normalise, void_results, with_extra
from judge.engine.orders import Move, SupportMove
from judge.variants import Variant
from judge.variants.state import list_of, power

MAPS = Path(__file__).parent  # where truce.toml is


@dataclasses.dataclass(frozen=True)
class DeclareWar:
    """`WAR <power>`: from now on this power may attack that one."""

    enemy: str
    unit = None  # names no unit

    def canonical(self) -> str:
        return f"WAR {self.enemy}"


_WAR = re.compile(r"(?i)\s*(?:declare\s+)?war\s+(?:on\s+)?(\w+)\s*")


def _pair(board, value, where: str) -> None:
    list_of(power, "two power ids")(board, value, where)
    if len(value) != 2 or value[0] >= value[1]:
        raise ValueError(f"{where} must be two different powers, in order")


class Truce(Variant):
    rules = "truce"
    report_headings = {"wars": "Wars"}

    def parse_order(self, board, text, position=None):
        m = _WAR.fullmatch(text)
        if m is None:
            return None
        word = m[1].upper()
        for pid, p in board.powers.items():
            if word in (pid, p.name.upper(), p.adjective.upper()):
                return DeclareWar(pid)
        return None

    def state_fields(self, board):
        return {"wars": list_of(_pair, "pairs of powers at war")}

    def adjudicate(self, board, position, orders, rules, standard, standard_needed):
        orders = normalise(orders)
        extra = extra_of(position)
        wars = {tuple(pair) for pair in extra.get("wars", [])}
        late = []
        for p, given in orders.items():  # declarations take effect at once
            for order in given:
                if isinstance(order, DeclareWar) and order.enemy != p:
                    wars.add(tuple(sorted((p, order.enemy))))
        voided, kept = [], {}
        for p, given in orders.items():
            kept[p] = []
            for order in given:
                if isinstance(order, DeclareWar):
                    codes = () if order.enemy != p else (Outcome.VOID,)
                    late.append(OrderResult(p, None, order, codes))
                elif self._attacks_a_friend(position, p, order, wars):
                    voided.append((p, order))
                else:
                    kept[p].append(order)
        result = standard(board, position, kept, rules)
        if wars:
            extra["wars"] = [list(pair) for pair in sorted(wars)]
        results = void_results(OrderResult, result.results, voided) + tuple(late)
        return dataclasses.replace(
            result, results=results, position=with_extra(result.position, extra)
        )

    @staticmethod
    def _attacks_a_friend(position, attacker, order, wars) -> bool:
        if position.phase.type != "M" or not isinstance(order, Move | SupportMove):
            return False
        there = position.units.get(order.dest.split("/")[0])
        if there is None or there[0] == attacker:
            return False
        return tuple(sorted((attacker, there[0]))) not in wars

    def summary(self, board, position):
        wars = (position.extra if position is not None else {}).get("wars", [])
        return {"wars": [" and ".join(pair) for pair in wars]} if wars else {}


VARIANT = Truce()
