"""SET ACCESS and SET LEVEL (njudge's mail_access in ml_signon.c): who may
join a game or take a power over, by site and by registered level.

njudge numbers every address's site in its judgekeeper's address file.
This judge keeps no such list: a player's site is the Site line of the
registration (REGISTER), or, without one, the domain of the address.  A
level is the Level line of the registration; without one, a game limited
to a level refuses the player, as njudge refuses an unregistered one."""

from __future__ import annotations

from judge.service import game_options
from judge.service.queries import members
from judge.service.registration import account

# The registered levels each game level admits (njudge's rules: AMATEUR is
# "not Expert", ADVANCED "not Novice"; the three official levels admit
# themselves only).
ADMITS = {
    "novice": {"novice"},
    "intermediate": {"intermediate"},
    "expert": {"expert"},
    "amateur": {"novice", "amateur", "intermediate", "advanced"},
    "advanced": {"amateur", "intermediate", "advanced", "expert"},
}
FOR_WHOM = {
    "novice": "Novice players",
    "intermediate": "Intermediate players",
    "expert": "Expert players",
    "amateur": "players who are not Expert (Amateur)",
    "advanced": "players who are not Novice (Advanced)",
}


def site_of(db, address: str) -> str:
    record = account(db, address) or {}
    site = " ".join((record.get("site") or "").lower().split())
    return site or address.rpartition("@")[2].strip().lower()


def level_of(db, address: str) -> str:
    record = account(db, address) or {}
    return (record.get("level") or "").strip().lower()


def access_refusal(db, game, address: str, replacing: str = "") -> str | None:
    """Why `address` may not play in `game` by its ACCESS and LEVEL; None
    when it may.  `replacing`: the power taken over (its last player does
    not count as another player)."""
    options = game_options.stored(game)
    refusal = _site_refusal(db, game, address, options["access"], replacing)
    if refusal:
        return refusal
    level = options["level"]
    if level != "any" and level_of(db, address) not in ADMITS[level]:
        mine = level_of(db, address)
        you = (
            f"are registered as {mine.title()}" if mine else "have no level registered"
        )
        return (
            f"Game '{game.name}' is for {FOR_WHOM[level]} only (SET LEVEL"
            f" {level.upper()}); you {you}. REGISTER with a Level line to change it."
        )
    return None


def _site_refusal(db, game, address: str, access: str, replacing: str) -> str | None:
    if access == "any":
        return None
    mine = site_of(db, address)
    for member in members(db, game.name, "player"):
        if (
            member.state == "resigned"
            or member.address.lower() == address.lower()
            or (replacing and member.power == replacing)
        ):
            continue
        theirs = site_of(db, member.address)
        if access == "different" and theirs == mine:
            return (
                f"Game '{game.name}' takes one player from each site (SET ACCESS"
                f" DIFFERENT), and another of its players is from yours ({mine})."
            )
        if access == "same" and theirs != mine:
            return (
                f"Game '{game.name}' takes players from one site only (SET ACCESS"
                f" SAME), and your site ({mine}) is not its players'."
            )
    return None
