"""Checks of values players write: a time zone, a variant, a time."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from judge.engine.variant_loader import (
    RULE_SETTINGS,
    UnknownOption,
    VariantError,
    canonical_variant,
    parse_variant,
    variant_options,
    variant_playable,
)


def valid_zone(name: str) -> bool:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # "Pacific": a folder
        return False
    return True


# How a game takes each rule setting that `judge adjudicate` reads from the
# variant's options (judge.engine.variant_loader.RULE_SETTINGS).
SET_FORMS = {
    "any_disband": "SET ANY DISBAND",
    "home_transfer": "SET HOME TRANSFER",
    "strict_convoy": "SET STRICT CONVOY",
    "coastal_convoys": "SET COASTAL CONVOYS",
    "auto_disband": "SET AUTO DISBAND",
    "movement_disband": "SET DISBAND",
    "build_sites": "SET ANY CENTRES, SET HOME CENTRES or SET ONE CENTRE",
}


def check_variant(text: str, game: str = "") -> tuple[str | None, str | None]:
    """(the variant's canonical spelling, None) or (None, why it is refused):
    any variant name or alias, with options (NAME:option=value,...).  A
    variant drawing lots (the two-player coin toss) is seeded with the game's
    name unless a seed is given: each game its own toss, reproducible."""
    try:
        name, given = parse_variant(text)
        settings = sorted(set(given) & set(RULE_SETTINGS))
        if settings:
            return None, (
                f"Variant '{text[:60]}' refused: {settings[0]} is a game setting"
                f" here: {SET_FORMS[settings[0]]} after the game is created"
                " (GET SETTINGS)."
            )
        if game and "seed" in variant_options(name) and "seed" not in given:
            text += ("," if ":" in text else ":") + f"seed={game}"
        canonical = canonical_variant(text)
    except UnknownOption as error:  # a game takes the rule settings by SET
        return None, f"Variant '{text[:60]}' refused: {error.without_settings()}."
    except VariantError as error:
        return None, f"Variant '{text[:60]}' refused: {error}."
    if not variant_playable(canonical.partition(":")[0]):
        return None, f"Games of the variant '{canonical}' cannot be played yet."
    return canonical, None


def read_time(text: str, tz: str) -> datetime | None:
    """'2026-03-01 18:00' or '2026-03-01T18:00' or '2026-03-01' in zone tz."""
    match = re.fullmatch(
        r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?", text.strip()
    )
    if not match:
        return None
    year, month, day, hour, minute = match.groups()
    try:
        local = datetime(
            int(year), int(month), int(day), int(hour or 0), int(minute or 0),
            tzinfo=ZoneInfo(tz),
        )  # fmt: skip
    except ValueError:
        return None
    return local.astimezone(UTC)
