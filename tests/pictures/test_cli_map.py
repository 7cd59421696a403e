"""`judge map`: state files (bare, request or response form) with or without
a response's orders, to SVG or PNG; clear messages for everything wrong."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from judge.adjudicate import handle_request
from judge.cli import main

REQUEST = {
    "id": "t",
    "state": {
        "phase": "S1901M",
        "units": {"ENGLAND": ["F NTH", "A YOR"], "FRANCE": ["A PAR", "A BUR"]},
        "centers": {"ENGLAND": ["LON", "EDI"], "FRANCE": ["PAR"]},
    },
    "orders": {
        "ENGLAND": ["F NTH C A YOR - BEL", "A YOR - BEL VIA"],
        "FRANCE": ["A PAR - PIC", "A BUR - PIC"],
    },
}


@pytest.fixture
def files(tmp_path):
    request = tmp_path / "request.json"
    request.write_text(json.dumps(REQUEST))
    response = tmp_path / "response.json"
    response.write_text(json.dumps(handle_request(REQUEST)))
    return tmp_path, request, response


def classes_of(root, name):
    return [e for e in root.iter() if e.get("class") == name]


def test_state_and_orders_to_svg(files):
    tmp, request, response = files
    out = tmp / "map.svg"
    assert (
        main(
            [
                "map",
                "--state",
                str(request),
                "--orders",
                str(response),
                "-o",
                str(out),
                "--title",
                "demo",
            ]
        )
        == 0
    )
    root = ET.fromstring(out.read_text())
    assert sorted(e.get("data-unit") for e in classes_of(root, "unit")) == [
        "A BUR",
        "A PAR",
        "A YOR",
        "F NTH",
    ]
    orders = {e.get("data-order"): e for e in classes_of(root, "order")}
    assert set(orders) == {
        "F NTH C A YOR - BEL",
        "A YOR - BEL VIA",
        "A PAR - PIC",
        "A BUR - PIC",
    }
    assert orders["A PAR - PIC"].get("data-status") == "failed"  # they bounced
    assert orders["A YOR - BEL VIA"].get("data-status") == "succeeded"
    assert "demo" in "".join(classes_of(root, "title")[0].itertext())


def test_bare_state_to_png(files):
    tmp, request, _ = files
    state = tmp / "state.json"
    state.write_text(json.dumps(REQUEST["state"]))
    out = tmp / "map.png"
    assert main(["map", "--state", str(state), "-o", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_response_alone_draws_its_new_state_under_its_orders(files):
    tmp, _, response = files
    out = tmp / "after.svg"
    assert main(["map", "--orders", str(response), "-o", str(out)]) == 0
    root = ET.fromstring(out.read_text())
    assert "A BEL" in {e.get("data-unit") for e in classes_of(root, "unit")}
    title = "".join(classes_of(root, "title")[0].itertext())
    assert "(F1901M), with the orders of S1901M" in title


@pytest.mark.parametrize(
    "args, message",
    [
        (["--state", "{request}", "-o", "{tmp}/x.gif"], "must end in .svg or .png"),
        (["--state", "{tmp}/none.json", "-o", "{tmp}/x.svg"], "cannot read state"),
        (["-o", "{tmp}/x.svg"], "give --state"),
        (["game1", "--state", "{request}", "-o", "{tmp}/x.svg"], "not both"),
        (["--state", "{bad}", "-o", "{tmp}/x.svg"], "bad state: .*no location"),
        (
            ["--state", "{request}", "--variant", "nosuch", "-o", "{tmp}/x.svg"],
            "no variant called 'nosuch'",
        ),
        (
            ["--state", "{request}", "--orders", "{badorders}", "-o", "{tmp}/x.svg"],
            "not an order in canonical form",
        ),
        (["--state", "{notjson}", "-o", "{tmp}/x.svg"], "not JSON"),
    ],
)
def test_mistakes_get_a_clear_message(files, capsys, args, message):
    tmp, request, _ = files
    bad = tmp / "bad.json"
    bad.write_text(json.dumps({"phase": "S1901M", "units": {"FRANCE": ["A XYZ"]}}))
    badorders = tmp / "badorders.json"
    badorders.write_text(
        json.dumps(
            {
                "phase": "S1901M",
                "results": [
                    {
                        "power": "FRANCE",
                        "unit": "A PAR",
                        "order": "A PAR goes",
                        "result": [],
                    }
                ],
            }
        )
    )
    notjson = tmp / "notjson.json"
    notjson.write_text("{nope")
    names = {
        "request": request,
        "tmp": tmp,
        "bad": bad,
        "badorders": badorders,
        "notjson": notjson,
    }
    argv = ["map", *(a.format(**names) for a in args)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("judge map: ")
    import re

    assert re.search(message, err), err
