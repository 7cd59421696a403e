"""Dates as players write them to a judge (njudge's rules, data/deadlines
"how the judge interprets dates"), read in one place for every command that
takes a date: SET DEADLINE, SET GRACE, SET START, SET ABSENCE, HISTORY.

A date is made of any of these, in any order, separated by spaces (a comma
after the day is allowed): a weekday (`Mon`, `Monday`), a month (`Dec`,
`December`), a day of the month (1-31), a year (four digits, or 80-99 for
the 1900s), a time `hh:mm` (24-hour clock).  `2026-12-20` and
`2026-12-20T23:30` are read too.  The gaps are filled as njudge fills them:

* a weekday is the next such day after today (never today), and excludes a
  month or a day;
* no year: the next time that date comes (today counts), refused when that
  is more than 120 days away (then the year must be written); for HISTORY,
  which looks back, the last time it came unless it comes within a month
  (a weekday: the last before today);
* a day without a month: the next day with that number;
* a month without a day: its last day;
* nothing but a time: today;
* no time: the caller's default (a phase's clock, or midnight).

The result is an aware datetime in UTC.  Nothing here knows the database."""

from __future__ import annotations

import calendar
import re
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

WEEKDAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday",
                 "saturday", "sunday")  # fmt: skip
MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july",
               "august", "september", "october", "november", "december")  # fmt: skip
HORIZON = timedelta(days=120)  # beyond it a date without a year is refused
LOOK_AHEAD = timedelta(days=31)  # looking back, a date this near is still ahead
# ASCII digits only: int() would read other scripts' digits, or fail on '²'
ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt ](\d{1,2}):(\d{2}))?$", re.A)
CLOCK = re.compile(r"(\d{1,2}):(\d{2})$", re.A)
NUMBER = re.compile(r"\d+$", re.A)


class DateError(ValueError):
    """Why a date cannot be read, in words for the reply."""


def _name(word: str, names: tuple[str, ...]) -> int | None:
    """The index of a weekday or month written as its first three letters
    or more of its name ('dec', 'decem', 'december')."""
    if len(word) < 3:
        return None
    for index, name in enumerate(names):
        if name.startswith(word):
            return index
    return None


class _Parts:
    def __init__(self) -> None:
        self.weekday: int | None = None
        self.month: int | None = None
        self.day: int | None = None
        self.year: int | None = None
        self.clock: time | None = None

    def put(self, field: str, value, word: str) -> None:
        if getattr(self, field) is not None:
            raise DateError(f"'{word[:20]}' gives the {field} twice")
        setattr(self, field, value)


def _read_word(parts: _Parts, word: str) -> None:
    iso = ISO.match(word)
    if iso:
        year, month, day, hour, minute = iso.groups()
        parts.put("year", int(year), word)
        parts.put("month", int(month), word)
        parts.put("day", int(day), word)
        if hour is not None:
            parts.put("clock", _clock(int(hour), int(minute), word), word)
        return
    clock = CLOCK.match(word)
    if clock:
        parts.put("clock", _clock(int(clock[1]), int(clock[2]), word), word)
        return
    if NUMBER.match(word):
        number = int(word)
        if len(word) == 4:
            parts.put("year", number, word)
        elif 1 <= number <= 31 and parts.day is None:
            parts.put("day", number, word)
        elif 80 <= number <= 99:
            parts.put("year", 1900 + number, word)
        else:
            raise DateError(f"'{word[:20]}' is neither a day (1-31) nor a year")
        return
    weekday = _name(word, WEEKDAY_NAMES)
    if weekday is not None:
        parts.put("weekday", weekday, word)
        return
    month = _name(word, MONTH_NAMES)
    if month is not None:
        parts.put("month", month + 1, word)
        return
    raise DateError(f"'{word[:20]}' is not part of a date")


def _clock(hour: int, minute: int, word: str) -> time:
    if hour > 23 or minute > 59:
        raise DateError(f"'{word[:20]}' is not a time of day (00:00 to 23:59)")
    return time(hour, minute)


def read_date(
    text: str,
    now: datetime,
    zone: str,
    default_time: time = time(0, 0),
    past: bool = False,
) -> datetime:
    """The moment `text` names, read in `zone` as of `now`; DateError says
    why it cannot be read.  `past` (HISTORY's FROM and TO): a date without
    a year, or a weekday, is the latest such day up to today instead."""
    words = [w for w in re.split(r"[\s,]+", text.strip().lower()) if w]
    if not words:
        raise DateError("no date was given")
    if len(words) > 6:
        raise DateError("too many words for a date")
    parts = _Parts()
    for word in words:
        _read_word(parts, word)
    tz = ZoneInfo(zone)
    today = now.astimezone(tz).date()
    day = _past_day(parts, today) if past else _day(parts, today)
    local = datetime.combine(day, parts.clock or default_time, tzinfo=tz)
    return local.astimezone(UTC)


