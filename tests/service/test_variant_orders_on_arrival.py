"""In a variant with rules of its own (here the rulebook's four-player game),
retreats and builds are checked by the variant's own adjudication as they
arrive, as they are in the standard game: refused with the reason and what
the player may order instead, not stored to be voided at the deadline."""

import pytest
from harness import MASTER

from judge.engine.orders import Build, Unit
from judge.engine.serialize import position_from_json
from judge.engine.variant_loader import load_variant
from judge.service.queries import load_game, save_position, stored_orders
from judge.service.variant_orders import TRIALS_PER_READING, VariantTrial

ADDRESSES = [f"p{i}@example.org" for i in range(1, 5)]
LISTS = ["FRIGATE", "IGATEFR", "ATEFRIG", "EFRIGAT"]  # njudge's Bug91 lists

RETREAT = {
    "phase": "F1901R",
    "units": {"FRANCE": ["A PAR"], "GERMANY": ["A BUR", "A MUN"]},
    "dislodged": {"FRANCE": [{"unit": "A BUR", "retreats": ["GAS", "MAR"]}]},
}
WINTER = {
    "phase": "W1901A",
    "units": {"FRANCE": ["A PAR", "A SPA"], "GERMANY": ["A MAR", "A MUN"]},
    "centers": {"FRANCE": ["PAR", "BRE", "MAR", "SPA"], "GERMANY": ["MUN"]},
}


def pw(address: str) -> str:
    return "pw-" + address.split("@")[0]


@pytest.fixture
def four(judge):
    judge.send(MASTER, "CREATE ?four pw-master standard-4p\nBECOME MASTER")
    for address in ADDRESSES:
        judge.send(address, f"SIGNON ?four {pw(address)}")
    assert judge.game("four")["status"] == "active"
    return judge


def at(judge, state: dict) -> None:
    game = load_game(judge.db, "four")
    with judge.db.conn:
        save_position(
            judge.db, "four", game.board, position_from_json(game.board, state)
        )


def orders(judge, text: str) -> str:
    france = judge.seat("FRANCE", "four")
    return judge.send(france, f"SIGNON Ffour {pw(france)}\n{text}")[0].body


@pytest.mark.parametrize(
    "state, bad, refusal, good, stored",
    [
        (RETREAT, "A Bur - Paris", "the army in Burgundy cannot retreat to Paris:"
         " Burgundy can retreat to Gascony or Marseilles",
         "A Bur - Gascony", "A BUR R GAS"),
        # Marseilles: a home centre, but German-held; Paris: occupied
        (WINTER, "Build A Mar", "the rules of this game do not let France build"
         " an army in Marseilles: France can build in Brest only",
         "Build F Brest", "F BRE B"),
    ],
    ids=["retreat", "build"],
)  # fmt: skip
def test_an_order_the_variant_voids_is_refused_with_the_options(
    four, state, bad, refusal, good, stored
):
    at(four, state)
    body = orders(four, bad)
    assert f"{bad}: {refusal}\n" in body, body
    assert stored_orders(four.db, "four") == {}
    body = orders(four, good)
    assert "Refused" not in body, body
    assert stored_orders(four.db, "four") == {"FRANCE": [stored]}


def test_a_duplex_seats_orders_without_a_heading_get_the_standard_checks(judge):
    """A player holding two countries of the standard game, writing no
    country's name: each order is still checked for the country it goes to
    (it used to be stored, and voided at the deadline)."""
    judge.send(MASTER, "CREATE ?dx pw-master standard\nBECOME MASTER\nSET PLAYERS 4")
    for address, wanted in zip(ADDRESSES, LISTS, strict=True):
        judge.send(address, f"SIGNON ?dx {pw(address)}\nSET PREFERENCE {wanted}")
    assert judge.game("dx")["status"] == "active"
    seat = judge.seat("FRANCE", "dx")
    signon = f"SIGNON Fdx {pw(seat)}\n"
    body = judge.send(seat, signon + "A Par - Munich\nA Mar - Spa")[0].body
    assert (
        "A Par - Munich: the army in Paris cannot move to Munich: Paris can"
        " move to Brest, Burgundy, Gascony or Picardy" in body
    ), body
    assert stored_orders(judge.db, "dx")["FRANCE"] == ["A MAR - SPA"]


def test_a_one_country_seat_in_the_variant_gets_the_same_check(four):
    at(
        four,
        {**RETREAT, "dislodged": {"ENGLAND": [{"unit": "F NTH", "retreats": ["EDI"]}]}},
    )
    england = four.seat("ENGLAND", "four")
    body = four.send(england, f"SIGNON Efour {pw(england)}\nF Nth - Lon")[0].body
    assert (
        "F Nth - Lon: the fleet in North Sea cannot retreat to London: North Sea"
        " can retreat to Edinburgh only" in body
    ), body
    assert stored_orders(four.db, "four") == {}


def test_one_reading_tries_a_bounded_number_of_orders():
    """Each order is tried through the variant's adjudication once, and one
    reading tries at most TRIALS_PER_READING: a message of hundreds of bad
    builds costs no more than that, the rest waiting for the deadline."""
    board, rules = load_variant("standard-4p")
    position = position_from_json(board, WINTER)
    trial = VariantTrial(board, position, rules)
    assert trial.voids("FRANCE", Build(Unit("A", "MAR"))) is True
    assert trial.voids("FRANCE", Build(Unit("A", "BRE"))) is False
    assert trial.build_sites("FRANCE") == ["Brest"]
    places = [loc for loc in board.locations() if "/" not in loc]
    for place in places[: TRIALS_PER_READING * 2]:
        trial.voids("FRANCE", Build(Unit("A", place)))
    assert len(trial.tried) == TRIALS_PER_READING
    assert trial.voids("FRANCE", Build(Unit("F", "KIE"))) is None  # not tried
    assert trial.build_sites("GERMANY") is None  # more to try than it may


def test_moves_are_checked_in_variants_that_only_narrow_the_standard_moves(judge):
    """The two-player game (its own rules: Italy closed until 1915): a move
    the standard rules void, and a move into a closed province, are refused
    as they arrive; a move it allows is stored."""
    judge.send(MASTER, "CREATE ?duo pw-master standard-2p\nBECOME MASTER")
    for address in ADDRESSES[:2]:
        judge.send(address, f"SIGNON ?duo {pw(address)}")
    assert judge.phase("duo") == "S1914M"
    france = judge.seat("FRANCE", "duo")
    body = judge.send(
        france,
        f"SIGNON Fduo {pw(france)}\nA Par - Munich\nA Mar - Piedmont\nA Mar - Bur",
    )[0].body
    assert (
        "A Par - Munich: the army in Paris cannot move to Munich: Paris can"
        " move to Brest, Burgundy, Gascony or Picardy" in body
    ), body
    assert (
        "A Mar - Piedmont: the army in Marseilles cannot move to Piedmont:"
        " the rules of this game do not allow it now" in body
    ), body
    assert stored_orders(judge.db, "duo") == {"FRANCE": ["A MAR - BUR"]}
