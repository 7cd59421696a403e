"""The rulebook's games for two to six players: spec §4.4 scenarios."""

import pytest

from judge.engine.api import adjudicate, initial_position, orders_needed
from judge.variants import load_variant
from judge.variants.small.rules import coin_toss, seating

from .helpers import order, orders, outcome, position, units_of

STANDARD_CENTRES = {
    "AUSTRIA": ["BUD", "TRI", "VIE"],
    "ENGLAND": ["EDI", "LON", "LVP"],
    "FRANCE": ["BRE", "MAR", "PAR"],
    "GERMANY": ["BER", "KIE", "MUN"],
    "ITALY": ["NAP", "ROM", "VEN"],
    "RUSSIA": ["MOS", "SEV", "STP", "WAR"],
    "TURKEY": ["ANK", "CON", "SMY"],
}


def play(name, pos, given):
    board, rules = load_variant(name)
    return adjudicate(board, pos, given, rules)


# 1. An Italian unit dislodged is disbanded at once: no retreat phase.
def test_6p_dislodged_neutral_unit_is_disbanded_without_retreat():
    pos = position(
        "S1901M",
        {"AUSTRIA": ["A TRI", "A TYR"], "ITALY": ["A VEN", "A ROM", "F NAP"]},
        STANDARD_CENTRES,
    )
    result = play(
        "standard-6p", pos, orders(austria=["A TRI - VEN", "A TYR S A TRI - VEN"])
    )
    assert "dislodged" in outcome(result, "ITALY", "A VEN")
    after = result.position
    assert after.phase.season == "F" and after.phase.type == "M"
    assert after.dislodged == {}
    assert after.units["VEN"] == ("AUSTRIA", order("A VEN H").unit)
    assert units_of(after)["ITALY"] == ["A ROM", "F NAP"]
    assert result.dislodged == ()


# 2. A player may support a neutral unit.
def test_6p_player_supports_a_neutral_unit():
    pos = position(
        "S1901M",
        {
            "AUSTRIA": ["A TRI", "A TYR"],
            "FRANCE": ["A PIE"],
            "ITALY": ["A VEN", "A ROM", "F NAP"],
        },
        STANDARD_CENTRES,
    )
    given = orders(
        austria=["A TRI - VEN", "A TYR S A TRI - VEN"], france=["A PIE S A VEN"]
    )
    result = play("standard-6p", pos, given)
    assert outcome(result, "AUSTRIA", "A TRI") == ("bounce",)
    assert result.position.units["VEN"][0] == "ITALY"


# 3. Neutral units take no orders, so they support nobody.
def test_6p_orders_for_italy_are_void_and_give_no_support():
    pos = position(
        "S1901M",
        {"AUSTRIA": ["A TRI", "A TYR"], "ITALY": ["A VEN", "A ROM", "F NAP"]},
        STANDARD_CENTRES,
    )
    given = orders(
        austria=["A TRI - VEN", "A TYR S A TRI - VEN"],
        italy=["A ROM S A VEN", "F NAP - ION"],
    )
    result = play("standard-6p", pos, given)
    assert outcome(result, "ITALY", "A ROM") == ("void",)
    assert outcome(result, "ITALY", "F NAP") == ("void",)
    assert result.position.units["VEN"][0] == "AUSTRIA"
    assert "NAP" in result.position.units  # the fleet did not move
    board, _ = load_variant("standard-6p")
    assert "ITALY" not in orders_needed(board, initial_position(board))


# 4. Neutral Italy never builds, and loses units by civil disorder.
def test_6p_neutral_italy_never_builds():
    pos = position(
        "F1901M",
        {"ITALY": ["A VEN", "F ION"], "FRANCE": ["A PAR"]},
        {"ITALY": ["NAP", "ROM", "VEN"], "FRANCE": ["PAR"]},
    )
    result = play("standard-6p", pos, {})
    after = result.position
    assert str(after.phase) == "S1902M"  # Italy's build was never asked for
    assert units_of(after)["ITALY"] == ["A VEN", "F ION"]


def test_6p_neutral_italy_short_of_centres_removes_the_far_fleet():
    centres = {"ITALY": ["ROM", "VEN"], "AUSTRIA": ["NAP"], "FRANCE": ["PAR"]}
    pos = position(
        "F1901M", {"ITALY": ["A VEN", "F ION", "A APU"], "FRANCE": ["A PAR"]}, centres
    )
    board, rules = load_variant("standard-6p")
    result = adjudicate(board, pos, {}, rules)
    after = result.position
    assert str(after.phase) == "S1902M"
    assert units_of(after)["ITALY"] == ["A APU", "A VEN"]  # fleet before army


