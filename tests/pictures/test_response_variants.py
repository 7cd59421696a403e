"""`judge map --orders`: a response's Imperial orders (multi-step moves, the
garrison, JOIN) are read back, not refused as non-canonical."""

import pytest

from judge.engine.api import initial_position
from judge.engine.orders import SupportMove, Unit
from judge.pictures.render import drawable, render_svg
from judge.pictures.response import phase_result_from_response
from judge.variants import load_variant
from judge.variants.imperial.orders import Join, MultiMove

BOARD, _RULES = load_variant("imperial")


def entry(order, unit=None, result=()):
    return {"power": "EMPIRE_BRE", "unit": unit, "order": order, "result": list(result)}


def test_imperial_orders_in_a_response_are_read_and_drawn():
    response = {
        "phase": "F1901M",
        "results": [
            entry("F MAO - WES - TYS", "F MAO"),
            entry("IG BRE S A PIC - PAR", "IG BRE"),
            entry("JOIN BRE"),
        ],
    }
    position = initial_position(BOARD)
    result = phase_result_from_response(BOARD, position, response)
    orders = [r.order for r in result.results]
    assert orders == [
        MultiMove(Unit("F", "MAO"), ("WES", "TYS")),
        SupportMove(Unit("IG", "BRE"), Unit("A", "PIC"), "PAR"),
        Join("BRE"),
    ]
    assert [drawable(r) for r in result.results] == [True, True, False]
    assert "<svg" in render_svg(BOARD, position, result)


def test_what_no_reader_knows_is_still_refused():
    response = {"phase": "F1901M", "results": [entry("F MAO SAIL AWAY", "F MAO")]}
    with pytest.raises(ValueError, match="not an order in canonical form"):
        phase_result_from_response(BOARD, initial_position(BOARD), response)
