"""Imperial Diplomacy played through the engine: spec §2.7 scenarios."""

import dataclasses

from judge.engine.api import adjudicate, initial_position, orders_needed
from judge.engine.orders import Unit
from judge.engine.serialize import position_from_json, position_to_json
from judge.variants import load_variant
from judge.variants.imperial.rules import NEUTRAL, Join, MultiMove, parse_multimove

from .helpers import order, outcome

BOARD, RULES = load_variant("imperial")
GAUL, FRANK, ROME = "EMPIRE_BRE", "EMPIRE_MAR", "EMPIRE_NAP"


def play(pos, given, silent=()):
    """Orders as canonical text (multi-step fleet moves too) or objects.  Every
    empire sends orders (maybe none), except those `silent` (missed turns)."""
    given = {p: [read(t) for t in ts] for p, ts in given.items()}
    for empire in pos.extra.get("empires", {}):
        if empire not in silent:
            given.setdefault(empire, [])
    return adjudicate(BOARD, pos, given, RULES)


def read(text):
    if not isinstance(text, str):
        return text
    return parse_multimove(BOARD, text) or order(text)


def joined(*cities):
    start = initial_position(BOARD)
    return play(start, {f"EMPIRE_{c}": [Join(c)] for c in cities}).position


def units(pos, power):
    return sorted(str(u) for u in pos.units_of(power))


def moved(pos, **changes):
    """The position with units placed or removed: {"PIC": (power, "A PIC")}."""
    table = dict(pos.units)
    for prov, entry in changes.items():
        if entry is None:
            table.pop(prov.upper(), None)
        else:
            table[prov.upper()] = (entry[0], Unit.parse(entry[1]))
    return dataclasses.replace(pos, units=table)


# 1. Set-up.
def test_join_before_the_first_spring():
    pos = joined("BRE")
    assert str(pos.phase) == "S1901M"
    assert pos.centres["BRE"] == GAUL
    assert units(pos, GAUL) == ["A BRE"]
    assert pos.extra["garrisons"] == {"BRE": GAUL}
    assert sum(1 for c, o in pos.centres.items() if o == NEUTRAL) == 33
    assert len(pos.units_of(NEUTRAL)) == 33
    assert orders_needed(BOARD, pos) == {GAUL: 2}  # the army and the garrison
    # A year of holding: one centre, one counted unit, no Winter.
    after = play(play(pos, {}).position, {}).position
    assert str(after.phase) == "S1902M"


# 2-4. A neutral garrison resists; the Imperial Garrison supports; spread back.
def test_garrison_support_takes_paris_and_barbarians_return():
    spring = play(joined("BRE"), {GAUL: ["A BRE - PIC"]}).position
    assert units(spring, GAUL) == ["A PIC"]
    assert "PIC" not in spring.extra["barbarian"]
    alone = play(spring, {GAUL: ["A PIC - PAR"]})
    assert outcome(alone, GAUL, "A PIC") == ("bounce",)
    fall = play(spring, {GAUL: ["A PIC - PAR", "A BRE S A PIC - PAR"]})
    assert outcome(fall, GAUL, "A PIC") == ()
    winter = fall.position
    assert "PAR" in winter.units and winter.units["PAR"][0] == GAUL
    assert winter.centres["PAR"] == GAUL
    assert "PIC" in winter.extra["barbarian"]  # vacant next to Burgundy
    assert str(winter.phase) == "W1901A"
    assert orders_needed(BOARD, winter) == {GAUL: 1}
    built = play(winter, {GAUL: ["F BRE B"]})  # the garrison does not block
    assert outcome(built, GAUL, "F BRE") == ()
    assert units(built.position, GAUL) == ["A PAR", "F BRE"]
    assert built.position.extra["garrisons"] == {"BRE": GAUL}


def test_build_blocked_by_a_unit_not_by_the_garrison():
    pos = joined("BRE")
    winter = dataclasses.replace(
        pos,
        phase=pos.phase.__class__(1901, "W", "A"),
        centres={**pos.centres, "PAR": GAUL},
    )
    result = play(winter, {GAUL: ["F BRE B"]})
    assert outcome(result, GAUL, "F BRE") == ("void",)  # A BRE is still there


# 5. An owned centre left empty next to barbarians is overrun.
def test_owned_centre_overrun_and_lost_at_the_fall_update():
    spring = joined("BRE")
    pos = moved(spring, bre=None, par=(GAUL, "A PAR"))
    pos = dataclasses.replace(pos, centres={**pos.centres, "PAR": GAUL})
    after = play(pos, {GAUL: ["A PAR - GAS"]}).position
    assert after.units["PAR"] == (NEUTRAL, Unit("A", "PAR"))
    assert "PAR" not in after.extra["barbarian"]
    assert "GAS" not in after.extra["barbarian"]
    fall = play(after, {}).position
    assert fall.centres["PAR"] == NEUTRAL


