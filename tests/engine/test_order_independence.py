"""The same position and orders give the same result whatever order the
powers, units and orders are listed in (issue 13), through `judge
adjudicate`'s request handler: the issue's example, every DATC case, and a
corpus of 10,000 convoy-rich random phases (judge.engine.sampling's
`random_convoy_phase`, one seed each), each relisted three times.  The
corpus takes about 20 s of CPU; the variants have their own in
tests/variants/test_order_independence.py."""

from __future__ import annotations

import random

import pytest

from judge.adjudicate import handle_request
from judge.engine.board import load_board
from judge.engine.sampling import random_convoy_phase
from judge.engine.serialize import position_to_json
from tests.engine.datc_cases import MOVEMENT, OTHER
from tests.engine.listings import check_relisted, request_of, units_named_by
from tests.strength import quick_first

# Issue 13: a convoyed army attacks a unit that supports an attack on a fleet
# of its own convoy.  The North Sea holds with Helgoland's support, which
# nothing cuts, so Edinburgh's attack fails whatever London's support does:
# no paradox.  The army arrives with the French support, 2 against 1.
ISSUE_13_ORDERS = {
    "GERMANY": ["A HOL - LON VIA", "F NTH C A HOL - LON", "F HEL S F NTH"],
    "FRANCE": ["F ENG S A HOL - LON"],
    "ENGLAND": ["F LON S F EDI - NTH", "F EDI - NTH"],
}
ISSUE_13_LISTINGS = [
    {"GERMANY": ["A HOL", "F NTH", "F HEL"], "FRANCE": ["F ENG"],
     "ENGLAND": ["F LON", "F EDI"]},
    {"FRANCE": ["F ENG"], "ENGLAND": ["F EDI", "F LON"],
     "GERMANY": ["F HEL", "A HOL", "F NTH"]},
]  # fmt: skip


@pytest.mark.parametrize("variant", ["standard", "standard:rules=2023"])
@pytest.mark.parametrize("units", ISSUE_13_LISTINGS)
def test_convoyed_army_dislodges_the_supporter_of_an_attack_on_its_convoy(
    units, variant
):
    response = handle_request(
        {
            "variant": variant,
            "state": {"phase": "S1901M", "units": units},
            "orders": ISSUE_13_ORDERS,
        }
    )
    outcomes = {r["order"]: r["result"] for r in response["results"]}
    assert outcomes == {
        "A HOL - LON VIA": [],
        "F NTH C A HOL - LON": [],
        "F HEL S F NTH": [],
        "F ENG S A HOL - LON": [],
        "F LON S F EDI - NTH": ["cut", "dislodged"],
        "F EDI - NTH": ["bounce"],
    }
    assert response["state"]["units"]["GERMANY"] == ["A LON", "F HEL", "F NTH"]
    assert [d["unit"] for d in response["state"]["dislodged"]["ENGLAND"]] == ["F LON"]


# -- every DATC case, relisted ----------------------------------------------

DATC = {**MOVEMENT, **OTHER}


@pytest.mark.parametrize("variant", ["standard", "standard:rules=2023"])
def test_every_datc_case_gives_one_answer_whatever_the_listing(variant):
    rng = random.Random(613)
    for case_id, case in DATC.items():
        state = case.get("state") or {
            "phase": "S1901M",
            "units": units_named_by(case["orders"]),
        }
        request = {"id": case_id, "variant": variant, "state": state}
        request["orders"] = case["orders"]
        first = check_relisted(request, rng, times=6)
        if "then" in case:
            follow = {
                "variant": variant,
                "state": first["state"],
                "orders": case["then"]["orders"],
            }
            check_relisted(follow, rng, times=6)


# -- a corpus of random convoy-rich phases ------------------------------------

CORPUS = 10_000  # positions
RELISTINGS = 3  # each adjudicated as generated and relisted this many times
CHUNKS = 10


@pytest.mark.parametrize("chunk", quick_first(range(CHUNKS)))
def test_random_convoy_phases_give_one_answer_whatever_the_listing(chunk):
    board = load_board("standard")
    size = CORPUS // CHUNKS
    for seed in range(chunk * size, (chunk + 1) * size):
        rng = random.Random(seed)
        position, orders = random_convoy_phase(board, rng)
        variant = "standard:rules=2023" if seed % 3 == 0 else "standard"
        state = position_to_json(board, position)
        check_relisted(request_of(variant, state, orders), rng, RELISTINGS)
