"""DipWiki's "1913": spec §3.6 scenarios."""

import pytest

from judge.engine.api import adjudicate, initial_position, orders_needed
from judge.variants import load_variant
from judge.variants.v1913.rules import (
    Designate,
    alliance_winners,
    designations,
    parse_designate,
)

from .helpers import orders, outcome, position, units_of

BOARD, RULES = load_variant("1913")


def play(pos, given, variant="1913"):
    board, rules = load_variant(variant)
    return adjudicate(board, pos, given, rules)


# 1. Initial state.
def test_initial_state_is_the_opening_build_phase():
    start = initial_position(BOARD)
    assert str(start.phase) == "W1912A"
    assert start.units == {}
    needed = orders_needed(BOARD, start)
    assert needed == {
        "ENGLAND": 3,
        "FRANCE": 3,
        "GERMANY": 3,
        "ITALY": 3,
        "AUSTRIA": 3,
        "RUSSIA": 4,
        "TURKEY": 3,
        **dict.fromkeys(
            [
                "BELGIUM",
                "BULGARIA",
                "GREECE",
                "PORTUGAL",
                "RUMANIA",
                "SERBIA",
                "SPAIN",
                "SWEDEN",
            ],
            1,
        ),
    }
    assert len(BOARD.supply_centres()) == 37


# 2. Opening build types.
@pytest.mark.parametrize(
    ("power", "build", "ok"),
    [
        ("SERBIA", "F SER B", False),
        ("SERBIA", "A SER B", True),
        ("SPAIN", "F SPA B", False),
        ("SPAIN", "F SPA/SC B", True),
        ("BULGARIA", "F BUL/EC B", True),
        ("RUSSIA", "F STP B", False),
        ("RUSSIA", "F STP/NC B", True),
    ],
)
def test_opening_build_types(power, build, ok):
    result = play(initial_position(BOARD), orders(**{power: [build, "WAIVE"]}))
    assert (outcome(result, power, build[:-2]) == ()) is ok
    built = units_of(result.position).get(power, [])
    assert built == ([build[:-2]] if ok else [])


# 3. Opening NMR: default units, or none under opening_nmr=waive.
def test_opening_nmr_builds_the_default_set():
    after = play(initial_position(BOARD), {}).position
    assert str(after.phase) == "S1913M"
    units = units_of(after)
    assert units["PORTUGAL"] == ["F POR"]
    assert units["SERBIA"] == ["A SER"]
    assert units["RUSSIA"] == ["A MOS", "A WAR", "F SEV", "F STP/SC"]
    assert sum(len(u) for u in units.values()) == 30


def test_opening_vote_without_builds_gets_the_default_units():
    from judge.variants.v1913.rules import Alliance

    vote = {"PORTUGAL": [Alliance(("ENGLAND", "PORTUGAL"))]}
    after = play(initial_position(BOARD), vote).position
    assert units_of(after)["PORTUGAL"] == ["F POR"]
    assert after.extra["alliance"]["PORTUGAL"] == ["ENGLAND", "PORTUGAL"]


def test_opening_nmr_waive_option_and_explicit_waive():
    after = play(initial_position(BOARD), {}, "1913:opening_nmr=waive").position
    assert after.units == {}
    explicit = play(initial_position(BOARD), orders(portugal=["WAIVE"])).position
    assert "PORTUGAL" not in units_of(explicit)
    assert units_of(explicit)["SPAIN"] == ["A SPA"]


# 4. Calendar: W1912A, S1913M, F1913M, W1913A.
def test_calendar_runs_from_winter_1912():
    spring = play(initial_position(BOARD), {}).position
    assert str(spring.phase) == "S1913M"
    fall = play(spring, {}).position
    assert str(fall.phase) == "F1913M"
    assert str(play(fall, {}).position.phase) == "S1914M"  # nothing to adjust
    gain = play(fall, orders(france=["F BRE - MAO"])).position
    gain = play(gain, {}).position  # S1914M -> F1914M
    winter = play(gain, orders(france=["F MAO - NAF"]))
    assert str(winter.position.phase) == "W1914A"
    assert winter.position.centres["NAF"] == "FRANCE"


