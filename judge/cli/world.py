"""`judge world new [--seed S] [--powers N] [--name NAME]`: generate a random
world into the judge's worlds_dir (under its data_dir) and say what it holds
(docs/worlds.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from judge.config import ConfigError, load_config
from judge.worlds.generate import World, WorldError, generate
from judge.worlds.picture import start_picture
from judge.worlds.world_files import write_world


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    new = sub.add_parser(
        "new", help="generate a world and write it to the judge's worlds_dir"
    )
    new.add_argument("--seed", type=int, help="same seed, same world (default: random)")
    new.add_argument("--powers", type=int, default=7, help="number of powers (2-12)")
    new.add_argument("--name", help="map name (default world-SEED)")
    new.add_argument(
        "--dir", type=Path, default=None, help="write here instead of worlds_dir"
    )
    new.add_argument(
        "--config",
        help="the judge's configuration, whose worlds_dir receives the world"
        " (default: ./judge.toml when present, else ./var/maps)",
    )
    new.add_argument("--picture", type=Path, help="also draw the start as SVG or PNG")


def describe(world: World) -> str:
    r = world.report
    lines = [
        f"world {r['name']!r} ({r['title']}), seed {r['seed']}",
        f"  provinces: {r['provinces']} ({r['land']} inland, {r['coast']} coastal, "
        f"{r['sea']} sea); two coasts: {', '.join(r['two_coast']) or 'none'}",
        f"  supply centres: {r['centres']} ({r['neutral_centres']} neutral); "
        f"victory at {world.data['map']['victory_centres']}",
        "  powers (mean moves to their nearest neutral centres):",
    ]
    for pid, name in r["powers"].items():
        homes = ", ".join(world.data["powers"][pid]["units"])
        lines.append(f"    {name:<12} {r['neutral_distance'][pid]:<5} {homes}")
    lines.append(f"  spread of those distances: {r['neutral_distance_spread']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    try:
        folder = args.dir or load_config(args.config).judge.worlds_path
        world = generate(args.seed, args.powers, args.name)
        name = write_world(world, folder)
    except (WorldError, ConfigError, OSError) as e:
        print(f"judge world: {e}", file=sys.stderr)
        return 2
    print(describe(world))
    print(f"wrote {name}.toml and {name}.geometry.toml in {folder}")
    if args.picture:
        _draw(world, args.picture)
        print(f"drew {args.picture}")
    return 0


def _draw(world: World, path: Path) -> None:
    picture = start_picture(world, png=path.suffix.lower() == ".png")
    if isinstance(picture, bytes):
        path.write_bytes(picture)
    else:
        path.write_text(picture, encoding="utf-8")
