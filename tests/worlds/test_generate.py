"""Generated worlds are sound, fair, repeatable and written like any map."""

from __future__ import annotations

import copy
import os
import subprocess
import sys
import tomllib

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from judge.cli import main
from judge.engine.board import Board
from judge.worlds import WorldError, generate, problems, write_world
from judge.worlds.validate import check_board
from judge.worlds.world_files import geometry_text, map_text, read_world
from tests.strength import examples

SEEDS = st.integers(0, 2**40)
POWERS = st.integers(2, 12)


@settings(max_examples=examples(25), deadline=None)
@given(seed=SEEDS, powers=POWERS)
def test_every_world_is_sound(seed, powers):
    world = generate(seed, powers)
    assert problems(world) == []
    board = Board(world.data)
    assert len(board.powers) == powers
    provinces = board.provinces.values()
    kinds = {p.kind for p in provinces}
    assert kinds == {"land", "coast", "sea"} or kinds == {"coast", "sea"}
    centres = board.supply_centres()
    assert abs(len(centres) - 34 / 75 * len(board.provinces)) <= 1
    neutral = [c for c in centres if board.provinces[c].home is None]
    assert len(neutral) == len(centres) - 3 * powers >= powers
    for power in board.powers:
        units = board.start_units[power]
        assert len(units) == 3
        assert sum(kind == "F" for kind, _ in units) == 1  # the coastal capital
    letters = [p.letter for p in board.powers.values()]
    assert len(set(letters)) == powers and not {"M", "O"} & set(letters)
    names = [p.name.lower() for p in provinces]
    names += [p.name.lower() for p in board.powers.values()]
    assert len(set(names)) == len(names)
    assert world.report["neutral_distance_spread"] <= 1.0


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, powers=POWERS)
@example(seed=378802, powers=7)  # 378803 left a bit of sea to no sea
def test_same_seed_same_bytes(seed, powers):
    a, b = generate(seed, powers), generate(seed, powers)
    assert map_text(a) == map_text(b)
    assert geometry_text(a) == geometry_text(b)
    other = generate(seed + 1, powers)
    assert map_text(other) != map_text(a)


def test_written_files_read_back_as_the_same_world(tmp_path):
    world = generate(11)
    assert write_world(world, tmp_path) == "world-11"
    with (tmp_path / "world-11.toml").open("rb") as f:
        assert tomllib.load(f) == world.data
    with (tmp_path / "world-11.geometry.toml").open("rb") as f:
        assert tomllib.load(f) == world.geometry
    board, geometry = read_world("world-11", tmp_path)
    assert board.name == "world-11" and geometry == world.geometry
    assert board.victory_centres == 18


def test_a_map_or_another_world_is_never_overwritten(tmp_path):
    (tmp_path / "mine.toml").write_text('[map]\nname = "mine"\n')
    with pytest.raises(WorldError, match="not a generated world"):
        write_world(generate(1, name="mine"), tmp_path)
    write_world(generate(1, name="again"), tmp_path)
    write_world(generate(1, name="again"), tmp_path)  # the same world: harmless
    with pytest.raises(WorldError, match="another world is already called"):
        write_world(generate(2, name="again"), tmp_path)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"seed": -1}, "seed"),
        ({"seed": 1, "powers": 1}, "2 to 12 powers"),
        ({"seed": 1, "powers": 13}, "2 to 12 powers"),
        ({"seed": 1, "name": "../etc"}, "name"),
        ({"seed": 1, "name": "Big"}, "name"),
    ],
)
def test_bad_arguments_get_a_clear_message(args, message):
    with pytest.raises(WorldError, match=message):
        generate(**args)


