"""njudge's "New Player Signon" notices: when a player joins a forming game,
or an observer is confirmed, everyone already in the game (masters,
players, observers) is told who came and how many players the game now
has.  In a gunboat game only the masters learn the address; under SET
QUIET only the masters are told at all (as of players coming and going)."""

from __future__ import annotations

from judge.mail.message import OutgoingMail
from judge.service import game_options
from judge.service.processing import notice, recipients
from judge.service.queries import load_game

SUBJECT = "New Player Signon"


def player_joined(
    db, settings, name: str, address: str, count: int, needed: int
) -> list[OutgoingMail]:
    return _tell(
        db, settings, name, address,
        f"{{who}} has joined game '{name}', which now has {count} of {needed}"
        " players.",
    )  # fmt: skip


def observer_joined(db, settings, name: str, address: str) -> list[OutgoingMail]:
    return _tell(db, settings, name, address, f"{{who}} now observes game '{name}'.")


def _tell(db, settings, name: str, address: str, text: str) -> list[OutgoingMail]:
    game = load_game(db, name)
    quiet = game_options.stored(game)["quiet"]
    out = []
    for member in recipients(db, game):
        if member.address.lower() == address.lower():
            continue
        master = member.role == "master"
        if quiet and not master:
            continue
        who = "Someone" if game.anonymous and not master else address
        out.append(notice(settings, game, member, SUBJECT, text.format(who=who)))
    return out
