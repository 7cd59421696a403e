"""The variants specification's numbered test scenarios that the other test
modules cover only in part (docs/variant-scenarios.md maps every scenario of
§2.7, §3.6 and §4.4 to its tests).  One test per scenario, named and
commented with the section and number."""

import dataclasses

import pytest

from judge.adjudicate import handle_request
from judge.engine.api import adjudicate, orders_needed
from judge.engine.orders import Disband, Unit
from judge.engine.state import Phase
from judge.variants import load_variant
from judge.variants.imperial.rules import (
    DISORDER,
    NEUTRAL,
    Give,
    Join,
    Raise,
    Release,
    over_budget,
)
from judge.variants.v1913.rules import Designate, designations
from tests.engine.test_datc import CASES, _check_phase

from .helpers import orders, outcome, position, units_of
from .test_imperial_play import (
    FRANK,
    GAUL,
    ROME,
    federated,
    fleets,
    joined,
    moved,
    play,
    read,
    units,
)

BOARD = load_variant("imperial")[0]
NORSE = "EMPIRE_NWY"


def at(pos, phase: str, **changes):
    """The position in another phase, with fields replaced."""
    return dataclasses.replace(pos, phase=Phase.parse(phase), **changes)


def owning(pos, power, *centres):
    return {**pos.centres, **dict.fromkeys(centres, power)}


# -- §2.7 Imperial Diplomacy ------------------------------------------------


# §2.7 scenario 2: the neutral garrison resists; the IG's support beats it,
# and the garrison is destroyed without a retreat.
def test_imperial_2_garrison_support_destroys_the_neutral_garrison():
    spring = play(joined("BRE"), {GAUL: ["A BRE - PIC"]})
    assert outcome(spring, GAUL, "A BRE") == ()
    spring = spring.position
    assert "PIC" not in spring.extra["barbarian"]  # cleared
    alone = play(spring, {GAUL: ["A PIC - PAR"]})
    assert outcome(alone, GAUL, "A PIC") == ("bounce",)
    assert alone.position.units["PAR"] == (NEUTRAL, Unit("A", "PAR"))
    fall = play(spring, {GAUL: ["A PIC - PAR", "IG BRE S A PIC - PAR"]})
    assert outcome(fall, GAUL, "A PIC") == ()
    assert outcome(fall, GAUL, "IG BRE") == ()
    after = fall.position
    assert after.units["PAR"] == (GAUL, Unit("A", "PAR"))
    assert after.dislodged == {}  # no retreat for the garrison
    assert len(after.units_of(NEUTRAL)) == 32
    assert str(after.phase) == "W1901A"


# §2.7 scenario 5: an owned centre left empty is overrun and lost; W1902 Gaul
# has 1 centre and 2 units (A Gas, F Bre) and removes one; never the IG.
def _gaul_par_and_fleet_in_1902():
    pos = moved(joined("BRE"), bre=(GAUL, "F BRE"), par=(GAUL, "A PAR"))
    return at(pos, "S1902M", centres=owning(pos, GAUL, "PAR"))


def test_imperial_5_owned_centre_overrun_then_a_removal_not_the_garrison():
    spring = play(_gaul_par_and_fleet_in_1902(), {GAUL: ["A PAR - GAS"]}).position
    assert spring.units["PAR"] == (NEUTRAL, Unit("A", "PAR"))  # a new NG
    assert "PAR" not in spring.extra["barbarian"]
    assert "GAS" not in spring.extra["barbarian"]
    assert spring.centres["PAR"] == GAUL  # not yet
    winter = play(spring, {GAUL: []}).position  # Gaul does not retake Paris
    assert winter.centres["PAR"] == NEUTRAL
    assert str(winter.phase) == "W1902A"
    assert units(winter, GAUL) == ["A GAS", "F BRE"]
    assert orders_needed(BOARD, winter) == {GAUL: -1}  # the IG is not counted
    # The garrison cannot be removed: the order is void and a unit goes.
    result = play(winter, {GAUL: [Disband(Unit("IG", "BRE"))]})
    assert outcome(result, GAUL, "IG BRE") == ("void",)
    after = result.position
    assert units(after, GAUL) == ["F BRE"]  # D3 from Bre: A Gas is farther
    assert after.extra["garrisons"] == {"BRE": GAUL}
    silent = play(winter, {}, silent=[GAUL]).position
    assert units(silent, GAUL) == ["F BRE"]
    assert silent.extra["garrisons"] == {"BRE": GAUL}


