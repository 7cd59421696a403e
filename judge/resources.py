"""Where the judge's own data files are: maps/, templates/, grammar/.

In a checkout they are the repository's top-level folders.  A built wheel
carries them inside the package, under judge/_files/ (pyproject.toml's
force-include), found through importlib.resources; so an installed judge
works from any directory.  Nothing is ever written here: games' random
worlds go under the judge's data_dir."""

from __future__ import annotations

import functools
from importlib.resources import files
from pathlib import Path

FOLDERS = ("maps", "templates", "grammar")
PACKAGED = "_files"  # the folder inside the package that holds them in a wheel


@functools.cache
def resource_dir(name: str) -> Path:
    """The folder `name` (one of FOLDERS): the installed copy, else the
    checkout's."""
    if name not in FOLDERS:
        raise ValueError(f"no resource folder {name!r}; known: {', '.join(FOLDERS)}")
    packaged = files("judge").joinpath(PACKAGED, name)
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parent.parent / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(
        f"the judge's {name}/ folder is missing (looked in {packaged} and"
        f" {checkout}): reinstall the package"
    )
