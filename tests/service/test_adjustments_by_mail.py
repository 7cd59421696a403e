"""Adjustment orders by mail: a build, waive or removal the power cannot make
is refused on arrival with its reason; surplus builds and removals follow
njudge (the later orders replace the earliest), so a second mail can move
a build."""

import re

import pytest
from harness import form_game, signon

from judge.engine.serialize import position_from_json
from judge.service.queries import load_game, save_position, stored_orders

WINTER = {
    "phase": "W1901A",
    "units": {"FRANCE": ["A BUR", "A SPA"], "GERMANY": ["A MUN", "A BER", "F KIE",
              "A HOL", "A RUH"], "ITALY": ["A ROM", "F NAP", "A VEN"]},
    "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN", "BER", "KIE",
                "HOL"], "ITALY": ["ROM", "NAP", "VEN"]},
}  # fmt: skip


@pytest.fixture
def winter(judge):
    form_game(judge)
    game = load_game(judge.db, "alpha")
    with judge.db.conn:
        save_position(
            judge.db, "alpha", game.board, position_from_json(game.board, WINTER)
        )
    return judge


def processed(judge) -> str:
    """The results at the end of grace (the other power in disorder)."""
    out = judge.tick(judge.grace_end())
    return next(m.body for m in out if m.subject.endswith("W1901A Results"))


def orders(judge, power: str, text: str) -> str:
    return judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")[0].body


NOTHING = "(it has nothing to adjust this winter)"


@pytest.mark.parametrize(
    "power, text, reason",
    [
        (
            "FRANCE",
            "A MUN B",
            "Munich is not a French home centre:"
            " France can build in Brest, Marseilles or Paris",
        ),
        (
            "FRANCE",
            "F BRE B\nA BUR B",
            "Burgundy is not a French home centre:"
            " France can build in Brest, Marseilles or Paris",
        ),
        ("ITALY", "A ROM B", f"Italy has no builds to make {NOTHING}"),
        ("ITALY", "WAIVE", f"Italy has no builds to make {NOTHING}"),
        ("ITALY", "A ROM D", f"Italy has no units to remove {NOTHING}"),
        ("FRANCE", "A SPA D", "France has no units to remove (it has 1 build to make)"),
        (
            "GERMANY",
            "A BER B",
            "Germany has no builds to make (it has 1 unit to remove)",
        ),
    ],
)
def test_impossible_adjustments_are_refused_with_the_reason(winter, power, text,
                                                            reason):  # fmt: skip
    body = orders(winter, power, text)
    assert "Refused orders (your other orders stand):" in body
    assert f": {reason}\n" in body, body
    assert "F BRE" not in str(stored_orders(winter.db, "alpha").get("ITALY"))


def test_an_occupied_or_lost_home_centre_is_refused(winter):
    game = load_game(winter.db, "alpha")
    state = dict(WINTER, units={**WINTER["units"], "FRANCE": ["A PAR"]})
    with winter.db.conn:
        save_position(
            winter.db, "alpha", game.board, position_from_json(game.board, state)
        )
    body = orders(winter, "FRANCE", "A PAR B\nA MAR B")
    assert "A PAR B: Paris is occupied: France can build in Brest or Marseilles\n" in (
        body
    ), body
    assert stored_orders(winter.db, "alpha") == {"FRANCE": ["A MAR B"]}


def test_a_second_mail_moves_a_build(winter):
    orders(winter, "FRANCE", "A PAR B")
    body = orders(winter, "FRANCE", "F BRE B")
    assert "France: Builds a fleet in Brest." in body
    assert "Paris" not in body.split("(alpha.001)")[1]
    assert stored_orders(winter.db, "alpha") == {"FRANCE": ["F BRE B"]}
    orders(winter, "FRANCE", "WAIVE")
    assert stored_orders(winter.db, "alpha") == {"FRANCE": ["WAIVE"]}
    results = processed(winter)
    assert re.search(r"^France: {2,}Build waived\.$", results, re.M)


def test_surplus_removals_keep_the_latest_message(winter):
    body = orders(winter, "GERMANY", "A MUN D\nA BER D")
    assert (
        "A BER D: Germany has 1 removal to make and these orders already gave"
        " A MUN D\n" in body
    )
    assert stored_orders(winter.db, "alpha") == {"GERMANY": ["A MUN D"]}
    orders(winter, "GERMANY", "A RUH D")
    assert stored_orders(winter.db, "alpha") == {"GERMANY": ["A RUH D"]}
    results = processed(winter)
    assert "Germany: Removes the army in Ruhr." in results
    assert "Berlin" not in results.split("(alpha.001)")[1]


def test_more_builds_than_allowed_are_refused_by_name(winter):
    """Germany may build one: of three builds in one message the first is
    kept and the others refused, naming it (not silently the last kept)."""
    state = dict(WINTER, units={**WINTER["units"], "GERMANY": ["A HOL", "A RUH"]})
    game = load_game(winter.db, "alpha")
    with winter.db.conn:
        save_position(
            winter.db, "alpha", game.board, position_from_json(game.board, state)
        )
    body = orders(winter, "GERMANY", "Build A Mun\nBuild A Ber\nBuild F Kie")
    why = "Germany has 2 builds to make and these orders already gave"
    assert f"Build F Kie: {why} Build A Mun; Build A Ber\n" in body, body
    assert stored_orders(winter.db, "alpha") == {"GERMANY": ["A MUN B", "A BER B"]}