# §2.7 scenario 6: the IG cannot move (IG Bre - Pic) and is destroyed by a
# supported attack; Frank then owns Bre, Gaul cannot build but can RAISE,
# and after retaking Bre builds there again without a new IG.
def test_imperial_6_garrison_destroyed_then_raise_only_then_build_again():
    spring = play(joined("BRE", "MAR"), {GAUL: ["A BRE - PIC"]}).position
    fall = moved(
        spring,
        mar=None,
        pic=(FRANK, "A PIC"),
        gas=(FRANK, "A GAS"),
        bel=(GAUL, "A BEL"),
        hol=(GAUL, "A HOL"),
    )
    result = play(
        fall,
        {GAUL: ["IG BRE - PIC"], FRANK: ["A PIC - BRE", "A GAS S A PIC - BRE"]},
    )
    assert outcome(result, GAUL, "IG BRE")[0] == "void"  # the move order
    assert "dislodged" in outcome(result, GAUL, "IG BRE")
    assert outcome(result, FRANK, "A PIC") == ()
    winter = result.position
    assert winter.units["BRE"] == (FRANK, Unit("A", "BRE"))
    assert "BRE" not in winter.extra["garrisons"]
    assert winter.dislodged == {}
    assert winter.centres["BRE"] == FRANK
    # Gaul: Bel and Hol with two armies; give it a third centre: a surplus.
    winter = moved(winter, den=None)
    winter = at(winter, "W1902A", centres=owning(winter, GAUL, "DEN"))
    assert orders_needed(BOARD, winter).get(GAUL) == 1
    no_build = play(winter, {GAUL: ["A BRE B"]})
    assert no_build.position.units["BRE"][0] == FRANK
    raised = play(winter, {GAUL: [Raise("BUR")]}).position
    assert raised.units["BUR"] == (GAUL, Unit("A", "BUR"))
    # Gaul retakes Bre (now empty): it may build there, but has no new IG.
    retaken = moved(raised, bre=None)
    retaken = at(retaken, "W1903A", centres=owning(retaken, GAUL, "BRE"))
    built = play(retaken, {GAUL: ["F BRE B"]})
    assert outcome(built, GAUL, "F BRE") == ()
    assert built.position.units["BRE"] == (GAUL, Unit("F", "BRE"))
    assert "BRE" not in built.position.extra["garrisons"]


# §2.7 scenario 7: petrol, legal use; F Eng (no order) holds and may be
# supported; three steps for two fleets are over budget.
def test_imperial_7_multi_step_in_budget_and_the_other_fleet_supported():
    pos = fleets(
        mao=(GAUL, "F MAO"),
        eng=(GAUL, "F ENG"),
        nth=(FRANK, "F NTH"),
        lon=(FRANK, "F LON"),
        iri=(ROME, "F IRI"),
    )
    attack = {FRANK: ["F NTH - ENG", "F LON S F NTH - ENG"]}
    support = {ROME: ["F IRI S F ENG"]}
    result = play(pos, {GAUL: ["F MAO - WES - TYS"], **attack, **support})
    assert outcome(result, GAUL, "F MAO") == ()
    assert outcome(result, ROME, "F IRI") == ()
    assert outcome(result, FRANK, "F NTH") == ("bounce",)
    assert result.position.units["TYS"] == (GAUL, Unit("F", "TYS"))
    assert result.position.units["ENG"] == (GAUL, Unit("F", "ENG"))
    unsupported = play(pos, {GAUL: ["F MAO - WES - TYS"], **attack})
    assert "ENG" in unsupported.position.dislodged
    heavy = [read("F MAO - WES - TYS"), read("F ENG - NTH")]
    assert over_budget(heavy, 2) is not None  # refused when submitted
    cut = play(pos, {GAUL: ["F MAO - WES - TYS", "F ENG - NTH"]}).position
    assert cut.units["WES"] == (GAUL, Unit("F", "WES"))  # truncated at the deadline
    assert cut.units["NTH"] == (FRANK, Unit("F", "NTH"))  # Gaul's F Eng bounced


