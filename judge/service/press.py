"""Press: private (PRESS TO ...) and public (BROADCAST), white or grey as the
game allows, always allowed to the master; delivered at once, one mail per
recipient so no address is ever shown to another player."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from judge.mail.message import OutgoingMail
from judge.service.processing import notice, recipients
from judge.service.store import Member, add_press, iso, load_game, members


@dataclass
class PressDraft:
    sender: Member | None
    power: str | None  # the power the sender writes as (None: master)
    to: str | None  # the words after PRESS TO; None: broadcast
    lines: list[str] = field(default_factory=list)
    error: str | None = None


def read_recipients(board, words: str) -> tuple[set[str], bool, str | None]:
    """(powers, to_master, error) from 'France, Germany', 'FG', 'M'."""
    powers: set[str] = set()
    master = False
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
        elif key in by_name:
            powers.add(by_name[key])
        elif word.upper() in letters:  # a longer letter (Imperial's 'BRE')
            powers.add(letters[word.upper()])
        elif all(ch.upper() in letters or ch.upper() == "M" for ch in word):
            for ch in word.upper():
                if ch == "M":
                    master = True
                else:
                    powers.add(letters[ch])
        else:
            return set(), False, f"'{word[:20]}' is not a power of this game"
    if not powers and not master:
        return set(), False, "PRESS TO names no one"
    return powers, master, None


def send_press(db, settings, draft: PressDraft, now: datetime):
    """(reply line, mails) for a finished PRESS/BROADCAST."""
    sender = draft.sender
    game = load_game(db, sender.game)
    board = game.board
    if sender.role == "observer":
        return "Observers cannot send press.", []
    if game.status == "finished":
        return f"Game '{game.name}' is over: press not sent.", []
    body = "\n".join(draft.lines).strip("\n")
    if not body.strip():
        return "Your press was empty: not sent.", []
    everyone = recipients(db, game)  # a player with several countries: once
    held: dict[str, set[str]] = {}
    for m in members(db, game.name, "player"):
        if m.power and m.state != "resigned":
            held.setdefault(m.address.lower(), set()).add(m.power)

    def me(m) -> bool:
        return m.id == sender.id or (
            m.role == sender.role == "player"
            and m.address.lower() == sender.address.lower()
        )

    masters = [m for m in everyone if m.role == "master"]
    if draft.to is None:
        if game.press == "none":
            return "This game has no press (PRESS TO M reaches the master).", []
        targets = [m for m in everyone if not me(m)]
        heading = f"Broadcast message from {signature(game, board, draft)}:"
        public = True
    else:
        powers, to_master, error = read_recipients(board, draft.to)
        if error:
            return f"Press not sent: {error}.", []
        if game.press == "none" and powers:
            return (
                "This game has no press: only PRESS TO M (the master) is allowed.",
                [],
            )
        targets = [
            m for m in everyone
            if (m.role == "player" and held.get(m.address.lower(), set()) & powers)
            or m.role == "master"
        ]  # fmt: skip
        targets = [m for m in targets if not me(m)]
        names = sorted(board.powers[p].name for p in powers) + (
            ["the master"] if to_master else []
        )
        heading = f"Message from {signature(game, board, draft)} to {', '.join(names)}:"
        public = False
        del masters
    text = f"{heading}\n\n{body}\n"
    mails: list[OutgoingMail] = [
        notice(settings, game, member, "Press", text) for member in targets
    ]
    add_press(db, game.name, game.turn, public, text, iso(now))
    return f"Press sent to {len(targets)} recipient(s).", mails


def signature(game, board, draft: PressDraft) -> str:
    if draft.sender.role == "master":
        return "the master"
    if game.press == "grey":
        return "someone (grey press)"
    return board.powers[draft.power].name if draft.power else "someone"
