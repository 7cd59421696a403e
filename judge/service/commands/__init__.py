"""The judge's commands, one module per group, and the registry that lists
them.  To add a command: write its handler in its group's module, add a
`Spec` to that module's COMMANDS, and a rule to grammar/commands.lark (its
first terminal is then a keyword: judge.language.commands reads the
keywords from the grammar); HELP lists it from here.

A handler is a `Handler` (context.py): `handler(ctx, command) -> Go`.  It reads
the request (ctx.db, ctx.sender, ctx.now, ctx.settings: context.Request),
writes the reply (ctx.say, ctx.mail, ctx.announce: context.Reply), and
returns Go.ON to read on or Go.STOP to end the message (`return ctx.stop()`
also says the rest was not read), the one way to stop.

A command from outside the judge (a plugin, tests/service/command_plugin)
is `register_command(spec, grammar)`: its rule, added with
`%extend command: <rule>`, and its Spec.

    registry.py     Spec, Topic, Registry: dispatch, usage lines, HELP
    context.py      what a handler reads (Request) and writes (Reply): Context;
                    Handler, Block (Go, read on or stop: judge.service.flow)
    information.py  anyone: HELP, GET, LIST, HISTORY, SUMMARY, WHOGAME, MAP
    joining.py      CREATE, BECOME MASTER, SIGNON, OBSERVE, RESIGN
    playing.py      the playing commands of phases.py (the orders
                    themselves: judge.service.order_block)
    phases.py       PHASE, IF/ELSE/ENDIF, CLEAR, CANCEL ORDERS
    powers.py       SET PREFERENCE, SET PRFLIST/PRFRAND/PRFBOTH, SET PLAYERS,
                    SET POWERS
    registration.py REGISTER ... END, WHOIS, I AM ALSO, UNREGISTER
    records.py      INFO PLAYER, GET DEDICATION, SET DEDICATION/ONTIMERAT/RESRAT
    diary.py        DIARY
    press.py        PRESS ... ENDPRESS, BROADCAST ... ENDBROADCAST
    settings.py     a player's SET commands
    worlds.py       SET COUNTRY, SET COLOUR on a random world
    master.py       the master's commands
"""

from judge.language.commands import extend_grammar, retract_grammar
from judge.service.commands import (
    diary,
    information,
    joining,
    leaving,
    master,
    options,
    phases,
    playing,
    powers,
    press,
    records,
    registration,
    settings,
    worlds,
)
from judge.service.commands.context import Block, Handler
from judge.service.commands.registry import Registry, Spec
from judge.service.flow import Go

__all__ = [
    "REGISTRY",
    "Block",
    "Go",
    "Handler",
    "Spec",
    "register_command",
    "unregister_command",
]

REGISTRY = Registry(
    [
        *information.COMMANDS,
        *joining.COMMANDS,
        *leaving.COMMANDS,
        *playing.COMMANDS,
        *press.COMMANDS,
        *settings.COMMANDS,
        *worlds.COMMANDS,
        *master.COMMANDS,
        *powers.COMMANDS,  # issue 25
        *registration.COMMANDS,  # issue 25
        *records.COMMANDS,  # issue 25
        *diary.COMMANDS,  # issue 25
        *options.COMMANDS,
    ],
    # issue 25: GET AHEAD, GET FORM, GET DEDICATION
    topics=[
        *information.TOPICS,
        *phases.TOPICS,
        *registration.TOPICS,
        *records.TOPICS,
        *options.TOPICS,
    ],
)


def register_command(spec: Spec, grammar: str) -> None:
    """Add a command: `grammar` holds its rule (`%extend command: <rule>`,
    the rule, its terminals), `spec` its handler and help."""
    REGISTRY.add(spec)
    extend_grammar(grammar)


def unregister_command(spec: Spec, grammar: str) -> None:
    """Take back what `register_command(spec, grammar)` added."""
    REGISTRY.remove(spec.name)
    retract_grammar(grammar)
