"""`judge serve` and its companions: the daemon that wires mail, store and
the handler together (`daemon`), the worker and scheduler (`worker`), the
game service as the handler, and logging; the commands that drive it
(`judge serve`, `mail`, `status`) are in judge.cli."""

from __future__ import annotations

from judge.config import Config, site_address
from judge.service.handler import GameService


def make_handler(config: Config):
    """The one place that chooses what answers the mail: the game service."""
    relay = config.relay
    return GameService(
        config.judge,
        config.budgets,
        smtputf8=relay is not None and relay.smtputf8,
        base_url=site_address(config.web),
    )
