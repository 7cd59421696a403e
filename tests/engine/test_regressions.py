"""Positions where our engine and another engine (the `diplomacy` package)
disagreed in random games (scripts/compare_engines.py), with the answer the
DATC v3.0 gives, through `judge adjudicate`'s in-process entry.

Each case is written like tests/engine/datc_cases.py: a state, the orders,
and the outcome codes, units, dislodged units (with their retreat options)
or next phase that must follow.
"""

from __future__ import annotations

import pytest

from judge.adjudicate import handle_request

CASES = {
    # A head-to-head battle where each side has a support from the other's
    # power: a support counts for the defend strength whoever gives it, but
    # never for dislodging the supporter's own unit (DATC 5.A's example of
    # Berlin, Kiel and Munich; 5.B.7, 5.B.8; 6.D.12-6.D.14).  2 against 2 and
    # 1 against 3: both moves fail.  The other engine voided the supports of
    # attacks on the supporters' own units and let the English fleet through.
    "head-to-head with supports against own units": dict(
        state={
            "phase": "S1903M",
            "units": {
                "ENGLAND": ["F TRI", "A ROM", "A VIE"],
                "TURKEY": ["F VEN", "A APU"],
            },
        },
        orders={
            "ENGLAND": ["F TRI - VEN", "A ROM S F TRI - VEN", "A VIE S F VEN - TRI"],
            "TURKEY": ["F VEN - TRI", "A APU S F TRI - VEN"],
        },
        expect={
            "F TRI": ["bounce"],
            "A ROM": [],
            "A VIE": [],
            "F VEN": ["bounce"],
            "A APU": [],
        },
        dislodged_after={},
    ),
    # A convoyed army supported by the defender's own power: that support
    # never helps dislodge it (6.D.12, here by convoy); the other engine
    # counted it.
    "convoyed attack supported by the defender's power": dict(
        state={
            "phase": "S1910M",
            "units": {
                "GERMANY": ["A BEL"],
                "ENGLAND": ["F ENG"],
                "FRANCE": ["A BUR", "A PIC"],
            },
        },
        orders={
            "GERMANY": ["A BEL - PIC VIA"],
            "ENGLAND": ["F ENG C A BEL - PIC"],
            "FRANCE": ["A BUR S A BEL - PIC", "A PIC H"],
        },
        expect={"A BEL": ["bounce"], "F ENG": [], "A BUR": [], "A PIC": []},
        dislodged_after={},
    ),
    # The convoyed attacker's origin may take the retreat (4.A.5, 6.H.11)
    # unless a stand-off left it vacant (6.H.6); the other engine offered it.
    "convoyed attacker's origin left vacant by a stand-off": dict(
        state={
            "phase": "S1908M",
            "units": {
                "AUSTRIA": ["A APU", "F ADR", "F TRI"],
                "ITALY": ["A VEN", "A ROM", "A NAP"],
            },
        },
        orders={
            "AUSTRIA": ["A APU - VEN", "F ADR C A APU - VEN", "F TRI S A APU - VEN"],
            "ITALY": ["A VEN H", "A ROM - APU", "A NAP - APU"],
        },
        expect={
            "A APU": [],
            "F ADR": [],
            "F TRI": [],
            "A VEN": ["dislodged"],
            "A ROM": ["bounce"],
            "A NAP": ["bounce"],
        },
        dislodged_after={"A VEN": ["PIE", "TUS", "TYR"]},
    ),
    # The same with the dislodged unit itself in the stand-off over the
    # attacker's origin.
    "own stand-off over the convoyed attacker's origin": dict(
        state={
            "phase": "S1911M",
            "units": {
                "RUSSIA": ["A BUL"],
                "TURKEY": ["A CON", "F BLA", "F AEG"],
                "ITALY": ["A SER"],
            },
        },
        orders={
            "RUSSIA": ["A BUL - CON"],
            "TURKEY": ["A CON - BUL", "F AEG C A CON - BUL", "F BLA - CON"],
            "ITALY": ["A SER S A CON - BUL"],
        },
        expect={
            "A BUL": ["bounce", "dislodged"],
            "A CON": [],
            "F AEG": [],
            "F BLA": ["bounce"],
            "A SER": [],
        },
        dislodged_after={"A BUL": ["GRE", "RUM"]},
    ),
    # A fleet dislodged by a convoyed army, after standing off over its only
    # empty neighbour: no retreat (6.H.6), so it is disbanded at once; the
    # other engine offered Trieste because the attacker came by convoy.
    "stand-off after a convoyed attack elsewhere": dict(
        state={
            "phase": "S1904M",
            "units": {
                "ITALY": ["F VEN"],
                "AUSTRIA": ["A TYR"],
                "ENGLAND": ["F ADR"],
                "FRANCE": ["A ALB"],
                "GERMANY": ["F APU"],
            },
        },
        orders={
            "ITALY": ["F VEN - TRI"],
            "AUSTRIA": ["A TYR - TRI"],
            "ENGLAND": ["F ADR C A ALB - VEN"],
            "FRANCE": ["A ALB - VEN VIA"],
            "GERMANY": ["F APU S A ALB - VEN"],
        },
        expect={
            "F VEN": ["bounce", "dislodged", "disband"],
            "A TYR": ["bounce"],
            "F ADR": [],
            "A ALB": [],
            "F APU": [],
        },
        dislodged_after={},
        phase_after="F1904M",
    ),
    # Civil-disorder removals at equal distance go by the provinces' English
    # names (6.J.4, 6.J.6): Marseilles before Mid-Atlantic Ocean, both five
    # moves by sea from Constantinople.  The other engine went by the
    # abbreviations (MAO before MAR).
    "civil disorder ties by English name": dict(
        state={
            "phase": "W1901A",
            "units": {"TURKEY": ["F MAO", "F MAR", "A ARM"]},
            "centers": {"TURKEY": ["ANK", "CON"]},
        },
        orders={},
        units_after={"TURKEY": ["A ARM", "F MAO"]},
    ),
    # Norway before Norwegian Sea (NWG before NWY by abbreviation), both
    # three moves from Brest; another power's build the same winter.  Under
    # rules=2023 the distance is to owned centres: Norway is one.
    "civil disorder ties by English name, with a build": dict(
        state={
            "phase": "W1905A",
            "units": {"FRANCE": ["F MAO", "F NWG", "F NWY"], "AUSTRIA": ["A BUD"]},
            "centers": {"FRANCE": ["NWY", "STP"], "AUSTRIA": ["BUD", "VIE"]},
        },
        orders={"AUSTRIA": ["A VIE B"]},
        units_after={"AUSTRIA": ["A BUD", "A VIE"], "FRANCE": ["F MAO", "F NWG"]},
        units_after_2023={
            "AUSTRIA": ["A BUD", "A VIE"],
            "FRANCE": ["F NWG", "F NWY"],
        },
    ),
}


def _outcomes(response: dict) -> dict:
    return {r["unit"]: r["result"] for r in response["results"]}


@pytest.mark.parametrize("case_id", list(CASES))
@pytest.mark.parametrize("variant", ["standard", "standard:rules=2023"])
def test_regression(case_id, variant):
    case = CASES[case_id]
    response = handle_request(
        {
            "id": case_id,
            "variant": variant,
            "state": case["state"],
            "orders": case["orders"],
        }
    )
    assert "error" not in response, response
    assert response["errors"] == []
    if "expect" in case:
        assert _outcomes(response) == case["expect"]
    units_after = case.get("units_after")
    if variant.endswith("rules=2023"):
        units_after = case.get("units_after_2023", units_after)
    if units_after is not None:
        got = {p: sorted(us) for p, us in response["state"]["units"].items() if us}
        assert got == units_after
    if "phase_after" in case:
        assert response["state"]["phase"] == case["phase_after"]
    if "dislodged_after" in case:
        got = {
            d["unit"]: d["retreats"]
            for entries in response["state"]["dislodged"].values()
            for d in entries
        }
        assert got == case["dislodged_after"]
