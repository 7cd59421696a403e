"""Imperial Diplomacy, seed rules 9 and 3 (issue 13), through the engine and
through `judge adjudicate`.

Rule 9: "barbarian armies may be disbanded at any time; they stand in civil
disorder in the province they last occupied, which becomes 'occupied by
barbarians' (see rule 8)".  A Winter removal of a barbarian army, ordered
or chosen by the civil-disorder rule, leaves it standing as RELEASE does.

Rule 3: "To join the game, a player should select any one of the neutral
supply centers on a sea coast; this becomes their Imperial City.  The GM
will provide a name for the empire."  A city that is neutral again after
its empire lost it is open to a newcomer, under a fresh empire slot, while
the first empire lives on elsewhere.
"""

from __future__ import annotations

from judge.adjudicate import handle_request
from judge.engine.serialize import position_from_json
from judge.variants import load_variant, variant_seats
from judge.variants.imperial.map import fresh_slot, open_slots

BOARD, _RULES = load_variant("imperial")
GAUL = "EMPIRE_BRE"
BARBARIAN = [
    "ALB", "APU", "ARM", "BOH", "CLY", "FIN", "GAL", "GAS", "LVN", "NAF", "PIC",
    "PIE", "PRU", "RUH", "SIL", "SYR", "TUS", "TYR", "UKR", "WAL", "YOR",
]  # fmt: skip


def _neutral(*taken: str) -> dict:
    centres = [c for c in BOARD.supply_centres() if c not in taken]
    return {"units": [f"A {c}" for c in centres], "centers": centres}


def _winter(gaul_units: list[str], gaul_centres: list[str], armies: list[str]):
    """W1902A: Gaul (Brest) with barbarian armies `armies` among its units."""
    neutral = _neutral(*gaul_centres, *(u.split()[1] for u in gaul_units))
    return {
        "phase": "W1902A",
        "units": {GAUL: gaul_units, "NEUTRAL": neutral["units"]},
        "centers": {GAUL: gaul_centres, "NEUTRAL": neutral["centers"]},
        "variant": {
            "empires": {GAUL: {"city": "BRE", "name": "Gaul"}},
            "garrisons": {"BRE": GAUL},
            "barbarian": [p for p in BARBARIAN if p not in armies],
            "barbarian_armies": armies,
        },
    }


def _adjudicate(state, orders):
    response = handle_request({"state": state, "orders": orders}, "imperial")
    assert "error" not in response, response
    return response


# -- rule 9 ------------------------------------------------------------------


def test_an_ordered_removal_of_a_barbarian_army_leaves_it_in_civil_disorder():
    # Gaul has one centre and two units: it must remove one, and picks the
    # barbarian army in Burgundy.
    state = _winter(["A BRE", "A BUR"], ["BRE"], ["BUR"])
    response = _adjudicate(state, {GAUL: ["A BUR D"]})
    assert {"power": GAUL, "unit": "A BUR", "order": "A BUR D", "result": []} in (
        response["results"]
    )
    after = response["state"]
    assert after["units"][GAUL] == ["A BRE"]
    assert after["units"]["DISORDER"] == ["A BUR"]  # it stands, uncontrolled
    assert after["variant"]["wild"] == ["BUR"]
    assert "BUR" in after["variant"]["barbarian"]  # occupied by barbarians
    assert "barbarian_armies" not in after["variant"]


def test_a_civil_disorder_removal_of_a_barbarian_army_leaves_it_too():
    # No orders: the removal rule takes the unit farthest from Brest, the
    # barbarian army in Bohemia, which stays as an uncontrolled barbarian.
    state = _winter(["A BRE", "A PIC", "A BOH"], ["BRE", "PAR"], ["BOH"])
    after = _adjudicate(state, {})["state"]
    assert after["units"][GAUL] == ["A BRE", "A PIC"]
    assert after["units"]["DISORDER"] == ["A BOH"]
    assert after["variant"]["wild"] == ["BOH"]
    assert "BOH" in after["variant"]["barbarian"]


def test_a_disbanded_barbarian_army_in_a_centre_becomes_its_garrison():
    # As RELEASE does: a barbarian army let go in a centre is its garrison.
    state = _winter(["A BRE", "A BEL"], ["BRE"], ["BEL"])
    state["centers"]["NEUTRAL"].append("BEL")
    after = _adjudicate(state, {GAUL: ["A BEL D"]})["state"]
    assert "A BEL" in after["units"]["NEUTRAL"]
    assert after["units"][GAUL] == ["A BRE"]


def test_the_disbanded_barbarian_army_acts_as_a_released_one():
    """The same board after a Winter removal and after a RELEASE."""
    state = _winter(["A BRE", "A BUR"], ["BRE"], ["BUR"])
    removed = _adjudicate(state, {GAUL: ["A BUR D"]})["state"]
    released = _adjudicate(state, {GAUL: ["RELEASE B BUR"]})["state"]
    assert removed == released