# 5. Five players: Germany is neutral too.
def test_5p_german_unit_disbanded_and_centre_taken_germany_never_builds():
    pos = position(
        "F1901M",
        {
            "FRANCE": ["A BUR", "A RUH"],
            "GERMANY": ["A MUN", "F KIE"],
            "ITALY": ["A VEN"],
        },
        STANDARD_CENTRES,
    )
    given = orders(france=["A BUR - MUN", "A RUH S A BUR - MUN"])
    result = play("standard-5p", pos, given)
    after = result.position
    assert after.centres["MUN"] == "FRANCE"
    assert units_of(after)["GERMANY"] == ["F KIE"]
    assert after.dislodged == {}
    # Germany, with BER and KIE and one unit, may build, but never does.
    assert units_of(after).get("GERMANY") == ["F KIE"]
    board, _ = load_variant("standard-5p")
    assert "GERMANY" not in orders_needed(board, after)


# 6. Adjustments are per country: no Austrian build in Paris.
def test_4p_builds_stay_per_country():
    centres = {
        "AUSTRIA": ["BUD", "TRI", "VIE", "SER"],
        "FRANCE": ["BRE", "MAR", "PAR"],
    }
    pos = position(
        "W1901A",
        {"AUSTRIA": ["A BUD", "F TRI", "A VIE"], "FRANCE": ["A BRE", "A MAR"]},
        centres,
    )
    board, rules = load_variant("standard-4p")
    assert orders_needed(board, pos) == {"FRANCE": 1}
    result = adjudicate(board, pos, orders(austria=["A PAR B"]), rules)
    assert outcome(result, "AUSTRIA", "A PAR") == ("void",)
    assert "PAR" not in result.position.units


# 7. Sides are per country by default; same_side=player joins them.
@pytest.mark.parametrize(
    ("variant", "dislodged"),
    [("standard-4p", True), ("standard-4p:same_side=player", False)],
)
def test_4p_a_players_countries_and_same_side(variant, dislodged):
    pos = position(
        "S1901M",
        {"FRANCE": ["A BOH", "A MUN"], "AUSTRIA": ["A TYR"]},
        STANDARD_CENTRES,
    )
    given = orders(france=["A BOH - TYR", "A MUN S A BOH - TYR"])
    result = play(variant, pos, given)
    assert (result.position.units["TYR"][0] == "FRANCE") is dislodged
    assert ("TYR" in result.position.dislodged) is dislodged


# 9. Two players: Italy closed.
def test_2p_italian_territory_is_closed_before_1915():
    board, rules = load_variant("standard-2p")
    pos = position(
        "S1914M",
        {
            "FRANCE": ["A MAR", "F LYO"],
            "AUSTRIA": ["A TYR"],
            "ITALY": ["A VEN", "A ROM", "F NAP"],
        },
        STANDARD_CENTRES,
    )
    given = orders(
        france=["A MAR - PIE", "F LYO - TUS"],
        austria=["A TYR - VEN"],
        italy=["A VEN - PIE"],
    )
    result = adjudicate(board, pos, given, rules)
    for power, unit in [
        ("FRANCE", "A MAR"),
        ("FRANCE", "F LYO"),
        ("AUSTRIA", "A TYR"),
        ("ITALY", "A VEN"),
    ]:
        assert outcome(result, power, unit) == ("void",), unit
    assert units_of(result.position) == units_of(pos)
    legal = adjudicate(board, pos, orders(france=["F LYO - TYS"]), rules)
    assert "TYS" in legal.position.units
    assert "ITALY" not in orders_needed(board, pos)


def test_2p_supports_into_closed_provinces_are_void():
    board, rules = load_variant("standard-2p")
    pos = position(
        "S1914M",
        {"FRANCE": ["A MAR", "F LYO"], "ITALY": ["A VEN", "A ROM", "F NAP"]},
        STANDARD_CENTRES,
    )
    given = orders(france=["F LYO S A MAR - PIE", "A MAR S A VEN"])
    result = adjudicate(board, pos, given, rules)
    assert outcome(result, "FRANCE", "F LYO") == ("void",)
    assert outcome(result, "FRANCE", "A MAR") == ("void",)


# 10. The coin toss after Fall 1914; Italy open from Spring 1915.
def test_2p_coin_toss_gives_italy_to_a_player_who_orders_it_from_1915():
    board, rules = load_variant("standard-2p:coin_toss=P2")
    start = initial_position(board)
    fall = adjudicate(board, start, {}, rules).position
    assert str(fall.phase) == "F1914M"
    assert "coin_toss" not in fall.extra
    spring = adjudicate(board, fall, {}, rules).position
    assert str(spring.phase) == "S1915M"
    assert spring.extra["coin_toss"] == {"power": "ITALY", "player": "P2", "year": 1914}
    assert seating(board, spring)["P2"] == ["AUSTRIA", "GERMANY", "ITALY", "TURKEY"]
    assert orders_needed(board, spring)["ITALY"] == 3
    given = orders(italy=["A VEN - TYR"], france=["A MAR - PIE"])
    result = adjudicate(board, spring, given, rules)
    assert outcome(result, "ITALY", "A VEN") == ()
    assert outcome(result, "FRANCE", "A MAR") == ()
    assert result.position.units["TYR"][0] == "ITALY"
    assert result.position.units["PIE"][0] == "FRANCE"
    assert result.position.extra["coin_toss"]["player"] == "P2"  # it stays


