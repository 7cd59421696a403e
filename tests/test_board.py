"""The standard map as data, checked against the rulebooks."""

import pytest

from judge.engine.board import load_board, province_of


@pytest.fixture(scope="module")
def board():
    return load_board("standard")


def test_75_provinces_plus_switzerland(board):
    assert len(board.provinces) == 76
    assert board.provinces["SWI"].kind == "impassable"
    passable = [p for p in board.provinces.values() if p.kind != "impassable"]
    assert len(passable) == 75
    kinds = {k: sum(p.kind == k for p in passable) for k in ("land", "coast", "sea")}
    assert kinds == {"land": 14, "coast": 42, "sea": 19}


def test_34_supply_centres_22_home_and_12_neutral(board):
    centres = board.supply_centres()
    assert len(centres) == 34
    homes = [c for c in centres if board.provinces[c].home]
    assert len(homes) == 22
    assert {p: len(board.home_centres(p)) for p in board.powers} == {
        "AUSTRIA": 3,
        "ENGLAND": 3,
        "FRANCE": 3,
        "GERMANY": 3,
        "ITALY": 3,
        "RUSSIA": 4,
        "TURKEY": 3,
    }
    for power, owned in board.start_centres.items():
        assert sorted(owned) == board.home_centres(power)


def test_22_starting_units_in_their_places(board):
    starts = board.start_units.items()
    units = [(power, k, loc) for power, us in starts for k, loc in us]
    assert len(units) == 22
    assert ("RUSSIA", "F", "STP/SC") in units
    assert ("ENGLAND", "A", "LVP") in units
    assert ("TURKEY", "F", "ANK") in units
    for power, kind, loc in units:
        assert board.can_hold(kind, loc), (power, kind, loc)
        assert board.provinces[province_of(loc)].home == power


def test_adjacency_is_symmetric(board):
    for src, dsts in board.army_adjacency.items():
        for dst in dsts:
            assert src in board.army_adjacency[dst], (src, dst)
    for src, dsts in board.fleet_adjacency.items():
        for dst in dsts:
            assert src in board.fleet_adjacency[dst], (src, dst)


def test_armies_never_at_sea_and_fleets_never_inland(board):
    for pid, prov in board.provinces.items():
        if prov.kind == "sea":
            assert not board.army_adjacency[pid]
        if prov.kind in ("land", "impassable"):
            assert pid not in board.fleet_adjacency
        if prov.kind == "impassable":
            assert not board.army_adjacency[pid]


@pytest.mark.parametrize(
    "kind,a,b",
    [
        ("F", "KIE", "BAL"),
        ("F", "KIE", "HEL"),
        ("A", "KIE", "DEN"),
        ("F", "CON", "AEG"),
        ("F", "CON", "BLA"),
        ("F", "CON", "BUL/EC"),
        ("F", "CON", "BUL/SC"),
        ("A", "SWE", "DEN"),
        ("F", "SWE", "DEN"),
        ("F", "SKA", "DEN"),
        ("F", "BOT", "STP/SC"),
        ("F", "BAR", "STP/NC"),
        ("F", "MAO", "SPA/NC"),
        ("F", "LYO", "SPA/SC"),
        ("F", "BLA", "BUL/EC"),
        ("F", "AEG", "BUL/SC"),
    ],
)
def test_canals_and_coasts_present(board, kind, a, b):
    assert board.adjacent(kind, a, b)
    assert board.adjacent(kind, b, a)


@pytest.mark.parametrize(
    "kind,a,b",
    [
        ("F", "BAL", "SKA"),
        ("F", "DEN", "BER"),
        ("A", "DEN", "BER"),
        ("F", "STP/NC", "BOT"),
        ("F", "STP/SC", "BAR"),
        ("F", "SPA/NC", "LYO"),
        ("F", "SPA/NC", "WES"),
        ("F", "SPA/SC", "GAS"),
        ("F", "BUL/EC", "AEG"),
        ("F", "BUL/SC", "BLA"),
        ("F", "ROM", "VEN"),
        ("A", "NAF", "SPA"),
        ("F", "BUL/EC", "BUL/SC"),
    ],
)
def test_links_that_do_not_exist(board, kind, a, b):
    assert not board.adjacent(kind, a, b)


def test_split_coasts(board):
    coasted = {p.id: p.coasts for p in board.provinces.values() if p.coasts}
    assert coasted == {"BUL": ("EC", "SC"), "SPA": ("NC", "SC"), "STP": ("NC", "SC")}
    assert not board.can_hold("F", "SPA")
    assert board.can_hold("F", "SPA/NC")
    assert board.can_hold("A", "SPA")
    assert board.fleet_destinations("MAO", "SPA") == ["SPA/NC", "SPA/SC"]
    assert board.fleet_destinations("GAS", "SPA") == ["SPA/NC"]
    assert board.fleet_destinations("CON", "BUL") == ["BUL/EC", "BUL/SC"]
    assert board.fleet_destinations("NWY", "STP") == ["STP/NC"]


def test_powers(board):
    assert sorted(board.powers) == [
        "AUSTRIA",
        "ENGLAND",
        "FRANCE",
        "GERMANY",
        "ITALY",
        "RUSSIA",
        "TURKEY",
    ]
    assert board.victory_centres == 18
    assert board.powers["GERMANY"].adjective == "German"
