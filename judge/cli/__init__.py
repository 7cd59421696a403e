"""`judge <command>`: a thin dispatcher.  Each command lives in its own
module exposing `add_arguments(parser)` and `run(args) -> int`, imported only
when that command runs, so `judge adjudicate` pays for nothing else.

    serve.py       run the judge (judge.daemon, and judge.web's pages when
                   [web] listen is set) until SIGTERM
    mail.py        submit a message to a running judge, print its reply
    status.py      queue depths and recent errors
    backup.py      a consistent copy of the database while the judge runs
    adjudicate.py  JSON lines in and out (docs/contracts/adjudicate.md)
    map.py         a board or a game's board as SVG or PNG
    world.py       a random world into the judge's worlds_dir
    export.py      a game's record: MILA's JSON or the archive
                   (docs/contracts/export.md)
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

COMMANDS = {
    "serve": ("judge.cli.serve", "run the judge: mail in, mail out, deadlines"),
    "mail": ("judge.cli.mail", "send a message to the running judge, print its reply"),
    "status": ("judge.cli.status", "the queues, the latest errors, the schema"),
    "doctor": ("judge.cli.doctor", "check the configuration and the DNS records"),
    "backup": ("judge.cli.backup", "copy the database while the judge runs"),
    "adjudicate": ("judge.cli.adjudicate", "adjudicate JSON lines (the bot interface)"),
    "map": ("judge.cli.map", "draw a game's board as SVG or PNG"),
    "world": ("judge.cli.world", "generate a random world map"),
    "export": ("judge.cli.export", "write a game's record (MILA JSON, history)"),
}

DESCRIPTION = """\
pyjudge, a play-by-email Diplomacy judge.  `judge serve` runs it: players
mail their orders and commands to its address (send HELP for the list), it
answers each message, processes the games at their deadlines and mails the
results.  The other commands look after a running judge or use its rules
from the command line."""

EPILOG = """\
Each command reads the judge's configuration from --config FILE, or
./judge.toml, or else uses the built-in defaults (see judge.toml).
`judge COMMAND --help` tells more.  Operators: docs/operations.md."""


def main(argv: list[str] | None = None) -> int:
    try:
        try:
            return _main(argv)
        finally:
            # the output still buffered (all of it, when stdout is a pipe)
            # is written here, where a reader gone is caught, not at exit
            sys.stdout.flush()
    except BrokenPipeError:
        # the reader went away (`judge mail ... | head`): end quietly, and
        # keep Python from complaining while it flushes stdout at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _main(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(
        prog="judge",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
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
