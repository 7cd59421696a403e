"""`judge <command>`: a thin dispatcher.  Each command lives in its own
module exposing `add_arguments(parser)` and `run(args) -> int`, imported only
when that command runs, so `judge adjudicate` pays for nothing else.

    serve.py       run the judge (judge.daemon) until SIGTERM
    mail.py        submit a message to a running judge, print its reply
    status.py      queue depths and recent errors
    backup.py      a consistent copy of the database while the judge runs
    adjudicate.py  JSON lines in and out (docs/contracts/adjudicate.md)
    map.py         a board or a game's board as SVG or PNG
    world.py       a random world into the judge's worlds_dir
"""

from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS = {
    "serve": ("judge.cli.serve", "run the judge: mail in, mail out, deadlines"),
    "mail": ("judge.cli.mail", "submit a message to a running judge"),
    "status": ("judge.cli.status", "queue depths and recent errors"),
    "backup": ("judge.cli.backup", "copy the database while the judge runs"),
    "adjudicate": ("judge.cli.adjudicate", "adjudicate JSON lines (the bot interface)"),
    "map": ("judge.cli.map", "draw a game's board as SVG or PNG"),
    "world": ("judge.cli.world", "generate a random world map"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="judge", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    argv = sys.argv[1:] if argv is None else argv
    chosen = next((a for a in argv if not a.startswith("-")), None)
    for name, (module_name, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text)
        if name == chosen:
            module = importlib.import_module(module_name)
            module.add_arguments(p)
            p.set_defaults(_module=module)
    args = parser.parse_args(argv)
    return args._module.run(args) or 0


if __name__ == "__main__":
    sys.exit(main())
