"""`judge adjudicate`: JSON lines in and out (docs/contracts/adjudicate.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.adjudicate import handle_line, handle_request
from tests.strength import examples

ROOT = Path(__file__).resolve().parents[1]


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "judge", "adjudicate", *args]


def test_lines_in_lines_out_with_errors_per_line():
    lines = [
        json.dumps({"id": "a", "orders": {"FRANCE": ["A PAR - BUR"]}}),
        "this is not json",
        json.dumps({"id": "b", "variant": "nowhere"}),
        "",
        json.dumps({"id": "c", "orders": {"ATLANTIS": ["A PAR H"]}}),
        json.dumps({"id": "d", "state": {"phase": "S1901M", "units": {"X": []}}}),
        json.dumps({"id": "e", "orders": {"england": ["F LON - NTH", "F XYZ - ABC"]}}),
    ]
    done = subprocess.run(
        _command(),
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r.get("id") for r in out] == ["a", None, "b", "c", "d", "e"]
    assert out[0]["results"] == [
        {"power": "FRANCE", "unit": "A PAR", "order": "A PAR - BUR", "result": []}
    ]
    assert "A BUR" in out[0]["state"]["units"]["FRANCE"]
    assert out[0]["state"]["phase"] == "F1901M"
    assert "not valid JSON" in out[1]["error"]
    assert "nowhere" in out[2]["error"]
    assert "ATLANTIS" in out[3]["error"]
    assert "'X'" in out[4]["error"]
    assert out[5]["results"][0]["order"] == "F LON - NTH"
    assert [e["order"] for e in out[5]["errors"]] == ["F XYZ - ABC"]


def test_bytes_that_are_not_utf8_get_an_error_line():
    done = subprocess.run(
        _command(),
        input=b'{"id": "\xff\xfe"\n\xc3\x28 nonsense\n{"id": "ok"}\n',
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == 3
    assert "error" in out[0] and "error" in out[1]
    assert out[2]["id"] == "ok" and out[2]["state"]["phase"] == "F1901M"


def test_each_answer_is_flushed_before_the_next_question():
    proc = subprocess.Popen(
        _command("--variant", "standard:rules=2023"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        state = None
        for turn in range(2):
            request = {"id": str(turn), "orders": {"GERMANY": ["A MUN - RUH"]}}
            if state:
                request["state"] = state
            proc.stdin.write(json.dumps(request) + "\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())  # would hang if unflushed
            assert answer["id"] == str(turn)
            state = answer["state"]
        assert state["phase"] == "S1902M"
        assert "A RUH" in state["units"]["GERMANY"]
        assert state["centers"]["GERMANY"] == ["BER", "KIE", "MUN"]
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0


def test_variant_option_selects_2023_rules():
    # DATC 6.G.8: no fallback to the land route under the 2023 rules.
    request = {
        "state": {
            "phase": "S1901M",
            "units": {"FRANCE": ["A BEL"], "ENGLAND": ["F NTH", "A HOL"]},
        },
        "orders": {
            "FRANCE": ["A BEL - HOL VIA"],
            "ENGLAND": ["F NTH - HEL", "A HOL - KIE"],
        },
    }
    seeds = handle_request(request)
    rules_2023 = handle_request({**request, "variant": "standard:rules=2023"})
    assert "A HOL" in seeds["state"]["units"]["FRANCE"]
    assert rules_2023["state"]["units"]["FRANCE"] == ["A BEL"]
    assert handle_request(request, default_variant="standard:rules=2023") == {
        **rules_2023,
        "id": None,
    }


def test_bad_states_get_clear_messages():
    def error(state):
        return handle_request({"id": "x", "state": state})["error"]

    assert "phase" in error({"units": {}})
    assert "S1901M" in error({"phase": "spring"})
    assert "no location called 'XYZ'" in error(
        {"phase": "S1901M", "units": {"FRANCE": ["A XYZ"]}}
    )
    assert "cannot stand" in error({"phase": "S1901M", "units": {"FRANCE": ["A NTH"]}})
    assert "name the coast" in error(
        {"phase": "S1901M", "units": {"RUSSIA": ["F STP"]}}
    )
    assert "two units in PAR" in error(
        {"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A PAR"]}}
    )
    assert "no supply centre" in error(
        {"phase": "S1901M", "centers": {"FRANCE": ["BUR"]}}
    )
    assert "retreat phases" in error(
        {
            "phase": "S1901M",
            "dislodged": {"FRANCE": [{"unit": "A PAR", "retreats": []}]},
        }
    )


def test_orders_for_foreign_or_missing_units_are_void():
    answer = handle_request(
        {"orders": {"FRANCE": ["A MUN - RUH", "F NTH - NWG", "A PAR - BUR"]}}
    )
    results = {r["order"]: r["result"] for r in answer["results"]}
    assert results == {
        "A MUN - RUH": ["void"],  # Germany's army
        "F NTH - NWG": ["void"],  # nobody there
        "A PAR - BUR": [],
    }
    assert answer["errors"] == []
    assert "A MUN" in answer["state"]["units"]["GERMANY"]


# F1901R: England's fleet driven out of Edinburgh may go to the Norwegian
# Sea or the Clyde; a French army stands in Yorkshire.
RETREAT_STATE = {
    "phase": "F1901R",
    "units": {"ENGLAND": ["F NTH"], "FRANCE": ["A YOR"]},
    "dislodged": {"ENGLAND": [{"unit": "F EDI", "retreats": ["NWG", "CLY"]}]},
}


def _retreat(*orders: str) -> dict:
    return handle_request({"state": RETREAT_STATE, "orders": {"ENGLAND": list(orders)}})


@pytest.mark.parametrize(
    "text",
    [
        "F EDI R YOR",  # occupied, and not among its retreats
        "F EDI R LON",  # not adjacent
        "F EDI R EDI",  # where it was driven out of
        "F EDI - YOR",  # written as a move
        "F Edinburgh retreats to Yorkshire",  # in words
    ],
)
def test_a_void_retreat_is_read_reported_void_and_the_unit_disbanded(text):
    """The contract: `errors` holds only what cannot be read; an order that
    names the power's unit and is illegal in the position is in `results`
    as `void`, and a dislodged unit without a valid retreat is disbanded."""
    answer = _retreat(text)
    assert answer["errors"] == []
    [result] = answer["results"]
    assert result["power"] == "ENGLAND" and result["unit"] == "F EDI"
    assert result["order"].startswith("F EDI R ")
    assert result["result"] == ["void", "disband"]
    state = answer["state"]
    assert state["phase"] == "W1901A" and state["dislodged"] == {}
    assert state["units"] == {"ENGLAND": ["F NTH"], "FRANCE": ["A YOR"]}


def test_retreats_valid_unreadable_colliding_and_for_no_dislodged_unit():
    good = _retreat("F Edinburgh - Norwegian Sea")
    assert good["results"] == [
        {"power": "ENGLAND", "unit": "F EDI", "order": "F EDI R NWG", "result": []}
    ]
    assert good["state"]["units"]["ENGLAND"] == ["F NTH", "F NWG"]

    # an unknown place cannot be read: an error, and the unit, without a
    # valid order, is disbanded as the contract says of unordered units
    unread = _retreat("F EDI R XYZ")
    assert unread["results"] == []
    assert unread["errors"] == [
        {
            "power": "ENGLAND",
            "order": "F EDI R XYZ",
            "error": "no province called 'XYZ'",
        }
    ]
    assert unread["state"]["units"]["ENGLAND"] == ["F NTH"]

    # a unit that was not dislodged has no retreat to make: void, it stays
    stay = _retreat("F NTH R NWG")
    assert [r["result"] for r in stay["results"]] == [["void"]]
    assert stay["state"]["units"]["ENGLAND"] == ["F NTH"]

    both = handle_request(
        {
            "state": {
                **RETREAT_STATE,
                "dislodged": {
                    **RETREAT_STATE["dislodged"],
                    "GERMANY": [{"unit": "F DEN", "retreats": ["NWG", "BAL"]}],
                },
            },
            "orders": {"ENGLAND": ["F EDI R NWG"], "GERMANY": ["F DEN R NWG"]},
        }
    )
    assert [r["result"] for r in both["results"]] == [["bounce", "disband"]] * 2
    assert "GERMANY" not in both["state"]["units"]


def test_a_void_retreat_through_the_command():
    done = subprocess.run(
        _command(),
        input=json.dumps({"id": "r", "state": RETREAT_STATE,
                          "orders": {"ENGLAND": ["F EDI R YOR"]}}) + "\n",
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["errors"] == []
    assert answer["results"][0]["result"] == ["void", "disband"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
KEYS = st.sampled_from(["id", "variant", "state", "orders", "phase", "units", "FRANCE"])


@settings(max_examples=examples(150), deadline=None)
@given(
    request=st.dictionaries(KEYS, JSON, max_size=4)
    | JSON
    | st.fixed_dictionaries(
        {"orders": st.dictionaries(st.sampled_from(["FRANCE", "italy", "X"]), JSON)}
    )
)
def test_no_request_crashes_the_handler(request):
    answer = handle_line(json.dumps(request))
    assert isinstance(answer, dict)
    assert "error" in answer or {"phase", "results", "errors", "state"} <= set(answer)
    if "error" in answer:
        assert not answer["error"].startswith("internal error"), answer


WORDS = st.sampled_from(
    [
        "A",
        "F",
        "PAR",
        "BUR",
        "STP/NC",
        "SPA",
        "S",
        "C",
        "-",
        "H",
        "R",
        "D",
        "B",
        "VIA",
        "WAIVE",
        "north",
        "sea",
        "xyz",
        "->",
        "Build",
        "Remove",
        "(sc)",
        ",",
    ]
)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    phase=st.sampled_from(["S1901M", "F1901M", "F1901R", "W1901A"]),
    noise=st.lists(st.lists(WORDS, min_size=1, max_size=7).map(" ".join), max_size=6),
)
def test_random_boards_and_scrambled_orders_never_crash(seed, phase, noise):
    import random

    from judge.engine.board import load_board
    from judge.engine.sampling import random_orders, random_position
    from judge.engine.serialize import position_to_json

    board = load_board("standard")
    rng = random.Random(seed)
    position = random_position(board, rng, 20)
    orders = random_orders(board, position, rng)
    state = position_to_json(board, position)
    state["phase"] = phase
    if phase.endswith("R"):
        state["dislodged"] = {"FRANCE": [{"unit": "A PIC", "retreats": ["BEL", "PAR"]}]}
    texts = {p: [o.canonical() for o in os] for p, os in orders.items()}
    texts.setdefault("FRANCE", []).extend(noise)
    answer = handle_request({"id": seed, "state": state, "orders": texts})
    if "error" in answer:
        assert not answer["error"].startswith("internal error"), answer
        return
    ordered = sum(len(v) for v in texts.values())
    assert len(answer["results"]) + len(answer["errors"]) >= ordered - len(noise)


def test_a_games_random_world_is_a_variant_here_too(tmp_path):
    """A world written to the judge's worlds_dir (by CREATE ... random) is
    found through the judge's configuration."""
    from judge.worlds import generate, write_world

    data = tmp_path / "var"
    name = write_world(generate(11, 3, "world-cli"), data / "maps")
    config = tmp_path / "judge.toml"
    config.write_text(f'[judge]\ndata_dir = "{data.as_posix()}"\n')
    request = json.dumps({"id": "w", "variant": name, "orders": {}}) + "\n"
    found = subprocess.run(
        _command("--config", str(config)), input=request, capture_output=True,
        text=True, timeout=60,
    )  # fmt: skip
    answer = json.loads(found.stdout)
    assert "error" not in answer, answer
    assert answer["phase"].endswith("M")
    elsewhere = subprocess.run(
        _command(), input=request, capture_output=True, text=True, timeout=60,
        cwd=tmp_path / "var",
    )  # fmt: skip
    assert "error" in json.loads(elsewhere.stdout)