# 5. Ireland by fleet.
def test_ireland_by_fleet_and_british_build_only_at_home():
    pos = position(
        "S1913M",
        {"ENGLAND": ["F LVP", "F EDI", "F LON"]},
        {"ENGLAND": ["EDI", "LON", "LVP"]},
    )
    spring = play(pos, orders(england=["F LVP - IRI"]))
    assert spring.position.units["IRI"][0] == "ENGLAND"
    fall = play(spring.position, orders(england=["F IRI - IRE"]))
    winter = fall.position
    assert winter.centres["IRE"] == "ENGLAND"
    assert str(winter.phase) == "W1913A"
    assert orders_needed(BOARD, winter) == {"ENGLAND": 1}
    result = play(winter, orders(england=["F IRE B", "A LVP B"]))
    assert outcome(result, "ENGLAND", "F IRE") == ("void",)
    assert outcome(result, "ENGLAND", "A LVP") == ()


# 6. Ireland by army: by convoy only.
def test_ireland_by_army_needs_a_convoy():
    pos = position(
        "S1913M",
        {"ENGLAND": ["A LVP", "A WAL", "F IRI"], "FRANCE": ["F MAO"]},
        {"ENGLAND": ["EDI", "LON", "LVP"], "FRANCE": ["BRE", "PAR", "MAR"]},
    )
    result = play(pos, orders(england=["A LVP - IRE"], france=["F MAO - IRE"]))
    assert outcome(result, "ENGLAND", "A LVP") in (("void",), ("no convoy",))
    assert "IRE" not in result.position.units
    assert outcome(result, "FRANCE", "F MAO") == ("void",)
    result = play(pos, orders(england=["A WAL - IRE", "F IRI C A WAL - IRE"]))
    assert result.position.units["IRE"][0] == "ENGLAND"


# 7. Albania and North Africa count.
def test_albania_and_north_africa_are_centres():
    pos = position(
        "F1913M",
        {"AUSTRIA": ["A TRI"], "FRANCE": ["F MAO"]},
        {"AUSTRIA": ["BUD", "TRI", "VIE"], "FRANCE": ["BRE", "PAR", "MAR"]},
    )
    result = play(pos, orders(austria=["A TRI - ALB"], france=["F MAO - NAF"]))
    assert result.position.centres["ALB"] == "AUSTRIA"
    assert result.position.centres["NAF"] == "FRANCE"
    assert orders_needed(BOARD, result.position) == {"AUSTRIA": 3, "FRANCE": 3}


# 8-11. Designation of a minor power's second home centre.
def _serbia_takes_greece(extra_orders=()):
    pos = position(
        "F1914M",
        {"SERBIA": ["A SER", "F ALB"], "GREECE": ["A BUL"]},
        {"SERBIA": ["SER"], "GREECE": ["GRE"], "BULGARIA": ["BUL"]},
    )
    given = orders(serbia=["F ALB - GRE"])
    given["SERBIA"] += [Designate("GRE"), *extra_orders]
    return play(pos, given)


def test_designation_and_same_winter_build():
    result = _serbia_takes_greece()
    winter = result.position
    assert winter.centres["GRE"] == "SERBIA"
    assert designations(winter) == {"SERBIA": "GRE"}
    assert outcome_of_designation(result, "SERBIA") == ()
    # Serbia: SER, GRE owned, two units; a build needs a free home centre.
    free = position(
        "W1914A",
        {"SERBIA": ["A SER"]},
        {"SERBIA": ["SER", "GRE"]},
        extra=winter.extra,
    )
    assert orders_needed(BOARD, free) == {"SERBIA": 1}
    built = play(free, orders(serbia=["F GRE B"]))
    assert outcome(built, "SERBIA", "F GRE") == ()


def test_designation_makes_a_skipped_winter_happen():
    pos = position(
        "F1914M",
        {"SERBIA": ["A SER", "F ALB"]},
        {"SERBIA": ["SER"], "GREECE": ["GRE"]},
    )
    given = orders(serbia=["F ALB - GRE"])
    given["SERBIA"].append(Designate("GRE"))
    after = play(pos, given).position
    # Serbia owns SER and GRE with two units: nothing to adjust...
    assert str(after.phase) == "S1915M"
    # ...but with a unit out of Greece it may build there the same winter.
    pos = position(
        "F1914M",
        {"SERBIA": ["A SER", "F ALB"]},
        {"SERBIA": ["SER", "ALB"], "GREECE": ["GRE"]},
    )
    given = orders(serbia=["F ALB - GRE"])
    given["SERBIA"].append(Designate("GRE"))
    after = play(pos, given).position
    assert str(after.phase) == "S1915M"  # GRE occupied by the fleet itself
    pos = position(
        "F1914M",
        {"SERBIA": ["A SER", "F ION"]},
        {"SERBIA": ["SER", "GRE", "ALB"]},
    )
    given = {"SERBIA": [Designate("GRE")]}
    after = play(pos, given).position
    assert str(after.phase) == "W1914A"
    assert orders_needed(BOARD, after) == {"SERBIA": 1}