# 6. The garrison cannot move; a supported attack destroys it.
def test_garrison_cannot_move_and_is_destroyed_without_retreat():
    spring = play(joined("BRE", "MAR"), {GAUL: ["A BRE - PIC"]}).position
    assert units(spring, GAUL) == ["A PIC"]
    result = play(spring, {GAUL: ["IG BRE - GAS"]})  # the garrison alone
    assert outcome(result, GAUL, "IG BRE") == ("void",)
    result = play(spring, {GAUL: ["A BRE - GAS"]})  # named as the army it was
    assert outcome(result, GAUL, "IG BRE") == ("void",)
    pos = moved(spring, mar=None, gas=(FRANK, "A GAS"), pic=(FRANK, "A PIC"))
    result = play(pos, {FRANK: ["A PIC - BRE", "A GAS S A PIC - BRE"]})
    after = result.position
    assert after.units["BRE"][0] == FRANK
    assert "BRE" not in after.extra["garrisons"]
    assert after.dislodged == {}
    assert after.centres["BRE"] == FRANK  # Fall update


def test_lone_attack_on_a_shared_city_fails_even_if_the_unit_leaves():
    pos = joined("BRE", "MAR")
    pos = moved(pos, mar=None, pic=(FRANK, "A PIC"))
    result = play(pos, {GAUL: ["A BRE - GAS"], FRANK: ["A PIC - BRE"]})
    assert outcome(result, GAUL, "A BRE") == ()
    assert outcome(result, FRANK, "A PIC") == ("bounce",)
    assert result.position.extra["garrisons"]["BRE"] == GAUL
    own = play(pos, {GAUL: ["A BRE - GAS"]}).position
    back = play(own, {GAUL: ["A GAS - BRE"]})  # friendly entry: co-located
    assert outcome(back, GAUL, "A GAS") == ()


# IMP-3: the garrison is a piece of its own beside the unit sharing its city.
def shared(*placed):
    """Gaul joined at Brest (IG BRE and A BRE), Frank at Marseilles, with
    units placed as `moved` takes them."""
    return moved(joined("BRE", "MAR"), mar=None, **dict(placed))


def test_garrison_sharing_its_city_supports_as_an_army():  # IMP-3(a)
    pos = shared(("pic", (GAUL, "A PIC")))
    alone = play(pos, {GAUL: ["A PIC - PAR", "A BRE H"]})
    assert outcome(alone, GAUL, "A PIC") == ("bounce",)
    both = play(pos, {GAUL: ["A PIC - PAR", "A BRE H", "IG BRE S A PIC - PAR"]})
    assert outcome(both, GAUL, "A PIC") == ()
    assert outcome(both, GAUL, "IG BRE") == ()
    assert both.position.units["PAR"] == (GAUL, Unit("A", "PAR"))
    # ... and the unit beside it may support too: both count.
    three = play(
        moved(pos, par=(NEUTRAL, "A PAR"), gas=(FRANK, "A GAS")),
        {GAUL: ["A PIC - PAR", "A BRE S A PIC - PAR", "IG BRE S A PIC - PAR"]},
    )
    assert outcome(three, GAUL, "A PIC") == ()


def test_garrison_supports_into_land_only():
    pos = shared()
    result = play(pos, {GAUL: ["IG BRE S A BRE", "IG BRE S F MAO - ENG"]})
    assert [r.outcomes for r in result.results if str(r.unit) == "IG BRE"] == [
        ("void",),
        ("void",),
    ]


def test_hold_support_for_the_garrison_beats_a_supported_attack():  # IMP-3(d)(ii)
    pos = shared(
        ("pic", (FRANK, "A PIC")),
        ("gas", (FRANK, "A GAS")),
        ("bre", None),
        ("mao", (GAUL, "F MAO")),
    )
    attack = {FRANK: ["A PIC - BRE", "A GAS S A PIC - BRE"]}
    taken = play(pos, {**attack, GAUL: ["F MAO H"]})
    assert outcome(taken, FRANK, "A PIC") == ()
    assert "BRE" not in taken.position.extra["garrisons"]
    held = play(pos, {**attack, GAUL: ["F MAO S IG BRE"]})
    assert outcome(held, FRANK, "A PIC") == ("bounce",)
    assert outcome(held, GAUL, "F MAO") == ()
    assert held.position.extra["garrisons"]["BRE"] == GAUL
    # Written as the army it looks like when alone, the support still counts.
    held = play(pos, {**attack, GAUL: ["F MAO S A BRE"]})
    assert outcome(held, FRANK, "A PIC") == ("bounce",)