def test_command_writes_the_same_world_twice(tmp_path, capsys):
    args = ["world", "new", "--seed", "42", "--powers", "5", "--dir", str(tmp_path)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "world 'world-42-5'" in out and "spread" in out
    first = (tmp_path / "world-42-5.toml").read_bytes()
    assert main(args) == 0
    assert (tmp_path / "world-42-5.toml").read_bytes() == first
    assert main(["world", "new", "--seed", "1", "--powers", "40"]) == 2
    assert "2 to 12 powers" in capsys.readouterr().err


def test_command_draws_the_start(tmp_path):
    picture = tmp_path / "start.png"
    args = ["world", "new", "--seed", "3", "--dir", str(tmp_path), "--picture"]
    assert main([*args, str(picture)]) == 0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# -- the checks can fail -------------------------------------------------------


def _broken(mutate) -> list[str]:
    data = copy.deepcopy(generate(5).data)
    mutate(data)
    return check_board(Board(data))


def _first_with(data, key):
    return next(p for p in sorted(data["provinces"]) if key in data["provinces"][p])


def test_checks_catch_one_way_adjacency():
    def cut(data):
        pid = _first_with(data, "army")
        data["provinces"][pid]["army"] = data["provinces"][pid]["army"][1:]

    assert any("one way" in p for p in _broken(cut))


def test_checks_catch_a_repeated_name_and_a_bad_id():
    def rename(data):
        a, b = sorted(data["provinces"])[:2]
        data["provinces"][b]["name"] = data["provinces"][a]["name"]

    assert any("share the name" in p for p in _broken(rename))

    def bad_id(data):
        pid = sorted(data["provinces"])[0]
        data["provinces"]["VIA"] = data["provinces"].pop(pid)

    assert any("bad id 'VIA'" in p for p in _broken(bad_id))


def test_checks_catch_a_home_without_its_unit_and_a_cut_off_sea():
    def no_unit(data):
        power = sorted(data["powers"])[0]
        data["powers"][power]["units"] = data["powers"][power]["units"][1:]

    assert any("units are not on its home centres" in p for p in _broken(no_unit))

    def isolate(data):
        sea = _first_with(data, "fleet")
        sea = next(
            p for p, v in sorted(data["provinces"].items()) if v["kind"] == "sea"
        )
        for other in data["provinces"][sea]["fleet"]:
            entry = data["provinces"][other.split("/")[0]]
            lists = entry["coasts"].values() if "coasts" in entry else [entry["fleet"]]
            for dests in lists:
                if sea in dests:
                    dests.remove(sea)
        data["provinces"][sea]["fleet"] = []

    found = _broken(isolate)
    assert any("fleets cannot reach" in p or "no fleet may enter" in p for p in found)


def test_coasts_follow_the_shoreline():
    split = 0
    for seed in range(8):
        board = Board(generate(seed).data)
        seas = {p for p, v in board.provinces.items() if v.kind == "sea"}
        touching: dict[str, set[str]] = {}
        for loc, dests in board.fleet_adjacency.items():
            touching.setdefault(loc.split("/")[0], set()).update(
                d.split("/")[0] for d in dests
            )
        for loc, dests in board.fleet_adjacency.items():
            here = loc.split("/")[0]
            for dest in dests:
                there = dest.split("/")[0]
                if here in seas or there in seas:
                    continue
                # Along the shore: the two coasts share a sea at their border.
                assert touching[here] & touching[there] & seas, (loc, dest)
        for pid, prov in board.provinces.items():
            if prov.coasts:
                split += 1
                a, b = (board.fleet_adjacency[f"{pid}/{c}"] for c in prov.coasts)
                assert a and b and a != b
                assert {d for d in a | b if d in seas}, pid
                assert prov.home is None  # no home fleet must choose a coast
    assert split >= 4  # isthmuses happen: a few per world


def test_same_world_in_another_process(tmp_path):
    """No set or hash order leaks into the files (hash seeds differ)."""
    texts = []
    for hash_seed in ("1", "2"):
        out = tmp_path / hash_seed
        subprocess.run(
            [sys.executable, "-m", "judge", "world", "new", "--seed", "9"]
            + ["--dir", str(out)],
            check=True,
            capture_output=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        texts.append((out / "world-9.toml").read_bytes())
        texts.append((out / "world-9.geometry.toml").read_bytes())
    assert texts[0] == texts[2] and texts[1] == texts[3]
    assert texts[0] == map_text(generate(9)).encode()


def test_no_seed_draws_one_and_says_which():
    world = generate(None, 3)
    assert world.name == f"world-{world.report['seed']}-3"
    assert map_text(generate(world.report["seed"], 3)) == map_text(world)
