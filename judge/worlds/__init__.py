"""Random worlds: playable maps generated from a seed (issue 8).

    world = generate(seed, powers=7, name=None)   # World(name, data, geometry, report)
    name = write_world(world, folder)             # <name>.toml + .geometry.toml
    add_maps_dir(folder); board = load_board(name)  # then like any other map

`problems(world)` lists anything unsound (empty for every generated world);
`start_picture(world)` draws its first position (PNG bytes);
`judge.worlds.countries.rename_country(data, power, name)` for SET COUNTRY.
"""

from judge.worlds.generate import World, WorldError, generate, problems
from judge.worlds.picture import start_picture
from judge.worlds.store import read_world, write_world

__all__ = [
    "World",
    "WorldError",
    "generate",
    "problems",
    "read_world",
    "start_picture",
    "write_world",
]
