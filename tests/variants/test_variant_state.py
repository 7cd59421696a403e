"""A variant's own state (`state.variant`): everything the engine writes reads
back; anything malformed is refused with a message naming the field."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from judge.adjudicate import handle_line
from judge.engine.api import adjudicate, initial_position
from judge.engine.serialize import position_from_json, position_to_json
from judge.variants import load_variant
from judge.variants.imperial.rules import Give, Join, coastal_centres
from judge.variants.imperial.state import FIELDS as IMPERIAL
from judge.variants.v1913.rules import Alliance
from judge.variants.v1913.state import FIELDS as RULES_1913
from tests.variants.test_random_games import VARIANTS, _head_start, random_orders

ROOT = Path(__file__).resolve().parents[2]


def _gifts(pos, orders, rng):
    """Imperial: now and then an empire gives a centre, a unit or builds."""
    empires = sorted(pos.extra.get("empires", {}))
    for power in sorted(orders):
        if power not in empires or len(empires) < 2 or rng.random() > 0.15:
            continue
        to = rng.choice([e for e in empires if e != power])
        units, centres = pos.units_of(power), pos.centres_of(power)
        kind = rng.choice(["sc", "unit", "builds"])
        if kind == "sc" and centres:
            orders[power].append(Give("sc", rng.choice(centres), to))
        elif kind == "unit" and units:
            unit = rng.choice(units)
            orders[power].append(Give("unit", f"{unit.kind} {unit.location}", to))
        else:
            orders[power].append(Give("builds", str(rng.randint(1, 2)), to))


def _votes(board, orders, rng):
    """1913: now and then a power votes for an alliance with another."""
    for power in sorted(orders):
        if rng.random() < 0.05:
            other = rng.choice(sorted(p for p in board.powers if p != power))
            orders[power].append(Alliance(tuple(sorted((power, other)))))


def _play(variant: str, seed: int, seen: set[str]) -> int:
    """A random game; every position it reaches must survive its JSON form.
    Returns the number of positions checked; `seen` gathers the keys."""
    board, rules = load_variant(variant)
    rng = random.Random(seed)
    pos = initial_position(board)
    late: dict = {}
    checked = 0

    def round_trip(position):
        nonlocal checked
        data = json.loads(json.dumps(position_to_json(board, position)))
        assert position_from_json(board, data) == position
        seen.update(position.extra)
        checked += 1

    if variant == "imperial":
        cities = rng.sample(coastal_centres(board), 5)
        joins = {f"EMPIRE_{c}": [Join(c, f"Name {c}")] for c in cities[:3]}
        pos = adjudicate(board, pos, joins, rules).position
        round_trip(pos)
        pos = _head_start(board, pos, rng)
        late = {f"EMPIRE_{c}": [Join(c)] for c in cities[3:]}
    for _ in range(120):
        if pos.winner:
            break
        orders = random_orders(board, pos, rng)
        if variant == "imperial":
            _gifts(pos, orders, rng)
            if pos.phase.year == 1903 and late:
                orders.update(late)
                late = {}
        if variant.startswith("1913"):
            _votes(board, orders, rng)
        pos = adjudicate(board, pos, orders, rules).position
        round_trip(pos)
    return checked


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_state_the_engine_writes_reads_back(variant):
    seen: set[str] = set()
    checked = sum(_play(variant, seed, seen) for seed in range(8))
    assert checked > 100
    if variant == "imperial":
        # The state is really there to check: the fields every game writes.
        assert {"empires", "garrisons", "barbarian", "nmr", "gifts"} <= seen
        assert seen <= set(IMPERIAL)
    elif variant.startswith("1913"):
        assert {"homes", "alliance"} <= seen <= set(RULES_1913)
    elif variant.startswith("standard-2p"):
        assert seen == {"coin_toss"}
    else:
        assert seen == set()


def _error(variant: str, extra: dict, phase: str = "S1901M") -> str:
    line = json.dumps(
        {"id": 7, "variant": variant, "state": {"phase": phase, "variant": extra}}
    )
    response = handle_line(line)
    assert response["id"] == 7
    assert "internal error" not in response.get("error", "")
    return response.get("error", "")


EMP = {"EMPIRE_BRE": {"city": "BRE", "name": "Gaul"}}

MALFORMED = [
    # Imperial
    (
        "imperial",
        {"garrisons": 5},
        "state.variant.garrisons must be an object of city -> empire",
    ),
    (
        "imperial",
        {"garrisons": {"XYZ": "EMPIRE_BRE"}},
        "state.variant.garrisons: no province called 'XYZ'",
    ),
    (
        "imperial",
        {"garrisons": {"BUR": "EMPIRE_BRE"}},
        "state.variant.garrisons: BUR is no supply centre",
    ),
    (
        "imperial",
        {"garrisons": {"BRE": "NEUTRAL"}},
        "state.variant.garrisons.BRE: NEUTRAL is no empire",
    ),
    (
        "imperial",
        {"garrisons": {"BRE": 3}},
        "state.variant.garrisons.BRE must be a power id, got 3",
    ),
    (
        "imperial",
        {"barbarian": "PAR"},
        "state.variant.barbarian must be a list of province ids",
    ),
    (
        "imperial",
        {"barbarian": ["XYZ"]},
        "state.variant.barbarian: no province called 'XYZ'",
    ),
    (
        "imperial",
        {"empires": {"EMPIRE_BRE": {"city": 5}}},
        "state.variant.empires.EMPIRE_BRE.city must be a province id",
    ),
    (
        "imperial",
        {"empires": {"EMPIRE_BRE": {"name": "Gaul"}}},
        "state.variant.empires.EMPIRE_BRE has no 'city'",
    ),
    (
        "imperial",
        {"empires": {"EMPIRE_BRE": {"city": "BRE", "size": 1}}},
        "state.variant.empires.EMPIRE_BRE has an unknown field 'size'",
    ),
    (
        "imperial",
        {"empires": {"EMPIRE_XYZ": {"city": "BRE"}}},
        "state.variant.empires: no power called 'EMPIRE_XYZ'",
    ),
    (
        "imperial",
        {"empires": ["EMPIRE_BRE"]},
        "state.variant.empires must be an object of empire -> {city, name}",
    ),
    (
        "imperial",
        {"joins": [["EMPIRE_BRE", "BRE"]]},
        "state.variant.joins: each entry must be [empire, city, name]",
    ),
    (
        "imperial",
        {"joins": "EMPIRE_BRE"},
        "state.variant.joins must be a list of joins",
    ),
    (
        "imperial",
        {"federations": ["EMPIRE_BRE"]},
        "state.variant.federations must be a list of empires",
    ),
    (
        "imperial",
        {"federating": {"EMPIRE_BRE": {"federate": "EMPIRE_XYZ"}}},
        "state.variant.federating.EMPIRE_BRE.federate: no power called 'EMPIRE_XYZ'",
    ),
    (
        "imperial",
        {"federating": {"EMPIRE_BRE": {"leave": "yes"}}},
        "state.variant.federating.EMPIRE_BRE.leave must be true or false",
    ),
    (
        "imperial",
        {"nmr": {"EMPIRE_BRE": {"run": "x", "total": 0}}},
        "state.variant.nmr.EMPIRE_BRE.run must be a whole number",
    ),
    (
        "imperial",
        {"nmr": {"EMPIRE_BRE": {"run": 1}}},
        "state.variant.nmr.EMPIRE_BRE has no 'total'",
    ),
    (
        "imperial",
        {"disorder": "EMPIRE_BRE"},
        "state.variant.disorder must be a list of empires",
    ),
    (
        "imperial",
        {"gifts": [["EMPIRE_BRE", "builds", "two", "EMPIRE_ROM"]]},
        "state.variant.gifts: builds given must be a number",
    ),
    (
        "imperial",
        {"gifts": [["EMPIRE_BRE", "sc", "XYZ", "EMPIRE_ROM"]]},
        "state.variant.gifts: no location called 'XYZ'",
    ),
    (
        "imperial",
        {"gifts": [["EMPIRE_BRE", "unit", "BUR", "EMPIRE_ROM"]]},
        "state.variant.gifts: a unit given must be written 'A BUR'",
    ),
    (
        "imperial",
        {"gifts": [["EMPIRE_BRE", "cash", "2", "EMPIRE_ROM"]]},
        "state.variant.gifts must be one of 'sc', 'unit', 'builds'",
    ),
    (
        "imperial",
        {"barbarian_armies": [7]},
        "state.variant.barbarian_armies must be a province id, got 7",
    ),
    ("imperial", {"wild": "BUR"}, "state.variant.wild must be a list of province ids"),
    (
        "imperial",
        {"pending": ["BUR"]},
        "state.variant.pending: BUR is no supply centre",
    ),
    (
        "imperial",
        {"entered": ["bur"]},
        "state.variant.entered: no province called 'bur'",
    ),
    (
        "imperial",
        {"result": "maybe"},
        "state.variant.result must be one of 'win', 'draw'",
    ),
    (
        "imperial",
        {"guards": {"BRE": "EMPIRE_BRE"}},
        "state.variant has an unknown field 'guards'",
    ),
    ("imperial", {"sides": {}}, "state.variant has an unknown field 'sides'"),
    # 1913
    (
        "1913",
        {"homes": ["SERBIA"]},
        "state.variant.homes must be an object of minor power -> centre",
    ),
    (
        "1913",
        {"homes": {"SERBIA": "XYZ"}},
        "state.variant.homes.SERBIA: no province called 'XYZ'",
    ),
    (
        "1913",
        {"homes": {"SERBIA": "TYR"}},
        "state.variant.homes.SERBIA: TYR is no supply centre",
    ),
    (
        "1913",
        {"homes": {"NOBODY": "GRE"}},
        "state.variant.homes: no power called 'NOBODY'",
    ),
    (
        "1913",
        {"designations": {"SERBIA": 5}},
        "state.variant.designations.SERBIA must be a province id",
    ),
    (
        "1913",
        {"alliance": 5},
        "state.variant.alliance must be an object of power -> list of powers",
    ),
    (
        "1913",
        {"alliance": {"ENGLAND": "FRANCE"}},
        "state.variant.alliance.ENGLAND must be a list of powers",
    ),
    (
        "1913",
        {"alliance": {"ENGLAND": ["ENGLAND", "NARNIA"]}},
        "state.variant.alliance.ENGLAND: no power called 'NARNIA'",
    ),
    ("1913", {"result": "win"}, "state.variant.result must be one of 'alliance'"),
    ("1913", {"coin_toss": {}}, "state.variant has an unknown field 'coin_toss'"),
    # the small games
    (
        "standard-2p",
        {"coin_toss": 5},
        "state.variant.coin_toss must be an object with power, player, year",
    ),
    (
        "standard-2p",
        {"coin_toss": {"power": "ITALY", "player": "P3", "year": 1914}},
        "state.variant.coin_toss.player must be one of P1, P2",
    ),
    (
        "standard-2p",
        {"coin_toss": {"power": "FRANCE", "player": "P1", "year": 1914}},
        "state.variant.coin_toss.power must be 'ITALY'",
    ),
    (
        "standard-2p",
        {"coin_toss": {"power": "ITALY", "player": "P1"}},
        "state.variant.coin_toss has no 'year'",
    ),
    (
        "standard-2p",
        {"coin_toss": {"power": "ITALY", "player": "P1", "year": "1914"}},
        "state.variant.coin_toss.year must be a whole number",
    ),
    (
        "standard-6p",
        {"coin_toss": {"power": "ITALY", "player": "P1", "year": 1914}},
        "state.variant has an unknown field 'coin_toss' (this variant keeps: none)",
    ),
    # the standard game
    ("standard", {"homes": {}}, "the standard game has no variant state"),
    # Imperial's fields against each other
    (
        "imperial",
        {"empires": {"EMPIRE_BRE": {"city": "PAR", "name": ""}}},
        "state.variant.empires.EMPIRE_BRE.city must be 'BRE'",
    ),
    (
        "imperial",
        {"empires": {}, "garrisons": {"BRE": "EMPIRE_BRE"}},
        "state.variant.garrisons.BRE: EMPIRE_BRE is not among the empires",
    ),
    (
        "imperial",
        {
            "empires": {"EMPIRE_BRE": {"city": "BRE", "name": ""}},
            "garrisons": {"MAR": "EMPIRE_BRE"},
        },
        "state.variant.garrisons.MAR: EMPIRE_BRE's garrison stands in BRE",
    ),
]


@pytest.mark.parametrize(("variant", "extra", "message"), MALFORMED)
def test_malformed_variant_state_is_refused_by_name(variant, extra, message):
    assert message in _error(variant, extra)


@pytest.mark.parametrize(
    ("variant", "extra", "phase"),
    [
        ("imperial", {"empires": EMP, "garrisons": {"BRE": "EMPIRE_BRE"}}, "S1901M"),
        ("1913", {"homes": {"SERBIA": "GRE"}, "alliance": {}}, "S1913M"),
        (
            "standard-2p",
            {"coin_toss": {"power": "ITALY", "player": "P2", "year": 1914}},
            "S1915M",
        ),
        ("standard", {}, "S1901M"),
    ],
)
def test_well_formed_variant_state_is_read(variant, extra, phase):
    line = json.dumps({"variant": variant, "state": {"phase": phase, "variant": extra}})
    response = handle_line(line)
    assert "error" not in response, response
    assert "state" in response


def test_a_bad_variant_state_spoils_its_line_only():
    good = {"variant": "1913", "state": {"phase": "S1913M"}}
    lines = [
        json.dumps({"id": 1, **good}),
        json.dumps(
            {
                "id": 2,
                "variant": "imperial",
                "state": {"phase": "S1901M", "variant": {"garrisons": 5}},
            }
        ),
        json.dumps(
            {
                "id": 3,
                "variant": "1913",
                "state": {"phase": "S1913M", "variant": {"homes": {"SERBIA": "XYZ"}}},
            }
        ),
        json.dumps({"id": 4, **good}),
    ]
    done = subprocess.run(
        [sys.executable, "-m", "judge", "adjudicate"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["id"] for r in out] == [1, 2, 3, 4]
    assert "state" in out[0] and "state" in out[3]
    assert (
        out[1]["error"] == "state.variant.garrisons must be an object of city -> empire"
    )
    assert out[2]["error"] == "state.variant.homes.SERBIA: no province called 'XYZ'"


def _imperial_state() -> dict:
    """Two empires at war, a join waiting, gifts and federation orders
    standing, and Gaul one missed turn from civil disorder."""
    return {
        "phase": "F1901M",
        "units": {
            "EMPIRE_BRE": ["A BUR", "A BRE"],
            "EMPIRE_MAR": ["A MAR", "A GAS"],
        },
        "centers": {"EMPIRE_BRE": ["BRE", "PAR"], "EMPIRE_MAR": ["MAR", "SPA"]},
        "variant": {
            "empires": {
                "EMPIRE_BRE": {"city": "BRE", "name": "Gaul"},
                "EMPIRE_MAR": {"city": "MAR", "name": ""},
            },
            "garrisons": {"BRE": "EMPIRE_BRE", "MAR": "EMPIRE_MAR"},
            "barbarian": ["PIC"],
            "joins": [["EMPIRE_ROM", "ROM", "Rome"]],
            "nmr": {"EMPIRE_BRE": {"run": 1, "total": 1}},
            "federating": {"EMPIRE_MAR": {"accept": ["EMPIRE_BRE"]}},
            "gifts": [["EMPIRE_MAR", "builds", "1", "EMPIRE_BRE"]],
        },
    }


def test_imperial_fields_written_mid_season_read_back():
    """A dislodgement with disorder due: the retreat phase keeps `entered`,
    `disorder` and the waiting `joins`; every state after reads back."""
    state = _imperial_state()
    orders = {"EMPIRE_MAR": ["A GAS - BUR", "A MAR S A GAS - BUR"]}
    seen: set[str] = set()
    for _ in range(6):
        response = handle_line(
            json.dumps({"variant": "imperial", "state": state, "orders": orders})
        )
        assert "error" not in response, response
        state, orders = response["state"], {}
        seen.update(state.get("variant", {}))
    assert {"entered", "disorder", "joins"} <= seen


def test_imperial_result_reads_back():
    board, _rules = load_variant("imperial")
    state = _imperial_state()
    centres = sorted(c for c in board.supply_centres() if c not in ("BRE", "PAR"))
    state["centers"]["EMPIRE_MAR"] = centres
    response = handle_line(json.dumps({"variant": "imperial", "state": state}))
    assert response["state"]["variant"]["result"] == "win"
    again = handle_line(json.dumps({"variant": "imperial", "state": response["state"]}))
    assert "error" not in again, again
