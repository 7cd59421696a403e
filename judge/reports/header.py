"""The identification header and subjects shared by every game mail."""

from __future__ import annotations

import re
from datetime import datetime

from judge.reports.dates import date_in_words, judge_date
from judge.reports.templating import render


def header_context(
    *,
    judge_code: str,
    game: str,
    variant_label: str,
    phase: str,
    deadline: datetime | None,
    tz: str,
    player_tz: str | None = None,
) -> dict[str, str | None]:
    """The values templates/_header.txt needs; other templates include it."""
    return {
        "judge_code": judge_code,
        "game": game,
        "variant_label": variant_label,
        "header_phase": phase,
        "header_deadline": judge_date(deadline, tz),
        "player_deadline": (
            date_in_words(deadline, player_tz) if player_tz and deadline else None
        ),
    }


def identification_header(
    *,
    judge_code: str,
    game: str,
    variant_label: str,
    phase: str,
    deadline: datetime | None,
    tz: str,
    player_tz: str | None = None,
) -> str:
    """The two '::' lines, a blank line, and the player's own deadline line
    when they set a time zone.  `phase` is the phase to be ordered ('S1901M');
    a deadline of None (not yet known) prints the epoch, as njudge does."""
    return render(
        "_header.txt",
        **header_context(
            judge_code=judge_code,
            game=game,
            variant_label=variant_label,
            phase=phase,
            deadline=deadline,
            tz=tz,
            player_tz=player_tz,
        ),
    )


def game_reply_subject(
    judge_code: str, game: str, phase: str, original_subject: str
) -> str:
    """'Re: PYJ:game - S1901M <their subject>' for the reply to orders.

    A reply to one of our replies keeps one prefix, not one per round trip."""
    earlier = re.compile(
        rf"^(?:\s*(?:re|aw|fwd?)\s*:\s*|\s*{re.escape(judge_code)}:\S+ - \S+\s*)+",
        re.IGNORECASE,
    )
    rest = earlier.sub("", original_subject).strip()
    return f"Re: {judge_code}:{game} - {phase} {rest}".rstrip()


def results_subject(judge_code: str, game: str, phase: str) -> str:
    """'PYJ:game - S1901M Results' (phase: the one just processed)."""
    return f"{judge_code}:{game} - {phase} Results"
