"""Variant names, options and map data (no adjudication needed)."""

import pytest

from judge.engine.board import Board
from judge.engine.variant_loader import RULE_SETTINGS
from judge.variants import (
    VariantError,
    canonical_variant,
    load_variant,
    parse_variant,
    variant_names,
)
from judge.variants.small.rules import seating

NAMES = [
    "1913",
    "standard",
    "standard-2p",
    "standard-3pA",
    "standard-3pB",
    "standard-4p",
    "standard-5p",
    "standard-6p",
    "imperial",
]
COUNTRIES = {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"}


def test_every_name_of_the_brief_is_a_variant():
    assert set(NAMES) <= set(variant_names())


@pytest.mark.parametrize("name", NAMES)
def test_each_variant_loads_with_default_options(name):
    board, rules = load_variant(name)
    assert isinstance(board, Board)
    assert board.name == name
    assert rules.variant == name
    assert rules.options["rules"] == "2000"


@pytest.mark.parametrize("name", NAMES)
def test_adjacency_is_symmetric_and_names_real_places(name):
    board, _ = load_variant(name)
    for src, dests in board.army_adjacency.items():
        for dst in dests:
            assert src in board.army_adjacency[dst], (src, dst)
    for src, dests in board.fleet_adjacency.items():
        for dst in dests:
            assert board.is_location(dst), (src, dst)
            assert src in board.fleet_adjacency[dst], (src, dst)


def test_parse_names_and_options():
    assert parse_variant("standard") == ("standard", {})
    assert parse_variant("standard:rules=2023") == ("standard", {"rules": "2023"})
    assert parse_variant(" 1913 : opening_nmr = waive , holland_is_sc=false") == (
        "1913",
        {"opening_nmr": "waive", "holland_is_sc": "false"},
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no variant named"),
        ("diplomacy", "no variant called 'diplomacy'"),
        ("1913:", "no options after ':'"),
        (":x=1", "no variant name"),
        ("standard:rules", "not of the form option=value"),
        ("standard:rules=2023,rules=2000", "given twice"),
        ("1913:colour=red", "variant '1913' has no option 'colour'"),
        ("1913:opening_nmr=sometimes", "cannot be 'sometimes'"),
        ("standard-4p:same_side=team", "one of: country, player"),
    ],
)
def test_bad_names_and_options_get_clear_errors(text, message):
    with pytest.raises(VariantError, match=message):
        load_variant(text)


def test_option_values_are_case_insensitive_and_defaults_are_filled_in():
    _, rules = load_variant("STANDARD-4P:Same_Side=PLAYER")
    assert rules.variant == "standard-4p"
    assert rules.options == {
        "rules": "2000",
        "same_side": "player",
        "year_label": "none",
        "victory": "country_18",
        **{key: spec["default"] for key, spec in RULE_SETTINGS.items()},
    }
    _, rules = load_variant("standard:rules=2023")
    assert rules.rules_2023


def test_the_rule_settings_are_options_of_every_map():
    """njudge's SET rule options reach `judge adjudicate` as variant options:
    a request carries no game to SET them on."""
    for name in ("standard", "standard-4p", "1913", "imperial"):
        _, rules = load_variant(f"{name}:any_disband=true,build_sites=ANY")
        assert rules.any_disband and rules.build_sites == "any"
        assert not rules.home_transfer
    with pytest.raises(VariantError, match="cannot be 'maybe'"):
        load_variant("standard:home_transfer=maybe")


def test_aliases_and_canonical_spelling():
    board, rules = load_variant("dipwiki_1913_15p")
    assert rules.variant == "1913"
    assert canonical_variant("DipWiki_1913_15p:opening_nmr=default_builds") == "1913"
    assert (
        canonical_variant("1913:opening_nmr=waive,holland_is_sc=false")
        == "1913:holland_is_sc=false,opening_nmr=waive"
    )


# -- 1913's map (spec §3.1-3.3) ----------------------------------------------


def test_1913_map_has_ireland_and_37_centres():
    board, _ = load_variant("1913")
    assert len(board.provinces) == 77  # 76 spaces plus Switzerland
    centres = board.supply_centres()
    assert len(centres) == 37
    assert {"IRE", "ALB", "NAF", "HOL"} <= set(centres)
    ire = board.provinces["IRE"]
    assert ire.kind == "coast" and ire.home is None
    assert board.army_adjacency["IRE"] == frozenset()  # armies by convoy only
    assert board.fleet_adjacency["IRE"] == frozenset({"IRI", "NAO"})
    assert not board.adjacent("F", "MAO", "IRE")
    assert not board.adjacent("A", "LVP", "IRE")


def test_1913_holland_option_gives_the_literal_36():
    board, _ = load_variant("1913:holland_is_sc=false")
    assert len(board.supply_centres()) == 36
    assert "HOL" not in board.supply_centres()
    assert len(load_variant("1913")[0].supply_centres()) == 37  # not disturbed