# §2.7 scenario 8: a first-step standoff in WES; a unit dislodged next to WES
# cannot retreat there.
def test_imperial_8_standoff_closes_the_retreat():
    pos = fleets(
        mao=(GAUL, "F MAO"),
        eng=(GAUL, "F ENG"),
        lyo=(FRANK, "F LYO"),
        ion=(FRANK, "F ION"),
        naf=(FRANK, "A NAF"),
        tun=(ROME, "F TUN"),
    )
    given = {
        GAUL: ["F MAO - WES - TYS"],
        FRANK: ["F LYO - WES", "F ION - TUN", "A NAF S F ION - TUN"],
    }
    result = play(pos, given)
    assert outcome(result, GAUL, "F MAO") == ("bounce",)
    assert outcome(result, FRANK, "F LYO") == ("bounce",)
    after = result.position
    assert after.units["MAO"] == (GAUL, Unit("F", "MAO"))
    assert "WES" not in after.units and "TYS" not in after.units
    assert after.dislodged["TUN"].retreats == ("TYS",)  # not WES
    # Variant: Frank's F TYS holds; round 1 succeeds, round 2 fails.
    pos = fleets(mao=(GAUL, "F MAO"), eng=(GAUL, "F ENG"), tys=(FRANK, "F TYS"))
    result = play(pos, {GAUL: ["F MAO - WES - TYS"]})
    assert result.position.units["WES"] == (GAUL, Unit("F", "WES"))


# §2.7 scenario 13: a partner's army in Mar keeps it Gaul's; Gaul's GIVE SC
# makes it Rome's before the Winter adjustments are computed.
def test_imperial_13_gift_counts_in_that_winters_adjustments():
    fall = federated(joined("BRE", "NAP")).position  # F1901M, federated
    fall = moved(fall, mar=None, nap=None, bur=(ROME, "A BUR"))
    fall = dataclasses.replace(fall, centres=owning(fall, GAUL, "MAR"))
    kept = play(fall, {ROME: ["A BUR - MAR"]}).position
    assert kept.centres["MAR"] == GAUL
    assert orders_needed(BOARD, kept) == {GAUL: 1}  # Gaul 2 centres, 1 unit
    given = play(fall, {ROME: ["A BUR - MAR"], GAUL: [Give("sc", "MAR", ROME)]})
    after = given.position
    assert after.centres["MAR"] == ROME
    assert str(after.phase) == "W1901A"
    assert orders_needed(BOARD, after) == {ROME: 1}  # Rome 2 centres, 1 unit


# §2.7 scenario 14: RAISE B Bur: a BA there, Bur stays barbarian, one more
# unit; two empires raising in Bur both fail and lose the build.
def _winter_1902(extra_frank_centre=False):
    pos = joined("BRE", "MAR")
    pos = moved(pos, bre=None, par=None, pic=(GAUL, "A PIC"))
    centres = owning(pos, GAUL, "PAR")
    if extra_frank_centre:
        pos = moved(pos, spa=None)
        centres[("SPA")] = FRANK
    return at(pos, "W1902A", centres=centres)


def test_imperial_14_raising_and_conflicting_raises():
    winter = _winter_1902(extra_frank_centre=True)
    assert orders_needed(BOARD, winter) == {GAUL: 1, FRANK: 1}
    after = play(winter, {GAUL: [Raise("BUR")], FRANK: ["WAIVE"]}).position
    assert after.units["BUR"] == (GAUL, Unit("A", "BUR"))
    assert "BUR" in after.extra["barbarian"]
    assert units(after, GAUL) == ["A BUR", "A PIC"]
    # The army counts: Gaul, two centres and two units, has nothing to adjust.
    short = at(after, "W1903A", centres=owning(after, NEUTRAL, "PAR"))
    assert orders_needed(BOARD, short)[GAUL] == -1  # a removal now
    both = play(winter, {GAUL: [Raise("BUR")], FRANK: [Raise("BUR")]})
    assert "BUR" not in both.position.units
    assert [r.outcomes for r in both.results if isinstance(r.order, Raise)] == [
        ("void",),
        ("void",),
    ]
    assert units(both.position, GAUL) == ["A PIC"]
    assert units(both.position, FRANK) == ["A MAR"]
    assert str(both.position.phase) == "S1903M"


