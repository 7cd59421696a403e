"""A variant plugged in from outside judge/ (tests/variants/plugin: "truce",
with a rule and an order word of its own) works through every door the
judge has: `judge adjudicate`, the order language, state checks, reports."""

from pathlib import Path

import pytest

from judge.adjudicate import handle_request
from judge.engine.api import initial_position
from judge.engine.board import add_maps_dir, remove_maps_dir
from judge.engine.orders import Move, Unit
from judge.engine.serialize import position_from_json
from judge.reports.variant import variant_lines
from judge.service.variant_orders import read_orders
from judge.variants import load_variant, register, variant_for, variant_summary
from tests.variants.plugin import MAPS, VARIANT, DeclareWar

JUDGE = Path(__file__).parents[2] / "judge"


@pytest.fixture(autouse=True)
def truce():
    register(VARIANT)
    add_maps_dir(MAPS)
    yield
    remove_maps_dir(MAPS)


def adjudicate(orders, state=None):
    request = {"id": 1, "variant": "truce", "orders": orders}
    if state is not None:
        request["state"] = state
    response = handle_request(request)
    assert "error" not in response, response
    return response


def result_of(response, unit):
    return next(r for r in response["results"] if r["unit"] == unit)


def test_nothing_under_judge_names_the_plugin():
    for path in JUDGE.rglob("*"):
        if path.is_file() and path.suffix in (".py", ".toml", ".lark", ".j2"):
            assert "truce" not in path.read_text(encoding="utf-8").lower(), path


def test_the_registry_finds_the_variant_by_its_map():
    board, rules = load_variant("truce")
    assert variant_for(board) is VARIANT
    assert rules.variant == "truce"


def test_its_rule_voids_an_attack_on_a_power_at_peace():
    response = adjudicate({"ITALY": ["A VEN - TRI"], "AUSTRIA": ["F TRI H"]})
    assert result_of(response, "A VEN")["result"] == ["void"]
    assert "variant" not in response["state"]  # no war, no state of its own


def test_its_order_word_declares_war_and_the_attack_is_fought():
    response = adjudicate({"ITALY": ["WAR AUSTRIA", "A VEN - TRI"]})
    war = next(r for r in response["results"] if r["unit"] is None)
    assert war == {
        "power": "ITALY",
        "unit": None,
        "order": "WAR AUSTRIA",
        "result": [],
    }
    assert result_of(response, "A VEN")["result"] == ["bounce"]  # 1 against 1
    assert response["state"]["variant"] == {"wars": [["AUSTRIA", "ITALY"]]}


def test_a_war_lasts_into_the_next_phase_through_the_state():
    first = adjudicate({"ITALY": ["Declare war on Austria"]})
    assert first["phase"] == "S1901M" and first["errors"] == []
    then = adjudicate(
        {"ITALY": ["A VEN - TRI", "A ROM - VEN"], "AUSTRIA": ["F TRI - ALB"]},
        first["state"],
    )
    assert result_of(then, "A VEN")["result"] == []
    assert then["state"]["units"]["ITALY"].count("A TRI") == 1


def test_orders_by_mail_read_the_plugin_order_beside_the_order_language():
    board, _ = load_variant("truce")
    text = "Declare war on Austria\nA Ven-Tri\nwar on Narnia"
    parsed = read_orders(board, initial_position(board), "ITALY", text)
    assert [p.order for p in parsed[:2]] == [
        DeclareWar("AUSTRIA"),
        Move(Unit("A", "VEN"), "TRI"),
    ]
    assert parsed[2].order is None and parsed[2].error  # not a power: refused


def test_its_state_fields_are_checked():
    board, _ = load_variant("truce")
    state = adjudicate({})["state"]
    for wars, message in [
        ([["ITALY", "ITALY"]], "two different powers"),
        ([["NARNIA", "ITALY"]], "no power called 'NARNIA'"),
        ("ITALY", "must be a list"),
    ]:
        with pytest.raises(ValueError, match=message):
            position_from_json(board, {**state, "variant": {"wars": wars}})
    with pytest.raises(ValueError, match="unknown field 'peace'"):
        position_from_json(board, {**state, "variant": {"peace": []}})


def test_the_reports_show_its_facts():
    board, _ = load_variant("truce")
    state = adjudicate({"ITALY": ["WAR AUSTRIA"]})["state"]
    position = position_from_json(board, state)
    lines = variant_lines(board, "Truce", variant_summary(board, position))
    assert lines == ["Variant: Truce.", "Wars: AUSTRIA and ITALY."]


def test_rules_nobody_provides_are_an_error_not_the_standard_rules(tmp_path):
    (tmp_path / "lawless.toml").write_text(
        '[variant]\nbase = "standard"\nrules = "lawless"\n\n'
        '[map]\nname = "lawless"\ntitle = "Lawless"\n',
        encoding="utf-8",
    )
    add_maps_dir(tmp_path)
    try:
        response = handle_request({"id": 2, "variant": "lawless", "orders": {}})
    finally:
        remove_maps_dir(tmp_path)
    assert "lawless" in response["error"]
