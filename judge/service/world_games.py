"""Games on random worlds by mail (issue 8): `CREATE ?game pw random
[powers=N] [seed=S]`, the world's picture with the join replies, and the
players' `SET COUNTRY <name>` / `SET COLOUR <colour>` before the first phase
is processed.

A game's world is written once, at CREATE, to the judge's worlds directory
(`[judge] worlds_dir`), which the engine searches after maps/
(judge.engine.board.add_maps_dir): from then on the game plays on it like on
any other variant, by its name.  See docs/worlds.md."""

from __future__ import annotations

import re
from pathlib import Path

from judge.engine.board import Board, add_maps_dir, load_board, map_file
from judge.mail.message import Attachment
from judge.pictures.style import board_colours
from judge.service.queries import count_turns
from judge.variants import VariantError, load_variant
from judge.worlds import World, WorldError, generate, start_picture, write_world
from judge.worlds.countries import rename_country
from judge.worlds.generate import MAX_POWERS, MIN_POWERS
from judge.worlds.world_files import read_world, rewrite_world_map

DEFAULT_POWERS = 7
WORLD_ARGUMENT = re.compile(r"^(powers|seed)=(\S*)$")

# Colour names a player may use; anything else is written #rrggbb.
COLOUR_NAMES = {
    "red": "#D62728", "crimson": "#A50F15", "orange": "#FF7F0E",
    "amber": "#E69F00", "yellow": "#F0E442", "gold": "#C9A227",
    "olive": "#808000", "lime": "#9BD33A", "green": "#2CA02C",
    "teal": "#008080", "cyan": "#17BECF", "turquoise": "#40E0D0",
    "sky": "#56B4E9", "blue": "#1F4FB4", "navy": "#1B2A6B",
    "indigo": "#4B0082", "violet": "#8E44AD", "purple": "#6A3D9A",
    "magenta": "#C2185B", "pink": "#F781BF", "rose": "#CC6677",
    "brown": "#8C564B", "tan": "#C8A27C", "maroon": "#800000",
    "black": "#222222", "grey": "#7F7F7F", "gray": "#7F7F7F", "white": "#F5F5F5",
}  # fmt: skip
TOO_CLOSE = 60.0  # RGB distance under which two powers' colours are confused


class Refusal(ValueError):
    """A world command that cannot be done; the message says why."""


# -- the worlds directory ------------------------------------------------------


def use_worlds_dir(settings) -> Path:
    """Let the engine find this judge's worlds (called when the service starts)."""
    folder = Path(settings.worlds_path)
    add_maps_dir(folder)
    return folder


def world_info(board: Board) -> dict | None:
    """The [world] table of a generated world's map (None for other maps)."""
    return board.data.get("world")


def world_words(board: Board) -> str:
    """'the world of Tamora (world-alpha, seed 42)'."""
    info = world_info(board) or {}
    return f"the world of {board.title} ({board.name}, seed {info.get('seed', '?')})"


# -- CREATE ... random -----------------------------------------------------------


def world_arguments(words: list[str]) -> tuple[int | None, int, list[str]]:
    """Take powers=N and seed=S out of CREATE's option words: (seed or None,
    powers, the other words).  Refusal when a value is not a whole number."""
    seed, powers, rest = None, DEFAULT_POWERS, []
    for word in words:
        match = WORLD_ARGUMENT.match(word)
        if not match:
            rest.append(word)
            continue
        key, value = match.groups()
        if not value.isdigit():
            raise Refusal(f"{key}= takes a whole number, not '{value[:20]}'.")
        if key == "seed":
            seed = int(value)
        else:
            powers = int(value)
    if not MIN_POWERS <= powers <= MAX_POWERS:
        raise Refusal(
            f"A random world has {MIN_POWERS} to {MAX_POWERS} powers, not {powers}."
        )
    return seed, powers, rest


