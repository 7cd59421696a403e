"""Commands anyone may send, signed on or not: HELP, GET, LIST, HISTORY,
SUMMARY, WHOGAME and MAP.  They never change a game."""

from __future__ import annotations

import json
import re

from judge.engine.api import adjudicate
from judge.engine.serialize import position_from_json
from judge.mail.message import Attachment, OutgoingMail
from judge.reports.results import phase_title
from judge.reports.templating import render
from judge.service import info, reachability
from judge.service.checks import read_time
from judge.service.commands.context import HOUR
from judge.service.commands.registry import Spec, Topic
from judge.service.picture_pool import render_map
from judge.service.store import members, turn_played
from judge.service.variant_orders import engine_orders


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
    Topic("layouts", lambda ctx: page(ctx, "layouts")),
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


HISTORY_USE = (
    "Use: HISTORY <game> [FROM <date>] [TO <date>] [LINES <n>]"
    " or HISTORY <game> EXCLSTART <phase> [EXCLEND <phase>] [BROAD]"
    " (dates as 2026-03-01 or 2026-03-01 18:00)."
)
HISTORY_WORDS = {"from", "to", "until", "lines", "for", "exclstart", "exclend"}


def history_options(text: str, tz: str) -> dict | str:
    """njudge's HISTORY options as keyword arguments of info.history, or
    what is wrong with them."""
    words = text.split()
    options: dict = {}
    i = 0
    while i < len(words):
        word = words[i].lower()
        if word == "broad":
            options["broadcasts"] = True
            i += 1
            continue
        if word not in HISTORY_WORDS or i + 1 >= len(words):
            return f"HISTORY: '{words[i][:20]}' is not an option. {HISTORY_USE}"
        value = words[i + 1]
        i += 2
        if word in ("from", "to", "until"):
            # a date may be followed by its time: '2026-03-01 18:00'
            if i < len(words) and re.fullmatch(r"\d{1,2}:\d{2}", words[i]):
                value += " " + words[i]
                i += 1
            when = read_time(value, tz)
            if when is None:
                return f"HISTORY: '{value[:20]}' is not a date. {HISTORY_USE}"
            options["since" if word == "from" else "until"] = when
        elif word in ("lines", "for"):
            if not value.isdigit() or int(value) == 0:
                return f"HISTORY: '{value[:20]}' is not a line count. {HISTORY_USE}"
            options["lines"] = int(value)
        else:
            key = "exclude_start" if word == "exclstart" else "exclude_end"
            options[key] = value.upper()[:10]
    return options


def do_history(ctx, command) -> None:
    game = ctx.game_arg(command.args[0])
    if game is None:
        return
    options = history_options(command.args[1] if len(command.args) > 1 else "",
                              ctx.settings.timezone)  # fmt: skip
    if isinstance(options, str):
        ctx.say(options)
        return
    text = info.history(ctx.db, game.name, settings=ctx.settings, **options)
    room = ctx.budgets.reply_bytes - ctx.size - 1000
    if len(text) > room > 0:  # cut where njudge's LINES would, and say so
        options["lines"] = max(text[:room].count("\n") - 10, 1)
        text = info.history(ctx.db, game.name, settings=ctx.settings, **options)
        text += (
            f"\nA reply holds at most {ctx.budgets.reply_bytes} characters: ask"
            f" for the rest with HISTORY {game.name} FROM <date> (or EXCLSTART)."
        )
    ctx.say(text)


def do_summary(ctx, command) -> None:
    game = ctx.game_arg(command.args[0])
    if game:
        ctx.say(info.summary(ctx.db, game.name, settings=ctx.settings))


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
    played = None
    if len(command.args) > 1:
        wanted = command.args[1].upper()
        played = turn_played(ctx.db, game.name, wanted)
        if played is None and wanted != str(position.phase):
            ctx.say(f"Game '{game.name}' has no phase {wanted[:10]}.")
            return
    if ctx.mail_room() == 0:
        ctx.mails_dropped += 1  # the reply says so at its end
        return
    if not ctx.allow("map", ctx.budgets.maps_per_hour, HOUR, "Maps by mail"):
        return
    if played is None:  # the phase being ordered: its orders are secret
        picture = render_map(board, position, None, f"{game.name} {position.phase}")
    else:  # a processed phase: its orders drawn, as its results picture was
        turn, before, orders = played
        position = position_from_json(board, json.loads(before))
        texts = json.loads(orders)
        result = adjudicate(
            board, position, engine_orders(board, position, texts), game.rules
        )
        title = phase_title(result.phase, "results", game.name, turn)
        picture = render_map(board, result.position, result, title)
    if picture is None:
        ctx.say(f"No map can be drawn for the variant {game.variant}.")
        return
    title = f"{game.name}-{position.phase}"
    mail = OutgoingMail(
        to=(ctx.sender,),
        subject=f"{ctx.settings.code}:{game.name} - {position.phase} Map",
        body=f"The map of game '{game.name}' at {position.phase}"
        + (", with its orders and their results," if played else "")
        + " is attached.\n",
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
        "the game's archive (njudge's layout): the start, every phase's"
        " results and the public press; options FROM <date>, TO <date>,"
        " LINES <n>, or EXCLSTART <phase> [EXCLEND <phase>] [BROAD]",
        do_history,
    ),
    Spec(
        "summary",
        "information",
        "SUMMARY <game>",
        "who played each power and from when, and supply centres by year",
        do_summary,
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
