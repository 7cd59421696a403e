"""Games on random worlds by mail (issue 8): CREATE ... random, the world's
picture with the join replies, SET COUNTRY / SET COLOUR before the first
phase, orders in the world's own names, LIST naming the world, and the game
reloaded by a new service on the same database file."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from harness import PLAYERS, Judge, password

from judge.config import JudgeSettings
from judge.engine.board import load_board, remove_maps_dir
from judge.engine.serialize import position_from_json
from judge.service.handler import GameService
from judge.variants import VariantError, load_variant

SEED = 4242
CREATOR, SECOND, THIRD = PLAYERS[:3]


def world_judge(path: Path) -> Judge:
    """A judge whose data (and so its worlds) live under `path`."""
    # the creator plays one of the world's powers: auto_master off
    settings = JudgeSettings(data_dir=path / "var", auto_master=False)
    settings.data_dir.mkdir(exist_ok=True)
    judge = Judge(settings.database_path)
    judge.service = GameService(settings)
    return judge


def form_world_game(judge: Judge, name: str = "alpha") -> list:
    """Three players on a three-power world; returns every reply."""
    replies = [
        judge.send(CREATOR, f"CREATE ?{name} {password(CREATOR)} random powers=3"
                   f" seed={SEED}"),
    ]  # fmt: skip
    for address in (SECOND, THIRD):
        replies.append(judge.send(address, f"SIGNON ?{name} {password(address)}"))
    return replies


@pytest.fixture
def wjudge(tmp_path):
    judge = world_judge(tmp_path)
    yield judge
    remove_maps_dir(tmp_path / "var" / "maps")


def reply_to(out, address):
    return next(m for m in out if m.to == (address,))


def test_create_random_writes_the_world_outside_the_source_tree(wjudge, tmp_path):
    out = wjudge.send(
        CREATOR, f"CREATE ?alpha {password(CREATOR)} random powers=3 seed={SEED}"
    )
    reply = reply_to(out, CREATOR)
    game = wjudge.game()
    assert game["variant"] == "world-alpha"
    worlds = tmp_path / "var" / "maps"
    assert (worlds / "world-alpha.toml").is_file()
    assert (worlds / "world-alpha.geometry.toml").is_file()
    data = tomllib.loads((worlds / "world-alpha.toml").read_text())
    assert data["world"]["seed"] == SEED and data["world"]["game"] == "alpha"
    assert len(data["powers"]) == 3
    assert not (Path(__file__).parents[2] / "maps" / "world-alpha.toml").exists()
    # the reply names the world and carries its picture
    assert f"world-alpha, seed {SEED}" in reply.body
    assert data["map"]["title"] in reply.body
    [picture] = reply.attachments
    assert picture.content_type == "image/png"
    assert picture.data.startswith(b"\x89PNG")


def test_a_drawn_seed_is_recorded(wjudge):
    wjudge.send(CREATOR, f"CREATE ?beta {password(CREATOR)} random powers=2")
    board = load_board(wjudge.game("beta")["variant"])
    seed = board.data["world"]["seed"]
    assert isinstance(seed, int)
    out = wjudge.send(SECOND, "LIST beta")
    assert f"seed {seed}" in reply_to(out, SECOND).body


@pytest.mark.parametrize(
    ("options", "refusal"),
    [
        ("random powers=1", "2 to 12 powers"),
        ("random powers=x", "powers= takes a whole number"),
        ("random seed=-3", "seed= takes a whole number"),
        ("random powers=3 colourful", "Unknown option 'colourful'"),
    ],
)
def test_bad_world_arguments_are_refused(wjudge, tmp_path, options, refusal):
    out = wjudge.send(CREATOR, f"CREATE ?gamma pw {options}")
    assert refusal in reply_to(out, CREATOR).body
    assert wjudge.row("SELECT count(*) FROM svc_games")[0] == 0
    assert not list((tmp_path / "var" / "maps").glob("*.toml"))


def test_joining_players_get_the_picture_and_the_game_starts(wjudge):
    replies = form_world_game(wjudge)
    for address, out in zip((CREATOR, SECOND, THIRD), replies, strict=True):
        reply = reply_to(out, address)
        assert "world-alpha" in reply.body
        assert [a.content_type for a in reply.attachments] == ["image/png"]
    assert wjudge.game()["status"] == "active"
    starting = [m for m in replies[-1] if "Game Starting" in m.subject]
    assert len(starting) == 3


def powers_of(judge: Judge, name: str = "alpha") -> dict[str, str]:
    """address -> power."""
    return dict(
        judge.db.execute(
            "SELECT address, power FROM svc_members WHERE game = ? AND role = 'player'",
            [name],
        ).fetchall()
    )


def sign(judge: Judge, address: str, name: str = "alpha") -> str:
    board = load_board(judge.game(name)["variant"])
    power = powers_of(judge, name)[address]
    return f"SIGNON {board.powers[power].letter}{name} {password(address)}"


def test_set_country_and_colour_before_the_first_phase(wjudge, tmp_path):
    with_refusals_before_the_start(wjudge)
    form_world_game(wjudge)
    powers = powers_of(wjudge)
    board = load_board("world-alpha")
    mine, other = powers[CREATOR], powers[SECOND]
    other_name = board.powers[other].name
    out = wjudge.send(
        CREATOR,
        f"{sign(wjudge, CREATOR)}\nSET COUNTRY Velmora\nSET COLOR teal",
    )
    body = reply_to(out, CREATOR).body
    assert "is now called Velmora" in body
    assert "Velmora is now coloured #008080" in body
    told = [m for m in out if m.to == (THIRD,)]
    assert any("Velmora" in m.body for m in told)
    board = load_board("world-alpha")  # the game's board has changed
    assert board.powers[mine].name == "Velmora"
    assert board.data["powers"][mine]["colour"] == "#008080"
    stored = tomllib.loads((tmp_path / "var" / "maps" / "world-alpha.toml").read_text())
    assert stored["powers"][mine]["name"] == "Velmora"
    # refusals: another's name, a place's name, an order word, bad and close colours
    place = next(iter(board.provinces.values())).name
    out = wjudge.send(
        SECOND,
        f"{sign(wjudge, SECOND)}\nSET COUNTRY Velmora\nSET COUNTRY {place}\n"
        "SET COUNTRY Support\nSET COUNTRY X\nSET COLOUR #00807F\n"
        "SET COLOUR chartreuse-ish\nSET COLOUR #12345",
    )
    body = reply_to(out, SECOND).body
    assert "already Velmora's name" in body
    assert "already a place's name" in body
    assert "a word orders use" in body
    assert "one word of 3 to 20 letters" in body
    assert "too like Velmora's colour" in body
    assert "'chartreuse-ish' is not a colour" in body
    assert "'#12345' is not a colour" in body
    assert load_board("world-alpha").powers[other].name == other_name
    # LIST and the pictures use the new name and colour
    out = wjudge.send(THIRD, "LIST alpha")
    listing = reply_to(out, THIRD).body
    assert "Velmora" in listing and f"seed {SEED}" in listing
    out = wjudge.send(THIRD, "LIST")
    assert f"world-alpha, seed {SEED}" in reply_to(out, THIRD).body


def with_refusals_before_the_start(judge: Judge) -> None:
    """SET COUNTRY while the game forms (powers not drawn) is refused; so is
    it in a game on an ordinary map."""
    judge.send(CREATOR, f"CREATE ?alpha {password(CREATOR)} random powers=3"
               f" seed={SEED}\nSET COUNTRY Velmora")  # fmt: skip
    body = judge.transcript[-1]
    assert "Sign on first" in body or "Only a player with a power" in body
    judge.send(CREATOR, f"CREATE ?std {password(CREATOR)} standard")
    for address in PLAYERS[1:]:
        judge.send(address, f"SIGNON ?std {password(address)}")
    out = judge.send(CREATOR, f"{sign(judge, CREATOR, 'std')}\nSET COUNTRY Velmora")
    assert "for games on a random world" in reply_to(out, CREATOR).body
    # the world game goes on forming: the next two players join it
    judge.send(SECOND, f"SIGNON ?alpha {password(SECOND)}")
    judge.send(THIRD, f"SIGNON ?alpha {password(THIRD)}")


def unit_move(board, position, power):
    """An army of `power` and a free land province it can walk to."""
    occupied = set(position.units)
    for location, (owner, unit) in sorted(position.units.items()):
        if owner != power or unit.kind != "A":
            continue
        for dest in sorted(board.army_adjacency[location]):
            if dest not in occupied and board.provinces[dest].kind != "sea":
                return location, dest
    raise AssertionError("no army with a free neighbour")


def test_orders_in_the_worlds_names_and_reload_after_restart(tmp_path):
    judge = world_judge(tmp_path)
    form_world_game(judge)
    # the game's board and rules come through load_variant like any variant
    board, rules = load_variant("world-alpha")
    assert rules.variant == "world-alpha"
    game = json.loads(judge.game()["position"])
    position = position_from_json(board, game)
    power = powers_of(judge)[CREATOR]
    src, dest = unit_move(board, position, power)
    order = f"Army {board.provinces[src].name} moves to {board.provinces[dest].name}"
    for address, who in powers_of(judge).items():
        orders = [
            f"{unit.kind} {board.provinces[loc].name} holds"
            for loc, (owner, unit) in sorted(position.units.items())
            if owner == who and loc != src
        ]
        if address == CREATOR:
            orders += [order, "SET COUNTRY Zandor"]
        out = judge.send(address, "\n".join([sign(judge, address), *orders]))
        body = reply_to(out, address).body
        assert "not taken" not in body.lower(), body
    # the deadline passes: the phase is processed, results mailed with a map
    results = judge.tick(judge.deadline())
    mine = [m for m in results if m.to == (CREATOR,) and "Results" in m.subject]
    assert mine, [m.subject for m in results]
    assert f"Army {board.provinces[src].name} -> {board.provinces[dest].name}" in (
        mine[0].body
    ), mine[0].body
    assert "Zandor" in mine[0].body
    assert any(a.content_type == "image/png" for a in mine[0].attachments)
    after = json.loads(judge.game()["position"])
    assert after["phase"] != game["phase"]
    moved = position_from_json(board, after).units
    assert moved[dest][0] == power and src not in moved
    # too late now to rename
    out = judge.send(CREATOR, f"{sign(judge, CREATOR)}\nSET COUNTRY Quorra")
    assert "before the first phase is processed" in reply_to(out, CREATOR).body

    # restart: a new process knows nothing of the worlds directory until its
    # service starts, then finds the game's world again
    remove_maps_dir(tmp_path / "var" / "maps")
    with pytest.raises(VariantError):
        load_variant("world-alpha")
    judge.db.close()
    again = world_judge(tmp_path)
    try:
        again.now = judge.now
        out = again.send(THIRD, "LIST alpha")
        listing = reply_to(out, THIRD).body
        assert f"world-alpha, seed {SEED}" in listing and "Zandor" in listing
        assert str(after["phase"]) in listing
        assert load_board("world-alpha").powers[power].name == "Zandor"
        out = again.send(CREATOR, sign(again, CREATOR))
        assert "Zandor: Army" in reply_to(out, CREATOR).body
        again.tick(again.deadline())
        results = again.tick(again.grace_end())
        assert any("Results" in m.subject for m in results)
        assert json.loads(again.game()["position"])["phase"] != after["phase"]
    finally:
        remove_maps_dir(tmp_path / "var" / "maps")


def test_judge_map_draws_a_world_game_in_its_chosen_colour(tmp_path):
    """`judge map GAME` in a fresh process finds the world through the
    configuration's worlds directory."""
    from judge.cli import main

    judge = world_judge(tmp_path)
    form_world_game(judge)
    judge.send(CREATOR, f"{sign(judge, CREATOR)}\nSET COLOUR #123456")
    judge.db.close()
    remove_maps_dir(tmp_path / "var" / "maps")
    config = tmp_path / "judge.toml"
    config.write_text(f'[judge]\ndata_dir = "{(tmp_path / "var").as_posix()}"\n')
    out = tmp_path / "map.svg"
    try:
        assert main(["map", "alpha", "--config", str(config), "-o", str(out)]) == 0
    finally:
        remove_maps_dir(tmp_path / "var" / "maps")
    svg = out.read_text()
    assert "#123456" in svg