def _day(parts: _Parts, today: date) -> date:
    if parts.weekday is not None:
        if parts.month is not None or parts.day is not None or parts.year:
            raise DateError("a weekday cannot go with a month, day or year")
        ahead = (parts.weekday - today.weekday() - 1) % 7 + 1
        return today + timedelta(days=ahead)
    if parts.year is not None and parts.month is None:
        raise DateError("a year needs a month (and a day) with it")
    if parts.month is None and parts.day is None:
        return today
    if parts.year is not None:
        return _checked(parts.year, parts.month, parts.day)
    found = _next_occurrence(parts, today)
    if found - today > HORIZON:
        raise DateError(
            f"{_words(found)} is more than {HORIZON.days} days away: write the"
            " year too (e.g. 20 Dec 2026)"
        )
    return found


def _past_day(parts: _Parts, today: date) -> date:
    """As _day for a command that looks back: a weekday is the last before
    today; a date without a year, the last time it came, unless it comes
    within a month (HISTORY FROM Dec 20 in January: last December's; TO
    Jan 20 on 5 January: this month's)."""
    if parts.weekday is not None:
        if parts.month is not None or parts.day is not None or parts.year:
            raise DateError("a weekday cannot go with a month, day or year")
        return today - timedelta(days=(today.weekday() - parts.weekday - 1) % 7 + 1)
    if parts.year is not None or (parts.month is None and parts.day is None):
        return _day(parts, today)
    last = _last_occurrence(parts, today)
    try:
        coming = _next_occurrence(parts, today)
    except DateError:
        return last
    return coming if coming - today <= LOOK_AHEAD else last


def _last_occurrence(parts: _Parts, today: date) -> date:
    year, month = today.year, parts.month or today.month
    for _ in range(9 * 12):  # 29 Feb: within 8 years
        if parts.day is None or parts.day <= calendar.monthrange(year, month)[1]:
            found = date(year, month, parts.day or calendar.monthrange(year, month)[1])
            if found <= today:
                return found
        if parts.month is not None:
            year -= 1
        else:
            year, month = (year - 1, 12) if month == 1 else (year, month - 1)
    raise DateError("that date never came")


def _checked(year: int, month: int, day: int | None) -> date:
    if not 1 <= month <= 12:
        raise DateError(f"there is no month {month}")
    last = calendar.monthrange(year, month)[1]
    if day is None:
        return date(year, month, last)
    if day > last:
        raise DateError(f"{MONTH_NAMES[month - 1].capitalize()} {year} has {last} days")
    return date(year, month, day)


def _next_occurrence(parts: _Parts, today: date) -> date:
    """The first date on or after today matching a month and/or day."""
    if parts.month is None:  # a day number: this month's or a later one's
        year, month = today.year, today.month
        for _ in range(13):
            if parts.day <= calendar.monthrange(year, month)[1]:
                found = date(year, month, parts.day)
                if found >= today:
                    return found
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)
        raise DateError(f"no month has a day {parts.day}")
    for year in range(today.year, today.year + 9):  # 29 Feb: within 8 years
        last = calendar.monthrange(year, parts.month)[1]
        if parts.day is not None and parts.day > last:
            if parts.day > 29 or parts.month != 2:
                month = MONTH_NAMES[parts.month - 1].capitalize()
                raise DateError(f"{month} has no day {parts.day}")
            continue
        found = date(year, parts.month, parts.day or last)
        if found >= today:
            return found
    raise DateError("that date does not come")


def _words(day: date) -> str:
    return f"{day.day} {MONTH_NAMES[day.month - 1].capitalize()} {day.year}"


def clock_minutes(text: str) -> int:
    """A phase's CLOCK in njudge's meaning: minutes after midnight (1410 is
    23:30), or -1 for no clock.  `23:30` is read as a time of day too."""
    raw = text.strip()
    if raw == "-1":
        return -1
    match = CLOCK.fullmatch(raw)
    if match:
        return _clock(int(match[1]), int(match[2]), raw).hour * 60 + int(match[2])
    if not NUMBER.match(raw) or int(raw) >= 24 * 60:
        raise DateError(
            "CLOCK is minutes after midnight, 0 to 1439 (1410 is 23:30), or -1"
        )
    return int(raw)
