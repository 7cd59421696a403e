"""The judge's game store, as the commands that read its games open it
(`judge map GAME`, `judge export`): found through the configuration, read
only, with the games' random worlds loadable."""

from __future__ import annotations

from pathlib import Path

import sqlite_utils

from judge.config import ConfigError, load_config
from judge.engine.board import add_maps_dir
from judge.store.db import open_read_only


class NoStore(Exception):
    """The store cannot be opened; the message says why."""


def open_game_store(config_file: Path | None) -> sqlite_utils.Database:
    try:
        config = load_config(config_file)
    except ConfigError as e:
        raise NoStore(str(e)) from None
    path = config.judge.database_path
    if not path.is_file():
        raise NoStore(f"no game store at {path} (has this judge run yet?)")
    add_maps_dir(config.judge.worlds_path)  # games on random worlds
    return open_read_only(path)
