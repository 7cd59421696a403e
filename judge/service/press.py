"""Press as njudge sends it: PRESS <options>, BROADCAST [options] and
POSTALPRESS, checked against the game's press settings (game_options.py)
the way njudge's ml_press.c checks them; always allowed to and from the
master.  One mail per recipient, so no address is shown to another player;
each carries a reply token, so that answering the mail is press back to
its writer through the same rules (press_replies.py)."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from judge.engine.api import orders_needed
from judge.language.press_options import PressOptions
from judge.mail.message import OutgoingMail
from judge.service import game_options
from judge.service.processing import late_powers, notice, recipients
from judge.service.queries import (
    Member,
    add_press,
    add_reply_token,
    forget_reply_tokens,
    hold_postal_press,
    iso,
    load_game,
    members,
    moment,
    quota_take,
    quota_used,
)

REPLY_TOKEN = re.compile(r"\[press ([0-9a-f]{16})\]")
REPLY_DAYS = timedelta(days=90)  # how long a press mail may be answered


@dataclass
class PressDraft:
    sender: Member | None
    power: str | None  # the power the sender writes as (None: master, observer)
    options: PressOptions | None  # None: BROADCAST without options
    lines: list[str] = field(default_factory=list)
    error: str | None = None
    kind: str = "press"  # press, broadcast, postal, reply
    reply_to: Member | None = None  # a reply: the writer answered


class Refused(Exception):
    """Press the game's settings do not allow: the reason."""


def read_recipients(board, words: str) -> tuple[set[str], bool, str | None]:
    """(powers, to_master, error) from 'France, Germany', 'FG', 'M'."""
    powers, master, observers, error = read_list(board, words)
    if error is None and observers:
        return set(), False, "'O' (the observers) is no power"
    return powers, master, error


def read_list(board, words: str) -> tuple[set[str], bool, bool, str | None]:
    """(powers, master, observers, error) from a list of names or letters
    (FRG, 'France, Germany', 'Turkey'); M: the master, O: the observers."""
    powers: set[str] = set()
    master = observers = False
    by_name = {}
    for power in board.powers.values():
        by_name[power.name.lower()] = power.id
        by_name[power.adjective.lower()] = power.id
        by_name[power.id.lower()] = power.id
    letters = {p.letter.upper(): p.id for p in board.powers.values()}
    for word in re.split(r"[\s,]+", words.strip()):
        key = word.lower()
        if not key:
            continue
        if key in ("m", "master", "gm"):
            master = True
        elif key in ("o", "observer", "observers"):
            observers = True
        elif key in by_name:
            powers.add(by_name[key])
        elif word.upper() in letters:  # a letter of several (a variant's)
            powers.add(letters[word.upper()])
        elif all(ch.upper() in letters or ch.upper() in "MO" for ch in word):
            for ch in word.upper():
                if ch == "M":
                    master = True
                elif ch == "O":
                    observers = True
                else:
                    powers.add(letters[ch])
        else:
            return set(), False, False, f"'{word[:20]}' is not a power of this game"
    if not powers and not master and not observers:
        return set(), False, False, "the list names no one"
    return powers, master, observers, None


@dataclass
class Plan:
    """Who gets the press, and what each is shown."""

    colour: str  # white, grey
    powers: set[str]  # the players' powers it really goes to
    to_master: bool
    to_observers: bool
    shown_as: str  # "broadcast", or the heading's recipients ("to France")
    truth: str  # the master's note of the real recipients
    master_only: bool


def send_press(db, settings, draft: PressDraft, now: datetime):
    """(reply, mails) for a finished PRESS/BROADCAST/POSTALPRESS."""
    sender = draft.sender
    game = load_game(db, sender.game)
    board = game.board
    if game.status == "finished":
        return f"Game '{game.name}' is over: press not sent.", []
    body = "\n".join(draft.lines).strip("\n")
    options = game_options.stored(game)
    if not body.strip() and not options["blank_press"]:
        return f"Game '{game.name}' does not allow blank press: not sent.", []
    try:
        if draft.kind == "postal":
            return postal(db, game, options, draft, body)
        plan = plan_press(db, game, board, options, draft, now)
    except Refused as why:
        return f"No press sent: {why}", []
    return deliver(db, settings, game, board, options, draft, plan, body, now)


