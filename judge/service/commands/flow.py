"""How a command tells the reading of its message to go on or stop.

Every handler returns a `Go`: `Go.ON`, the next line is read; `Go.STOP`,
the rest of the message is not (a failed SIGNON or CREATE: what followed
was meant for that game; SIGNOFF).  A block (PRESS ... ENDPRESS) answers
each of its lines the same way, and so do the message's budgets: the
session reads this one verdict and nothing else (Mailman's
`ContinueProcessing`)."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Protocol, TypeAlias

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context


class Go(Enum):
    ON = "on"  # read the next line
    STOP = "stop"  # the rest of the message is not read


# A command's handler: what it reads and writes, and the command as read.
Handler: TypeAlias = Callable[["Context", "Command"], Go]


class Stop(Exception):
    """Raised below a handler to end the message at once (a password budget
    spent, a failed SIGNON): `Registry.dispatch` turns it into Go.STOP and
    says the rest was not read.  It never reaches the session."""


class Block(Protocol):
    """A command that reads the lines after it (PRESS ... ENDPRESS,
    REGISTER ... END) until it says it is done."""

    def line(self, ctx: Context, raw: str, text: str) -> Go:
        """Read one line; Go.STOP ends the message (SIGNOFF)."""

    def unfinished(self) -> str:
        """What the reply says when the message ends inside the block."""