def test_2p_drawn_coin_toss_is_reproducible_from_the_seed():
    board, rules = load_variant("standard-2p:seed=game42")
    again = coin_toss(board, rules, 1914)
    assert again in ("P1", "P2")
    assert coin_toss(board, rules, 1914) == again
    drawn = {
        coin_toss(board, load_variant(f"standard-2p:seed=g{i}")[1], 1914)
        for i in range(20)
    }
    assert drawn == {"P1", "P2"}  # both sides of the coin turn up


# 11. Victory on units on the board, not centres.
def _p1_with_units(count: int, centres: int):
    """P1 (England, France, Russia) with `count` units, `centres` centres."""
    board, _ = load_variant("standard-2p")
    spots = [
        p
        for p, prov in sorted(board.provinces.items())
        if prov.kind in ("land", "coast")
        and p not in ("SWI", "PIE", "VEN", "TUS", "ROM", "NAP", "APU")
        and p not in ("LON", "EDI", "LVP", "BRE", "PAR", "MAR")
    ]
    units = {"ENGLAND": [f"A {p}" for p in spots[:count]], "ITALY": ["A VEN"]}
    owned = [c for c in board.supply_centres() if c not in ("VEN", "ROM", "NAP")]
    cs = {"ENGLAND": owned[:centres], "ITALY": ["VEN", "ROM", "NAP"]}
    return position("W1915A", units, cs)


def test_2p_victory_is_24_units_not_24_centres():
    board, rules = load_variant("standard-2p")
    pos = _p1_with_units(22, 24)  # two builds due; London and Edinburgh free
    assert pos.centres["LON"] == "ENGLAND" or "LON" not in pos.centres
    result = adjudicate(board, pos, orders(england=["A LON B"]), rules)
    assert len(result.position.units_of("ENGLAND")) == 23
    assert result.position.winner is None
    result = adjudicate(board, pos, orders(england=["A LON B", "F EDI B"]), rules)
    assert len(result.position.units_of("ENGLAND")) == 24
    assert result.position.winner == "ENGLAND+FRANCE+RUSSIA"


# 12. A player's NMR is an NMR for each of its countries.
def test_3_countries_silent_all_hold():
    board, rules = load_variant("standard-4p")
    start = initial_position(board)
    result = adjudicate(board, start, orders(england=["F LON - NTH"]), rules)
    before = units_of(start)
    after = units_of(result.position)
    for country in ("GERMANY", "TURKEY"):
        assert after[country] == before[country]


def test_player_sum_victory_option():
    centres = {
        "AUSTRIA": ["BUD", "TRI", "VIE", "SER", "GRE", "BUL", "RUM", "WAR", "MOS"],
        "FRANCE": ["BRE", "MAR", "PAR", "SPA", "POR", "BEL", "HOL", "MUN", "KIE"],
    }
    pos = position("F1905M", {"AUSTRIA": ["A BUD"], "FRANCE": ["A PAR"]}, centres)
    board, rules = load_variant("standard-4p")
    assert adjudicate(board, pos, {}, rules).position.winner is None
    board, rules = load_variant("standard-4p:victory=player_sum_18")
    assert adjudicate(board, pos, {}, rules).position.winner == "AUSTRIA+FRANCE"


def test_2p_toss_winner_orders_italys_winter_adjustments():
    board, rules = load_variant("standard-2p:coin_toss=P1")
    fall = position(
        "F1914M",
        {"ITALY": ["A VEN", "A ROM"], "FRANCE": ["A PAR"]},
        {"ITALY": ["NAP", "ROM", "VEN"], "FRANCE": ["PAR"]},
    )
    winter = adjudicate(board, fall, {}, rules).position
    assert str(winter.phase) == "W1914A"
    assert orders_needed(board, winter) == {"ITALY": 1}
    result = adjudicate(board, winter, orders(italy=["F NAP B"]), rules)
    assert outcome(result, "ITALY", "F NAP") == ()
    spring = result.position
    assert str(spring.phase) == "S1915M"
    assert units_of(spring)["ITALY"] == ["A ROM", "A VEN", "F NAP"]


def test_2p_same_side_player_includes_italy_after_the_toss():
    board, rules = load_variant("standard-2p:coin_toss=P2,same_side=player")
    spring = position(
        "S1915M",
        {"ITALY": ["A VEN"], "AUSTRIA": ["A TRI", "A TYR"]},
        {"ITALY": ["VEN"], "AUSTRIA": ["TRI", "VIE", "BUD"]},
        extra={"coin_toss": {"power": "ITALY", "player": "P2", "year": 1914}},
    )
    given = orders(austria=["A TRI - VEN", "A TYR S A TRI - VEN"])
    result = adjudicate(board, spring, given, rules)
    assert result.position.units["VEN"][0] == "ITALY"  # one side: no dislodging
    board, rules = load_variant("standard-2p:coin_toss=P2")
    result = adjudicate(board, spring, given, rules)
    assert result.position.units["VEN"][0] == "AUSTRIA"
