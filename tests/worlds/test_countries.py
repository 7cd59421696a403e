"""Players may name their countries on a random world, within reason."""

from __future__ import annotations

import pytest

from judge.engine.api import initial_position
from judge.engine.board import Board
from judge.language.order_parser import parse_orders
from judge.worlds import generate
from judge.worlds.countries import country_name_problem, rename_country

WORLD = generate(8)
BOARD = Board(WORLD.data)
FIRST, SECOND = sorted(BOARD.powers)[:2]


def test_a_country_takes_its_players_name():
    data = rename_country(WORLD.data, FIRST, "zanzibar")
    board = Board(data)
    power = board.powers[FIRST]
    assert (power.name, power.adjective) == ("Zanzibar", "Zanzibarian")
    assert power.letter == BOARD.powers[FIRST].letter  # sign-ons unchanged
    assert WORLD.data["powers"][FIRST]["name"] != "Zanzibar"  # a copy
    pos = initial_position(board)
    home = board.home_centres(FIRST)[-1]
    unit = pos.units[home][1]
    (parsed,) = parse_orders(board, pos, None, f"Zanzibar: {unit.kind} {home} H")
    assert parsed.error is None


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("x", "one word of 3 to 20 letters"),
        ("New Land", "one word"),
        ("Support", "a word orders use"),
        ("from", "a word orders use"),
    ],
)
def test_unusable_names_are_refused_with_the_reason(name, message):
    assert message in country_name_problem(BOARD, FIRST, name)
    with pytest.raises(ValueError, match=message):
        rename_country(WORLD.data, FIRST, name)


def test_names_already_taken_are_refused():
    place = next(iter(BOARD.provinces.values()))
    assert "a place's name" in country_name_problem(BOARD, FIRST, place.name)
    assert "a place's name" in country_name_problem(BOARD, FIRST, place.id)
    other = BOARD.powers[SECOND].name
    assert "already" in country_name_problem(BOARD, FIRST, other)
    assert country_name_problem(BOARD, FIRST, BOARD.powers[FIRST].name) is None
    assert "no power" in country_name_problem(BOARD, "NOBODY", "Zanzibar")