def test_strengths_of_garrison_and_unit_are_not_added():  # IMP-3(d)
    pos = shared(("pic", (FRANK, "A PIC")), ("gas", (FRANK, "A GAS")))
    attack = {FRANK: ["A PIC - BRE", "A GAS S A PIC - BRE"]}
    # 2 against the army's 1 and the garrison's 1: both are beaten.
    beaten = play(pos, {**attack, GAUL: ["A BRE H"]}).position
    assert beaten.units["BRE"][0] == FRANK
    assert "BRE" not in beaten.extra["garrisons"]
    assert units(beaten, GAUL) == []  # dislodged with nowhere to go
    # A hold-support for the garrison does not help the army, nor the reverse.
    pos = moved(pos, mao=(GAUL, "F MAO"))
    army_held = play(pos, {**attack, GAUL: ["F MAO S A BRE"]})
    assert outcome(army_held, FRANK, "A PIC") == ("bounce",)
    garrison_held = play(pos, {**attack, GAUL: ["F MAO S IG BRE"]})
    assert outcome(garrison_held, FRANK, "A PIC") == ("bounce",)


def test_beaten_garrison_is_destroyed_while_its_army_retreats():  # IMP-3(e)
    pos = shared(("pic", (FRANK, "A PIC")), ("mao", (FRANK, "F MAO")))
    attack = {FRANK: ["A PIC - BRE", "F MAO S A PIC - BRE"], GAUL: ["A BRE H"]}
    result = play(pos, attack)
    assert outcome(result, GAUL, "A BRE") == ("dislodged",)
    assert outcome(result, GAUL, "IG BRE") == ("dislodged", "disband")
    after = result.position
    assert str(after.phase) == "S1901R"
    assert after.dislodged["BRE"].unit == Unit("A", "BRE")
    assert "GAS" in after.dislodged["BRE"].retreats
    assert "BRE" not in after.extra["garrisons"]


def test_attack_on_the_city_cuts_the_garrison_support():  # IMP-3(f)
    pos = shared(("pic", (GAUL, "A PIC")), ("gas", (FRANK, "A GAS")))
    orders = {GAUL: ["A PIC - PAR", "IG BRE S A PIC - PAR"]}
    cut = play(pos, {**orders, FRANK: ["A GAS - BRE"]})
    assert outcome(cut, GAUL, "IG BRE") == ("cut",)
    assert outcome(cut, GAUL, "A PIC") == ("bounce",)
    assert outcome(cut, FRANK, "A GAS") == ("bounce",)
    assert cut.position.extra["garrisons"]["BRE"] == GAUL


def test_garrison_alone_is_ordered_and_supported_by_its_own_name():
    pos = shared(("bre", None), ("pic", (GAUL, "A PIC")), ("gas", (FRANK, "A GAS")))
    pos = moved(pos, bur=(FRANK, "A BUR"), par=None)
    result = play(
        pos,
        {
            GAUL: ["A PIC S IG BRE", "IG BRE H"],
            FRANK: ["A GAS - BRE", "A BUR S A GAS - BRE"],
        },
    )
    assert outcome(result, FRANK, "A GAS") == ("bounce",)
    assert outcome(result, GAUL, "A PIC") == ()
    assert result.position.extra["garrisons"]["BRE"] == GAUL


def test_no_support_of_an_enemy_attack_on_your_own_garrison_counts():
    pos = shared(("bre", None), ("pic", (FRANK, "A PIC")), ("gas", (GAUL, "A GAS")))
    result = play(pos, {FRANK: ["A PIC - BRE"], GAUL: ["A GAS S A PIC - BRE"]})
    assert outcome(result, FRANK, "A PIC") == ("bounce",)
    assert result.position.extra["garrisons"]["BRE"] == GAUL


# 19. Joining in mid-game.
def test_join_in_mid_game_and_refusals():
    pos = joined("BRE")
    fall = play(pos, {}).position
    result = play(
        fall,
        {
            "EMPIRE_NWY": [Join("NWY", "Norse")],
            "EMPIRE_BRE": [Join("BRE")],
        },
    )
    spring = result.position
    assert str(spring.phase) == "S1902M"
    assert spring.units["NWY"] == ("EMPIRE_NWY", Unit("A", "NWY"))
    assert spring.extra["empires"]["EMPIRE_NWY"] == {"city": "NWY", "name": "Norse"}
    assert spring.extra["garrisons"]["NWY"] == "EMPIRE_NWY"
    assert any(
        r.power == "EMPIRE_BRE" and r.outcomes == ("void",) for r in result.results
    )