# §2.7 scenario 15: a BA dislodges Frank's army from Frank's Bel in the Fall;
# Bel becomes neutral with a pending garrison, not Gaul's; next Spring the
# BA leaves for Ruh and an NG appears in Bel.
def test_imperial_15_barbarian_army_captures_a_centre_for_nobody():
    raised = play(_winter_1902(), {GAUL: [Raise("BUR")]}).position
    fall = play(raised, {GAUL: []}).position
    assert str(fall.phase) == "F1903M"
    fall = moved(fall, bel=(FRANK, "A BEL"))
    fall = dataclasses.replace(fall, centres=owning(fall, FRANK, "BEL"))
    result = play(fall, {GAUL: ["A BUR - BEL", "A PIC S A BUR - BEL"]})
    assert "dislodged" in outcome(result, FRANK, "A BEL")
    pos = result.position
    if pos.phase.type == "R":
        pos = play(pos, {}).position  # Frank's army is not retreated
    assert pos.units["BEL"] == (GAUL, Unit("A", "BEL"))
    assert pos.centres["BEL"] == NEUTRAL
    assert pos.extra["pending"] == ["BEL"]
    assert str(pos.phase) == "W1903A"  # Gaul lost Par (left empty): a removal
    pos = play(pos, {GAUL: ["A PIC D"]}).position
    assert str(pos.phase) == "S1904M"
    spring = play(pos, {GAUL: ["A BEL - RUH"]}).position
    assert spring.units["RUH"] == (GAUL, Unit("A", "RUH"))
    assert spring.units["BEL"] == (NEUTRAL, Unit("A", "BEL"))
    assert "pending" not in spring.extra


# §2.7 scenario 16: RELEASE B Ruh as the Winter removal: a barbarian CDU in
# Ruh, Ruh barbarian, one unit fewer; it bounces an unsupported attack and is
# destroyed (the marker cleared) by a supported one.
def test_imperial_16_release_as_a_winter_removal():
    raised = play(_winter_1902(), {GAUL: [Raise("BUR")]}).position
    moved_on = play(raised, {GAUL: ["A BUR - RUH"]}).position
    assert moved_on.units["RUH"] == (GAUL, Unit("A", "RUH"))
    winter = at(moved_on, "W1903A", centres=owning(moved_on, NEUTRAL, "PAR"))
    assert orders_needed(BOARD, winter) == {GAUL: -1}  # 1 centre, 2 units
    after = play(winter, {GAUL: [Release("RUH")]}).position
    assert after.units["RUH"] == (DISORDER, Unit("A", "RUH"))
    assert "RUH" in after.extra["barbarian"]
    assert units(after, GAUL) == ["A PIC"]
    attack = moved(after, pic=None, bur=(GAUL, "A BUR"), hol=(GAUL, "A HOL"))
    bounce = play(attack, {GAUL: ["A BUR - RUH"]})
    assert outcome(bounce, GAUL, "A BUR") == ("bounce",)
    taken = play(attack, {GAUL: ["A BUR - RUH", "A HOL S A BUR - RUH"]}).position
    assert taken.units["RUH"] == (GAUL, Unit("A", "RUH"))
    assert taken.dislodged == {}
    assert "RUH" not in taken.extra["barbarian"]


# §2.7 scenario 17: civil disorder also takes Gaul out of its federation.
def test_imperial_17_civil_disorder_leaves_the_federation():
    pos = federated(joined("BRE", "MAR", "NAP")).position
    assert pos.extra["federations"] == [[GAUL, ROME]]
    pos = moved(pos, bre=None, mar=None, par=(GAUL, "A PAR"), mao=(GAUL, "F MAO"))
    pos = moved(pos, spa=(FRANK, "A SPA"))
    pos = at(pos, "S1903M", centres=owning(pos, GAUL, "PAR", "SPA"))
    spring = play(pos, {}, silent=[GAUL]).position
    assert spring.units["PAR"] == (GAUL, Unit("A", "PAR"))  # one NMR: holds
    assert spring.extra["federations"] == [[GAUL, ROME]]
    fall = play(spring, {}, silent=[GAUL]).position
    assert GAUL not in fall.extra["empires"]
    assert not any(GAUL in f for f in fall.extra.get("federations", []))
    assert fall.units["MAO"] == (DISORDER, Unit("F", "MAO"))
    assert fall.units["BRE"] == (NEUTRAL, Unit("A", "BRE"))
    assert fall.centres["SPA"] == FRANK