def test_misspelt_and_foreign_names_read_by_the_position():
    response = handle_request(
        {
            "orders": {
                "ITALY": ["A Roma - Apulia", "F Napels - Ion", "A Venezia - Piemonte"],
                "RUSSIA": ["F StP/sc - Linland", "A Warshaw - Silisia"],
            }
        }
    )
    orders = {r["unit"]: r["order"] for r in response["results"]}
    assert orders["A ROM"] == "A ROM - APU"
    assert orders["F NAP"] == "F NAP - ION"
    assert orders["A VEN"] == "A VEN - PIE"
    assert orders["A WAR"] == "A WAR - SIL"
    assert response["errors"] == [
        {
            "power": "RUSSIA",
            "order": "F StP/sc - Linland",
            "error": "'Linland' could be Finland or Livonia; write the name in full",
        }
    ]


def test_maintain_is_read_and_void_under_the_standard_rules():
    # MAINTAIN is SET ANY DISBAND's order (a game's option, not the map's):
    # the request's standard winter reads it and voids it, the unit stays
    request = {
        "state": {"phase": "W1901A", "units": {"FRANCE": ["A PAR"]},
                  "centers": {"FRANCE": ["PAR", "MAR"]}},
        "orders": {"FRANCE": ["A PAR MAINTAIN"]},
    }  # fmt: skip
    answer = handle_request(request)
    assert answer["errors"] == []
    assert answer["results"] == [
        {"power": "FRANCE", "unit": "A PAR", "order": "A PAR MAINTAIN",
         "result": ["void"]}
    ]  # fmt: skip
    assert answer["state"]["units"]["FRANCE"] == ["A PAR"]


