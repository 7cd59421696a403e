"""Requests to `judge adjudicate` listed in other orders, and responses
compared whatever order they list things in (issue 13's guarantee)."""

from __future__ import annotations

import copy
import json
import random

from judge.adjudicate import handle_request


def _shuffled_groups(groups: dict, rng: random.Random, keep_lists: bool = False):
    powers = list(groups)
    rng.shuffle(powers)
    out = {}
    for power in powers:
        items = list(groups[power])
        if not keep_lists:
            rng.shuffle(items)
        out[power] = items
    return out


def relisted(request: dict, rng: random.Random) -> dict:
    """The same request with its powers, units, centres, dislodged units and
    orders listed in another order.  An adjustment phase keeps each power's
    orders in the order given: there the first legal builds count (DATC
    4.D.4-4.D.6), by rule."""
    out = copy.deepcopy(request)
    state = out.get("state") or {}
    for key in ("units", "centers", "dislodged"):
        if isinstance(state.get(key), dict):
            state[key] = _shuffled_groups(state[key], rng)
    adjustments = str(state.get("phase", "")).upper().endswith("A")
    out["orders"] = _shuffled_groups(out.get("orders") or {}, rng, adjustments)
    return out


def canonical(response: dict) -> str:
    """A response as text that does not depend on the order of its lists
    of results and errors."""
    plain = dict(response)
    plain.pop("id", None)
    key = json.dumps
    plain["results"] = sorted(response.get("results", []), key=key)
    plain["errors"] = sorted(response.get("errors", []), key=key)
    return json.dumps(plain, sort_keys=True)


def check_relisted(request: dict, rng: random.Random, times: int) -> dict:
    """Adjudicate `request` as given and `times` times relisted; every answer
    must be the same.  Returns the first response."""
    first = handle_request(request)
    assert "error" not in first, first
    expected = canonical(first)
    for _ in range(times):
        other = relisted(request, rng)
        got = canonical(handle_request(other))
        if got != expected:
            raise AssertionError(
                "the answer depends on the listing:\n"
                f"{json.dumps(request)}\n{json.dumps(other)}\n{expected}\n{got}"
            )
    return first


def request_of(variant: str, position_json: dict, orders) -> dict:
    """A request from a position's JSON form and engine orders."""
    return {
        "variant": variant,
        "state": position_json,
        "orders": {p: [o.canonical() for o in os] for p, os in orders.items()},
    }


def units_named_by(orders: dict[str, list[str]]) -> dict[str, list[str]]:
    """The units a DATC case's orders name (its position when none is given)."""
    units: dict[str, list[str]] = {}
    for power, texts in orders.items():
        for text in texts:
            unit = " ".join(text.split()[:2])
            if unit not in units.setdefault(power, []):
                units[power].append(unit)
    return units
