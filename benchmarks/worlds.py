"""How fast a random world is generated: shape, borders, powers, names, and
the full soundness check of the result (the drawing's tessellation included),
for seven powers and for twelve.  Target: under 2 s per world.
Run: `uv run python -m benchmarks.worlds`.
"""

from __future__ import annotations

import statistics
import time

from judge.worlds import generate
from judge.worlds.world_files import geometry_text, map_text

RUNS = 20


def main() -> None:
    generate(0)  # imports and caches paid once, outside the figures
    for powers in (7, 12):
        times, spreads, attempts = [], [], []
        for seed in range(RUNS):
            start = time.perf_counter()
            world = generate(seed, powers)
            map_text(world), geometry_text(world)
            times.append(time.perf_counter() - start)
            spreads.append(world.report["neutral_distance_spread"])
            attempts.append(world.report["attempts"])
        provinces = world.report["provinces"]
        print(
            f"{powers} powers (~{provinces} provinces), {RUNS} seeds: "
            f"median {statistics.median(times) * 1000:.0f} ms, "
            f"max {max(times) * 1000:.0f} ms; "
            f"neutral-distance spread median {statistics.median(spreads)}, "
            f"max {max(spreads)}; draws per world max {max(attempts)}"
        )


if __name__ == "__main__":
    main()
