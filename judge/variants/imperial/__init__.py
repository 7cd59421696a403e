"""Imperial Diplomacy (Calcraft & Poole; maps/imperial.toml).  The rules are
in `rules` and the modules it draws on: `map` (edge, cities, joining,
victory), `orders` (its orders and their text), `petrol` (multi-step fleet
moves), `federations`, `barbarians`, `endings` (SET END, IMP-14(e)); its
state's fields in `state`.  What the judge says of a seat (signing on, a
newcomer founding an empire) is said by the methods below."""

from __future__ import annotations

from judge.engine.board import Board
from judge.engine.state import Position
from judge.variants.base import Variant
from judge.variants.imperial.endings import ImperialEndings
from judge.variants.imperial.garrisons import GARRISON_KIND, GarrisonRules
from judge.variants.imperial.map import (
    NEUTRAL,
    PASSIVE,
    city_of,
    empire_names,
    is_reserve,
    open_slots,
)
from judge.variants.imperial.orders import (
    Join,
    MultiMove,
    garrison_named,
    parse_barbarian,
    parse_federation,
    parse_give,
    parse_join,
    parse_multimove,
)
from judge.variants.imperial.petrol import over_budget
from judge.variants.imperial.rules import ImperialRules, initial_state
from judge.variants.imperial.state import FIELDS, check_relations

imperial_city = city_of  # 'EMPIRE_BRE', 'EMPIRE_BRE_2' -> 'BRE'

RESERVE_OPENS = (
    "a later empire of a city is founded only when the city is neutral again"
    " while its earlier empires live on elsewhere"
)


