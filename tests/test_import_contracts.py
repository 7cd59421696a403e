"""The import contracts of pyproject.toml bite: each import the design
forbids is made in a scratch copy of the judge's package tree, and
`lint-imports` run on that copy must fail, naming the import; on the clean
copy it passes."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"

# The game's own layers, and what they may never import (docs/architecture.md).
GAME_LAYERS = ["engine", "language", "pictures", "reports", "variants"]
OUTSIDE = ["judge.store.db", "judge.mail.message", "judge.config", "judge.daemon"]


@pytest.fixture
def tree(tmp_path) -> Path:
    """A scratch copy of the package and its contracts."""
    shutil.copytree(
        REPO / "judge", tmp_path / "judge", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copy(REPO / "pyproject.toml", tmp_path)
    return tmp_path


def lint(tree: Path) -> subprocess.CompletedProcess:
    """lint-imports on the copy: the copy's judge comes first on the path."""
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )


def add_module(tree: Path, dotted: str, text: str) -> None:
    """Write the module `dotted` (a.b.c: a/b/c.py) into the copy."""
    (tree / Path(*dotted.split("."))).with_suffix(".py").write_text(text)


def add_variant(tree: Path, name: str, text: str = "") -> None:
    """A new variant folder, judge/variants/<name>/, named in no contract."""
    folder = tree / "judge" / "variants" / name
    folder.mkdir()
    (folder / "__init__.py").write_text(text)


def test_the_clean_copy_keeps_every_contract(tree):
    done = lint(tree)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


@pytest.mark.parametrize("layer", GAME_LAYERS)
def test_a_game_layer_importing_the_outside_is_refused(tree, layer):
    """One module per forbidden import (one copy per layer, to save time):
    each must be named as broken."""
    for n, target in enumerate(OUTSIDE):
        add_module(tree, f"judge.{layer}.forbidden{n}", f"import {target}\n")
    done = lint(tree)
    assert done.returncode != 0, done.stdout
    for n, target in enumerate(OUTSIDE):
        assert f"judge.{layer}.forbidden{n} -> {target}" in done.stdout


@pytest.mark.parametrize(
    ("new", "imports"),
    [
        ("judge.variants.newcomer.rules", "judge.variants.imperial"),
        ("judge.variants.newcomer.rules", "judge.variants.small.rules"),
        ("judge.variants.newcomer.map", "judge.variants.v1913.rules"),
    ],
)
def test_a_new_variant_importing_another_is_refused(tree, new, imports):
    """The new folder is not named in any contract: the wildcard finds it."""
    add_variant(tree, "newcomer")
    add_module(tree, new, f"import {imports}\n")
    done = lint(tree)
    assert done.returncode != 0, done.stdout
    assert "Each variant stands alone" in done.stdout
    assert f"{new} -> {imports}" in done.stdout


def test_a_variant_importing_a_new_variant_is_refused(tree):
    add_variant(tree, "newcomer", "X = 1\n")
    add_module(
        tree, "judge.variants.imperial.borrowed", "import judge.variants.newcomer\n"
    )
    done = lint(tree)
    assert done.returncode != 0, done.stdout
    assert "judge.variants.imperial.borrowed -> judge.variants.newcomer" in done.stdout


def test_a_new_variant_may_import_the_shared_modules(tree):
    shared = "from judge.variants.base import Variant\n"
    add_variant(tree, "newcomer", shared + "from judge.variants.state import count\n")
    done = lint(tree)
    assert done.returncode == 0, done.stdout + done.stderr
