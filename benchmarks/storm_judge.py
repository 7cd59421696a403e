"""`judge serve` for the storm benchmark's `--reuse-pictures`: each drawing
process draws one results picture, the first it is asked for, and sends
those bytes for every later game, so the storm measures the judge's mail
path (processing, composing, signing, the outbox, the relay) without the
drawing, which `benchmarks/render.py` measures.  The mails keep the size
of real ones.

    python -m benchmarks.storm_judge serve --config FILE
"""

from __future__ import annotations

from judge.service import picture_pool

_real_draw = picture_pool.draw
_drawn: list[bytes | None] = []


def draw_once(*job):
    """In a drawing process: the first picture, drawn; then the same bytes."""
    if not _drawn:
        _drawn.append(_real_draw(*job))
    return _drawn[0]


# The pool pickles the function it runs by name: the drawing processes (spawned)
# import this module again and find `draw_once` here.
picture_pool.draw = draw_once

if __name__ == "__main__":
    from judge.cli import main

    main()