def postal(db, game, options, draft: PressDraft, body: str):
    if not options["postal"]:
        raise Refused(f"game '{game.name}' has no postal press (SET POSTAL PRESS).")
    if game.status != "active":
        raise Refused(f"game '{game.name}' is {game.status}.")
    board = game.board
    who = board.powers[draft.power].name if draft.power else "the master"
    hold_postal_press(db, game.name, game.turn, f"Postal press from {who}:\n\n{body}\n")
    phase = game.current(board).phase
    return (
        f"Postal press held: it is mailed to everyone after {phase} is processed.",
        [],
    )


def plan_press(db, game, board, options, draft: PressDraft, now) -> Plan:
    """Check the press against the game's settings (njudge's order of
    checks) and work out its recipients; Refused says why not."""
    sender = draft.sender
    opts = draft.options or PressOptions()
    if draft.kind == "press" and draft.options is None:
        raise Refused("PRESS needs options (PRESS TO <powers>); BROADCAST is to all.")
    powers: set[str] = set(board.powers)
    to_master = to_observers = True
    if opts.partial:
        listed, m, o, error = read_list(board, opts.recipients)
        if error:
            raise Refused(error + ".")
        if opts.partial == "to":
            powers, to_master, to_observers = listed, m, o
        else:
            powers, to_master, to_observers = powers - listed, not m, not o
    if opts.fake in ("to", "allbut"):
        error = read_list(board, opts.fake_list)[3]
        if error:
            raise Refused(f"after FAKE, {error}.")
    if draft.power:
        powers.discard(draft.power)
    master_only = opts.partial == "to" and to_master and not powers and not to_observers
    observer = sender.role == "observer"
    colour = opts.colour
    fake = opts.fake
    press = game.press
    if sender.role == "master":
        colour = colour or "white"
    elif master_only:
        colour = "white"
        if fake and fake != "none":
            raise Refused("faking press to the master is not allowed.")
    else:
        colour, fake = _checked(game, options, draft, colour, fake, observer, press)
    if game.status == "paused" and sender.role != "master" and not master_only:
        raise Refused("the game is paused: press goes to the master alone.")
    if sender.role == "player" and not master_only:
        _lateness(db, game, board, options, draft, now)
        if options["touch_press"]:
            _touching(db, game, board, draft, opts, powers, now)
    if opts.partial == "to" and not powers and not to_master and not to_observers:
        raise Refused("the list names only yourself.")
    shown, truth = _headings(board, opts, fake)
    return Plan(colour, powers, to_master, to_observers, shown, truth, master_only)