def test_a_regular_army_removed_is_gone():
    state = _winter(["A BRE", "A PIC"], ["BRE"], [])
    after = _adjudicate(state, {GAUL: ["A PIC D"]})["state"]
    assert after["units"][GAUL] == ["A BRE"]
    assert "DISORDER" not in after["units"]


# -- rule 3 ------------------------------------------------------------------


def _brest_lost():
    """S1903M: Gaul lost Brest (garrison destroyed) and lives on in Paris and
    Picardy; Brest is neutral again with a neutral garrison."""
    neutral = _neutral("PAR", "PIC")
    return {
        "phase": "F1902M",
        "units": {GAUL: ["A PAR", "A PIC"], "NEUTRAL": neutral["units"]},
        "centers": {GAUL: ["PAR"], "NEUTRAL": neutral["centers"]},
        "variant": {
            "empires": {GAUL: {"city": "BRE", "name": "Gaul"}},
            "garrisons": {},
            "barbarian": [p for p in BARBARIAN if p != "PIC"],
        },
    }


def test_a_neutral_city_whose_empire_lives_elsewhere_is_open_to_a_newcomer():
    state = _brest_lost()
    position = position_from_json(BOARD, state)
    assert fresh_slot(BOARD, position.extra["empires"], "BRE") == "EMPIRE_BRE_2"
    assert open_slots(BOARD, position) == ["EMPIRE_BRE_2"]
    assert "EMPIRE_BRE_2" in variant_seats(BOARD, position)
    # The first empire orders as ever; the newcomer joins under the fresh slot.
    orders = {GAUL: ["A PIC H"], "EMPIRE_BRE_2": ["JOIN BRE NAME Armorica"]}
    response = _adjudicate(state, orders)
    assert response["errors"] == []
    joins = [r for r in response["results"] if r["order"].startswith("JOIN")]
    after = response["state"]
    if after["phase"].endswith("A"):  # the join takes effect in the Spring
        response = _adjudicate(after, {})
        joins += [r for r in response["results"] if r["order"].startswith("JOIN")]
        after = response["state"]
    assert joins == [
        {
            "power": "EMPIRE_BRE_2",
            "unit": None,
            "order": "JOIN BRE NAME Armorica",
            "result": [],
        }
    ]
    assert after["phase"] == "S1903M"
    assert after["units"]["EMPIRE_BRE_2"] == ["A BRE"]
    assert after["centers"]["EMPIRE_BRE_2"] == ["BRE"]
    assert after["variant"]["garrisons"]["BRE"] == "EMPIRE_BRE_2"
    assert after["variant"]["empires"] == {
        GAUL: {"city": "BRE", "name": "Gaul"},
        "EMPIRE_BRE_2": {"city": "BRE", "name": "Armorica"},
    }
    # Two empires of Brest, each its own power, ordering side by side.
    spring = _adjudicate(
        after, {GAUL: ["A PIC - BUR"], "EMPIRE_BRE_2": ["A BRE - GAS", "IG BRE H"]}
    )
    assert spring["errors"] == []
    assert all(r["result"] == [] for r in spring["results"]), spring["results"]
    assert spring["state"]["units"][GAUL] == ["A BUR"]
    assert spring["state"]["units"]["EMPIRE_BRE_2"] == ["A GAS"]


def test_the_first_empire_cannot_join_its_old_city_again():
    response = _adjudicate(_brest_lost(), {GAUL: ["JOIN BRE"]})
    joins = [r for r in response["results"] if r["order"].startswith("JOIN")]
    assert joins[0]["result"] == ["void"]


def test_a_city_held_by_its_empire_has_no_open_slot():
    state = _brest_lost()
    state["variant"]["garrisons"] = {"BRE": GAUL}
    state["units"]["NEUTRAL"].remove("A BRE")
    state["centers"]["NEUTRAL"].remove("BRE")
    state["centers"][GAUL].append("BRE")
    position = position_from_json(BOARD, state)
    assert open_slots(BOARD, position) == []
    assert "EMPIRE_BRE_2" not in variant_seats(BOARD, position)
    response = _adjudicate(state, {"EMPIRE_BRE_2": ["JOIN BRE"]})
    joins = [r for r in response["results"] if r["order"].startswith("JOIN")]
    assert joins[0]["result"] == ["void"]


def test_the_next_slot_opens_when_the_second_empire_lives_elsewhere_too():
    state = _brest_lost()
    state["variant"]["empires"]["EMPIRE_BRE_2"] = {"city": "BRE", "name": ""}
    position = position_from_json(BOARD, state)
    assert open_slots(BOARD, position) == ["EMPIRE_BRE_3"]
