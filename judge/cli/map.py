"""`judge map`: draw a board as SVG or PNG.

    judge map --state STATE.json [--orders RESPONSE.json] -o FILE.svg|FILE.png
    judge map GAME [--phase P] [--config judge.toml] -o FILE.svg|FILE.png

STATE.json is a state in the `judge adjudicate` form, or a whole request or
response holding one under "state" (its "variant" is used).  RESPONSE.json is
a `judge adjudicate` response: its "results" are drawn as orders.  Given only
--orders, the response's own "state" (the position after those orders) is
drawn under them, as in a results mail.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from judge.cli.games import NoStore, open_game_store
from judge.config import ConfigError, load_config
from judge.engine.board import add_maps_dir
from judge.engine.serialize import position_from_json
from judge.pictures.geometry import GeometryError
from judge.pictures.render import render_png, render_svg
from judge.pictures.response import phase_result_from_response
from judge.service.game_map import NoPicture, game_scene
from judge.variants import load_variant

FORMATS = (".svg", ".png")


def add_arguments(parser) -> None:
    parser.add_argument("game", nargs="?", help="a game of this judge (by name)")
    parser.add_argument("--phase", help="the game's phase to draw, e.g. F1902M")
    parser.add_argument(
        "--config", type=Path, help="the judge's configuration (default judge.toml)"
    )
    parser.add_argument("--state", type=Path, help="a state in adjudicate JSON form")
    parser.add_argument(
        "--orders", type=Path, help="a `judge adjudicate` response to draw"
    )
    parser.add_argument("--variant", help="the variant (default: from the file)")
    parser.add_argument("--title", default="", help="the title (e.g. game name)")
    parser.add_argument(
        "-o", "--output", type=Path, required=True, help="FILE.svg or FILE.png"
    )


def _fail(message: str) -> int:
    print(f"judge map: {message}", file=sys.stderr)
    return 2


def _read_json(path: Path, what: str):
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ValueError(f"cannot read {what} {path}: {e.strerror or e}") from e
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        # A JSON Lines file from `judge adjudicate`: take its last object.
        lines = [line for line in text.splitlines() if line.strip()]
        try:
            return json.loads(lines[-1]) if lines else None
        except json.JSONDecodeError as e:
            raise ValueError(f"{what} {path} is not JSON: {e}") from e


def _split_state(data) -> tuple[dict, str | None]:
    """A bare state, or a request/response holding one, and its variant."""
    if not isinstance(data, dict):
        raise ValueError("the state file must hold a JSON object")
    if "state" in data and isinstance(data["state"], dict):
        return data["state"], data.get("variant")
    return data, None


def run(args) -> int:
    suffix = args.output.suffix.lower()
    if suffix not in FORMATS:
        return _fail(f"the output must end in .svg or .png, not {args.output.name!r}")
    if args.game is not None:
        if args.state is not None or args.orders is not None:
            return _fail("give a game name or --state/--orders, not both")
        return _draw_game(args, suffix)
    if args.phase:
        return _fail("--phase goes with a game name")
    if args.state is None and args.orders is None:
        return _fail("give --state STATE.json (and perhaps --orders RESPONSE.json)")
    try:
        _find_worlds(args.config)
        response = _read_json(args.orders, "orders") if args.orders else None
        if args.state is not None:
            state, variant = _split_state(_read_json(args.state, "state"))
        else:
            state, variant = _split_state(response)
            if state is response:
                raise ValueError("the response holds no 'state' to draw; add --state")
        board, _ = load_variant(args.variant or variant or "standard")
        try:
            position = position_from_json(board, state)
        except ValueError as e:
            raise ValueError(f"bad state: {e}") from e
        orders = (
            phase_result_from_response(board, position, response)
            if response is not None
            else None
        )
        _write(args.output, suffix, board, position, orders, args.title)
    except (GeometryError, ValueError) as e:
        return _fail(str(e))
    except OSError as e:
        return _fail(f"cannot write {args.output}: {e.strerror or e}")
    return 0


def _draw_game(args, suffix: str) -> int:
    """A game from the judge's own store (the database under data_dir)."""
    try:
        db = open_game_store(args.config)
    except NoStore as e:
        return _fail(str(e))
    try:
        scene = game_scene(db, args.game, args.phase)
        title = args.title or scene.title
        _write(args.output, suffix, scene.board, scene.position, scene.orders, title)
    except (NoPicture, GeometryError, ValueError) as e:
        return _fail(str(e))
    except OSError as e:
        return _fail(f"cannot write {args.output}: {e.strerror or e}")
    finally:
        db.conn.close()
    return 0


def _write(output: Path, suffix: str, board, position, orders, title: str) -> None:
    if suffix == ".svg":
        output.write_text(render_svg(board, position, orders, title), encoding="utf-8")
    else:
        output.write_bytes(render_png(board, position, orders, title))


def _find_worlds(config_path: str | None) -> None:
    """The random worlds of the judge's games (under its data_dir) are
    variants here too, as for `judge adjudicate`."""

    try:
        config = load_config(config_path)
    except ConfigError:
        if config_path is not None:  # asked for by name: say why it is unusable
            raise
        return
    if config.judge.worlds_path.is_dir():
        add_maps_dir(config.judge.worlds_path)