def outcome_of_designation(result, power):
    for r in result.results:
        if r.power == power and isinstance(r.order, Designate):
            return r.outcomes
    raise AssertionError("no designation result")


def test_designation_is_final():
    winter = _serbia_takes_greece().position
    later = position(
        "F1916M",
        {"SERBIA": ["A SER", "F BUL/SC"]},
        {"SERBIA": ["SER", "BUL"], "GREECE": ["GRE"]},
        extra=winter.extra,
    )
    result = play(later, {"SERBIA": [Designate("BUL")]})
    assert outcome_of_designation(result, "SERBIA") == ("void",)
    assert designations(result.position) == {"SERBIA": "GRE"}
    build = position(
        "W1916A",
        {"SERBIA": ["A BUD"]},
        {"SERBIA": ["SER", "BUL"]},
        extra=winter.extra,
    )
    assert orders_needed(BOARD, build) == {"SERBIA": 1}
    result = play(build, orders(serbia=["A BUL B"]))
    assert outcome(result, "SERBIA", "A BUL") == ("void",)
    result = play(build, orders(serbia=["A SER B"]))
    assert outcome(result, "SERBIA", "A SER") == ()


def test_invalid_designations():
    pos = position(
        "F1914M",
        {"SERBIA": ["A SER"], "GREECE": ["F GRE"], "GERMANY": ["F DEN"]},
        {"SERBIA": ["SER"], "GREECE": ["GRE"], "GERMANY": ["DEN"]},
    )
    given = {
        "SERBIA": [Designate("RUM")],  # not owned at W processing
        "GREECE": [Designate("GRE")],  # its original home
        "GERMANY": [Designate("DEN")],  # not a minor
    }
    result = play(pos, given)
    for power in ("SERBIA", "GREECE", "GERMANY"):
        assert outcome_of_designation(result, power) == ("void",), power
    assert designations(result.position) == {}


def test_shared_home_only_the_owner_builds():
    pos = position(
        "F1914M",
        {"SERBIA": ["A VIE"], "AUSTRIA": ["A BUD"]},
        {"SERBIA": ["SER", "VIE"], "AUSTRIA": ["BUD", "TRI"]},
    )
    winter = play(pos, {"SERBIA": [Designate("VIE")]}).position
    assert designations(winter) == {"SERBIA": "VIE"}
    home = position(
        "W1914A",
        {"SERBIA": ["A SER"]},
        {"SERBIA": ["SER", "VIE", "GRE"], "AUSTRIA": ["BUD", "TRI"]},
        extra=winter.extra,
    )
    result = play(home, orders(serbia=["A VIE B"], austria=["A TRI B"]))
    assert outcome(result, "SERBIA", "A VIE") == ()
    assert outcome(result, "AUSTRIA", "A TRI") == ()
    retaken = position(
        "W1915A",
        {"SERBIA": ["A SER"]},
        {"SERBIA": ["SER"], "AUSTRIA": ["BUD", "TRI", "VIE"]},
        extra=winter.extra,
    )
    result = play(retaken, orders(austria=["A VIE B"]))
    assert outcome(result, "AUSTRIA", "A VIE") == ()


# 12. Civil-disorder removal with two home centres.
def test_civil_disorder_removal_counts_the_second_home():
    for extra in ({"homes": {"SERBIA": "GRE"}}, {}):
        pos = position(
            "W1915A",
            {"SERBIA": ["A TRI", "F AEG"]},
            {"SERBIA": ["SER"]},
            extra=extra,
        )
        result = play(pos, {})
        assert units_of(result.position)["SERBIA"] == ["A TRI"], extra


# 13. Solo victory: 18, strictly the most.
def _owning(counts):
    centres = [c for c in BOARD.supply_centres()]
    owned, i = {}, 0
    for power, n in counts.items():
        owned[power] = centres[i : i + n]
        i += n
    return owned


@pytest.mark.parametrize(
    ("counts", "winner"),
    [
        ({"RUSSIA": 18, "GERMANY": 10}, "RUSSIA"),
        ({"RUSSIA": 19, "GERMANY": 18}, "RUSSIA"),
        ({"RUSSIA": 18, "GERMANY": 18}, None),
        ({"RUSSIA": 17, "GERMANY": 10}, None),
    ],
)
def test_solo_victory(counts, winner):
    pos = position("F1920M", {}, _owning(counts))
    assert play(pos, {}).position.winner == winner


