"""The judge's commands, one module per group, and the registry that lists
them.  To add a command: write its handler in its group's module, add a
`Spec` to that module's COMMANDS, and a rule to grammar/commands.lark;
HELP lists it from here."""

from judge.service.commands import (
    information,
    joining,
    master,
    options,
    playing,
    press,
    settings,
    worlds,
)
from judge.service.commands.registry import Registry

REGISTRY = Registry(
    [
        *information.COMMANDS,
        *joining.COMMANDS,
        *playing.COMMANDS,
        *press.COMMANDS,
        *settings.COMMANDS,
        *worlds.COMMANDS,
        *master.COMMANDS,
        *options.COMMANDS,
    ],
    topics=[*information.TOPICS, *options.TOPICS],
)
