"""`judge map GAME [--phase P]`: a game's board drawn from the judge's own
store, after phases played by mail."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from judge.cli import main
from tests.service.harness import Judge, form_game, signon
from tests.service.sample_game import SAMPLE


@pytest.fixture
def played(tmp_path):
    """Game 'alpha' after the sample game's first two phases, in var/judge.db
    under a judge whose configuration file points there."""
    data = tmp_path / "var"
    data.mkdir()
    judge = Judge(data / "judge.db")
    form_game(judge)
    for _phase, orders in SAMPLE[:2]:
        for power, text in orders.items():
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")
        judge.tick(judge.deadline())
    judge.db.conn.close()
    config = tmp_path / "judge.toml"
    config.write_text(f'[judge]\ndata_dir = "{data.as_posix()}"\n')
    return tmp_path, config


def draw(tmp_path, config, *extra) -> ET.Element:
    out = tmp_path / "map.svg"
    args = ["map", "alpha", "--config", str(config), *extra, "-o", str(out)]
    assert main(args) == 0
    return ET.fromstring(out.read_text())


def units(root) -> set[str]:
    return {e.get("data-unit") for e in root.iter() if e.get("class") == "unit"}


def orders(root) -> list:
    return [e for e in root.iter() if e.get("class") == "order"]


def title(root) -> str:
    return "".join(next(e for e in root.iter() if e.get("class") == "title").itertext())


def test_current_board_with_the_last_phase_orders(played):
    tmp, config = played
    root = draw(tmp, config)
    # After Fall 1901: England convoyed to Norway, Belgium stood off.
    assert {"A NWY", "F SWE", "A HOL", "F TUN", "F PIC", "A RUH"} <= units(root)
    assert len(units(root)) == 22
    assert len(orders(root)) > 0  # the fall orders drawn on the new board
    assert "F1901M" in title(root)


def test_an_earlier_phase_with_its_orders(played):
    tmp, config = played
    root = draw(tmp, config, "--phase", "s1901m")
    assert {"A PAR", "F LON", "A VIE"} <= units(root)  # the starting position
    # Hold orders are not drawn; every move of the sample's opening is.
    assert len(orders(root)) == 22
    assert "S1901M" in title(root)


def test_png_of_a_game(played):
    tmp, config = played
    out = tmp / "map.png"
    assert main(["map", "alpha", "--config", str(config), "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.parametrize(
    "args, message",
    [
        (["nosuch"], "no game named 'nosuch'"),
        (["alpha", "--phase", "S1950M"], "no phase 'S1950M'.*S1901M, F1901M"),
    ],
)
def test_unknown_game_or_phase(played, capsys, args, message):
    tmp, config = played
    out = tmp / "x.svg"
    assert main(["map", *args, "--config", str(config), "-o", str(out)]) == 2

    assert re.search(message, capsys.readouterr().err)
    assert not out.exists()


def test_no_store_yet(tmp_path, capsys):
    config = tmp_path / "judge.toml"
    config.write_text(f'[judge]\ndata_dir = "{(tmp_path / "empty").as_posix()}"\n')
    out = tmp_path / "x.svg"
    assert main(["map", "alpha", "--config", str(config), "-o", str(out)]) == 2
    assert "no game store" in capsys.readouterr().err
