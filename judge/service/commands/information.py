"""Commands anyone may send, signed on or not: HELP, GET, LIST, HISTORY,
SUMMARY, WHOGAME and MAP.  They never change a game."""

from __future__ import annotations

import json
import re
import textwrap
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING

from judge.engine.api import adjudicate
from judge.engine.serialize import position_from_json
from judge.language.commands import SYNONYMS
from judge.language.dates import DateError, read_date
from judge.mail.message import Attachment, OutgoingMail
from judge.reports.dates import date_in_words
from judge.reports.results import phase_title
from judge.reports.templating import render
from judge.service import info, reachability, registration
from judge.service.commands.context import HOUR
from judge.service.commands.registry import Spec, Topic
from judge.service.commands.timing import sender_zone
from judge.service.flow import Go
from judge.service.picture_pool import render_map
from judge.service.queries import (
    load_game,
    members,
    turn_played,
    turns,
)
from judge.service.variant_orders import engine_orders
from judge.variants import load_variant

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context


def page(ctx, topic: str, **values) -> str:
    return render(
        f"help/{topic}.txt",
        code=ctx.settings.code,
        address=ctx.settings.address,
        timezone=ctx.settings.timezone,
        auto_master=ctx.settings.auto_master,
        topics=ctx.registry.topic_names(),
        **values,
    ).rstrip("\n")


def help_page(ctx) -> str:
    groups = ("information", "joining", "playing", "press", "settings", "worlds")
    return page(ctx, "help", commands=ctx.registry.listing(groups))


def master_page(ctx) -> str:
    return page(ctx, "master", commands=ctx.registry.listing(["master"]))


def index_page(ctx) -> str:
    synonyms = ", ".join(
        f"{word.upper()} = {keyword.upper()}" for word, keyword in SYNONYMS.items()
    )
    return (
        f"Every command of the judge {ctx.settings.code}, as it reads them.\n"
        "Case does not matter; spaces inside a keyword are optional.\n"
        + textwrap.fill(
            f"Also read: {synonyms}, SEND ME = GET, SIGNON O<game> = OBSERVE.", 76
        )
        + "\n\n"
        + ctx.registry.index()
    )


def map_page(ctx) -> str:
    """The names of the signed-on game's map (njudge's data/map), else the
    standard one's."""
    game = signed_on_game(ctx)
    board = game.board if game else load_variant("standard")[0]
    powers = "\n".join(
        f"  {p.letter}  {p.name}"
        for p in board.powers.values()
        if not board.is_reserve(p.id)
    )
    places = []
    for province in sorted(board.provinces.values(), key=lambda p: p.name):
        if province.kind == "impassable":
            continue
        star = "*" if province.centre else " "
        places.append(f"  {star} {province.id:<5} {province.name}")
    return page(
        ctx, "map", variant=game.variant if game else "standard",
        game=game.name if game else "", powers=powers, places="\n".join(places),
    )  # fmt: skip


def package_page(ctx) -> str:
    """njudge's new user package: the files a newcomer should read."""
    names = ("info", "guide", "syntax", "deadlines", "press", "absence", "draws")
    topics = ctx.registry.topics
    rule = "\n\n" + "=" * 72 + "\n\n"
    return rule.join(f"{n.upper()}\n\n{topics[n].render(ctx)}" for n in names)


def _file(name: str, about: str) -> Topic:
    return Topic(name, lambda ctx: page(ctx, name), about)