def test_orders_for_neutrals_and_unjoined_empires_are_void():
    pos = joined("BRE")
    result = play(pos, {NEUTRAL: ["A PAR - BUR"], "EMPIRE_NWY": ["A NWY - FIN"]})
    assert outcome(result, NEUTRAL, "A PAR") == ("void",)
    assert result.position.units["PAR"][0] == NEUTRAL


def test_state_round_trips_through_json():
    pos = play(joined("BRE"), {GAUL: ["A BRE - PIC"]}).position
    again = position_from_json(BOARD, position_to_json(BOARD, pos))
    assert again == pos


# 7-10. Petrol rationing and multi-step fleet moves.
def fleets(**placed):
    """Gaul (Bre), Frank (Mar) and Rome (Nap) joined, their armies gone, and
    the given units placed: fleets(mao=(GAUL, "F MAO"))."""
    pos = joined("BRE", "MAR", "NAP")
    pos = moved(pos, bre=None, mar=None, nap=None)
    return moved(pos, **placed)


def test_multi_step_move_within_budget():
    pos = fleets(mao=(GAUL, "F MAO"), eng=(GAUL, "F ENG"))
    result = play(pos, {GAUL: ["F MAO - WES - TYS"]})
    assert outcome(result, GAUL, "F MAO") == ()
    assert result.position.units["TYS"] == (GAUL, Unit("F", "TYS"))
    assert "MAO" not in result.position.units and "ENG" in result.position.units


def test_over_budget_orders_are_truncated_at_the_deadline():
    pos = fleets(mao=(GAUL, "F MAO"), eng=(GAUL, "F ENG"))
    result = play(pos, {GAUL: ["F MAO - WES - TYS", "F ENG - NTH"]})
    assert result.position.units["WES"] == (GAUL, Unit("F", "WES"))
    assert result.position.units["NTH"] == (GAUL, Unit("F", "NTH"))
    assert "TYS" not in result.position.units
    strict = adjudicate(
        BOARD,
        pos,
        {GAUL: [read("F ENG - NTH"), read("F MAO - WES - TYS")]},
        load_variant("imperial:petrol_overflow=reject_fleet_orders")[1],
    )
    assert "MAO" in strict.position.units and "ENG" in strict.position.units


def test_a_failed_first_step_stops_the_rest():
    pos = fleets(mao=(GAUL, "F MAO"), eng=(GAUL, "F ENG"), lyo=(FRANK, "F LYO"))
    result = play(pos, {GAUL: ["F MAO - WES - TYS"], FRANK: ["F LYO - WES"]})
    assert outcome(result, GAUL, "F MAO") == ("bounce",)
    assert result.position.units["MAO"] == (GAUL, Unit("F", "MAO"))
    assert "WES" not in result.position.units


def test_a_failed_later_step_leaves_the_fleet_where_it_got_to():
    pos = fleets(mao=(GAUL, "F MAO"), eng=(GAUL, "F ENG"), tys=(FRANK, "F TYS"))
    result = play(pos, {GAUL: ["F MAO - WES - TYS"]})
    assert outcome(result, GAUL, "F MAO") == ("bounce",)
    assert result.position.units["WES"] == (GAUL, Unit("F", "WES"))
    assert result.position.units["TYS"] == (FRANK, Unit("F", "TYS"))


def test_supports_count_for_first_steps_only():
    pos = fleets(
        wes=(GAUL, "F WES"),
        eng=(GAUL, "F ENG"),
        tys=(FRANK, "F TYS"),
        nap=(ROME, "F NAP"),
    )
    given = {GAUL: ["F WES - TYS - ION"], ROME: ["F NAP S F WES - TYS"]}
    result = play(pos, given)
    after = result.position
    assert after.units["ION"] == (GAUL, Unit("F", "ION"))
    assert "TYS" in after.dislodged  # Frank's fleet, dislodged in round 1
    assert "ION" not in after.dislodged["TYS"].retreats  # now occupied
    pos = fleets(
        wes=(GAUL, "F WES"),
        eng=(GAUL, "F ENG"),
        tys=(FRANK, "F TYS"),
        ion=(FRANK, "F ION"),
        nap=(ROME, "F NAP"),
        tun=(ROME, "F TUN"),
    )
    given = {
        GAUL: ["F WES - TYS - ION"],
        ROME: ["F NAP S F WES - TYS", "F TUN S F TYS - ION"],
    }
    result = play(pos, given)
    assert outcome(result, ROME, "F TUN") == ("void",)
    assert result.position.units["TYS"] == (GAUL, Unit("F", "TYS"))
    assert result.position.units["ION"] == (FRANK, Unit("F", "ION"))


