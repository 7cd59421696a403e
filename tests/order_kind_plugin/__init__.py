"""An order kind defined outside judge/: `A PAR DIG IN`, a unit digging in.

In a movement phase it stands as a hold does (supports of a hold back it),
the results say it in its own words, and the map draws it with a hold's
ring.  The class and `register_order_kind` are all it
takes: the reader, the results, the order reply, the picture and `judge
adjudicate` all read what the class declares."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from judge.engine.kinds import Arrow, OrderKind, PhaseKind
from judge.engine.orders import BaseOrder, Unit


@dataclass(frozen=True, slots=True)
class DigIn(BaseOrder):
    unit: Unit
    order_kind: ClassVar[str] = "DIG IN"
    phases: ClassVar[frozenset[str]] = frozenset({PhaseKind.MOVEMENT})
    arrow: ClassVar[Arrow] = Arrow.HOLD
    words: ClassVar[str] = " DIGS IN at {place}"
    pattern: ClassVar[str] = r"{unit} DIG IN"

    def canonical(self) -> str:
        return f"{self.unit} DIG IN"

    @classmethod
    def from_text(cls, match: re.Match[str]) -> DigIn:
        return cls(Unit.parse(match["unit"]))

    def settle(self, o, prov: str) -> bool:
        return True  # the unit stands: its node is a hold's (the default)


# Kept apart from the standard kinds: nothing in the engine names it.
assert DigIn.order_kind not in set(OrderKind)
