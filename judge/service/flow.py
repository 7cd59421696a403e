"""How a command tells the reading of its message to go on or stop.

Every handler returns a `Go`: `Go.ON`, the next line is read; `Go.STOP`,
the rest of the message is not (a failed SIGNON or CREATE: what followed
was meant for that game; SIGNOFF; a password budget spent).  Helpers below
a handler that may end the message return what the handler then returns
(`ctx.stop()` says the rest was not read and gives Go.STOP); nothing
raises.  A block (PRESS ... ENDPRESS) answers
each of its lines the same way, and so do the message's budgets: the
session reads this one verdict and nothing else (Mailman's
`ContinueProcessing`)."""

from __future__ import annotations

from enum import Enum


class Go(Enum):
    ON = "on"  # read the next line
    STOP = "stop"  # the rest of the message is not read