class Imperial(Variant):
    build_orders = "BUILD, RAISE B <province> or WAIVE"  # IMP-10: barbarians
    rules = "imperial"
    unit_words = {"ig": "IG", "g": "IG", "garrison": "IG"}  # "IG Bre"
    unit_word_prefixes = {"imperial": "garrison"}  # "Imperial Garrison Brest"
    multi_step_move = MultiMove  # `F MAO - WES - TYS` (IMP-5)
    roster_lists_every_country = False  # no NEUTRAL, DISORDER, untaken cities
    agreed_endings = ImperialEndings()  # IMP-14(e): SET END
    guard_rules = GarrisonRules()  # how its garrisons fight (IMP-3)
    unit_kinds = (GARRISON_KIND,)
    _hooks = ImperialRules()

    def adjudicate(self, board, position, orders, rules, standard, standard_needed):
        return self._hooks.adjudicate(
            board, position, orders, rules, standard, standard_needed
        )

    def orders_needed(self, board, position, standard_needed):
        return self._hooks.orders_needed(board, position, standard_needed)

    def state_fields(self, board: Board):
        return FIELDS

    def check_relations(self, extra) -> None:
        check_relations(extra)

    def guards(self, position: Position):
        return (position.extra or {}).get("garrisons", {})

    def parse_order(self, board: Board, text: str, position=None):
        """JOIN, multi-step moves, federations, gifts, barbarians; the
        position lends the names players gave their empires."""
        names = empire_names(position)
        return (
            parse_join(board, text)
            or parse_multimove(board, text)
            or parse_federation(board, text, names)
            or parse_give(board, text, names)
            or parse_barbarian(board, text)
        )

    def seats(self, board: Board, position: Position | None = None) -> dict:
        """One seat per Imperial City: a player takes it by JOINing the city.
        A later empire's slot is a seat once open (its city neutral again
        while its first empire lives on elsewhere) or founded."""
        empires = (position.extra or {}).get("empires", {}) if position else {}
        shown = set(open_slots(board, position)) if position else set()
        return {
            p: [p]
            for p in board.powers
            if p not in PASSIVE
            and (not is_reserve(board, p) or p in empires or p in shown)
        }

    def seat_taken(self, board: Board, position: Position, seat: str) -> str | None:
        """Why a newcomer cannot found the empire of this Imperial City (IMP-2:
        the city must still be neutral and hold no unit but its neutral
        garrison), or None.  An empire already founded may be taken over; a
        later empire's slot only once the city's earlier empires all live on
        and the city is free again (rule 3)."""
        city = imperial_city(seat)
        if city is None or seat in (position.extra or {}).get("empires", {}):
            return None
        name = board.location_name(city)
        if is_reserve(board, seat) and seat not in open_slots(board, position):
            return f"{board.powers[seat].name} is not open: {RESERVE_OPENS}"
        owner = position.centres.get(city)
        if owner not in (None, NEUTRAL):
            return f"{name} is no longer free: it is {board.powers[owner].name}'s"
        held = position.units.get(city)
        if held is not None and held[0] != NEUTRAL:
            return (
                f"{name} is no longer free: a unit of"
                f" {board.powers[held[0]].name} is there"
            )
        return None

    def seat_closed(self, board: Board, power: str) -> str | None:
        return RESERVE_OPENS if is_reserve(board, power) else None

    def newcomer_seat(self, board: Board, position: Position, seat: str) -> str | None:
        """Rule 3: a newcomer signing on to a city whose empire lost it and
        lives on elsewhere, the city neutral again, founds a new empire
        there: the city's open slot (None when there is none)."""
        city = imperial_city(seat)
        if city is None or seat not in (position.extra or {}).get("empires", {}):
            return None
        return next(
            (s for s in open_slots(board, position) if city_of(s) == city), None
        )

    def newcomer_note(self, board: Board, seat: str, founded: str, game: str) -> str:
        """Rule 3: the city's empire lives on elsewhere and the city is
        neutral again; the newcomer founds a new empire there."""
        city = imperial_city(founded)
        new = board.powers[founded]
        return (
            f"{board.powers[seat].name} lives on without"
            f" {board.location_name(city)}, which is neutral again: you found a"
            f" new empire there, {new.name} (SIGNON {new.letter}{game}), and"
            f" order JOIN {city}."
        )

    def seat_city(self, seat: str) -> str | None:
        return imperial_city(seat)

    def signon_hint(self, board: Board, seat: str, game: str) -> str | None:
        city = imperial_city(seat)
        if city is None:
            return None
        return (
            f"Sign on with SIGNON {city}{game} <password>; in the opening phase"
            f" your empire orders JOIN {city} (send JOIN {city} NAME <name> to"
            " name it)."
        )

    def opening_join(self, board: Board, power: str) -> str | None:
        """Each empire drawn orders `JOIN <its city>` in the opening phase
        (IMP-2); its player may send JOIN <city> NAME <text> to name it."""
        city = imperial_city(power)
        return None if city is None else f"JOIN {city}"

    def refuse_order(self, board, power, order) -> str | None:
        if isinstance(order, Join) and imperial_city(power) != order.city:
            mine = imperial_city(power)
            return f"your empire's Imperial City is {mine}: order JOIN {mine}"
        return None

    def settle_order(self, position: Position, power: str, order):
        """`A BRE` where only a garrison stands is that garrison."""
        if position.phase.type != "M":
            return order
        return garrison_named(position, power, order)

    def order_notes(self, board, position, power, orders) -> list[str]:
        """The petrol budget (IMP-5d: over budget, the last steps are cut at
        the deadline)."""
        if position.phase.type != "M":
            return []
        budget = sum(1 for u in position.units_of(power) if u.kind == "F")
        problem = over_budget(orders, budget)
        if problem is None:
            return []
        return [
            f"Warning for {board.powers[power].name}: {problem}; at the deadline"
            " the last step of the last multi-step move is cut until they fit."
        ]

    report_headings = {
        "empires": "Empires",
        "imperial_garrisons": "Imperial garrisons",
        "neutral_garrisons": "Neutral garrisons",
        "barbarian": "Barbarian provinces",
        "federations": "Federations",
        "barbarian_armies": "Barbarian armies",
        "wild": "Wild barbarian units",
        "pending": "Waiting to take effect",
        "nmr": "Missed turns",
    }

    def display_names(self, board, position):
        empires = ((position.extra or {}) if position else {}).get("empires", {})
        return {
            slot: e["name"]
            for slot, e in empires.items()
            if isinstance(e, dict) and e.get("name")
        }

    def report_fact(self, board, key, value, summary, name):
        if key == "empires":
            if not value:
                return "none yet"
            return "; ".join(
                f"{(e or {}).get('name') or name(slot)} in"
                f" {name((e or {}).get('city', ''))}"
                for slot, e in sorted(value.items())
            )
        if key == "imperial_garrisons":
            return (
                "; ".join(
                    f"{name(city)} ({name(slot)})"
                    for city, slot in sorted(value.items())
                )
                or "none"
            )
        return None

    def summary(self, board: Board, position: Position | None) -> dict:
        """Empires, garrisons, barbarians, federations."""
        extra = position.extra if position is not None else {}
        out: dict = {
            "empires": dict(extra.get("empires", {})),
            "imperial_garrisons": dict(extra.get("garrisons", {})),
            "neutral_garrisons": sorted(
                p
                for p, (power, _u) in (position.units if position else {}).items()
                if power == "NEUTRAL"
            ),
            "barbarian": sorted(extra.get("barbarian", initial_state(board).barbarian)),
        }
        for key in ("federations", "barbarian_armies", "wild", "pending", "nmr"):
            if extra.get(key):
                out[key] = extra[key]
        return out


VARIANT = Imperial()