TOPICS = [
    Topic("help", help_page, "the commands in short (the same as HELP)"),
    _file("info", "how this judge works: joining, playing, observing"),
    Topic("index", index_page, "every command, what it does and who may use it"),
    _file("syntax", "how to write every order"),
    Topic("orders", lambda ctx: page(ctx, "syntax"), "the same as SYNTAX"),
    Topic("master", master_page, "the master's commands"),
    _file("deadlines", "deadlines, grace, timing settings, and how dates are read"),
    Topic("press", lambda ctx: page(ctx, "press"), "press and broadcasts"),
    _file("absence", "asking that no deadline falls while you are away"),
    _file("draws", "draws and how a game ends"),
    _file("history", "HISTORY, SUMMARY, WHOGAME and MAP"),
    _file("rules", "the rules, in short"),
    Topic(
        "map",
        map_page,
        "the powers and place names of a map (of the game signed on to)",
    ),
    _file("guide", "a first game, step by step"),
    Topic("variants", lambda ctx: page(ctx, "variants"), "the games played here"),
    Topic("layouts", lambda ctx: page(ctx, "layouts"), "the mails' layouts, for tools"),
    Topic(
        "flist",
        lambda ctx: page(ctx, "flist", files=ctx.registry.file_list()),
        "this list",
    ),
    Topic("package", package_page, "the files a newcomer should read, in one"),
]


def do_help(ctx: Context, command: Command) -> Go:
    ctx.say(help_page(ctx))
    return Go.ON


# njudge forms this judge reads but cannot follow, and why
NOT_HERE = {
    "whois": "GET WHOIS: this judge does not send its whole register of players.",
}


def do_get(ctx: Context, command: Command) -> Go:
    wanted = command.args[0].lower()
    if wanted in NOT_HERE:
        ctx.say(NOT_HERE[wanted])
        return Go.ON
    topic = ctx.registry.topics.get(wanted)
    if topic is None:
        ctx.say(
            f"There is no help topic '{command.args[0].lower()[:20]}'. Topics: "
            + ctx.registry.topic_names()
        )
        return Go.ON
    ctx.say(topic.render(ctx))
    return Go.ON


def signed_on_game(ctx):
    """The game of this message's SIGNON (njudge: LIST, SUMMARY, HISTORY,
    WHOGAME and GET act on it when no game is named), or None."""
    me = ctx.me or ctx.joined
    return load_game(ctx.db, me.game) if me is not None else None


def game_or_implied(ctx, command, usage: str):
    """The game named first in the command, else the signed-on one; None
    (the reply says so) when neither."""
    if command.args and command.args[0]:
        return ctx.game_arg(command.args[0].split()[0])
    game = signed_on_game(ctx)
    if game is None:
        ctx.say(f"Name the game ({usage}), or sign on to it first.")
    return game


def do_list(ctx: Context, command: Command) -> Go:
    if command.args and command.args[0].lower() == "full":
        ctx.say(info.list_games_full(ctx.db))
        return Go.ON
    if not command.args:
        game = signed_on_game(ctx)
        if game is None:
            ctx.say(info.list_games(ctx.db))
            return Go.ON
        text = info.describe_game(ctx.db, ctx.settings, game.name)
        ctx.say(with_unreachable(ctx, game.name, text))
        return Go.ON
    game = ctx.game_arg(command.args[0])
    if game:
        text = info.describe_game(ctx.db, ctx.settings, game.name)
        ctx.say(with_unreachable(ctx, game.name, text))
    return Go.ON


def with_unreachable(ctx, game: str, text: str) -> str:
    """A game's description; for its master, the addresses found
    unreachable under it."""
    lines = reachability.master_lines(ctx.db, game, ctx.sender, ctx.me)
    return "\n".join([text, *lines])


def do_whogame(ctx: Context, command: Command) -> Go:
    args = [a for a in command.args if a.lower() != "full"]  # FULL: all listed
    game = game_or_implied(ctx, _with_args(command, args), "WHOGAME <game>")
    if game:
        ctx.say(with_unreachable(ctx, game.name, info.whogame(ctx.db, game.name)))
    full = any(a.upper() == "FULL" for a in command.args)  # after SIGNON: args[0]
    if game and full:  # issue 25: registered names, as anonymity allows
        me = ctx.me
        master = me is not None and me.role == "master" and me.game == game.name
        ctx.say("\n".join(registration.registered_names(
            ctx.db, game, members(ctx.db, game.name), master
        )))  # fmt: skip
    return Go.ON


