"""Imperial Diplomacy played through the engine: spec §2.7 scenarios."""

import dataclasses

from judge.engine.api import adjudicate, initial_position, orders_needed
from judge.engine.orders import Unit
from judge.engine.serialize import position_from_json, position_to_json
from judge.engine.variant_imperial import NEUTRAL, Join
from judge.engine.variants import load_variant

from .helpers import order, outcome

BOARD, RULES = load_variant("imperial")
GAUL, FRANK, ROME = "EMPIRE_BRE", "EMPIRE_MAR", "EMPIRE_NAP"


def play(pos, given):
    given = {
        p: [order(t) if isinstance(t, str) else t for t in ts]
        for p, ts in given.items()
    }
    return adjudicate(BOARD, pos, given, RULES)


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
    assert orders_needed(BOARD, pos) == {GAUL: 1}
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
    result = play(spring, {GAUL: ["A BRE - GAS"]})  # the garrison alone
    assert outcome(result, GAUL, "A BRE") == ("void",)
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
