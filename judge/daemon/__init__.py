"""`judge serve` and its companions: the daemon that wires mail, store and
the handler together; the commands that drive it (`judge serve`, `mail`,
`status`) are in judge.cli.

    daemon.py        the running judge: its threads (listeners, worker,
                     sender, housekeeping), each with its own connection;
                     IntakeStore, where the SMTP and IMAP listeners store mail
    worker.py        messages in arrival order, one transaction each, and the
                     scheduler's ticks; acts on the gates' verdicts
    gates.py         the chain of checks a message passes to the handler:
                     bounce, not to answer, reply address, deliverable, rate
                     limit, size, echo loop, handle (docs/mail.md)
    housekeeping.py  old mail texts dropped now and then
    logs.py          one line per event, text or JSON

`make_handler(config)` (here) chooses what answers the mail: the game service.
"""

from __future__ import annotations

from judge.config import Config
from judge.service.handler import GameService


def make_handler(config: Config):
    """The one place that chooses what answers the mail: the game service."""
    relay = config.relay
    return GameService(
        config.judge,
        config.budgets,
        smtputf8=relay is not None and relay.smtputf8,
        base_url=config.web.base_url,
    )
