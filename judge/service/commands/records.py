"""Reliability records by mail (issue 25): INFO PLAYER, GET DEDICATION and
the master's entry rules SET DEDICATION, SET ONTIMERAT, SET RESRAT
(judge/service/reliability.py keeps the figures)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.service import reliability
from judge.service.commands.master import master_only
from judge.service.commands.registry import Spec, Topic
from judge.service.flow import Go
from judge.service.queries import update_game
from judge.service.replies import echo

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context
    from judge.service.queries import Game


def do_info_player(ctx: Context, command: Command) -> Go:
    """njudge reads at most 100 of these a message."""
    ctx.infos += 1
    if ctx.infos > reliability.MAX_INFO:
        if ctx.infos == reliability.MAX_INFO + 1:
            ctx.say(
                f"Only {reliability.MAX_INFO} INFO PLAYER lines a message are read."
            )
        return Go.ON
    address = command.args[0].strip("<>")[:200]
    ctx.say(
        f"Dedication record of {echo(address)}:\n"
        + "\n".join(reliability.lines(ctx.db, address))
    )
    return Go.ON


def dedication_page(ctx) -> str:
    return f"Dedication record of {ctx.sender}:\n" + "\n".join(
        reliability.lines(ctx.db, ctx.sender)
    )


def _rule(column: str, kind, low, high, words: str, own: str, stricter):
    """A master's entry rule; njudge bars one stricter than the master's own
    record (`stricter(value, own figure)`), so that the master could join."""

    def handler(ctx: Context, game: Game, command: Command) -> Go:
        text = command.args[0]
        try:
            value = kind(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            ctx.say(f"Use a number from {low} to {high}: {words}.")
            return Go.ON
        mine = reliability.figures(ctx.db, ctx.sender)[own]
        if stricter(value, mine):
            label = {"ontime_ratio": "on-time ratio", "cd_ratio": "CD ratio"}
            ctx.say(
                f"Not set: {value} is stricter than your own {label.get(own, own)}"
                f" ({round(mine, 3)}), and the bar may not be one you fail"
                " (GET DEDICATION)."
            )
            return Go.ON
        update_game(ctx.db, game.name, **{column: value})
        ctx.say(f"Game '{game.name}': {words} {value}.")
        return Go.ON

    return handler


COMMANDS = [
    Spec(
        "info_player",
        "information",
        "INFO PLAYER <address>",
        "a player's dedication, on-time ratio and CD ratio (njudge's records)",
        do_info_player,
        keyword="info",
    ),
    Spec(
        "set_dedication",
        "master",
        "SET DEDICATION <n>",
        "only players with at least this dedication may join or take over",
        master_only(
            _rule(
                "min_dedication",
                int,
                -100000,
                100000,
                "players need a dedication of at least",
                "dedication",
                lambda value, mine: value > mine,
            )
        ),  # fmt: skip
    ),
    Spec(
        "set_ontimerat",
        "master",
        "SET ONTIMERAT <r>",
        "only players with an on-time ratio of at least r (0 to 1) may join",
        master_only(
            _rule(
                "min_ontime",
                float,
                0.0,
                1.0,
                "players need an on-time ratio of at least",
                "ontime_ratio",
                lambda value, mine: value > mine,
            )
        ),  # fmt: skip
    ),
    Spec(
        "set_resrat",
        "master",
        "SET RESRAT <r>",
        "only players with a CD ratio of at most r (0 to 1) may join",
        master_only(
            _rule(
                "max_resrat",
                float,
                0.0,
                1.0,
                "players need a CD ratio of at most",
                "cd_ratio",
                lambda value, mine: value < mine,
            )
        ),  # fmt: skip
    ),
]


def dedsystems_page(ctx) -> str:
    """njudge's file 'dedsystems' (named by SET DEDICATION, ONTIMERAT and
    RESRAT), written here for this judge's figures."""
    r = reliability
    return f"""Reliability records

The judge keeps three figures for each player's address, as games run:

* Dedication: {r.D_ONTIME:+d} for each phase whose orders you had in by
  the deadline, {r.D_LATE:+d} for each you were late for, {r.D_ABANDON:+d} for a power
  abandoned at the end of grace and {r.D_CD:+d} for one left in civil
  disorder.  A new player starts at {r.START}.
* On-time ratio: the phases you were on time for, over all the phases you
  owed orders in (1 with none played).
* CD ratio: resignations (RESIGN, abandonment, civil disorder) over the
  games you started and the powers you took over (0 with none).

An unrated or irregular game scores no phases, and its civil disorder and
abandonment cost nothing (games started and takeovers still count).

A master may bar players from a game by them: SET DEDICATION <n> (at
least n), SET ONTIMERAT <r> (at least r), SET RESRAT <r> (at most r),
never stricter than the master's own.  GET DEDICATION shows your
figures, INFO PLAYER <address> anyone's.
"""


TOPICS = [
    Topic("dedication", dedication_page),
    Topic("dedsystems", dedsystems_page, "the reliability records and entry rules"),
]