def test_one_fleet_cannot_afford_two_steps():
    pos = fleets(wes=(GAUL, "F WES"))
    result = play(pos, {GAUL: ["F WES - TYS - ION"]})  # budget 1: cut to one step
    assert result.position.units["TYS"] == (GAUL, Unit("F", "TYS"))


def test_a_bounced_first_step_does_not_move_the_fleet_standing_there():
    pos = fleets(mao=(GAUL, "F MAO"), wes=(GAUL, "F WES"), eng=(GAUL, "F ENG"))
    result = play(pos, {GAUL: ["F MAO - WES - TYS", "F WES H"]})
    assert outcome(result, GAUL, "F MAO") == ("bounce",)
    after = result.position.units
    assert after["MAO"] == (GAUL, Unit("F", "MAO"))
    assert after["WES"] == (GAUL, Unit("F", "WES"))
    assert "TYS" not in after


def test_a_multi_moving_fleet_cannot_also_support():
    pos = fleets(mao=(GAUL, "F MAO"), gas=(GAUL, "A GAS"))
    result = play(pos, {GAUL: ["F MAO - WES - TYS", "F MAO S A GAS - SPA"]})
    assert "MAO" in result.position.units  # two orders: the fleet holds
    single = play(pos, {GAUL: ["F MAO S A GAS - SPA", "A GAS - SPA"]})
    assert outcome(single, GAUL, "F MAO") == ()


def test_multi_step_orders_read_from_text():
    move = parse_multimove(BOARD, "F Mid - Western Med - TYS")
    assert move is None or isinstance(move, MultiMove)
    move = parse_multimove(BOARD, "F MAO - WES - TYS")
    assert move == MultiMove(Unit("F", "MAO"), ("WES", "TYS"))
    assert parse_multimove(BOARD, "F MAO - WES") is None  # the language's


def test_empires_named_by_id_city_board_name_or_their_players_name():
    from judge.variants import parse_variant_order
    from judge.variants.imperial.rules import Accept, Federate, Give

    pos = joined("BRE", "NAP")
    pos = dataclasses.replace(
        pos,
        extra={
            **pos.extra,
            "empires": {
                **pos.extra["empires"],
                ROME: {"city": "NAP", "name": "Latium"},
            },
        },
    )
    for text in ("FEDERATE WITH EMPIRE_NAP", "federate with Naples",
                 "Federate with Nap", "federate with latium"):  # fmt: skip
        assert parse_variant_order(BOARD, text, pos) == Federate(ROME), text
    assert parse_variant_order(BOARD, "ACCEPT Latium", pos) == Accept(ROME)
    assert parse_variant_order(BOARD, "give builds 2 to Latium", pos) == Give(
        "builds", "2", ROME
    )
    assert parse_variant_order(BOARD, "ACCEPT Latium") is None  # no state: unknown
    name = BOARD.powers[ROME].name
    assert parse_variant_order(BOARD, f"ACCEPT {name}") == Accept(ROME)


# 11-13, 18. Federations.
def federated(pos, a=GAUL, b=ROME):
    from judge.variants.imperial.rules import Federate

    result = play(pos, {a: [Federate(b)], b: [Federate(a)]})
    return result


def test_federating_takes_effect_at_the_end_of_the_phase():
    from judge.variants.imperial.rules import Accept, Federate, LeaveFederation

    pos = joined("BRE", "MAR", "NAP")
    half = play(pos, {GAUL: [Federate(ROME)]}).position
    assert "federations" not in half.extra
    assert half.extra["federating"] == {GAUL: {"federate": ROME}}
    both = play(half, {ROME: [Federate(GAUL)]}).position
    assert both.extra["federations"] == [[GAUL, ROME]]
    asks = play(both, {FRANK: [Federate(GAUL)], GAUL: [Accept(FRANK)]}).position
    assert asks.extra["federations"] == [[GAUL, ROME]]  # Rome has not accepted
    joins = play(asks, {ROME: [Accept(FRANK)]}).position
    assert joins.extra["federations"] == [sorted([FRANK, GAUL, ROME])]
    left = play(joins, {GAUL: [LeaveFederation()]}).position
    assert left.extra["federations"] == [[FRANK, ROME]]