# §2.7 scenario 18: victory checked after the Fall update, through the engine.
def _holding(pos, power, count, skip=()):
    """`power` occupies and owns `count` more neutral centres."""
    spare = [
        c
        for c, o in sorted(pos.centres.items())
        if o == NEUTRAL and c not in skip and c in pos.units
    ][:count]
    pos = moved(pos, **{c.lower(): (power, f"A {c}") for c in spare})
    return dataclasses.replace(pos, centres=owning(pos, power, *spare)), spare


def test_imperial_18_solo_joint_victory_and_draw():
    start = at(joined("BRE", "MAR", "NAP"), "F1905M")
    solo, _ = _holding(start, GAUL, 14)  # with Bre: 15
    result = play(solo, {}).position
    assert result.winner == GAUL
    short, _ = _holding(start, GAUL, 13)
    assert play(short, {}).position.winner is None
    pair, taken = _holding(start, GAUL, 7)  # Gaul 8
    pair, _ = _holding(pair, ROME, 6, skip=taken)  # Rome 7
    assert play(pair, {}).position.winner is None
    joint = federated(at(pair, "S1905M")).position
    assert joint.winner == f"{GAUL}+{ROME}"  # when they federate
    already = at(dataclasses.replace(joint, winner=None), "F1905M")
    assert play(already, {}).position.winner == f"{GAUL}+{ROME}"  # at the check
    draw, taken = _holding(start, GAUL, 14)
    draw, _ = _holding(draw, FRANK, 14, skip=taken)
    drawn = play(draw, {}).position
    assert drawn.winner == f"{GAUL}+{FRANK}" or drawn.winner == f"{FRANK}+{GAUL}"
    assert drawn.extra["result"] == "draw"


# §2.7 scenario 19: Norse joins after the F1902 results (in the W1902A
# window; docs/variants.md: a JOIN takes effect at the start of the next
# movement phase), and has IG Nwy and A Nwy at the start of S1903.
# JOIN Mun (inland) and JOIN Bre while Frank owns it are refused.
def test_imperial_19_join_in_mid_game():
    winter = _winter_1902()
    result = play(winter, {NORSE: [Join("NWY", "Norse")], GAUL: ["WAIVE"]})
    spring = result.position
    assert str(spring.phase) == "S1903M"
    assert spring.centres["NWY"] == NORSE
    assert spring.units["NWY"] == (NORSE, Unit("A", "NWY"))
    assert spring.extra["garrisons"]["NWY"] == NORSE
    assert orders_needed(BOARD, spring)[NORSE] == 2  # army and garrison
    inland = play(winter, {"EMPIRE_KIE": [Join("MUN")]})
    assert [r.outcomes for r in inland.results if isinstance(r.order, Join)] == [
        ("void",)
    ]
    assert inland.position.centres["MUN"] == NEUTRAL
    frank_owns = moved(joined("MAR"), bre=(FRANK, "A BRE"))
    frank_owns = dataclasses.replace(
        frank_owns, centres=owning(frank_owns, FRANK, "BRE")
    )
    refused = play(frank_owns, {GAUL: [Join("BRE")]})
    assert [r.outcomes for r in refused.results if isinstance(r.order, Join)] == [
        ("void",)
    ]
    after = play(refused.position, {}).position
    assert GAUL not in after.extra["empires"]
    assert after.centres["BRE"] == FRANK


# -- §3.6 1913 ---------------------------------------------------------------


def play_1913(pos, given, variant="1913"):
    board, rules = load_variant(variant)
    return adjudicate(board, pos, given, rules)


# §3.6 scenario 2: an invalid opening build alone leaves the build unused
# (waived: no default unit), as does Russia's F StP without a coast.
def test_1913_2_invalid_opening_build_alone_is_waived():
    from judge.engine.api import initial_position

    board = load_variant("1913")[0]
    given = orders(serbia=["F SER B"], russia=["F STP B"])
    result = play_1913(initial_position(board), given)
    assert outcome(result, "SERBIA", "F SER") == ("void",)
    assert outcome(result, "RUSSIA", "F STP") == ("void",)
    built = units_of(result.position)
    assert "SERBIA" not in built
    assert "RUSSIA" not in built
    assert built["SPAIN"] == ["A SPA"]  # silent: its default unit