def test_1913_powers_letters_and_homes():
    board, _ = load_variant("1913")
    assert len(board.powers) == 15
    letters = [p.letter for p in board.powers.values()]
    assert len(set(letters)) == 15
    assert board.powers["ENGLAND"].name == "Great Britain"
    assert board.first_phase == "W1912A"
    minors = {p for p, d in board.data["powers"].items() if d.get("minor")}
    assert minors == {
        "BELGIUM",
        "BULGARIA",
        "GREECE",
        "PORTUGAL",
        "RUMANIA",
        "SERBIA",
        "SPAIN",
        "SWEDEN",
    }
    for minor in minors:
        assert len(board.home_centres(minor)) == 1
        assert board.start_centres[minor] == tuple(board.home_centres(minor))
    assert len(board.home_centres("RUSSIA")) == 4
    assert all(units == () for units in board.start_units.values())
    total = sum(len(board.home_centres(p)) for p in board.powers)
    assert total == 30  # one opening build per home centre
    neutral = set(board.supply_centres()) - {
        c for p in board.powers for c in board.home_centres(p)
    }
    assert neutral == {"IRE", "NAF", "TUN", "ALB", "NWY", "DEN", "HOL"}


def test_1913_opening_builds_fit_their_homes():
    board, _ = load_variant("1913")
    for power, data in board.data["powers"].items():
        builds = data["opening_builds"]
        assert len(builds) == len(board.home_centres(power))
        for text in builds:
            kind, loc = text.split()
            assert board.can_hold(kind, loc), text
            assert loc.split("/")[0] in board.home_centres(power)


def test_1913_preset_start_skips_the_opening():
    board, _ = load_variant("1913:preset_start=true")
    assert board.first_phase == "S1913M"
    assert board.start_units["SERBIA"] == (("A", "SER"),)
    assert len(board.start_units["RUSSIA"]) == 4


# -- the rulebook's small games (spec §4) -------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        (
            "standard-4p",
            [
                ["ENGLAND"],
                ["AUSTRIA", "FRANCE"],
                ["GERMANY", "TURKEY"],
                ["ITALY", "RUSSIA"],
            ],
        ),
        (
            "standard-3pA",
            [
                ["RUSSIA"],
                ["ENGLAND", "FRANCE", "GERMANY"],
                ["AUSTRIA", "ITALY", "TURKEY"],
            ],
        ),
        (
            "standard-3pB",
            [
                ["AUSTRIA", "ENGLAND", "GERMANY"],
                ["ITALY", "RUSSIA"],
                ["FRANCE", "TURKEY"],
            ],
        ),
    ],
)
def test_seatings_assign_every_country_exactly_once(name, expected):
    board, _ = load_variant(name)
    seats = seating(board)
    assert sorted(sorted(c) for c in seats.values()) == sorted(expected)
    assigned = [c for countries in seats.values() for c in countries]
    assert sorted(assigned) == sorted(COUNTRIES)


def test_six_and_five_player_games_leave_out_the_neutrals():
    six, _ = load_variant("standard-6p")
    assert set(seating(six)) == COUNTRIES - {"ITALY"}
    five, _ = load_variant("standard-5p")
    assert set(seating(five)) == COUNTRIES - {"ITALY", "GERMANY"}
    assert five.start_units["GERMANY"]  # neutrals keep their units


def test_two_player_game_starts_in_1914_with_italy_unseated():
    board, rules = load_variant("standard-2p")
    assert board.first_phase == "S1914M"
    seats = seating(board)
    assert seats == {
        "P1": ["ENGLAND", "FRANCE", "RUSSIA"],
        "P2": ["AUSTRIA", "GERMANY", "TURKEY"],
    }
    assert rules.options["coin_toss"] == "draw"


def test_seats_for_the_service():
    from judge.engine.api import initial_position
    from judge.variants import variant_seats, variant_summary

    board, _ = load_variant("standard")
    assert variant_seats(board) == {p: [p] for p in board.powers}
    assert variant_summary(board, initial_position(board)) == {}
    board, _ = load_variant("standard-6p")
    assert "ITALY" not in variant_seats(board)
    summary = variant_summary(board, initial_position(board))
    assert summary["neutral"] == ["ITALY"] and "closed" not in summary
    board, _ = load_variant("standard-2p")
    summary = variant_summary(board, initial_position(board))
    assert summary["closed"] == ["APU", "NAP", "PIE", "ROM", "TUS", "VEN"]
    assert summary["closed_until"] == "S1915M"
    board, _ = load_variant("imperial")
    assert len(variant_seats(board)) == 27
    summary = variant_summary(board, initial_position(board))
    assert summary["empires"] == {} and len(summary["neutral_garrisons"]) == 34
    assert len(summary["barbarian"]) == 22
    board, _ = load_variant("1913")
    assert len(variant_seats(board)) == 15
    assert len(variant_summary(board, initial_position(board))["minor_powers"]) == 8
