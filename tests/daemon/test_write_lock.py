"""The writers of one process take turns on a database file through one lock
(SQLite's own busy wait sleeps in steps of milliseconds)."""

import threading

from judge.store.db import open_database, transaction


def test_connections_to_one_file_share_one_lock(tmp_path):
    first = open_database(tmp_path / "judge.db")
    second = open_database(tmp_path / "." / "judge.db")
    other = open_database(tmp_path / "other.db")
    assert first.write_lock is second.write_lock
    assert first.write_lock is not other.write_lock


def test_writers_on_many_threads_all_commit(tmp_path):
    path = tmp_path / "judge.db"
    setup = open_database(path)
    setup.execute("CREATE TABLE t (thread INTEGER, n INTEGER)")

    def write(thread: int) -> None:
        db = open_database(path)
        for n in range(50):
            with transaction(db):
                db.execute("INSERT INTO t VALUES (?, ?)", [thread, n])

    threads = [threading.Thread(target=write, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert setup.execute("SELECT count(*) FROM t").fetchone()[0] == 200


def test_a_failed_transaction_releases_the_lock(tmp_path):
    db = open_database(tmp_path / "judge.db")
    db.execute("CREATE TABLE t (x)")
    try:
        with transaction(db):
            db.execute("INSERT INTO t VALUES (1)")
            raise RuntimeError("handler failed")
    except RuntimeError:
        pass
    done = threading.Event()

    def other() -> None:
        with transaction(open_database(tmp_path / "judge.db")) as again:
            again.execute("INSERT INTO t VALUES (2)")
        done.set()

    threading.Thread(target=other).start()
    assert done.wait(10)
    assert [r[0] for r in db.execute("SELECT x FROM t")] == [2]