HISTORY_USE = (
    "Use: HISTORY [<game>] [FROM <date>] [TO <date>] [LINES <n>]"
    " or HISTORY [<game>] EXCLSTART <phase> [EXCLEND <phase>] [BROAD]"
    " (dates as Dec 20, Dec 20 23:30 or 2026-12-20 23:30)."
)
HISTORY_WORDS = {"from", "to", "until", "lines", "for", "exclstart", "exclend", "broad"}


def _with_args(command, args):
    return type(command)(command.name, tuple(args), command.words)


def history_options(ctx, text: str) -> tuple[str, dict] | str:
    """(the game named, or ""; njudge's HISTORY options as keyword
    arguments of info.history), or what is wrong with them."""
    words = text.split()
    name = ""
    if words and words[0].lower() not in HISTORY_WORDS:
        name, words = words[0], words[1:]
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
        if word in ("from", "to", "until"):
            end = i + 1  # a date runs to the next option word
            while end < len(words) and words[end].lower() not in HISTORY_WORDS:
                end += 1
            value = " ".join(words[i + 1 : end])
            i = end
            try:
                when = read_date(value, ctx.now, sender_zone(ctx), past=True)
            except DateError as error:
                return f"HISTORY: {word.upper()} {value[:30]}: {error}. {HISTORY_USE}"
            options["since" if word == "from" else "until"] = when
            continue
        value = words[i + 1]
        i += 2
        if word in ("lines", "for"):
            if not re.fullmatch(r"[0-9]{1,6}", value) or int(value) == 0:
                return f"HISTORY: '{value[:20]}' is not a line count. {HISTORY_USE}"
            options["lines"] = int(value)
        else:
            key = "exclude_start" if word == "exclstart" else "exclude_end"
            options[key] = value.upper()[:10]
    since, until = options.get("since"), options.get("until")
    if since and until and until < since:
        return f"HISTORY: TO comes before FROM. {HISTORY_USE}"
    return name, options


def do_history(ctx: Context, command: Command) -> Go:
    parsed = history_options(ctx, command.args[0] if command.args else "")
    if isinstance(parsed, str):
        ctx.say(parsed)
        return Go.ON
    name, options = parsed
    game = (
        ctx.game_arg(name)
        if name
        else game_or_implied(ctx, _with_args(command, []), "HISTORY <game>")
    )
    if game is None:
        return Go.ON
    text = info.history(ctx.db, game.name, settings=ctx.settings, **options)
    zone = sender_zone(ctx)
    said = [
        f"{word} {date_in_words(options[key], zone)}"
        for word, key in (("from", "since"), ("to", "until"))
        if options.get(key)
    ]
    if said:  # the dates as understood, in words
        text = f"History of game '{game.name}' {' '.join(said)}:\n\n{text}"
    room = ctx.budgets.reply_bytes - ctx.reply.size - 1000
    if len(text) > room > 0:  # cut where njudge's LINES would, and say so
        options["lines"] = max(text[:room].count("\n") - 10, 1)
        text = info.history(ctx.db, game.name, settings=ctx.settings, **options)
        text += (
            f"\nA reply holds at most {ctx.budgets.reply_bytes} characters: ask"
            f" for the rest with HISTORY {game.name} FROM <date> (or EXCLSTART)."
        )
    ctx.say(text)
    return Go.ON


def do_summary(ctx: Context, command: Command) -> Go:
    game = game_or_implied(ctx, command, "SUMMARY <game>")
    if game:
        ctx.say(info.summary(ctx.db, game.name, settings=ctx.settings))
    return Go.ON


def in_game(ctx, game) -> bool:
    """The sender plays, masters or (confirmed) observes the game: pictures
    are never mailed to an address that did not ask for the game's mail."""
    sender = ctx.sender.lower()
    return any(
        m.address.lower() == sender and m.state not in ("pending", "resigned")
        for m in members(ctx.db, game.name)
    )