# §3.6 scenario 9: the designation is final; Serbia builds again in Gre
# only once it has retaken it.
def test_1913_9_designation_is_final_and_gre_after_retaking():
    homes = {"homes": {"SERBIA": "GRE"}}
    later = position(
        "F1916M",
        {"SERBIA": ["A SER", "F BUL/SC"]},
        {"SERBIA": ["SER", "BUL"], "GREECE": ["GRE"]},
        extra=homes,
    )
    result = play_1913(later, {"SERBIA": [Designate("BUL")]})
    assert designations(result.position) == {"SERBIA": "GRE"}
    lost = position(
        "W1916A", {"SERBIA": ["A BUD"]}, {"SERBIA": ["SER", "BUL"]}, extra=homes
    )
    assert outcome(
        play_1913(lost, orders(serbia=["F BUL/EC B"])), "SERBIA", "F BUL/EC"
    ) == ("void",)
    assert outcome(play_1913(lost, orders(serbia=["F GRE B"])), "SERBIA", "F GRE") == (
        "void",
    )
    retaken = position(
        "W1917A", {"SERBIA": ["A BUD"]}, {"SERBIA": ["SER", "GRE"]}, extra=homes
    )
    result = play_1913(retaken, orders(serbia=["F GRE B"]))
    assert outcome(result, "SERBIA", "F GRE") == ()
    assert units_of(result.position)["SERBIA"] == ["A BUD", "F GRE"]


# §3.6 scenario 12 (last sentence): DATC-J 6.J.1-11 give the same results on
# the 1913 map.
J_CASES = sorted(c for c in CASES if c.startswith("6.J."))


@pytest.mark.parametrize("case_id", J_CASES)
def test_1913_12_datc_civil_disorder_cases_on_the_1913_map(case_id):
    case = CASES[case_id]
    request = {
        "id": case_id,
        "variant": "1913",
        "state": case["state"],
        "orders": case["orders"],
    }
    _check_phase(case, handle_request(request), "default")


# -- §4.4 the rulebook's small games -----------------------------------------


# §4.4 scenario 12: P3 (Germany+Turkey) silent: every unit holds, and in the
# Winter removals follow D3 for each country separately.
def test_small_12_multi_country_nmr_removals_per_country():
    board, rules = load_variant("standard-4p")
    spring = position(
        "S1902M",
        {
            "GERMANY": ["A BER", "A KIE", "A SIL"],
            "TURKEY": ["A ANK", "A CON", "F AEG"],
        },
        {"GERMANY": ["BER", "KIE"], "TURKEY": ["ANK", "CON"]},
    )
    held = adjudicate(board, spring, {}, rules).position
    assert units_of(held)["GERMANY"] == ["A BER", "A KIE", "A SIL"]
    assert units_of(held)["TURKEY"] == ["A ANK", "A CON", "F AEG"]
    winter = dataclasses.replace(held, phase=Phase.parse("W1902A"))
    assert orders_needed(board, winter) == {"GERMANY": -1, "TURKEY": -1}
    after = adjudicate(board, winter, {}, rules).position
    assert units_of(after)["GERMANY"] == ["A BER", "A KIE"]  # A Sil: farthest
    assert units_of(after)["TURKEY"] == ["A ANK", "A CON"]  # F Aeg: farthest


# §3.6 scenario 2, through `judge adjudicate` (the mail judge reads orders the
# same way): "Build F Ser" alone should leave Serbia's build unused.
def test_1913_2_invalid_opening_build_by_command_is_waived():
    # Serbia sent orders (one the order language refused): it is no NMR.
    response = handle_request({"orders": {"serbia": ["F SER B"]}}, "1913")
    assert response["state"]["phase"] == "S1913M"
    assert "SERBIA" not in response["state"]["units"]


# §2.7 scenario 20, through the engine: a cleared, vacant edge province with
# no barbarian neighbour (Syr) is overrun; a vacant edge centre (Sev) gets an
# NG.
def test_imperial_20_edge_spread_in_play():
    pos = moved(joined("BRE"), sev=None)
    pos = dataclasses.replace(pos, extra={**pos.extra, "barbarian": []})
    after = play(pos, {GAUL: []}).position
    assert "SYR" in after.extra["barbarian"]
    assert after.units["SEV"] == (NEUTRAL, Unit("A", "SEV"))
    assert "SEV" not in after.extra["barbarian"]
    assert "PIC" not in after.extra["barbarian"]  # not edge, no neighbour
