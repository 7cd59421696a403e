"""The end-of-game mail, however a game ends (a solo, a draw, a concession,
TERMINATE): the result, who played each power (replacements included), the
centres by year and the final board, the picture attached.  Archived, so
HISTORY ends with it."""

from __future__ import annotations

import dataclasses
from datetime import datetime

from judge.mail.message import Attachment, OutgoingMail
from judge.reports import status
from judge.service import game_summary
from judge.service.picture_pool import render_map
from judge.service.queries import archive_notice, iso, load_game, members, moment


def end_text(db, name: str, result: str) -> str:
    game = load_game(db, name)
    lines = [
        "The game is over. Thank you for playing.",
        result,
        "",
        "Who played each power:",
        *game_summary.holder_lines(db, game),
        "",
        *game_summary.count_lines(db, game),
    ]
    if game.position:
        board = game.board
        position = game.current(board)
        lines += ["", "The final position:"]
        lines += status.unit_lines(board, position)
        lines += status.ownership_lines(board, position)
    return "\n".join(lines)


def end_mails(
    db, settings, name: str, notices: list[OutgoingMail], text: str, now=None
) -> list[OutgoingMail]:
    """`notices`: the Game Over notices of `text` (processing.tell_all); the
    final board is attached for those who take pictures, and the text is
    archived."""
    game = load_game(db, name)
    picture = None
    if game.position:
        position = game.current(game.board)
        picture = render_map(game.board, position, None, f"{name} {position.phase}")
    takes = {m.address.lower() for m in members(db, name) if m.map}
    mails = []
    for mail in notices:
        if picture and mail.to[0].lower() in takes:
            png = Attachment(f"{name}-final.png", "image/png", picture)
            mail = dataclasses.replace(mail, attachments=(png,))
        mails.append(mail)
    archive_notice(
        db, name, game.turn, f"{settings.code}:{name} - Game Over", text,
        iso(now or last_change(game)),
    )  # fmt: skip
    return mails


def last_change(game) -> datetime:
    """When the end is archived if the caller gave no time: the start of the
    last phase (after that phase's results, which sort first on a tie)."""
    return max(
        t for t in (moment(game.phase_start), moment(game.created)) if t is not None
    )
