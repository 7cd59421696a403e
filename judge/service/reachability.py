"""Players the judge's mail cannot reach.

The mail side decides that an address is unreachable (bounces, refusals at
send time: judge.store.addresses) and tells the service once, through
`GameService.address_unreachable`.  Here that becomes game news: the
master of every game the address plays in is told at once; LIST and
WHOGAME show the master which seats are unreachable; reminders and late
notices tell the other players, so they can call for a replacement.  The
service never reads a bounce: it only asks which addresses are marked."""

from __future__ import annotations

from datetime import datetime

from judge.mail.message import OutgoingMail
from judge.service.processing import notice
from judge.service.queries import Game, games_played_by, load_game, members
from judge.store.addresses import clear_address, unreachable_reasons

LIVE = ("forming", "active", "paused")


def address_unreachable(
    db, settings, address: str, reason: str, now: datetime
) -> list[OutgoingMail]:
    """Mail to each master of a game where `address` holds a seat."""
    mails = []
    for name in games_played_by(db, address, LIVE):
        game = load_game(db, name)
        board = game.board
        seats = [
            m
            for m in members(db, name, "player")
            if m.address.lower() == address.lower() and m.state != "resigned"
        ]
        powers = ", ".join(
            board.powers[m.power].name if m.power in board.powers else "no power yet"
            for m in seats
        )
        text = (
            f"The judge's mail to {address}, the player of {powers}"
            f" in game '{name}',\ncannot be delivered:\n  {reason}\n\n"
            "The player is marked unreachable until mail comes from that address\n"
            "or the player sets another one with SET ADDRESS; LIST and WHOGAME\n"
            "show it to you.  You may want to find a replacement.\n"
        )
        for master in members(db, name, "master"):
            if master.address.lower() != address.lower():
                mails.append(notice(settings, game, master, "Unreachable player", text))
    return mails


def unreachable_seats(db, game: Game) -> dict[str, tuple[str, str]]:
    """Powers whose player the judge cannot reach: power -> (address, why)."""
    seats = [
        m
        for m in members(db, game.name, "player")
        if m.power and m.state not in ("resigned", "cd")
    ]
    marked = unreachable_reasons(db, [m.address for m in seats])
    return {
        m.power: (m.address, marked[m.address.lower()])
        for m in seats
        if m.address.lower() in marked
    }


def note_for_others(db, game: Game, member) -> str:
    """A line for reminders and late notices: the unreachable powers other
    than the reader's own ('' when there are none)."""
    seats = unreachable_seats(db, game)
    others = [
        game.board.powers[power].name
        for power, (address, _) in sorted(seats.items())
        if address.lower() != member.address.lower()
    ]
    if not others:
        return ""
    return (
        f"The judge's mail cannot reach the player of {', '.join(others)}:"
        " a replacement may be needed (ask the master).\n"
    )


def master_lines(db, game_name: str, viewer: str, me=None) -> list[str]:
    """For LIST and WHOGAME: unreachable seats, shown to the game's master
    (signed on as master, or writing from a master's address)."""
    game = load_game(db, game_name)
    if game is None or not _is_master(db, game_name, viewer, me):
        return []
    seats = unreachable_seats(db, game)
    if not seats:
        return []
    lines = ["", "Unreachable by mail (shown to the master):"]
    for power, (address, why) in sorted(seats.items()):
        name = game.board.powers[power].name
        lines.append(f"  {name:<10} {address}: {why}")
    return lines


def _is_master(db, game_name: str, viewer: str, me) -> bool:
    if me is not None and me.role == "master" and me.game == game_name:
        return True
    return any(
        m.address.lower() == viewer.lower() for m in members(db, game_name, "master")
    )


def address_set(db, address: str, now: datetime) -> None:
    """SET ADDRESS: the player vouches for the address; its mark is cleared."""
    clear_address(db, address, now)
