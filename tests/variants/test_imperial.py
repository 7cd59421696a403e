"""Imperial Diplomacy: the rules done so far (spec §2.7 scenarios they cover)."""

from judge.adjudicate import handle_request
from judge.engine.api import adjudicate, initial_position
from judge.engine.orders import Hold, Move, SupportMove, Unit
from judge.variants import load_variant, variant_playable
from judge.variants.imperial.rules import (
    NEUTRAL,
    MultiMove,
    barbarian_step,
    bloc_result,
    coastal_centres,
    fit_to_budget,
    initial_state,
    over_budget,
    petrol_cost,
    resolve_joins,
    victory_threshold,
)

BOARD, RULES = load_variant("imperial")


def test_name_loads_and_starts_with_the_joining_window():
    assert load_variant("imperial_calcraft")[1].variant == "imperial"
    assert variant_playable("imperial") and variant_playable("1913")
    start = initial_position(BOARD)
    assert str(start.phase) == "W1900A"
    assert adjudicate(BOARD, start, {}, RULES).position.phase.season == "S"
    response = handle_request(
        {
            "id": 7,
            "variant": "imperial",
            "orders": {"empire_bre": ["JOIN Bre NAME Gaul"]},
        }
    )
    assert response["state"]["phase"] == "S1901M"
    assert response["state"]["units"]["EMPIRE_BRE"] == ["A BRE"]
    assert response["state"]["variant"]["empires"] == {
        "EMPIRE_BRE": {"city": "BRE", "name": "Gaul"}
    }


# 1. Set-up: 34 neutral garrisoned centres, 22 barbarian provinces.
def test_initial_state():
    start = initial_state(BOARD)
    assert len(start.garrisons) == 34 and set(start.centres.values()) == {NEUTRAL}
    assert start.barbarian == {
        "ALB", "APU", "ARM", "BOH", "BUR", "CLY", "FIN", "GAL", "GAS", "LVN", "NAF",
        "PIC", "PIE", "PRU", "RUH", "SIL", "SYR", "TUS", "TYR", "UKR", "WAL", "YOR",
    }  # fmt: skip


def test_imperial_cities_are_the_27_coastal_centres():
    cities = coastal_centres(BOARD)
    assert len(cities) == 27
    for inland in ("PAR", "MUN", "VIE", "BUD", "MOS", "WAR", "SER"):
        assert inland not in cities


# 19. Joining.
def test_joins_need_a_neutral_coastal_centre_first_come_first_served():
    owners = dict.fromkeys(BOARD.supply_centres(), NEUTRAL) | {"BRE": "FRANK"}
    requests = [("NORSE", "NWY"), ("GAUL", "MUN"), ("IBER", "BRE"),
                ("ROME", "NAP"), ("GOTH", "NAP")]  # fmt: skip
    accepted, refused = resolve_joins(BOARD, requests, owners)
    assert accepted == {"NORSE": "NWY", "ROME": "NAP"}
    assert "not on a sea coast" in refused["GAUL"]
    assert "not neutral" in refused["IBER"]
    assert "chosen by another" in refused["GOTH"]
    accepted, refused = resolve_joins(BOARD, requests, owners, conflict="both_fail")
    assert "ROME" in refused and "GOTH" in refused
    _, refused = resolve_joins(BOARD, [("NORSE", "NWY")], owners, occupied={"NWY"})
    assert "occupied" in refused["NORSE"]


# 3 and 5. The barbarians spread back into vacant land.
def test_vacated_province_next_to_barbarians_is_overrun():
    start = initial_state(BOARD)
    occupied = set(start.garrisons) - {"PAR"} | {"PIC"}  # A Bre - Pic done
    step = barbarian_step(BOARD, start.barbarian, occupied, entered={"PIC"})
    assert "PIC" not in step.barbarian  # cleared, and occupied
    # Fall: A Pic - Par took Paris; Pic is vacant next to Bur.
    occupied = set(start.garrisons) | {"BRE"}
    step = barbarian_step(BOARD, step.barbarian, occupied, entered={"PAR"})
    assert "PIC" in step.barbarian
    assert step.new_garrisons == ()


