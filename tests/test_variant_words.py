"""No variant's words outside judge/variants/ (issue 22 §2): the engine, the
language, the reports, the pictures and the service name no variant and no
variant's own kind of piece.  A variant says what it needs through its
`Variant` object (judge/variants/base.py) and the engine's hooks."""

from __future__ import annotations

import re
from pathlib import Path

JUDGE = Path(__file__).resolve().parent.parent / "judge"
# Imperial's name, its garrison (and the code IG), its barbarians
WORDS = re.compile(r"\bIG\b|(?i:garrison|imperial|barbarian)")

# The files the order kinds' work (issue 22 §1) rewrote, where Imperial's
# garrison was: checked apart, so a failure says which side it is on.
ORDER_KIND_FILES = frozenset({
    "adjudicate.py",
    "engine/orders.py",
    "engine/legality.py",
    "engine/movement.py",
    "engine/sampling.py",
    "engine/adjustments.py",
    "engine/retreats.py",
    "language/reading.py",
    "language/canonical.py",
    "language/syntax.py",
    "language/order_parser.py",
    "reports/describe.py",
    "reports/results.py",
    "reports/order_report.py",
    "pictures/render.py",
    "service/variant_orders.py",
})  # fmt: skip


# Lines that must keep a variant's name: the SQL of a released migration,
# which every database already made carries in sqlite_master (a fresh one
# must match it: tests/store/test_upgrade.py).
HISTORY = frozenset({
    "service/schema.py: CREATE TABLE IF NOT EXISTS svc_endings (  -- Imperial"
    " SET END: proposed endings",
})  # fmt: skip


def shared_files() -> list[str]:
    """Every text file of judge/ outside judge/variants/, relative to judge/."""
    found = []
    for path in sorted(JUDGE.rglob("*")):
        relative = path.relative_to(JUDGE).as_posix()
        if not path.is_file() or relative.startswith("variants/"):
            continue
        if "__pycache__" in path.parts or path.suffix in (".pyc", ".png"):
            continue
        found.append(relative)
    return found


def hits(relatives) -> list[str]:
    """'file:line: text' of each line naming a variant's word."""
    found = []
    for relative in relatives:
        text = (JUDGE / relative).read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            if WORDS.search(line) and f"{relative}: {line.strip()}" not in HISTORY:
                found.append(f"judge/{relative}:{number}: {line.strip()}")
    return found


def test_the_check_finds_each_word():
    """The pattern catches each word as written, and not a word within
    another (BIG, SIGNAL)."""
    for line in ("IG Bre", "a Garrison", "IMPERIAL", "the barbarians"):
        assert WORDS.search(line), line
    for line in ("BIG armies", "a SIGNAL", "ig", "the bigger picture"):
        assert not WORDS.search(line), line


def test_the_shared_layers_name_no_variant():
    files = [f for f in shared_files() if f not in ORDER_KIND_FILES]
    assert len(files) > 100  # the walk did find the package
    assert hits(files) == []


def test_the_order_kind_files_name_no_variant():
    files = [f for f in shared_files() if f in ORDER_KIND_FILES]
    assert files
    assert hits(files) == []
