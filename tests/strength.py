"""How hard the biggest property tests try.

`make test` (pytest --full, as CI runs it) tries the numbers written in the
tests; the quick loop (a plain pytest, `make check`) tries a fifth of them,
enough to catch a property broken everywhere while a change is being made.
tests/conftest.py sets JUDGE_TESTS before the test modules are read."""

from __future__ import annotations

import os

QUICK_SHARE = 5  # the quick loop tries one example in this many


def full() -> bool:
    return os.environ.get("JUDGE_TESTS", "full") == "full"


def examples(n: int, least: int = 5) -> int:
    """`n` examples at full strength; a fifth (at least `least`) in the quick
    loop.  A property whose every example is a whole game takes `least=1`."""
    return n if full() else max(least, n // QUICK_SHARE)


def quick_first(values, keep: int = 1, quick=None) -> list:
    """Parameters of which the quick loop runs the first `keep` (or those
    `quick(value)` accepts); the others are marked slow.  `make test` runs
    them all, under the same ids."""
    import pytest

    values = list(values)
    chosen = [quick(v) if quick else i < keep for i, v in enumerate(values)]
    return [
        value
        if runs
        else pytest.param(
            *(value if isinstance(value, tuple) else (value,)),
            marks=pytest.mark.slow,
        )
        for value, runs in zip(values, chosen, strict=True)
    ]
