"""`judge serve` and its companions: the daemon that wires mail, store and
the handler together (`daemon`), the worker and scheduler (`worker`), the
HELP handler, logging, and the `serve`, `mail` and `status` commands."""

from __future__ import annotations

from judge.config import Config


def make_handler(config: Config):
    """The one place that chooses what answers the mail: the game service."""
    from judge.service.handler import GameService

    relay = config.relay
    return GameService(config.judge, smtputf8=relay is not None and relay.smtputf8)