def test_njudges_rule_settings_are_variant_options_here():
    """A request has no game to SET a rule on: the settings are options of
    the variant ("standard:any_disband=True"), read by the order language
    too (MAINTAIN written as players write it)."""
    winter = {"phase": "W1901A", "units": {"FRANCE": ["A PAR", "A MAR", "F BRE"]},
              "centers": {"FRANCE": ["PAR", "BRE"]}}  # fmt: skip
    answer = handle_request(
        {
            "variant": "standard:any_disband=True",
            "state": winter,
            "orders": {"FRANCE": ["Maintain A Par", "A Mar D", "Build A Bre"]},
        }
    )
    assert answer["errors"] == []
    results = {r["order"]: r["result"] for r in answer["results"]}
    assert results == {"A PAR MAINTAIN": [], "A MAR D": [], "A BRE B": ["void"]}
    assert answer["state"]["units"]["FRANCE"] == ["A PAR", "F BRE"]
    spring = handle_request(
        {"variant": "standard:movement_disband=True",
         "orders": {"FRANCE": ["A Par D"]}}
    )  # fmt: skip
    assert [r["result"] for r in spring["results"] if r["unit"] == "A PAR"] == [
        ["disband"]
    ]
    assert "A PAR" not in spring["state"]["units"]["FRANCE"]
