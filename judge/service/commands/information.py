"""Commands anyone may send, signed on or not: HELP, GET, LIST, HISTORY,
SUMMARY, WHOGAME and MAP.  They never change a game."""

from __future__ import annotations

import json

from judge.engine.serialize import position_from_json
from judge.mail.message import Attachment, OutgoingMail
from judge.reports.templating import render
from judge.service import info, reachability, registration
from judge.service.commands.context import HOUR
from judge.service.commands.registry import Spec, Topic
from judge.service.picture_pool import render_map
from judge.service.store import members, turn_position


def page(ctx, topic: str, **values) -> str:
    return render(
        f"help/{topic}.txt",
        code=ctx.settings.code,
        address=ctx.settings.address,
        topics=ctx.registry.topic_names(),
        **values,
    ).rstrip("\n")


def help_page(ctx) -> str:
    groups = ("information", "joining", "playing", "press", "settings", "worlds")
    return page(ctx, "help", commands=ctx.registry.listing(groups))


def master_page(ctx) -> str:
    return page(ctx, "master", commands=ctx.registry.listing(["master"]))


TOPICS = [
    Topic("help", help_page),
    Topic("master", master_page),
    Topic("deadlines", lambda ctx: page(ctx, "deadlines")),
    Topic("press", lambda ctx: page(ctx, "press")),
    Topic("variants", lambda ctx: page(ctx, "variants")),
]


def do_help(ctx, command) -> None:
    ctx.say(help_page(ctx))


def do_get(ctx, command) -> None:
    topic = ctx.registry.topics.get(command.args[0].lower())
    if topic is None:
        ctx.say(
            f"There is no help topic '{command.args[0].lower()[:20]}'. Topics: "
            + ctx.registry.topic_names()
        )
        return
    ctx.say(topic.render(ctx))


def do_list(ctx, command) -> None:
    if not command.args:
        ctx.say(info.list_games(ctx.db))
        return
    game = ctx.game_arg(command.args[0])
    if game:
        text = info.describe_game(ctx.db, ctx.settings, game.name)
        ctx.say(with_unreachable(ctx, game.name, text))


def with_unreachable(ctx, game: str, text: str) -> str:
    """A game's description; for its master, the addresses found
    unreachable under it."""
    lines = reachability.master_lines(ctx.db, game, ctx.sender, ctx.me)
    return "\n".join([text, *lines])


def do_whogame(ctx, command) -> None:
    game = ctx.game_arg(command.args[0])
    if game:
        ctx.say(with_unreachable(ctx, game.name, info.whogame(ctx.db, game.name)))
    full = command.args[1:] and command.args[1].upper() == "FULL"
    if game and full:  # issue 25: registered names, as anonymity allows
        me = ctx.me
        master = me is not None and me.role == "master" and me.game == game.name
        ctx.say("\n".join(registration.registered_names(
            ctx.db, game, members(ctx.db, game.name), master
        )))  # fmt: skip


def _about(describe):
    def handler(ctx, command) -> None:
        game = ctx.game_arg(command.args[0])
        if game:
            ctx.say(describe(ctx.db, game.name))

    return handler


def in_game(ctx, game) -> bool:
    """The sender plays, masters or (confirmed) observes the game: pictures
    are never mailed to an address that did not ask for the game's mail."""
    sender = ctx.sender.lower()
    return any(
        m.address.lower() == sender and m.state not in ("pending", "resigned")
        for m in members(ctx.db, game.name)
    )


def do_map(ctx, command) -> None:
    game = ctx.game_arg(command.args[0])
    if game is None or not game.position:
        if game is not None:
            ctx.say(f"Game '{game.name}' has not started.")
        return
    if not in_game(ctx, game):
        ctx.say(
            f"Maps by mail go to the players, master and observers of game"
            f" '{game.name}' only: send OBSERVE {game.name} first."
        )
        return
    board = game.board
    position = game.current(board)
    if len(command.args) > 1:
        wanted = command.args[1].upper()
        stored = turn_position(ctx.db, game.name, wanted)
        if stored is None and wanted != str(position.phase):
            ctx.say(f"Game '{game.name}' has no phase {wanted[:10]}.")
            return
        if stored is not None:
            position = position_from_json(board, json.loads(stored))
    if ctx.mail_room() == 0:
        ctx.mails_dropped += 1  # the reply says so at its end
        return
    if not ctx.allow("map", ctx.budgets.maps_per_hour, HOUR, "Maps by mail"):
        return
    picture = render_map(board, position, None, f"{game.name} {position.phase}")
    if picture is None:
        ctx.say(f"No map can be drawn for the variant {game.variant}.")
        return
    title = f"{game.name}-{position.phase}"
    mail = OutgoingMail(
        to=(ctx.sender,),
        subject=f"{ctx.settings.code}:{game.name} - {position.phase} Map",
        body=f"The map of game '{game.name}' at {position.phase} is attached.\n",
        attachments=(Attachment(f"{title}.png", "image/png", picture),),
    )
    ctx.mail([mail])
    ctx.say(f"The map of {position.phase} follows in a separate mail.")


COMMANDS = [
    Spec("help", "information", "HELP", "this text", do_help),
    Spec(
        "get",
        "information",
        "GET <topic>",
        "more help on a topic (the topics are listed below)",
        do_get,
    ),
    Spec(
        "list",
        "information",
        "LIST [<game>]",
        "games forming and running;"
        " with a game: its settings, players, units and deadline",
        do_list,
    ),
    Spec(
        "history",
        "information",
        "HISTORY <game>",
        "results and public press so far",
        _about(info.history),
    ),
    Spec(
        "summary",
        "information",
        "SUMMARY <game>",
        "supply centres by year",
        _about(info.summary),
    ),
    Spec(
        "whogame",
        "information",
        "WHOGAME <game>",
        "who plays what",
        do_whogame,
    ),
    Spec(
        "signoff",
        "information",
        "SIGNOFF",
        "the rest of the message is not read (nor after a signature line, '-- ')",
        lambda ctx, command: None,
    ),
    Spec(
        "map",
        "information",
        "MAP <game> [<phase>]",
        "the game's map (now, or at a past phase), in a separate mail",
        do_map,
    ),
]
