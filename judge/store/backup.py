"""A consistent copy of the judge's database, taken while the judge runs.

`VACUUM INTO` reads the database in one read transaction (in WAL mode that
never blocks the judge's writers) and writes a compact copy.  The copy is
written beside the target under a temporary name, checked, flushed to disk
and only then given the target's name, which must not exist: a backup never
overwrites a file, and a half-written copy never carries the target name."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path


class BackupError(Exception):
    """The backup could not be made; the message says why.  The database
    and the running judge are not affected."""


def backup(database: Path | str, target: Path | str) -> int:
    """Copy `database` to `target` (a new file); returns the copy's size."""
    database, target = Path(database), Path(target)
    if not database.is_file():
        raise BackupError(f"no database at {database}")
    if target.exists() or target.is_symlink():
        raise BackupError(
            f"{target} already exists: a backup never overwrites a file; name a new one"
        )
    folder = target.parent
    if not folder.is_dir():
        raise BackupError(f"cannot write {target}: no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise BackupError(f"cannot write {target}: {folder} is not writable")
    partial = folder / f".{target.name}.partial-{os.getpid()}"
    try:
        _copy(database, partial)
        try:
            os.link(partial, target)  # fails if the target appeared meanwhile
        except FileExistsError:
            raise BackupError(f"{target} appeared meanwhile; not overwritten") from None
        except OSError as exc:
            raise BackupError(f"cannot write {target}: {exc.strerror or exc}") from exc
        _sync_folder(folder)
        return target.stat().st_size
    finally:
        partial.unlink(missing_ok=True)


BACKUP_MODE = 0o600  # players' addresses and password hashes: the owner only


def _copy(database: Path, partial: Path) -> None:
    partial.unlink(missing_ok=True)
    # Made empty with the mode first (VACUUM INTO writes into an empty file
    # and keeps it), so the copy is never readable by others, not even for
    # a moment and whatever the umask.
    try:
        os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, BACKUP_MODE))
        os.chmod(partial, BACKUP_MODE)
    except OSError as exc:
        raise BackupError(
            f"cannot write in {partial.parent}: {exc.strerror or exc}"
        ) from exc
    try:
        source = sqlite3.connect(
            f"{database.resolve().as_uri()}?mode=rw", uri=True, timeout=30
        )
    except sqlite3.Error as exc:
        raise BackupError(f"cannot open {database}: {exc}") from exc
    try:
        source.execute("VACUUM INTO ?", (str(partial),))
    except sqlite3.Error as exc:
        raise BackupError(
            f"cannot copy the database to {partial.parent}: {exc}"
        ) from exc
    finally:
        source.close()
    copy = sqlite3.connect(partial)
    try:
        result = copy.execute("PRAGMA quick_check").fetchone()[0]
    finally:
        copy.close()
    if result != "ok":
        raise BackupError(f"the copy does not check out ({result}); nothing written")
    with open(partial, "rb+") as f:
        os.fsync(f.fileno())


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