def test_federation_partners_cannot_dislodge_each_other():
    pos = joined("BRE", "MAR", "NAP", "SPA")
    iber = "EMPIRE_SPA"
    pos = moved(pos, mar=None, pie=(ROME, "A PIE"), gas=(iber, "A GAS"))
    pos = moved(pos, mar=(GAUL, "A MAR"))
    given = {ROME: ["A PIE - MAR"], iber: ["A GAS S A PIE - MAR"]}
    apart = play(pos, given)
    assert apart.position.units["MAR"][0] == ROME  # Gaul's army dislodged
    fed = federated(pos).position
    together = play(fed, given)
    assert together.position.units["MAR"] == (GAUL, Unit("A", "MAR"))
    assert outcome(together, ROME, "A PIE") == ("bounce",)


def test_federation_partners_do_not_cut_each_others_support():
    pos = joined("BRE", "MAR", "NAP")
    pos = moved(pos, bre=None, mar=None, bur=(GAUL, "A BUR"), pic=(GAUL, "A PIC"))
    pos = moved(pos, mar=(ROME, "A MAR"))
    given = {GAUL: ["A PIC - BEL", "A BUR S A PIC - BEL"], ROME: ["A MAR - BUR"]}
    apart = play(pos, given)
    assert outcome(apart, GAUL, "A PIC") == ("bounce",)
    together = play(federated(pos).position, given)
    assert outcome(together, GAUL, "A PIC") == ()
    assert together.position.units["BEL"] == (
        GAUL,
        Unit("A", "PIC").__class__("A", "BEL"),
    )


def test_a_partner_in_your_centre_does_not_take_it():
    fall = federated(joined("BRE", "NAP")).position  # F1901M, federated
    assert str(fall.phase) == "F1901M"
    fall = moved(fall, mar=None, bur=(ROME, "A BUR"))
    fall = dataclasses.replace(fall, centres={**fall.centres, "MAR": GAUL})
    after = play(fall, {ROME: ["A BUR - MAR"]}).position
    assert after.units["MAR"][0] == ROME
    assert after.centres["MAR"] == GAUL
    alone = dataclasses.replace(fall, extra={**fall.extra, "federations": []})
    assert play(alone, {ROME: ["A BUR - MAR"]}).position.centres["MAR"] == ROME


def test_federated_victory_when_they_federate():
    from judge.variants.imperial.rules import Federate

    pos = joined("BRE", "NAP")
    centres = dict(pos.centres)
    spare = [c for c, o in centres.items() if o == NEUTRAL]
    for c in spare[:7]:
        centres[c] = GAUL
    for c in spare[7:13]:
        centres[c] = ROME
    pos = dataclasses.replace(pos, centres=centres)  # Gaul 8, Rome 7
    assert play(pos, {}).position.winner is None
    result = play(pos, {GAUL: [Federate(ROME)], ROME: [Federate(GAUL)]})
    assert result.position.winner == f"{GAUL}+{ROME}"
    assert result.position.extra["result"] == "win"


# 17. Civil disorder after two successive missed movement phases.
def _gaul_in_1903():
    pos = joined("BRE", "MAR")
    pos = moved(pos, bre=None, mar=None, par=(GAUL, "A PAR"), mao=(GAUL, "F MAO"))
    pos = moved(pos, spa=(FRANK, "A SPA"))
    centres = {**pos.centres, "PAR": GAUL, "SPA": GAUL}
    return dataclasses.replace(
        pos, phase=pos.phase.__class__(1903, "S", "M"), centres=centres
    )


def test_civil_disorder_after_two_missed_turns():
    spring = play(_gaul_in_1903(), {}, silent=[GAUL]).position
    assert spring.extra["nmr"][GAUL] == {"run": 1, "total": 1}
    assert spring.units["PAR"] == (GAUL, Unit("A", "PAR"))  # nothing else yet
    fall = play(spring, {}, silent=[GAUL]).position
    assert GAUL not in fall.extra["empires"]
    assert "BRE" not in fall.extra["garrisons"]
    assert fall.units["MAO"] == ("DISORDER", Unit("F", "MAO"))
    for city in ("BRE", "PAR"):
        assert fall.units[city] == (NEUTRAL, Unit("A", city))
        assert fall.centres[city] == NEUTRAL
    assert fall.centres["SPA"] == FRANK
    assert orders_needed(BOARD, fall).get(GAUL) is None


def test_one_missed_turn_changes_nothing_and_orders_reset_the_run():
    spring = play(_gaul_in_1903(), {}, silent=[GAUL]).position
    fall = play(spring, {GAUL: ["A PAR H"]}).position
    assert fall.extra["nmr"][GAUL] == {"run": 0, "total": 1}
    assert GAUL in fall.extra["empires"]