def test_help_and_usage_mention_the_world_commands(wjudge):
    out = wjudge.send(CREATOR, "HELP")
    body = reply_to(out, CREATOR).body
    assert "random [powers=N] [seed=S]" in body
    assert "SET COUNTRY <name>" in body and "SET COLOUR <colour>" in body
    out = wjudge.send(CREATOR, "SET COUNTRY\nSET COLOUR")
    body = reply_to(out, CREATOR).body  # each line: its own setting's usage
    assert "Use: SET COUNTRY <name>" in body and "Use: SET COLOUR <colour>" in body


def test_the_worlds_directory_is_configured_under_data_dir(tmp_path):
    from judge.config import config_from_dict

    config = config_from_dict({"judge": {"data_dir": "data"}}, base=tmp_path)
    assert config.judge.worlds_path == tmp_path / "data" / "maps"
    config = config_from_dict(
        {"judge": {"data_dir": "data", "worlds_dir": "elsewhere/worlds"}},
        base=tmp_path,
    )
    assert config.judge.worlds_path == tmp_path / "data" / "elsewhere" / "worlds"
    absolute = (tmp_path / "w").as_posix()
    config = config_from_dict({"judge": {"worlds_dir": absolute}})
    assert config.judge.worlds_path == tmp_path / "w"
