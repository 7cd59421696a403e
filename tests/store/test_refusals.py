"""`judge serve` refuses a database it must not use, with a clear message
and an exit status its systemd unit does not restart on (no crash loop),
leaving the file as it was."""

import shutil
from pathlib import Path

import pytest

from judge.cli import main
from judge.cli.serve import EXIT_CONFIG
from judge.service.schema import SERVICE_SCHEMA
from judge.store.db import open_database
from judge.store.migrations import Migration, Schema, migrate
from judge.store.schema import STORE_SCHEMA
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
    """`judge serve` in this process; the logging it sets up (a handler on
    this test's captured stderr) is put back as it was afterwards."""
    import logging

    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    try:
        status = main(["serve", "--config", str(config)])
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
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
    assert status == EXIT_CONFIG
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
    assert status == EXIT_CONFIG
    assert "service schema is at version" in err and "newer than this judge" in err
    assert "from the future" in err


def test_status_tells_what_the_judge_will_do_with_the_database(config, capsys):
    db_path = config.parent / "data" / "judge.db"
    shutil.copy(V1_DATABASE, db_path)
    before = db_path.read_bytes()
    assert main(["status", "--config", str(config)]) == 0
    out = capsys.readouterr().out
    store, service = STORE_SCHEMA.latest, SERVICE_SCHEMA.latest
    assert (
        f"schema:  store 0 (this judge: {store}), service 0 (this judge: {service})"
        in out
    )
    pending = store + service
    assert f"{pending} migration(s) pending, applied when `judge serve` next" in out
    assert "outbox:  queued 12, sent 16, failed 0" in out
    assert db_path.read_bytes() == before  # status changes nothing
    damage(db_path, "overwritten")
    assert main(["status", "--config", str(config)]) == 1
    out = capsys.readouterr().out
    assert "the judge will refuse to start" in out and "damaged" in out


def test_judge_serve_upgrades_the_first_release_s_database(config, caplog):
    import logging

    from judge.config import load_config
    from judge.daemon import make_handler
    from judge.daemon.daemon import Daemon
    from judge.store.migrations import applied

    db_path = config.parent / "data" / "judge.db"
    shutil.copy(V1_DATABASE, db_path)
    loaded = load_config(config)
    daemon = Daemon(loaded, make_handler(loaded))
    with caplog.at_level(logging.INFO, logger="judge.store"):
        daemon.start()
    daemon.stop()
    assert "store schema migrated to version 4: incremental vacuum" in caplog.text
    db = open_database(db_path)
    assert len(applied(db, "store")) == STORE_SCHEMA.latest
    assert len(applied(db, "service")) == SERVICE_SCHEMA.latest


def test_a_failing_migration_stops_the_judge_with_the_reason(config):
    from judge.config import load_config
    from judge.daemon import make_handler
    from judge.daemon.daemon import Daemon
    from judge.service.schema import SERVICE_SCHEMA
    from judge.store.migrations import SchemaError, applied

    db_path = config.parent / "data" / "judge.db"
    shutil.copy(V1_DATABASE, db_path)
    loaded = load_config(config)
    handler = make_handler(loaded)
    broken = Migration(
        "games get a colour",
        "ALTER TABLE svc_games ADD COLUMN colour TEXT;\n"
        "UPDATE svc_games SET colour = no_such_column;\n",
    )
    handler.schema = Schema("service", [*SERVICE_SCHEMA.migrations, broken])
    daemon = Daemon(loaded, handler)
    with pytest.raises(SchemaError, match="'games get a colour'.*undone.*unchanged"):
        daemon.start()
    assert not daemon.threads  # nothing started
    db = open_database(db_path)
    assert "colour" not in {r[1] for r in db.execute("PRAGMA table_info(svc_games)")}
    assert len(applied(db, "service")) == SERVICE_SCHEMA.latest  # not the broken
    orders = db.execute("SELECT COUNT(*) FROM svc_orders").fetchone()[0]
    assert orders == 12  # the game as it was