def test_owned_centre_left_empty_gets_a_garrison_not_a_marker():
    markers = initial_state(BOARD).barbarian - {"PIC", "GAS"}
    occupied = set(BOARD.supply_centres()) - {"PAR"} | {"GAS"}
    step = barbarian_step(BOARD, markers | {"PIC"}, occupied, entered={"GAS"})
    assert "PAR" in step.new_garrisons
    assert "PAR" not in step.barbarian
    assert "GAS" not in step.barbarian


# 20. Edge provinces are overrun even with no barbarian neighbour.
def test_edge_spread():
    occupied = set(BOARD.supply_centres()) - {"SEV"}
    step = barbarian_step(BOARD, set(), occupied, entered={"SYR"})
    assert "SYR" in step.barbarian  # edge, vacant
    assert "SEV" in step.new_garrisons
    assert "PIC" not in step.barbarian  # not edge, no barbarian neighbour


def test_spread_is_one_ring_per_step():
    occupied = set(BOARD.supply_centres())
    step = barbarian_step(BOARD, {"BUR"}, occupied, entered=())
    assert {"PIC", "GAS", "RUH"} <= step.barbarian
    assert "WAL" not in step.barbarian  # two rings away: not yet


def test_pending_garrison_appears_once_the_centre_is_vacant():
    step = barbarian_step(BOARD, set(), {"BEL"}, entered=(), pending={"BEL"})
    assert step.pending == {"BEL"} and "BEL" not in step.new_garrisons
    step = barbarian_step(BOARD, set(), set(), entered=(), pending={"BEL"})
    assert "BEL" in step.new_garrisons and step.pending == frozenset()


# 7. Petrol rationing.
def test_petrol_budget_and_truncation():
    mao, eng = Unit("F", "MAO"), Unit("F", "ENG")
    legal = [MultiMove(mao, ("WES", "TYS"))]
    assert sum(petrol_cost(o) for o in legal) == 2
    assert over_budget(legal, 2) is None
    assert petrol_cost(Hold(eng)) == 0
    assert petrol_cost(SupportMove(eng, Unit("A", "GAS"), "SPA")) == 1
    assert petrol_cost(Move(Unit("A", "GAS"), "SPA")) == 0  # armies run free
    heavy = [MultiMove(mao, ("WES", "TYS")), Move(eng, "NTH")]
    assert over_budget(heavy, 2) == "fleet orders cost 3 but the petrol budget is 2"
    fitted, cut = fit_to_budget(heavy, 2)
    assert fitted == [Move(mao, "WES"), Move(eng, "NTH")]
    assert cut == ["F MAO - WES - TYS: step to TYS cut"]
    assert MultiMove(mao, ("WES", "TYS")).canonical() == "F MAO - WES - TYS"


# 18. Victory.
def test_victory_threshold_and_blocs():
    assert victory_threshold(34) == 15 and victory_threshold(35) == 16
    centres = BOARD.supply_centres()

    def owning(**counts):
        owners, i = dict.fromkeys(centres, NEUTRAL), 0
        for empire, n in counts.items():
            for c in centres[i : i + n]:
                owners[c] = empire
            i += n
        return owners

    assert bloc_result(BOARD, owning(GAUL=15)) == ("win", (("GAUL",),))
    assert bloc_result(BOARD, owning(GAUL=14)) is None
    assert bloc_result(BOARD, owning(GAUL=8, ROME=7), [("ROME", "GAUL")]) == (
        "win",
        (("GAUL", "ROME"),),
    )
    assert bloc_result(BOARD, owning(GAUL=8, ROME=7)) is None
    assert bloc_result(BOARD, owning(GAUL=15, FRANK=15)) == (
        "draw",
        (("FRANK",), ("GAUL",)),
    )
