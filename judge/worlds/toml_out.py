"""Writing a world's data as TOML, byte for byte the same for the same world.

Only what maps need: tables of tables (written as `[a.b]` headers), strings,
integers, floats (one decimal), booleans, lists and small inline tables.
"""

from __future__ import annotations

import json


def value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return f"{v:.2f}".rstrip("0").rstrip(".") if v != int(v) else f"{v:.1f}"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)  # a valid TOML basic string
    if isinstance(v, list | tuple):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {v!r} as TOML")


def dumps(data: dict, header: str = "") -> str:
    """`data`: top-level tables; a table whose values are all tables is
    written as one `[name.key]` section per key."""
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    for name, table in data.items():
        if table and all(isinstance(v, dict) for v in table.values()):
            for key, sub in table.items():
                lines += ["", f"[{name}.{key}]"]
                lines += [f"{k} = {value(v)}" for k, v in sub.items()]
        else:
            lines += ["", f"[{name}]"]
            lines += [f"{k} = {value(v)}" for k, v in table.items()]
    return "\n".join(lines).lstrip("\n") + "\n"