# 14-18. Alliance victory.
def _alliance_position(counts):
    return position("S1921M", {}, _owning(counts))


def test_alliance_ends_the_game_whatever_others_say():
    pos = _alliance_position({"RUSSIA": 14, "AUSTRIA": 8, "BULGARIA": 4})
    vote = {"RUSSIA", "AUSTRIA", "BULGARIA"}
    votes = dict.fromkeys(vote, vote)
    votes["FRANCE"] = {"FRANCE"}  # objections do not matter
    assert alliance_winners(BOARD, pos, votes) == ("AUSTRIA", "BULGARIA", "RUSSIA")


def test_alliance_blocked_below_26():
    pos = _alliance_position({"RUSSIA": 14, "AUSTRIA": 8, "BULGARIA": 4})
    votes = {"AUSTRIA": {"AUSTRIA", "BULGARIA"}, "BULGARIA": {"AUSTRIA", "BULGARIA"}}
    assert alliance_winners(BOARD, pos, votes) is None


def test_subset_alliance():
    pos = _alliance_position({"RUSSIA": 14, "AUSTRIA": 12, "BULGARIA": 1})
    votes = {"RUSSIA": {"RUSSIA", "AUSTRIA"}, "AUSTRIA": {"RUSSIA", "AUSTRIA"}}
    assert alliance_winners(BOARD, pos, votes) == ("AUSTRIA", "RUSSIA")


def test_alliance_votes_must_name_the_same_set():
    pos = _alliance_position({"RUSSIA": 14, "AUSTRIA": 12, "BULGARIA": 1})
    three = {"RUSSIA", "AUSTRIA", "BULGARIA"}
    votes = {"RUSSIA": three, "AUSTRIA": {"RUSSIA", "AUSTRIA"}, "BULGARIA": three}
    assert alliance_winners(BOARD, pos, votes) is None


def test_zero_centre_member_cannot_qualify():
    pos = _alliance_position({"RUSSIA": 15, "AUSTRIA": 11})
    three = {"RUSSIA", "AUSTRIA", "SERBIA"}
    votes = dict.fromkeys(three, three)
    assert alliance_winners(BOARD, pos, votes) is None
    two = {"RUSSIA", "AUSTRIA"}
    votes = dict.fromkeys(two, two)
    assert alliance_winners(BOARD, pos, votes) == ("AUSTRIA", "RUSSIA")


def test_solo_takes_precedence_over_an_alliance():
    pos = position("F1920M", {}, _owning({"RUSSIA": 18, "AUSTRIA": 10}))
    after = play(pos, {}).position
    two = {"RUSSIA", "AUSTRIA"}
    assert alliance_winners(BOARD, after, dict.fromkeys(two, two)) is None


def test_designate_is_read_from_text():
    assert parse_designate(BOARD, "DESIGNATE Gre") == Designate("GRE")
    assert parse_designate(BOARD, "designate greece") == Designate("GRE")
    assert parse_designate(BOARD, "A SER - GRE") is None
    assert Designate("GRE").canonical() == "DESIGNATE GRE"


def test_alliance_votes_as_standing_orders_end_the_game():
    from judge.variants.v1913.rules import Alliance, parse_alliance

    assert parse_alliance(BOARD, "ALLIANCE R A L") == Alliance(
        ("AUSTRIA", "BULGARIA", "RUSSIA")
    )
    assert parse_alliance(BOARD, "alliance none") == Alliance(())
    assert parse_alliance(BOARD, "ALLIANCE R Q") is None
    pos = _alliance_position({"RUSSIA": 14, "AUSTRIA": 8, "BULGARIA": 4})
    three = Alliance(("AUSTRIA", "BULGARIA", "RUSSIA"))
    first = play(pos, {"RUSSIA": [three], "AUSTRIA": [three]}).position
    assert first.winner is None
    assert first.extra["alliance"]["RUSSIA"] == ["AUSTRIA", "BULGARIA", "RUSSIA"]
    done = play(first, {"BULGARIA": [three]}).position
    assert done.winner == "AUSTRIA+BULGARIA+RUSSIA"
    assert done.extra["result"] == "alliance"
    withdrawn = play(first, {"RUSSIA": [Alliance(())], "BULGARIA": [three]})
    assert withdrawn.position.winner is None
    outsider = play(pos, {"FRANCE": [three]})
    assert [r.outcomes for r in outsider.results if r.power == "FRANCE"] == [("void",)]
