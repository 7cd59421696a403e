"""SET <option>: njudge's game settings (judge/service/game_options.py), each
checked for who may set it and when, stored, answered, and announced to
the game in one notice per message (njudge's "mucking around with
parameters")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.engine.hooks import hooks_for
from judge.service import allied_win, seats
from judge.service.commands.registry import Spec, Topic
from judge.service.flow import Go
from judge.service.game_options import (
    IRREGULAR_KEYS,
    NOT_FOLLOWED,
    changed,
    describe,
    help_text,
    inert_note,
    read_option,
    stored,
    unfollowed_feature,
)
from judge.service.lifecycle import start_game
from judge.service.processing import notice
from judge.service.queries import load_game, members, update_game, update_member

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context


FULL_COMMENT = 2000  # characters of SET COMMENT BEGIN


def set_option(ctx: Context, command: Command) -> Go:
    word = command.words[0]
    rest = command.args[0] if command.args else ""
    option, negated, phrase = read_option(word)
    me = ctx.need_me()
    if me is None:
        return Go.ON
    game = load_game(ctx.db, me.game)
    if phrase == "NOTVARIANT":
        if me.role == "master" or ctx.need_me("master"):
            variant_option(ctx, game, rest, on=False)
        return Go.ON
    feature = unfollowed_feature(phrase)
    if feature:
        ctx.say(f"SET {word}: {feature}")
        return Go.ON
    if option is None:
        ctx.say(f"SET {word} is not a setting of this judge (GET SETTINGS).")
        return Go.ON
    if not allowed(ctx, me, game, option, word):
        return Go.ON
    if option.before_start and game.status != "forming":
        ctx.say(
            f"Game '{game.name}' has already started: SET {word} can be changed"
            " only before it starts."
        )
        return Go.ON
    try:
        value = option_value(option, negated, rest)
    except ValueError as why:
        ctx.say(f"SET {word} takes {why}. Not set.")
        return Go.ON
    if option.key in NOT_FOLLOWED and value:
        ctx.say(
            f"SET {word}: this judge does not follow {NOT_FOLLOWED[option.key]}"
            " yet. Not set."
        )
        return Go.ON
    if option.key == "blank_board" and value and hooks_for(game.board) is not None:
        ctx.say(
            f"SET {word}: game '{game.name}' is played on {game.variant}, whose own"
            " rules place the first units. Not set."
        )
        return Go.ON
    if option.key == "unapproved":
        approve(ctx, game, value, approved=not negated, word=word)
        return Go.ON
    if option.key == "full_comment":
        ctx.block = CommentBlock(ctx, game.name)
        ctx.say("The rest of your message (to SIGNOFF) is the game's full comment.")
        return Go.ON
    says = describe(option, negated, value)
    if option.key == "allied_win" and value:
        says += f" Here that is {allied_win.goal(game.board, game.rules)} centres."
    elif option.key == "centres" and stored(game)["allied_win"]:  # njudge says it
        says += f" An allied win needs {allied_win.allied_centres(value)}."
    before = stored(game).get(option.key)
    if not store(ctx, me, game, option.key, value, says):
        return Go.ON
    ctx.say(says + (" " + inert_note(game, option) if option.inert else ""))
    if option.key not in ("all_press", "no_broadcast"):
        ctx.announce(game.name, f"SET {word.upper()}: {says}")
    if option.key in IRREGULAR_KEYS and before != value:
        mark_irregular(ctx, game.name)
    if option.key == "manual_start" and not value:
        start_if_full(ctx, game.name)
    return Go.ON


def mark_irregular(ctx, name: str) -> None:
    """A rule changed after the start (njudge's CheckNotStarted): the game
    is irregular from now on, and its play counts for no records."""
    game = load_game(ctx.db, name)
    if game.status == "forming":
        return
    update_game(ctx.db, name, settings=changed(game, "irregular", True))
    text = (
        f"Game '{name}' has already started: it is now irregular, and its"
        " play counts for no player's record."
    )
    ctx.say(text)
    ctx.announce(name, text)


def start_if_full(ctx, name: str) -> None:
    """SET AUTO START on a full game starts it (njudge)."""
    game = load_game(ctx.db, name)
    if game.status != "forming":
        return
    needed = len(seats.game_seats(game, game.board))
    if len(members(ctx.db, name, "player")) >= needed:
        ctx.mail(start_game(ctx.db, ctx.settings, name, ctx.now), results=True)


def approve(ctx, game, letters: str, approved: bool, word: str) -> None:
    """SET [NOT] APPROVE <letters>: under SET APPROVAL a new player's moves
    wait for the master's approval (njudge); each player changed is told."""
    if game.status == "forming":
        ctx.say(f"Game '{game.name}' has not started: nobody to approve yet.")
        return
    board = game.board
    by_letter = {p.letter.upper(): p.id for p in board.powers.values()}
    unknown = [c for c in letters if c not in by_letter]
    if unknown:
        ctx.say(f"SET {word}: '{unknown[0]}' is no power of this game. Not set.")
        return
    powers = {by_letter[c] for c in letters}
    waiting = set(stored(game)["unapproved"])
    after = waiting - powers if approved else waiting | powers
    changed = sorted(waiting ^ after)
    update_game(ctx.db, game.name, settings=changed_settings(game, sorted(after)))
    text = "approved" if approved else "not approved"
    names = ", ".join(board.powers[p].name for p in changed) or "nobody"
    ctx.say(f"Moves {text}: {names}.")
    for power in changed:
        for m in members(ctx.db, game.name, "player"):
            if m.power == power and m.state != "resigned":
                ctx.mail([notice(
                    ctx.settings, game, m, f"Player moves {text}",
                    f"The master has {text} your moves for {board.powers[power].name}."
                    + ("" if approved else " Ask the master if you contest it."),
                )])  # fmt: skip


def changed_settings(game, unapproved: list[str]) -> str:
    return changed(game, "unapproved", unapproved)


def allowed(ctx, me, game, option, word: str) -> bool:
    """njudge's "mod": the master, or any player of an unmoderated game;
    "watcher": masters and observers (SET ALL PRESS, SET NO BROADCAST)."""
    if option.who == "watcher":
        # njudge refuses players only NO BROADCAST: SET BROADCAST is what
        # a player has anyway
        negated = read_option(word)[1]
        if me.role == "player" and option.key == "no_broadcast" and not negated:
            return True
        if me.role == "player":
            ctx.say(f"SET {word} is for the master and observers.")
            return False
        if (
            option.key == "all_press"
            and me.role == "observer"
            and not stored(game)["watch_all_press"]
        ):
            ctx.say(
                f"Game '{game.name}' does not let observers see partial press"
                " (the master's SET WATCH ALL PRESS)."
            )
            return False
        return True
    if option.who == "master" and me.role != "master":
        if me.role == "player" and not stored(game)["moderated"]:
            return True
        ctx.say(f"Only the game's master may SET {word} (a moderated game).")
        return False
    return True


def option_value(option, negated: bool, rest: str):
    if negated and option.key == "unapproved":
        return option.reader(rest)
    if negated:
        if rest.strip() and option.reader is None:
            raise ValueError("nothing after it")
        return option.negated
    if option.reader is not None:
        return option.reader(rest)
    if rest.strip() and option.key != "press":
        raise ValueError("nothing after it")
    return option.value


def store(ctx, me, game, key: str, value, says: str) -> bool:
    """Write the setting; False (and the reply says why) when it stays."""
    if key == "press":
        update_game(ctx.db, game.name, press=value)
        return True
    if key == "no_broadcast":
        update_member(ctx.db, me.id, no_broadcast=1 if value else 0)
        return True
    values = stored(game)
    if key == "all_press":
        ids = set(values["all_press"])
        ids = ids | {me.id} if value else ids - {me.id}
        value = sorted(ids)
    elif key in ("allow", "deny"):
        addresses = list(values[key])
        if value.startswith("-"):
            addresses = [a for a in addresses if a != value[1:]]
        elif value not in addresses:
            if len(addresses) >= 50:
                ctx.say(f"The {key} list holds at most 50 addresses. Not set.")
                return False
            addresses.append(value)
        value = addresses
    update_game(ctx.db, game.name, settings=changed(game, key, value))
    if key == "list":  # the web pages show an unlisted game only with its key
        update_game(ctx.db, game.name, unlisted=0 if value else 1)
    ctx.games_touched.add(game.name)
    # when the scheduler looks next may change (MANUAL PROCESS)
    ctx.db.execute("INSERT OR IGNORE INTO svc_due_dirty VALUES (?)", [game.name])
    return True


# njudge's variant options (SET VARIANT <option>, SET NOT VARIANT <option>)
VARIANT_OPTIONS = {"gunboat": "anonymous", "nolist": "list"}
NO_VARIANT_OPTION = {
    "blind": "blind games (each power sees only what its units see)",
    "shorthand": "shorthand press",
    "wings": "air units (wings)",
    "intimate": "Intimate Diplomacy",
}


def is_variant_option(word: str) -> bool:
    word = word.strip().lower()
    return word in VARIANT_OPTIONS or word in NO_VARIANT_OPTION


def variant_option(ctx, game, word: str, on: bool) -> None:
    """SET [NOT] VARIANT Gunboat ...: before the game starts, like njudge."""
    name = word.strip().lower()
    if name in NO_VARIANT_OPTION:
        ctx.say(f"This judge has no {NO_VARIANT_OPTION[name]}: not set.")
        return
    if name not in VARIANT_OPTIONS:
        ctx.say(
            f"'{word.strip()[:20]}' is not a variant option. Options: "
            + ", ".join(o.capitalize() for o in (*VARIANT_OPTIONS, *NO_VARIANT_OPTION))
        )
        return
    if game.status != "forming":
        ctx.say(f"Game '{game.name}' has started: its variant options stay.")
        return
    if name == "gunboat":
        update_game(ctx.db, game.name, anonymous=1 if on else 0)
        said = "Players are anonymous (Gunboat)." if on else "Players are known."
    else:
        update_game(
            ctx.db, game.name, settings=changed(game, "list", not on), unlisted=int(on)
        )
        said = "The game is not listed." if on else "The game is listed."
    ctx.say(said)
    verb = "VARIANT" if on else "NOT VARIANT"
    ctx.announce(game.name, f"SET {verb} {name.capitalize()}: {said}")


class CommentBlock:
    """SET COMMENT BEGIN: the rest of the message, to SIGNOFF, is the full
    comment (stored as it grows, so the end of the message ends it)."""

    def __init__(self, ctx, game: str) -> None:
        self.ctx, self.game, self.lines = ctx, game, []

    def line(self, ctx, raw: str, text: str) -> bool:
        if text.upper().replace(" ", "") == "SIGNOFF":
            ctx.block = None
            ctx.say(self.unfinished())
            return False
        if sum(len(line) for line in self.lines) < FULL_COMMENT:
            self.lines.append(raw.rstrip()[:200])
            game = load_game(ctx.db, self.game)
            update_game(
                ctx.db, self.game,
                settings=changed(game, "full_comment", "\n".join(self.lines)),
            )  # fmt: skip
        return True

    def unfinished(self) -> str:
        self.ctx.announce(self.game, "SET COMMENT BEGIN: the full comment is set.")
        return "The game's full comment is set."


COMMANDS = [
    Spec(
        "set_option",
        "master",
        "SET <option> [<value>]",
        "njudge's game settings: press (WHITE, GREY, WHITE/GREY, NO PRESS, [NO]"
        " PARTIAL, PARTIAL MAY BE FAKED, OBSERVER ANY|WHITE|NO, [NO] POSTAL"
        " PRESS, [NO] LATE PRESS ...), play ([NO] QUIET, MANUAL PROCESS ...),"
        " listing ([NO] LIST, COMMENT <text> ...) and rules (CENTERS <n>, ANY"
        " CENTRES, [NO] DIAS ...); GET SETTINGS lists them all",
        set_option,
    ),
]


def settings_page(ctx) -> str:
    return (
        "The game's settings (SET <option>, after SIGNON; in a moderated\n"
        "game the master's, but SET ALL PRESS and SET [NO] BROADCAST, a\n"
        "master's or observer's own).  NO (or UN) before an option marked\n"
        "[NO] turns it off.\n\n" + help_text()
    )


TOPICS = [Topic("settings", settings_page)]