def test_disorder_units_hold_and_are_exempt_from_adjustments():
    spring = play(_gaul_in_1903(), {}, silent=[GAUL]).position
    winter = play(spring, {}, silent=[GAUL]).position
    assert str(winter.phase) == "W1903A"
    assert orders_needed(BOARD, winter) == {FRANK: 1}  # not the disorder fleet
    after = play(winter, {FRANK: ["WAIVE"]}).position
    assert after.units["MAO"] == ("DISORDER", Unit("F", "MAO"))
    attack = moved(after, eng=(FRANK, "F ENG"), bre=(FRANK, "F BRE"))
    result = play(attack, {FRANK: ["F ENG - MAO", "F BRE S F ENG - MAO"]})
    assert result.position.units["MAO"] == (FRANK, Unit("F", "MAO"))
    assert result.position.dislodged == {}  # destroyed, no retreat


# 13 (continued). Trades between partners, after the Fall retreats.
def test_gifts_of_a_centre_a_unit_and_builds():
    from judge.variants.imperial.rules import Give

    fall = federated(joined("BRE", "NAP")).position  # F1901M, federated
    fall = moved(fall, mar=None, bur=(ROME, "A BUR"), gas=(GAUL, "A GAS"))
    fall = dataclasses.replace(fall, centres={**fall.centres, "MAR": GAUL})
    given = {
        ROME: ["A BUR - MAR"],
        GAUL: [Give("sc", "MAR", ROME), Give("unit", "A GAS", ROME)],
    }
    result = play(fall, given)
    after = result.position
    assert after.centres["MAR"] == ROME
    assert after.units["GAS"] == (ROME, Unit("A", "GAS"))
    assert [r.outcomes for r in result.results if isinstance(r.order, Give)] == [
        (),
        (),
    ]


def test_gifts_need_a_federation():
    from judge.variants.imperial.rules import Give

    fall = play(joined("BRE", "NAP"), {}).position
    fall = moved(fall, gas=(GAUL, "A GAS"))
    result = play(fall, {GAUL: [Give("unit", "A GAS", ROME)]})
    assert result.position.units["GAS"][0] == GAUL
    assert [r.outcomes for r in result.results if isinstance(r.order, Give)] == [
        ("void",)
    ]


def test_builds_given_move_the_allowance():
    from judge.variants.imperial.rules import Give

    winter = federated(joined("BRE", "NAP")).position
    winter = moved(winter, bre=None, nap=None, pic=(GAUL, "A PIC"))
    winter = moved(winter, apu=(ROME, "A APU"))  # Rome: one centre, one unit
    centres = {**winter.centres, "PAR": GAUL}
    winter = dataclasses.replace(
        winter, phase=winter.phase.__class__(1901, "W", "A"), centres=centres
    )
    assert orders_needed(BOARD, winter) == {GAUL: 1}
    given = {GAUL: [Give("builds", "1", ROME), "A BRE B"], ROME: ["A NAP B"]}
    result = play(winter, given)
    after = result.position
    assert "BRE" not in after.units  # Gaul gave its only build away...
    assert after.units["NAP"] == (ROME, Unit("A", "NAP"))  # ...and Rome used it
    assert after.centres["PAR"] == GAUL  # ...but keeps its centres


def test_a_winter_is_held_for_builds_given_in_the_fall():
    from judge.variants.imperial.rules import Give

    fall = federated(joined("BRE", "NAP")).position
    assert str(fall.phase) == "F1901M"
    # Gaul: Bre and Par, one army (in Bre: no site to build on), nothing to
    # raise in (no barbarian province left, the edge's land held); Rome's
    # army holds Paris for it.
    fall = moved(fall, nap=None, par=(ROME, "A PAR"))
    edge = {p: (NEUTRAL, f"A {p.upper()}") for p in ("arm", "naf", "syr")}
    fall = moved(fall, **edge)
    fall = dataclasses.replace(
        fall,
        centres={**fall.centres, "PAR": GAUL},
        extra={**fall.extra, "barbarian": []},
    )
    skipped = play(fall, {}).position
    assert str(skipped.phase) == "S1902M"
    result = play(fall, {GAUL: [Give("builds", "1", ROME)]})
    winter = result.position
    assert str(winter.phase) == "W1901A"
    assert orders_needed(BOARD, winter) == {ROME: 1}
    built = play(winter, {ROME: ["F NAP B"]}).position
    assert built.units["NAP"] == (ROME, Unit("F", "NAP"))
    assert built.centres["PAR"] == GAUL


