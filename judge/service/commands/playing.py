"""Playing a power: the orders after SIGNON are read by judge.service.order_block;
orders for later phases, CLEAR and CANCEL ORDERS are phases.py's."""

from __future__ import annotations

from judge.service.commands import phases

COMMANDS = [*phases.COMMANDS]
