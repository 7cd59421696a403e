"""Checks of values players write: a time zone, a variant, a time."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from judge.engine.variant_loader import (
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


def check_variant(text: str, game: str = "") -> tuple[str | None, str | None]:
    """(the variant's canonical spelling, None) or (None, why it is refused):
    any variant name or alias, with options (NAME:option=value,...).  A
    variant drawing lots (the two-player coin toss) is seeded with the game's
    name unless a seed is given: each game its own toss, reproducible."""
    try:
        name, given = parse_variant(text)
        if game and "seed" in variant_options(name) and "seed" not in given:
            text += ("," if ":" in text else ":") + f"seed={game}"
        canonical = canonical_variant(text)
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
