"""The DATC's own wording of the orders (`F North Sea - Picardy`, `A Liverpool
Supports ...`, `via Convoy`) gives the same adjudication through
`judge adjudicate` as the canonical orders of tests/engine/datc_cases.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.adjudicate import handle_request
from tests.engine.datc_cases import MOVEMENT
from tests.engine.test_datc import RULES, _outcomes, _units_of

TEXT = (Path(__file__).parent / "datc_v3_chapter6.txt").read_text(encoding="utf-8")
POWER_LINE = re.compile(r"^(Austria|England|France|Germany|Italy|Russia|Turkey):?$")
# 6.F.25 misspells Ruhr ("Rhur"): the order language reads it by rule.
# A convoy of a fleet (6.A.7) and a missing coast where both are reachable
# (6.B.1, 6.D.30) are refused with a message; the unit holds either way.
REFUSED = {"6.A.7", "6.B.1", "6.D.30"}


def _written_orders() -> dict[str, dict[str, list[str]]]:
    cases = {}
    for chunk in re.split(r"\n(?=6\.[A-J]\.\d+\.? )", TEXT):
        m = re.match(r"(6\.[A-J]\.\d+)", chunk)
        if not m:
            continue
        blocks: dict[str, list[str]] = {}
        power = None
        for line in chunk.splitlines():
            line = line.strip()
            if POWER_LINE.match(line):
                power = line.rstrip(":").upper()
                blocks.setdefault(power, [])
            elif power is not None:
                if line:
                    blocks[power].append(line)
                elif blocks[power]:
                    power = None
        cases[m.group(1)] = blocks
    return cases


WRITTEN = _written_orders()


@pytest.mark.parametrize("rules", list(RULES))
@pytest.mark.parametrize("case_id", list(MOVEMENT))
def test_datc_wording_reads_as_the_canonical_orders(case_id, rules):
    case = MOVEMENT[case_id]
    state = {"phase": "S1901M", "units": _units_of(case["orders"])}
    base = {"id": case_id, "variant": RULES[rules], "state": state}
    canonical = handle_request({**base, "orders": case["orders"]})
    written = handle_request({**base, "orders": WRITTEN[case_id]})
    assert "error" not in written, written
    assert written["state"] == canonical["state"]
    mine = _outcomes(canonical)
    refused = {e["order"] for e in written["errors"]}
    for unit, codes in _outcomes(written).items():
        assert codes == mine[unit], unit
    # Refused as text only where the DATC calls the order illegal anyway.
    assert not refused or case_id in REFUSED, written["errors"]
