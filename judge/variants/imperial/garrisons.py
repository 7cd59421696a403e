"""How an Imperial Garrison fights (IMP-3): the engine's guard rules.

In a movement phase the garrison is a guard (judge.engine.hooks.GuardRules),
a piece of its own beside any unit in its city.  An enemy move into the city
must beat the unit there by the standard rules **and** the garrison on its
own: strengths are not added, and an empire's support never counts against
its own garrison (IMP-3d).  Its own side's units enter beside it.
"""

from __future__ import annotations

from judge.engine.orders import UnitKind

# The garrison's unit kind, as orders write it (`IG BRE`), and its properties.
GARRISON = "IG"
GARRISON_KIND = UnitKind(
    GARRISON,
    "garrison",
    name="Imperial Garrison",
    only_holds_and_supports=True,
    beside=True,  # beside any unit in its city
    holds_silently=True,  # an unordered garrison holds, as it always may
    never_built=True,
)


class GarrisonRules:
    unit_kind = GARRISON

    def stops(self, resolution, attacker: str, guard: str) -> bool:
        side = resolution.o.side
        if side[guard] == side[attacker]:
            return False
        against = 1 + resolution.supports_against(attacker, guard)
        return against <= resolution.hold_strength(guard)

    def enters_beside(self, orders, attacker: str, guarded: str) -> bool:
        return orders.side[attacker] == orders.side[guarded]
