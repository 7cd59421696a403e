"""Generated worlds play like any map: orders written with their names parse,
random games run through the adjudicator to the end, and every phase draws."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.engine.api import adjudicate, initial_position, orders_needed
from judge.engine.board import Board, coast_of, province_of
from judge.engine.orders import Build, Disband, Hold, Move, Retreat, SupportHold, Unit
from judge.engine.serialize import position_from_json, position_to_json
from judge.language.order_parser import parse_orders
from judge.pictures import render_svg
from judge.pictures.geometry import parse_geometry
from judge.worlds import generate


def random_orders(board: Board, pos, rng: random.Random) -> dict:
    out: dict[str, list] = {}
    kind = pos.phase.type
    for power, count in orders_needed(board, pos).items():
        mine: list = []
        if kind == "M":
            for unit in pos.units_of(power):
                if unit.kind == "A":
                    dests = sorted(board.army_adjacency.get(unit.province, ()))
                else:
                    dests = sorted(board.fleet_adjacency.get(unit.location, ()))
                r = rng.random()
                near = [
                    pos.units[province_of(d)][1]
                    for d in dests
                    if province_of(d) in pos.units
                ]
                if r < 0.65 and dests:
                    mine.append(Move(unit, rng.choice(dests)))
                elif r < 0.85 and near:
                    mine.append(SupportHold(unit, rng.choice(near)))
                else:
                    mine.append(Hold(unit))
        elif kind == "R":
            for d in pos.dislodged.values():
                if d.power == power:
                    if d.retreats:
                        mine.append(Retreat(d.unit, rng.choice(d.retreats)))
                    else:
                        mine.append(Disband(d.unit))
        elif count > 0:
            for home in board.home_centres(power):
                coastal = board.provinces[home].kind == "coast"
                mine.append(Build(Unit(rng.choice("AF") if coastal else "A", home)))
        else:
            units = pos.units_of(power)
            mine += [Disband(u) for u in rng.sample(units, min(len(units), -count))]
        out[power] = mine
    return out


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**40), powers=st.integers(2, 9))
def test_random_games_run_to_the_end(seed, powers):
    world = generate(seed, powers)
    board = Board(world.data)
    rng = random.Random(seed)
    pos = initial_position(board)
    for _ in range(90):  # thirty years, or until someone wins
        if pos.winner:
            break
        result = adjudicate(board, pos, random_orders(board, pos, rng))
        after = result.position
        for prov, (power, unit) in after.units.items():
            assert unit.province == prov and board.can_hold(unit.kind, unit.location)
            assert power in board.powers
        assert position_from_json(board, position_to_json(board, after)) == after
        pos = after
    assert pos.winner or pos.phase.year >= 1920
    owners = set(pos.centres.values())
    assert owners and len(pos.centres) > 3 * powers  # neutral centres were taken


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**40), powers=st.integers(2, 12))
def test_orders_in_the_worlds_own_names_parse(seed, powers):
    world = generate(seed, powers)
    board = Board(world.data)
    pos = initial_position(board)
    for power in board.powers:
        for unit in pos.units_of(power):
            prov = board.provinces[unit.province]
            if unit.kind == "A":
                dest = sorted(board.army_adjacency[unit.province])[0]
            else:
                dest = sorted(board.fleet_adjacency[unit.location])[0]
            there = board.provinces[province_of(dest)]
            coast = f" {coast_of(dest).lower()}" if coast_of(dest) else ""
            kind = "Army" if unit.kind == "A" else "Fleet"
            for text in (
                f"{unit.kind} {unit.location} - {dest}",
                f"{kind} {prov.name} moves to {there.name}{coast}",
                f"{prov.name.lower()} -> {dest.lower()}",
            ):
                (parsed,) = parse_orders(board, pos, power, text)
                assert parsed.error is None, (text, parsed.error)
                assert parsed.order == Move(unit, dest), text


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**40), powers=st.integers(2, 12))
def test_every_world_draws(seed, powers):
    world = generate(seed, powers)
    board = Board(world.data)
    geometry = parse_geometry(board, world.geometry)
    pos = initial_position(board)
    result = adjudicate(board, pos, random_orders(board, pos, random.Random(seed)))
    svg = render_svg(board, result.position, result, title="test", geometry=geometry)
    root = ET.fromstring(svg)
    drawn = [e.get("data-unit") for e in root.iter() if e.get("class") == "unit"]
    assert len(drawn) == len(result.position.units) + len(result.position.dislodged)
    orders = [e for e in root.iter() if e.get("class") == "order"]
    assert len(orders) >= len(pos.units) // 2
