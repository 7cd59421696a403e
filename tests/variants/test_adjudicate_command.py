"""Variants through `judge adjudicate` (docs/contracts/adjudicate.md)."""

import json
import subprocess
import sys

from judge.adjudicate import handle_request


def test_1913_opening_from_the_variants_start():
    response = handle_request({"id": "a", "orders": {"serbia": ["F SER B"]}}, "1913")
    assert "error" not in response, response
    assert response["phase"] == "W1912A"
    # The order language refuses it (a fleet in Serbia): Serbia sent orders,
    # so its build goes unused (spec §3.6, 2); Greece sent none: defaults.
    assert [e["power"] for e in response["errors"]] == ["SERBIA"]
    assert response["state"]["phase"] == "S1913M"
    assert "SERBIA" not in response["state"]["units"]
    assert response["state"]["units"]["GREECE"] == ["F GRE"]


def test_1913_designate_and_state_round_trip():
    state = {
        "phase": "F1914M",
        "units": {"SERBIA": ["A SER", "F ALB"]},
        "centers": {"SERBIA": ["SER"], "GREECE": ["GRE"]},
    }
    orders = {"SERBIA": ["F ALB - GRE", "DESIGNATE Gre"]}
    response = handle_request({"state": state, "orders": orders}, "1913")
    assert response["errors"] == []
    assert {
        "power": "SERBIA",
        "unit": None,
        "order": "DESIGNATE GRE",
        "result": [],
    } in (response["results"])
    nxt = response["state"]
    assert nxt["variant"] == {"homes": {"SERBIA": "GRE"}}
    again = handle_request({"state": nxt, "orders": {}}, "1913")
    assert again["state"]["variant"] == {"homes": {"SERBIA": "GRE"}}


def test_variant_in_the_request_and_options():
    request = {
        "variant": "standard-2p:coin_toss=P1",
        "state": {
            "phase": "F1914M",
            "units": {"ITALY": ["A VEN"]},
            "centers": {"ITALY": ["VEN"]},
        },
        "orders": {},
    }
    response = handle_request(request)
    assert response["state"]["phase"] == "S1915M"
    assert response["state"]["variant"]["coin_toss"]["player"] == "P1"


def test_unknown_variant_and_option_are_errors_for_that_line():
    assert "no variant called" in handle_request({"id": 1}, "nope")["error"]
    response = handle_request({"id": 2, "variant": "1913:colour=red"})
    assert response == {
        "id": 2,
        "error": "variant '1913' has no option 'colour' (its options: holland_is_sc, "
        "opening_label, opening_nmr, preset_start, rules; and the rule settings:"
        " any_disband, auto_disband, build_sites, coastal_convoys, home_transfer,"
        " movement_disband, strict_convoy)",
    }


def test_command_line_variant_flag():
    lines = [
        json.dumps({"id": "x", "orders": {"italy": ["A VEN - TYR"]}}),
        json.dumps({"id": "y", "variant": "nope"}),
    ]
    done = subprocess.run(
        [sys.executable, "-m", "judge", "adjudicate", "--variant", "standard-6p"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["results"] == [
        {"power": "ITALY", "unit": "A VEN", "order": "A VEN - TYR", "result": ["void"]}
    ]
    assert "no variant called 'nope'" in second["error"]


def test_imperial_scenario_two_through_the_command():
    """Spec §2.7, 2: the Imperial Garrison's support takes Paris, written as
    the spec writes it, state carried from response to request."""
    gaul = "EMPIRE_BRE"
    step = handle_request({"orders": {gaul: ["JOIN Bre NAME Gaul"]}}, "imperial")
    assert step["state"]["phase"] == "S1901M"
    step = handle_request(
        {"state": step["state"], "orders": {gaul: ["A Bre - Pic"]}}, "imperial"
    )
    assert step["state"]["phase"] == "F1901M"
    orders = {gaul: ["A Pic - Par", "IG Bre S A Pic - Par"]}
    step = handle_request({"state": step["state"], "orders": orders}, "imperial")
    assert step["errors"] == []
    assert {
        "power": gaul,
        "unit": "IG BRE",
        "order": "IG BRE S A PIC - PAR",
        "result": [],
    } in step["results"]
    assert "A PAR" in step["state"]["units"][gaul]
    assert "PAR" in step["state"]["centers"][gaul]