# 14-16. Barbarian armies.
def _winter_with_surplus():
    """W1902A: Gaul owns Bre and Par, has one army (A Pic); Bur is barbarian."""
    pos = joined("BRE", "MAR")
    pos = moved(pos, bre=None, pic=(GAUL, "A PIC"))
    centres = {**pos.centres, "PAR": GAUL}
    pos = moved(pos, par=None)
    return dataclasses.replace(
        pos, phase=pos.phase.__class__(1902, "W", "A"), centres=centres
    )


def test_raising_a_barbarian_army():
    from judge.variants.imperial.rules import Raise

    winter = _winter_with_surplus()
    assert "BUR" in winter.extra.get("barbarian", ["BUR"])
    result = play(winter, {GAUL: [Raise("BUR")]})
    after = result.position
    assert after.units["BUR"] == (GAUL, Unit("A", "BUR"))
    assert after.extra["barbarian_armies"] == ["BUR"]
    assert "BRE" not in after.units  # the raise used Gaul's one build
    both = play(winter, {GAUL: [Raise("BUR")], FRANK: [Raise("BUR")]}).position
    assert "BUR" not in both.units


def test_a_barbarian_army_takes_a_centre_for_nobody():
    from judge.variants.imperial.rules import Raise

    after = play(_winter_with_surplus(), {GAUL: [Raise("BUR")]}).position
    spring = play(after, {GAUL: ["A BUR - BEL", "A PIC S A BUR - BEL"]}).position
    assert spring.units["BEL"] == (GAUL, Unit("A", "BEL"))
    assert spring.extra["barbarian_armies"] == ["BEL"]
    assert "BUR" in spring.extra["barbarian"]  # its move cleared nothing
    fall = play(spring, {}).position
    assert fall.centres["BEL"] == NEUTRAL  # not Gaul's
    assert fall.extra["pending"] == ["BEL"]
    nxt = play(fall, {}).position if fall.phase.type == "A" else fall
    left = play(nxt, {GAUL: ["A BEL - RUH"]}).position
    assert left.units["BEL"] == (NEUTRAL, Unit("A", "BEL"))  # its garrison
    assert "pending" not in left.extra


def test_releasing_a_barbarian_army():
    from judge.variants.imperial.rules import Raise, Release

    after = play(_winter_with_surplus(), {GAUL: [Raise("BUR")]}).position
    spring = play(after, {GAUL: [Release("BUR")]}).position
    assert spring.units["BUR"] == ("DISORDER", Unit("A", "BUR"))
    assert "BUR" in spring.extra["wild"] and "BUR" in spring.extra["barbarian"]
    assert "barbarian_armies" not in spring.extra
    attack = moved(spring, gas=(GAUL, "A GAS"))
    bounce = play(attack, {GAUL: ["A PIC - BUR"]})
    assert outcome(bounce, GAUL, "A PIC") == ("bounce",)
    taken = play(attack, {GAUL: ["A PIC - BUR", "A GAS S A PIC - BUR"]}).position
    assert taken.units["BUR"] == (GAUL, Unit("A", "BUR"))
    assert "BUR" not in taken.extra["barbarian"]
    assert "wild" not in taken.extra


def test_a_centre_waiting_for_its_garrison_taken_by_an_empire_waits_no_more():
    """IMP-10c: a centre a barbarian army took is neutral until its garrison
    can stand there; an empire's ordinary army holding it at a Fall update
    takes it as usual, and then no neutral garrison is waiting for it."""
    from judge.variants.imperial.rules import Raise

    after = play(_winter_with_surplus(), {GAUL: [Raise("BUR")]}).position
    spring = play(after, {GAUL: ["A BUR - BEL", "A PIC S A BUR - BEL"]}).position
    fall = play(spring, {}).position
    # Gaul holds Paris too: no removal that Winter, its barbarian army stays.
    fall = dataclasses.replace(fall, centres={**fall.centres, "PAR": GAUL})
    nxt = play(fall, {}).position if fall.phase.type == "A" else fall
    assert nxt.phase.season == "S" and nxt.extra["pending"] == ["BEL"]
    swap = play(nxt, {GAUL: ["A BEL - RUH", "A PIC - BEL"]}).position
    assert swap.units["BEL"] == (GAUL, Unit("A", "BEL"))  # an ordinary army
    assert swap.extra["pending"] == ["BEL"]  # still occupied: still waiting
    taken = play(swap, {}).position  # the Fall update: Gaul's army holds it
    assert taken.centres["BEL"] == GAUL
    assert "BEL" not in taken.extra.get("pending", [])