def _checked(game, options, draft, colour, fake, observer, press):
    """The colour and fake of press between players, or Refused."""
    name = game.name
    if press == "none" and not observer:
        raise Refused(f"game '{name}' does not allow press (PRESS TO M reaches"
                      " the master).")  # fmt: skip
    if observer and options["observer"] == "none":
        raise Refused(f"game '{name}' does not allow observer press.")
    phase = game.current(game.board).phase.type if game.position else "M"
    if not options["minor_press"] and phase in ("R", "A"):
        raise Refused(f"game '{name}' does not allow press in retreat and"
                      " adjustment phases.")  # fmt: skip
    greys = ("grey", "white/grey", "grey/white")
    if colour == "grey":
        if press not in greys:
            raise Refused(f"game '{name}' does not allow grey press.")
        if observer and options["observer"] == "white":
            raise Refused(f"game '{name}' does not allow grey press from observers.")
    elif colour == "white":
        if press == "grey":
            raise Refused(f"game '{name}' does not allow white press.")
    elif observer and options["observer"] == "white":
        colour = "white"
    else:
        colour = "grey" if press in ("grey", "grey/white") else "white"
    partial = draft.options is not None and draft.options.partial
    if partial:
        if observer and options["observer"] in ("none", "white"):
            raise Refused(f"game '{name}' does not allow observer partial press.")
        if not observer and not options["partial"]:
            raise Refused(f"game '{name}' does not allow partial press.")
    allowed = options["fake"]
    if fake == "none":
        if allowed == "always":
            raise Refused(f"game '{name}' makes all partial press appear as a"
                          " broadcast.")  # fmt: skip
        fake = None
    elif fake == "broadcast":
        if allowed == "no":
            raise Refused(f"game '{name}' does not allow fake press.")
    elif fake:
        if not options["partial"]:
            raise Refused(f"game '{name}' does not allow partial press.")
        if allowed == "always":
            raise Refused(f"game '{name}' only allows partial press to appear as"
                          " a broadcast.")  # fmt: skip
        if allowed == "no":
            raise Refused(f"game '{name}' does not allow fake press.")
    elif partial and allowed in ("default", "always"):
        fake = "broadcast"
    return colour, fake


def _lateness(db, game, board, options, draft, now) -> None:
    """MUST ORDER, LATE PRESS and GRACE PRESS (njudge's order)."""
    if game.status != "active" or not game.position:
        return
    position = game.current(board)
    late = late_powers(db, game, board, position)
    owes = draft.power in orders_needed(board, position, game.rules)
    if options["must_order"] and owes and draft.power in late:
        raise Refused(f"game '{game.name}' does not allow press from players who"
                      " have not sent complete orders.")  # fmt: skip
    deadline = moment(game.deadline)
    if deadline is None or now <= deadline or draft.power not in late:
        return
    if not options["grace_press"] and late:
        raise Refused("one or more players are late, so no press is allowed.")
    if not options["late_press"]:
        raise Refused(f"game '{game.name}' does not allow press from late players:"
                      " send orders for all your units first.")  # fmt: skip


TOUCH_WINDOW = 366 * 86400  # the key names the phase: a window never ends it


def _touch_key(game) -> str:
    return f"touch:{game.name}:{game.turn}"


def _touching(db, game, board, draft, opts, powers, now) -> None:
    """TOUCH PRESS: partial press only to powers a unit of yours touches,
    and one broadcast a phase."""
    if not opts.partial:
        address = draft.sender.address
        if quota_used(db, address, _touch_key(game), now, TOUCH_WINDOW):
            raise Refused(
                "you have already sent one broadcast: wait for the next phase."
            )
        return
    if not game.position:
        return
    position = game.current(board)
    mine = position.units_of(draft.power)
    for power in sorted(powers):
        theirs = position.units_of(power)
        if not any(
            board.adjacent(u.kind, u.location, v.location)
            or board.adjacent(v.kind, v.location, u.location)
            for u in mine
            for v in theirs
        ):
            raise Refused(f"you are not adjacent to {board.powers[power].name}.")


def _names(board, listed: str) -> str:
    powers, master, observers, _ = read_list(board, listed)
    names = [board.powers[p].name for p in board.powers if p in powers]
    names += ["the master"] if master else []
    names += ["the observers"] if observers else []
    return ", ".join(names)


def _headings(board, opts: PressOptions, fake) -> tuple[str, str]:
    """What recipients are shown ("broadcast" or "to ...") and the truth
    the master's copy adds."""
    real = (
        "everyone" if not opts.partial
        else ("all but " if opts.partial == "allbut" else "")
        + _names(board, opts.recipients)
    )  # fmt: skip
    if fake == "broadcast":
        return "broadcast", f" [really to {real}]"
    if fake in ("to", "allbut"):
        shown = ("all but " if fake == "allbut" else "") + _names(board, opts.fake_list)
        return f"to {shown}", f" [really to {real}]"
    if not opts.partial:
        return "broadcast", ""
    return f"to {real}", ""


