"""Run every benchmark in this folder, one after another (`make bench`).

Each benchmark module exposes `main()`, prints its own figures and can also
be run alone: `uv run python -m benchmarks.<name>`.
"""

from __future__ import annotations

import importlib
import pkgutil

import benchmarks


def main() -> None:
    for info in sorted(pkgutil.iter_modules(benchmarks.__path__), key=lambda m: m.name):
        if info.name == "all":
            continue
        module = importlib.import_module(f"benchmarks.{info.name}")
        if hasattr(module, "main"):
            print(f"== {info.name}", flush=True)
            module.main()


if __name__ == "__main__":
    main()
