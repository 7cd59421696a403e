"""SET COUNTRY and SET COLOUR: a player names and colours a country of a
random world, between the draw and the first processing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.service.commands.registry import Spec
from judge.service.flow import Go
from judge.service.processing import tell_all
from judge.service.queries import load_game
from judge.service.world_games import Refusal, set_colour, set_country

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context


def _changer(change, told: str):
    def handler(ctx: Context, command: Command) -> Go:
        me = ctx.need_me("player")
        if me is None:
            return Go.ON
        game = load_game(ctx.db, me.game)
        try:
            before, after = change(ctx.db, me, game, command.args[0])
        except Refusal as refusal:
            ctx.say(str(refusal))
            return Go.ON
        text = f"{before} {told.format(before, after)}."
        ctx.say(text)
        ctx.mail(tell_all(ctx.db, ctx.settings, game.name, "Country", text))
        return Go.ON

    return handler


COMMANDS = [
    Spec(
        "set_country",
        "worlds",
        "SET COUNTRY <name>",
        "name your country",
        _changer(set_country, "is now called {1}"),
    ),
    Spec(
        "set_colour",
        "worlds",
        "SET COLOUR <colour>",
        "colour your country (a colour name or #rrggbb); both from the draw"
        " until the first phase is processed",
        _changer(set_colour, "is now coloured {1}"),
    ),
]
