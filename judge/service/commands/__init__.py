"""The judge's commands, one module per group, and the registry that lists
them.  To add a command: write its handler in its group's module, add a
`Spec` to that module's COMMANDS, and a rule to grammar/commands.lark;
HELP lists it from here."""

from judge.service.commands import (
    information,
    joining,
    master,
    phases,
    playing,
    powers,
    press,
    registration,
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
        *powers.COMMANDS,  # issue 25
        *registration.COMMANDS,  # issue 25
    ],
    # issue 25: GET AHEAD, GET FORM
    topics=[*information.TOPICS, *phases.TOPICS, *registration.TOPICS],
)