def deliver(db, settings, game, board, options, draft, plan: Plan, body, now):
    sender = draft.sender
    everyone = recipients(db, game)  # a player with several countries: once
    held: dict[str, set[str]] = {}
    for m in members(db, game.name, "player"):
        if m.power and m.state != "resigned":
            held.setdefault(m.address.lower(), set()).add(m.power)
    watching = set(options["all_press"]) if not plan.master_only else set()
    targets = []
    for m in everyone:
        if m.id == sender.id or (
            m.role == sender.role == "player"
            and m.address.lower() == sender.address.lower()
        ):
            continue
        broadcast = plan.shown_as == "broadcast" and not (
            draft.options and draft.options.partial
        )
        if m.role == "player":
            wanted = bool(held.get(m.address.lower(), set()) & plan.powers)
        elif m.role == "master":
            wanted = plan.to_master or m.id in watching
            wanted = wanted and not (broadcast and m.no_broadcast)
        else:
            wanted = plan.to_observers or (
                m.id in watching and options["watch_all_press"]
            )
            wanted = wanted and not (broadcast and m.no_broadcast)
        if wanted:
            targets.append(m)
    if not targets:
        return "No press sent: nobody would receive it.", []
    who = _signature(game, board, draft, plan.colour)
    truth_who = _true_signature(board, draft)
    forget_reply_tokens(db, iso(now - REPLY_DAYS))
    mails: list[OutgoingMail] = []
    for member in targets:
        if member.role == "master":
            heading = _heading(truth_who, plan.shown_as) + plan.truth
        else:
            heading = _heading(who, plan.shown_as)
        token = secrets.token_hex(8)
        add_reply_token(
            db, token, game.name, member.id, sender.id, draft.power,
            plan.colour == "grey" and sender.role != "master", iso(now),
        )  # fmt: skip
        mail = notice(
            settings, game, member, f"Press [press {token}]",
            f"{heading}:\n\n{body}\n\n(To answer, reply to this mail.)\n",
        )  # fmt: skip
        mails.append(mail)
    public_text = f"{_heading(who, plan.shown_as)}:\n\n{body}\n"
    if (
        options["touch_press"]
        and sender.role == "player"
        and not (draft.options and draft.options.partial)
    ):
        quota_take(db, sender.address, _touch_key(game), now, TOUCH_WINDOW)
    add_press(db, game.name, game.turn, plan.to_observers, public_text, iso(now))
    if draft.kind == "reply":
        return "Your answer was sent to the writer of that press.", mails
    return _sent(board, draft.options, len(targets)), mails


def _sent(board, opts: PressOptions | None, count: int) -> str:
    """The sender's acknowledgement, as njudge words it ("Message sent to
    France", "Broadcast message sent"), with how many mails went out."""
    many = f"{count} recipient{'' if count == 1 else 's'}"
    if opts is None or not opts.partial:
        return f"Broadcast message sent ({many})."
    to = ("all but " if opts.partial == "allbut" else "") + _names(
        board, opts.recipients
    )
    return f"Message sent to {to} ({many})."


def _heading(who: str, shown_as: str) -> str:
    if shown_as == "broadcast":
        return f"Broadcast message from {who}" if who else "Broadcast message"
    return f"Message from {who} {shown_as}" if who else f"Message {shown_as}"


def _signature(game, board, draft: PressDraft, colour: str) -> str:
    sender = draft.sender
    if sender.role == "master":
        return "the master"
    if colour == "grey":
        return "someone (grey press)"
    if sender.role == "observer":
        return "an observer"
    return board.powers[draft.power].name if draft.power else "someone"


def _true_signature(board, draft: PressDraft) -> str:
    sender = draft.sender
    if sender.role == "master":
        return "the master"
    if sender.role == "observer":
        return f"an observer [{sender.address}]"
    name = board.powers[draft.power].name if draft.power else "someone"
    return f"{name} [{sender.address}]"
