"""Dates as njudge reads them (data/deadlines), in one reader for every
command: examples, then properties over all dates and times."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.language.dates import DateError, clock_minutes, read_date

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)  # a Tuesday


def local(text: str, zone: str = "UTC", default=time(0, 0), now=NOW) -> datetime:
    return read_date(text, now, zone, default).astimezone(ZoneInfo(zone))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dec 20", datetime(2026, 12, 20, 0, 0)),
        ("Dec 20 23:30", datetime(2026, 12, 20, 23, 30)),
        ("20 Dec 23:30", datetime(2026, 12, 20, 23, 30)),
        ("Dec 23:30 20", datetime(2026, 12, 20, 23, 30)),  # any order
        ("Mon 23:30", datetime(2026, 12, 7, 23, 30)),
        ("monday 23:30", datetime(2026, 12, 7, 23, 30)),
        ("Tue", datetime(2026, 12, 8, 0, 0)),  # today is Tuesday: next week's
        ("20 Dec 2026", datetime(2026, 12, 20, 0, 0)),
        ("Dec 20, 2026 18:00", datetime(2026, 12, 20, 18, 0)),
        ("2026-12-20 23:30", datetime(2026, 12, 20, 23, 30)),
        ("2026-12-20T23:30", datetime(2026, 12, 20, 23, 30)),
        ("2026-12-20", datetime(2026, 12, 20, 0, 0)),
        ("10 Jan", datetime(2027, 1, 10, 0, 0)),  # the next one: next year
        ("15", datetime(2026, 12, 15, 0, 0)),  # a day alone: this month's
        ("1", datetime(2026, 12, 1, 0, 0)),  # today counts
        ("Feb", datetime(2027, 2, 28, 0, 0)),  # a month alone: its last day
        ("18:00", datetime(2026, 12, 1, 18, 0)),  # a time alone: today
        ("1 Jan 95", datetime(1995, 1, 1, 0, 0)),  # njudge's 80-99
        ("29 Feb 2028", datetime(2028, 2, 29, 0, 0)),
    ],
)
def test_njudge_forms(text, expected):
    assert local(text).replace(tzinfo=None) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Nov 1", datetime(2026, 11, 1, 0, 0)),  # HISTORY FROM: looking back
        ("Dec 10", datetime(2026, 12, 10, 0, 0)),  # but the nearer one
        ("Jun 1", datetime(2026, 6, 1, 0, 0)),  # far back, not next June
        ("Mar 1", datetime(2026, 3, 1, 0, 0)),  # no 120-day refusal back
        ("Mon", datetime(2026, 11, 30, 0, 0)),  # the last Monday
        ("Tue", datetime(2026, 11, 24, 0, 0)),  # before today
        ("25", datetime(2026, 12, 25, 0, 0)),  # within a month: still ahead
        ("1 Jan 95", datetime(1995, 1, 1, 0, 0)),  # a year: as written
        ("29 Feb", datetime(2024, 2, 29, 0, 0)),
    ],
)
def test_dates_that_look_back(text, expected):
    moment = read_date(text, NOW, "UTC", past=True)
    assert moment.replace(tzinfo=None) == expected


def test_the_default_time_is_the_callers():
    assert local("Dec 20", default=time(23, 30)).time() == time(23, 30)


def test_the_zone_is_the_senders():
    moment = read_date("Dec 20 23:30", NOW, "America/New_York")
    assert moment == datetime(2026, 12, 21, 4, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Apr 10", "more than 120 days away"),
        ("Mon Dec 20", "a weekday cannot go with"),
        ("Blursday", "'blursday' is not part of a date"),
        ("Dec 20 25:00", "not a time of day"),
        ("31 Feb 2027", "February 2027 has 28 days"),
        ("Jun 31", "June has no day 31"),
        ("2027", "a year needs a month"),
        ("Dec 20 Dec 21", "gives the month twice"),
        ("", "no date was given"),
        ("45", "neither a day"),
    ],
)
def test_what_is_not_a_date_says_why(text, why):
    with pytest.raises(DateError, match=why):
        read_date(text, NOW, "UTC")


@pytest.mark.parametrize(
    ("text", "minutes"),
    [("1410", 1410), ("0", 0), ("-1", -1), ("23:30", 1410), ("1439", 1439)],
)
def test_clock_is_minutes_after_midnight(text, minutes):
    assert clock_minutes(text) == minutes


@pytest.mark.parametrize("text", ["1440", "2330x", "24:00", "-2", ""])
def test_clock_out_of_the_day_is_refused(text):
    with pytest.raises(DateError, match="minutes after midnight|time of day"):
        clock_minutes(text)


# -- properties ----------------------------------------------------------------

nows = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2090, 1, 1)).map(
    lambda d: d.replace(tzinfo=UTC)
)
zones = st.sampled_from(["UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata",
                         "Australia/Sydney"])  # fmt: skip
times = st.times().map(lambda t: t.replace(second=0, microsecond=0))
MONTHS = [
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
]
WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def _exists(day: date, wall: time, zone: str) -> bool:
    """The wall time exists that day (not in a spring-forward gap)."""
    moment = datetime.combine(day, wall, tzinfo=ZoneInfo(zone))
    back = moment.astimezone(UTC).astimezone(ZoneInfo(zone))
    return back.replace(tzinfo=None) == moment.replace(tzinfo=None)


@given(nows, zones, st.integers(0, 119), times, st.integers(0, 3))
def test_every_date_written_within_120_days_reads_back(now, zone, ahead, wall, form):
    today = now.astimezone(ZoneInfo(zone)).date()
    day = today + timedelta(days=ahead)
    if not _exists(day, wall, zone):
        return
    month = MONTHS[day.month - 1]
    text = [
        f"{month} {day.day} {wall:%H:%M}",
        f"{day.day} {month} {wall:%H:%M}",
        f"{day:%Y-%m-%d} {wall:%H:%M}",
        f"{wall:%H:%M} {day.day} {month.upper()} {day.year}",
    ][form]
    got = read_date(text, now, zone).astimezone(ZoneInfo(zone))
    assert (got.date(), got.time()) == (day, wall)


@given(nows, zones, st.integers(0, 6))
def test_a_weekday_is_the_next_such_day_within_a_week(now, zone, weekday):
    today = now.astimezone(ZoneInfo(zone)).date()
    got = read_date(WEEKDAYS[weekday], now, zone, time(12, 0))
    got = got.astimezone(ZoneInfo(zone)).date()
    assert got.weekday() == weekday
    assert 1 <= (got - today).days <= 7


@given(nows, st.integers(1, 12), st.integers(1, 31))
def test_a_date_without_a_year_is_never_before_today_nor_far(now, month, day):
    text = f"{MONTHS[month - 1]} {day}"
    try:
        got = read_date(text, now, "UTC").date()
    except DateError as error:
        assert "days away" in str(error) or "has no day" in str(error)
        return
    assert timedelta(0) <= got - now.date() <= timedelta(days=120)
    assert (got.month, got.day) == (month, day)


@given(st.text(max_size=40), nows)
def test_any_text_is_read_or_refused_with_a_reason(text, now):
    try:
        got = read_date(text, now, "Europe/Paris")
    except DateError as error:
        assert str(error)
    else:
        assert got.tzinfo is not None