def _phases_drawn(db, game: str, current) -> str:
    """The phases MAP can draw, for a refusal: the played ones (the first and
    last few of a long game) and the one being ordered."""
    played = [phase for (phase,) in turns(db, game, "phase")]
    if len(played) > 8:
        played = [*played[:3], "...", *played[-4:]]
    shown = " ".join(played)
    now = f"{current} (being ordered, without its orders)"
    return f"{shown} or {now}" if shown else now


def do_map(ctx: Context, command: Command) -> Go:
    if command.args[0] == "*":
        ctx.say(
            "MAP * (a map drawn from a pasted LIST) is not done by this judge:"
            " send MAP <game> [<phase>] for a game played here."
        )
        return Go.ON
    game = ctx.game_arg(command.args[0])
    if game is None or not game.position:
        if game is not None:
            ctx.say(f"Game '{game.name}' has not started.")
        return Go.ON
    if not in_game(ctx, game):
        ctx.say(
            f"Maps by mail go to the players, master and observers of game"
            f" '{game.name}' only: send OBSERVE {game.name} first."
        )
        return Go.ON
    board = game.board
    position = game.current(board)
    played = None
    if len(command.args) == 1:  # the latest results picture, as it was mailed
        done = turns(ctx.db, game.name, "phase")
        played = turn_played(ctx.db, game.name, done[-1][0]) if done else None
    else:
        wanted = command.args[1].upper()
        played = turn_played(ctx.db, game.name, wanted)
        if played is None and wanted != str(position.phase):
            ctx.say(
                f"Game '{game.name}' has no phase {wanted[:10]}: MAP {game.name}"
                f" draws {_phases_drawn(ctx.db, game.name, position.phase)}."
            )
            return Go.ON
    if ctx.mail_room() == 0:
        ctx.reply.mails_dropped += 1  # the reply says so at its end
        return Go.ON
    if not ctx.allow("map", ctx.budgets.maps_per_hour, HOUR, "Maps by mail"):
        return Go.ON
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
        return Go.ON
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
    return Go.ON


def do_version(ctx: Context, command: Command) -> Go:
    if command.args:
        ctx.say(
            f"VERSION {command.args[0][:20]}: this judge keeps no log of changes"
            " by level; here is its version."
        )
    ctx.say(
        f"This is the judge {ctx.settings.code} at {ctx.settings.address},"
        f" running pyjudge {judge_version()}: a Diplomacy judge speaking"
        " njudge's command language (GET INFO)."
    )
    return Go.ON


def judge_version() -> str:
    try:
        return version("pyjudge")
    except PackageNotFoundError:
        return "(version unknown)"


def do_signoff(ctx: Context, command: Command) -> Go:
    return Go.STOP  # quietly: the sender chose to end here


COMMANDS = [
    Spec("help", "information", "HELP", "this text", do_help),
    Spec(
        "version",
        "information",
        "VERSION",
        "which judge and software this is",
        do_version,
    ),
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
        "LIST [FULL|<game>]",
        "games forming and running (FULL: with their players);"
        " with a game (or after SIGNON): its settings, players, units and deadline",
        do_list,
    ),
    Spec(
        "history",
        "information",
        "HISTORY [<game>] [FROM <date>] [TO <date>] [LINES <n>]",
        "the game's archive (njudge's layout): the start, every phase's"
        " results and the public press, of the game signed on to when none is"
        " named; also EXCLSTART <phase> [EXCLEND <phase>] [BROAD]",
        do_history,
        shown="HISTORY [<game>] [FROM/TO <date>]",
    ),
    Spec(
        "summary",
        "information",
        "SUMMARY [<game>]",
        "who played each power and from when, and supply centres by year"
        " (STATUS is the same)",
        do_summary,
    ),
    Spec(
        "whogame",
        "information",
        "WHOGAME [<game>]",
        "who plays what",
        do_whogame,
    ),
    Spec(
        "signoff",
        "information",
        "SIGNOFF",
        "the rest of the message is not read (nor after a signature line, '-- ')",
        do_signoff,
    ),
    Spec(
        "map",
        "information",
        "MAP <game> [<phase>]",
        "the game's map with the last orders (or a past phase's), in a separate mail",
        do_map,
    ),
]
