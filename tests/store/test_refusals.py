"""`judge serve` refuses a database it must not use, with a clear message
and an exit status its systemd unit does not restart on (no crash loop),
leaving the file as it was."""

import shutil
from pathlib import Path

import pytest

from judge.cli import main
from judge.cli.serve import EXIT_REFUSED
from judge.store.db import open_database
from judge.store.migrations import Migration, Schema, migrate
from tests.conftest import free_port

V1_DATABASE = Path(__file__).parent / "data" / "judge-v1.db"


@pytest.fixture
def config(tmp_path):
    path = tmp_path / "judge.toml"
    path.write_text(
        f'[judge]\ndata_dir = "data"\naddress = "judge@example.org"\n'
        f'[smtp]\nlisten = "127.0.0.1:{free_port()}"\n'
    )
    (tmp_path / "data").mkdir()
    return path


def serve(config, capsys) -> tuple[int, str]:
    status = main(["serve", "--config", str(config)])
    return status, capsys.readouterr().err


def damage(path: Path, how: str) -> None:
    data = path.read_bytes()
    if how == "truncated":
        path.write_bytes(data[: len(data) // 3])
    elif how == "overwritten":  # a run of pages scribbled over
        start = 8 * 4096
        path.write_bytes(data[:start] + b"\x5a" * 16384 + data[start + 16384 :])
    else:  # not a database at all
        path.write_bytes(b"this is not a database\n" * 100)


@pytest.mark.parametrize("how", ["truncated", "overwritten", "garbage"])
def test_a_damaged_database_is_refused(config, capsys, how):
    db_path = config.parent / "data" / "judge.db"
    shutil.copy(V1_DATABASE, db_path)
    damage(db_path, how)
    before = db_path.read_bytes()
    status, err = serve(config, capsys)
    assert status == EXIT_REFUSED
    assert "refusing to start" in err and "damaged" in err
    assert "restore the latest backup" in err
    assert db_path.read_bytes() == before  # untouched: no migration, no repair


def test_a_newer_database_is_refused(config, capsys):
    db_path = config.parent / "data" / "judge.db"
    shutil.copy(V1_DATABASE, db_path)
    db = open_database(db_path)
    from judge.service.schema import SERVICE_SCHEMA

    future = Schema(
        "service",
        [*SERVICE_SCHEMA.migrations, Migration("from the future", "SELECT 1;")],
    )
    migrate(db, future)
    db.close()
    status, err = serve(config, capsys)
    assert status == EXIT_REFUSED
    assert "service schema is at version" in err and "newer than this judge" in err
    assert "from the future" in err
