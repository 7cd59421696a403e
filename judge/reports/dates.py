"""Dates as the judge's mails write them.

`judge_date` is the machine-read form of the `:: Deadline:` line and of the
deadline sentences (njudge `ptime`): `Thu Sep 04 2003 23:30:00 +0200`, in the
judge's zone.  English names come from our own tables, not the C locale, so
the output never depends on the host.  Naive datetimes are taken as UTC (the
service stores UTC).
"""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
            "Sunday")  # fmt: skip
MONTHS = ("January", "February", "March", "April", "May", "June", "July",
          "August", "September", "October", "November", "December")  # fmt: skip

# njudge prints this for a deadline not yet known: the epoch, in judge time.
UNKNOWN = datetime(1970, 1, 1, tzinfo=UTC)


def _local(moment: datetime, tz: str) -> datetime:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(ZoneInfo(tz))


def _offset(local: datetime) -> str:
    minutes = int(local.utcoffset().total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    hours, mins = divmod(abs(minutes), 60)
    return f"{sign}{hours:02d}{mins:02d}"


def judge_date(moment: datetime | None, tz: str) -> str:
    """'Thu Sep 04 2003 23:30:00 +0200'; None (unknown) prints the epoch."""
    local = _local(moment or UNKNOWN, tz)
    return (
        f"{WEEKDAYS[local.weekday()][:3]} {MONTHS[local.month - 1][:3]} "
        f"{local.day:02d} {local.year} {local:%H:%M:%S} {_offset(local)}"
    )


def date_in_words(moment: datetime, tz: str) -> str:
    """'Thursday 4 September 2003, 17:30 (America/New_York)' for a player."""
    local = _local(moment, tz)
    return (
        f"{WEEKDAYS[local.weekday()]} {local.day} {MONTHS[local.month - 1]} "
        f"{local.year}, {local:%H:%M} ({zone_label(tz)})"
    )


def zone_label(tz: str) -> str:
    """A zone's name as a player reads it: IANA's fixed offsets, whose signs
    are POSIX's (Etc/GMT-2 is two hours ahead), as UTC+2."""
    if tz.startswith("Etc/GMT") and tz[7:8] in "+-" and tz[8:].isdigit():
        return f"UTC{'-' if tz[7] == '+' else '+'}{int(tz[8:])}"
    return tz


def archive_date(moment: datetime, tz: str) -> str:
    """njudge's archive date line after 'Date:    ': ctime in the judge's
    zone, then the epoch seconds ('Thu Nov  5 23:10:52 2026 (1794006652)')."""
    local = _local(moment, tz)
    stamp = int(local.timestamp())
    return (
        f"{WEEKDAYS[local.weekday()][:3]} {MONTHS[local.month - 1][:3]} "
        f"{local.day:2d} {local:%H:%M:%S} {local.year} ({stamp})"
    )
