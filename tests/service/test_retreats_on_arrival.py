"""Retreat orders by mail are checked against the position as they arrive:
a retreat to a place the unit may not go is refused with the reason and the
places it may go, not answered "orders received" and destroyed at the
deadline."""

import pytest
from harness import form_game, signon

from judge.engine.serialize import position_from_json
from judge.service.queries import load_game, save_position, stored_orders

RETREAT = {
    "phase": "S1902R",
    "units": {"AUSTRIA": ["F TRI"], "RUSSIA": ["A BUD", "A GAL"],
              "TURKEY": ["A SER", "A RUM"]},
    "centers": {"AUSTRIA": ["VIE", "TRI", "BUD"], "RUSSIA": ["MOS", "WAR"],
                "TURKEY": ["ANK", "CON", "SMY"]},
    "dislodged": {"AUSTRIA": [{"unit": "A BUD", "retreats": ["VIE"]}]},
}  # fmt: skip


@pytest.fixture
def retreat(judge):
    form_game(judge)
    game = load_game(judge.db, "alpha")
    with judge.db.conn:
        save_position(
            judge.db, "alpha", game.board, position_from_json(game.board, RETREAT)
        )
    return judge


def orders(judge, power: str, text: str) -> str:
    return judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")[0].body


def test_a_retreat_where_the_unit_may_not_go_is_refused_with_its_options(retreat):
    body = orders(retreat, "AUSTRIA", "A Bud - Serbia")
    assert (
        "A Bud - Serbia: the army in Budapest cannot retreat to Serbia:"
        " Budapest can retreat to Vienna only\n" in body
    ), body
    assert "Orders received for all your units" not in body
    assert stored_orders(retreat.db, "alpha") == {}
    body = orders(retreat, "AUSTRIA", "A Bud - Vienna")
    assert "Refused" not in body
    assert stored_orders(retreat.db, "alpha") == {"AUSTRIA": ["A BUD R VIE"]}


def test_a_bad_retreat_does_not_replace_a_good_one(retreat):
    orders(retreat, "AUSTRIA", "A Bud - Vienna")
    body = orders(retreat, "AUSTRIA", "A Bud - Galicia")
    assert "cannot retreat to Galicia: Budapest can retreat to Vienna only" in body
    assert stored_orders(retreat.db, "alpha") == {"AUSTRIA": ["A BUD R VIE"]}
    assert "Austria: Army Budapest -> Vienna." in body
