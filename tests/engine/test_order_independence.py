"""The same position and orders give the same result whatever order the
powers, units and orders are listed in (issue 13), through `judge
adjudicate`'s request handler."""

from __future__ import annotations

import pytest

from judge.adjudicate import handle_request

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
