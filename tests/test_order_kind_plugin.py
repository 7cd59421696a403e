"""An order kind added from outside judge/ (tests/order_kind_plugin: DIG IN)
works through every door: the order language reads it, the engine
adjudicates it, the results and the order reply describe it, the picture
draws it, `judge adjudicate` takes and echoes it, and orders by mail refuse
it for another power's unit, with no edit under judge/."""

from pathlib import Path

import pytest

from judge.adjudicate import handle_request
from judge.engine.api import adjudicate, initial_position
from judge.engine.board import load_board
from judge.engine.orders import (
    Move,
    SupportHold,
    Unit,
    read_canonical,
    register_order_kind,
    unregister_order_kind,
)
from judge.engine.state import Phase, Position
from judge.language.order_parser import parse_orders
from judge.pictures.render import render_svg
from judge.reports.order_report import movement_lines
from judge.reports.results import order_lines
from judge.service.variant_orders import read_orders
from tests.order_kind_plugin import DigIn

JUDGE = Path(__file__).parents[1] / "judge"
BOARD = load_board("standard")
START = initial_position(BOARD)
PARIS = Unit("A", "PAR")


@pytest.fixture(autouse=True)
def dig_in():
    register_order_kind(DigIn)
    yield
    unregister_order_kind(DigIn)


def test_nothing_under_judge_names_the_kind():
    for path in JUDGE.rglob("*"):
        if path.is_file() and path.suffix in (".py", ".toml", ".lark", ".j2"):
            text = path.read_text(encoding="utf-8")
            assert "DigIn" not in text and "DIG IN" not in text, path


def test_its_canonical_text_reads_back_only_while_registered():
    assert read_canonical("A PAR DIG IN") == DigIn(PARIS)
    unregister_order_kind(DigIn)
    assert read_canonical("A PAR DIG IN") is None


def test_the_order_language_reads_it_for_the_players_unit_in_its_phase():
    (parsed,) = parse_orders(BOARD, START, "FRANCE", "a par dig in")
    assert parsed.order == DigIn(PARIS)
    (wrong,) = parse_orders(BOARD, START, "FRANCE", "A BUR DIG IN")
    assert wrong.order is None  # no unit there: the grammar explains
    winter = Position(Phase.parse("W1901A"), START.units, START.centres)
    (out_of_phase,) = parse_orders(BOARD, winter, "FRANCE", "A PAR DIG IN")
    assert out_of_phase.order is None


def test_the_engine_adjudicates_it_as_a_unit_standing_its_ground():
    attack = {"GERMANY": [Move(Unit("A", "MUN"), "BUR")]}
    position = Position(
        START.phase,
        {**START.units, "BUR": ("FRANCE", Unit("A", "BUR"))},
        START.centres,
    )
    dug = {"FRANCE": [DigIn(Unit("A", "BUR")), SupportHold(PARIS, Unit("A", "BUR"))]}
    result = adjudicate(BOARD, position, {**attack, **dug})
    by_unit = {r.unit.text: r for r in result.results}
    assert by_unit["A BUR"].order == DigIn(Unit("A", "BUR"))
    assert by_unit["A BUR"].outcomes == ()
    assert by_unit["A PAR"].outcomes == ()  # the support of it counted
    assert by_unit["A MUN"].outcomes == ("bounce",)


def test_the_results_and_the_order_reply_say_it_in_its_words():
    result = adjudicate(BOARD, START, {"FRANCE": [DigIn(PARIS)]})
    assert "France: Army Paris DIGS IN at Paris." in order_lines(BOARD, result)
    lines, missing = movement_lines(BOARD, START, "FRANCE", [DigIn(PARIS)])
    assert "France: Army Paris DIGS IN at Paris." in lines
    assert missing == 2  # Brest and Marseilles still wait for orders


def test_the_picture_draws_it_with_its_kinds_arrow():
    result = adjudicate(BOARD, START, {"FRANCE": [DigIn(PARIS)]})
    svg = render_svg(BOARD, START, result)
    start = svg.index('data-order="A PAR DIG IN"')
    drawn = svg[start : svg.index("</g>", start)]
    assert "<circle" in drawn  # a hold's ring


def test_judge_adjudicate_takes_it_and_echoes_its_canonical_text():
    response = handle_request(
        {
            "id": 1,
            "variant": "standard",
            "orders": {"FRANCE": ["A PAR DIG IN"], "GERMANY": ["A MUN - BUR"]},
        }
    )
    assert response["errors"] == []
    assert {"power": "FRANCE", "unit": "A PAR", "order": "A PAR DIG IN",
            "result": []} in response["results"]  # fmt: skip
    assert sorted(response["state"]["units"]["FRANCE"]) == ["A MAR", "A PAR", "F BRE"]


def test_by_mail_it_is_refused_for_a_unit_of_another_power():
    (mine,) = read_orders(BOARD, START, "FRANCE", "A PAR DIG IN")
    assert mine.order == DigIn(PARIS)
    (theirs,) = read_orders(BOARD, START, "FRANCE", "A MUN DIG IN")
    assert theirs.order is None and theirs.error == "the unit in Munich is German"
