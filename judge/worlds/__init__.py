"""Random worlds: playable maps generated from a seed (issue 8).

    world = generate(seed, powers=7, name=None)   # World(name, data, geometry, report)
    name = write_world(world, folder)             # <name>.toml + .geometry.toml
    add_maps_dir(folder); board = load_board(name)  # then like any other map

`problems(world)` lists anything unsound (empty for every generated world);
`start_picture(world)` draws its first position (PNG bytes);
`judge.worlds.countries.rename_country(data, power, name)` for SET COUNTRY.

    generate.py   a whole world from a seed: map data and drawing
    shape.py      sites, Voronoi cells, the landmass, the sea's provinces
    borders.py    provinces and their borders, read off the shape
    powers.py     where the powers start and the neutral centres lie
    names.py      pronounceable names and their ids
    countries.py  players naming their countries (SET COUNTRY)
    validate.py   is a world sound and fair: its problems
    picture.py    a world's starting board as a picture
    world_files.py writing a world to a folder and reading it back
    toml_out.py   a world's data as TOML, the same bytes for the same world
"""

from judge.worlds.generate import World, WorldError, generate, problems
from judge.worlds.picture import start_picture
from judge.worlds.world_files import read_world, write_world

__all__ = [
    "World",
    "WorldError",
    "generate",
    "problems",
    "read_world",
    "start_picture",
    "write_world",
]
