"""The links under a game mail: the game's page, and while the game runs
(its deadlines being set and moved) the calendar feed of its deadlines.
Only when the judge has web pages (`[web]`: a base address is known).

An unlisted game's links carry its key, so they go only to the game's own
players, master and observers; anyone else's mail about it gets none."""

from __future__ import annotations

import re
from dataclasses import replace

from judge.mail.message import OutgoingMail
from judge.service.queries import load_game, members
from judge.service.web_links import feed_url, game_url

GAME_LINE = re.compile(r"\A:: Judge: \S+\s+Game: (\S+)")


def with_links(db, base_url: str, mails: list[OutgoingMail]) -> list[OutgoingMail]:
    if not base_url:
        return mails
    return [_linked(db, base_url, mail) for mail in mails]


def _linked(db, base_url: str, mail: OutgoingMail) -> OutgoingMail:
    name = mail.list_name
    if name is None:
        found = GAME_LINE.match(mail.body)
        name = found.group(1) if found else None
    game = load_game(db, name) if name else None
    if game is None:
        return mail
    if game.unlisted:
        insiders = {
            m.address.lower() for m in members(db, game.name) if m.state != "pending"
        }
        if not all(a.lower() in insiders for a in mail.to):
            return mail
    page = game_url(db, base_url, game.name, game.unlisted)
    lines = [f"This game on the web: {page}"]
    if game.status == "active" and game.deadline:
        feed = feed_url(db, base_url, game.name, game.unlisted)
        lines.append(f"Its deadlines for your calendar: {feed}")
    return replace(mail, body=mail.body.rstrip("\n") + "\n\n" + "\n".join(lines) + "\n")