def create_world(settings, game: str, seed: int | None, powers: int) -> str:
    """Generate the game's world, write it to the worlds directory and
    return its name (the game's variant).  The name is the game's, so the
    world belongs to that game alone; a name left by an older judge's files
    is never reused."""
    folder = use_worlds_dir(settings)
    base = "world-" + game.replace("_", "-")
    name, n = base, 1
    while map_file(name).is_file():
        n += 1
        name = f"{base}-{n}"
    try:
        world = generate(seed, powers, name)
    except WorldError as error:
        raise Refusal(f"{error}.") from None
    world.data["world"]["game"] = game
    return write_world(world, folder)


def join_picture(board: Board, game: str) -> Attachment:
    """The world at its start, as it is now (names and colours chosen so far)."""
    _, geometry = read_world(board.name, map_file(board.name).parent)
    png = start_picture(World(board.name, board.data, geometry))
    return Attachment(f"{game}-{board.name}.png", "image/png", png)


def join_note(board: Board) -> str:
    seats = len(board.powers)
    return (
        f"The game is played on {world_words(board)}: {seats} countries,"
        f" {len(board.supply_centres())} supply centres, {board.victory_centres}"
        " to win. Its map is attached. Once the powers are drawn, each player"
        " may name and colour their country (SET COUNTRY <name>, SET COLOUR"
        " <colour>) until the first phase is processed."
    )


# -- SET COUNTRY and SET COLOUR ------------------------------------------------------


def own_world(db, me, game) -> tuple[Board, str]:
    """The board a player may still change, and their power; Refusal if not."""
    board = load_board(game.variant)
    info = world_info(board)
    if info is None or info.get("game") != game.name:
        raise Refusal(
            "SET COUNTRY and SET COLOUR are for games on a random world"
            " (CREATE ?<game> <password> random)."
        )
    if game.status == "forming" or not me.power:
        raise Refusal(
            "Powers are drawn when the game is full; name or colour your country"
            " after that, before the first phase is processed."
        )
    processed = count_turns(db, game.name)
    if game.status != "active" or processed:
        raise Refusal(
            "Countries are named and coloured before the first phase is processed."
        )
    return board, me.power


def set_country(db, me, game, name: str) -> tuple[str, str]:
    """Rename the player's country: (old name, new name)."""
    board, power = own_world(db, me, game)
    try:
        data = rename_country(board.data, power, name.strip())
    except ValueError as error:
        raise Refusal(f"Not renamed: {error}.") from None
    rewrite_world_map(board.name, data, map_file(board.name).parent)
    return board.powers[power].name, data["powers"][power]["name"]


def colour_value(text: str) -> str:
    """'Teal' -> '#008080'; '#1a2B3c' -> '#1A2B3C'; Refusal otherwise."""
    word = text.strip().lower()
    if word in COLOUR_NAMES:
        return COLOUR_NAMES[word]
    if re.fullmatch(r"#[0-9a-f]{6}", word):
        return word.upper()
    names = ", ".join(sorted(COLOUR_NAMES))
    raise Refusal(f"'{text[:20]}' is not a colour: write #rrggbb or one of {names}.")


def _distance(a: str, b: str) -> float:
    rgb = [(int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)) for c in (a, b)]
    return sum((x - y) ** 2 for x, y in zip(*rgb, strict=True)) ** 0.5


def set_colour(db, me, game, text: str) -> tuple[str, str]:
    """Colour the player's country: (country name, colour)."""
    board, power = own_world(db, me, game)
    colour = colour_value(text)
    for other, theirs in board_colours(board).items():
        if other != power and _distance(colour, theirs) < TOO_CLOSE:
            raise Refusal(
                f"Not coloured: {colour} is too like {board.powers[other].name}'s"
                f" colour ({theirs}); choose another."
            )
    data = {**board.data, "powers": dict(board.data["powers"])}
    data["powers"][power] = {**data["powers"][power], "colour": colour}
    rewrite_world_map(board.name, data, map_file(board.name).parent)
    return board.powers[power].name, colour


def world_note(variant: str) -> str | None:
    """For LIST: 'On the world of Tamora (world-alpha, seed 42).' (None when
    the game is not on a generated world)."""
    try:
        board = load_variant(variant)[0]
    except (VariantError, KeyError, OSError):
        return None
    if world_info(board) is None:
        return None
    return f"On {world_words(board)}."
