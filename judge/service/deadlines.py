"""Deadlines: the classic njudge model (njudge lib.c `deadline()`), pure.

Each phase type (movement, retreat, adjustment) has its own `PhaseTiming`:

* clock  minutes after midnight that deadlines snap forward to; -1: no snapping
* min    hours after the phase starts before it may be processed at all
* next   hours from the start of the phase to its deadline (before snapping)
* grace  hours after the deadline before late powers are abandoned / go CD
* delay  hours to wait after the last orders arrive before processing early
* days   7 letters, Sunday first ('SMTWTFS'): capital = allowed, lower case =
         allowed from noon only, '-' = never.  njudge's default '-MTWTF-'.

A new deadline is start + next, never earlier than the previous deadline,
moved forward to the clock time, then forward past disallowed days (or to noon
on a lower-case day).  The grace end is deadline + grace, moved forward past
disallowed days too unless the game has STRICT GRACE.  Early processing, when
every power has complete orders, is at now + delay but not before start + min.

All arithmetic on days happens in the game's wall time (zoneinfo), so a DST
change never shifts the clock time (njudge Bug 369).  A clock time that does
not exist on a given day (the spring-forward gap) lands just after the gap.
Inputs and outputs are aware UTC datetimes; naive inputs are taken as UTC.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

DAY_LETTERS = "SMTWTFS"  # Sunday first, as njudge's tm_wday
PHASE_TYPES = {"M": "movement", "R": "retreat", "A": "adjust"}


@dataclass(frozen=True)
class PhaseTiming:
    clock: int = -1
    min: float = 0.0
    next: float = 23.0
    grace: float = 71.0
    delay: float = 0.5
    days: str = "-MTWTF-"

    def __post_init__(self):
        if not (self.clock == -1 or 0 <= self.clock < 24 * 60):
            raise ValueError(f"clock must be -1 or minutes in a day, not {self.clock}")
        for name in ("min", "next", "grace", "delay"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must not be negative")
        check_days(self.days)


def check_days(days: str) -> str:
    """'-MTWTF-' style mask: letter i is DAY_LETTERS[i] in either case, or '-'."""
    if len(days) != 7 or any(
        c != "-" and c.upper() != DAY_LETTERS[i] for i, c in enumerate(days)
    ):
        raise ValueError(f"days must look like 'SMTWTFS' or '-MTWTF-', not {days!r}")
    if days == "-------":
        raise ValueError("days must allow at least one day")
    return days


@dataclass(frozen=True)
class DeadlineSettings:
    """A game's timing: one PhaseTiming per phase type, in the game's zone.
    Defaults are njudge's shipped ones."""

    tz: str = "UTC"
    movement: PhaseTiming = field(
        default_factory=lambda: PhaseTiming(1410, 12, 71, 167, 0.5, "-MTWTF-")
    )
    retreat: PhaseTiming = field(default_factory=PhaseTiming)
    adjust: PhaseTiming = field(default_factory=PhaseTiming)
    strict_grace: bool = False  # True: grace ends exactly deadline + grace

    def timing(self, phase_type: str) -> PhaseTiming:
        """phase_type: 'M'/'R'/'A' (Phase.type) or movement/retreat/adjust."""
        name = PHASE_TYPES.get(phase_type, phase_type)
        if name not in PHASE_TYPES.values():
            raise ValueError(f"not a phase type: {phase_type!r}")
        return getattr(self, name)


def _utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def _at(day: date, wall: time, zone: ZoneInfo) -> datetime:
    """The UTC instant of a wall time; a time in a DST gap lands after it,
    an ambiguous one takes its first occurrence."""
    return datetime.combine(day, wall, tzinfo=zone).astimezone(UTC)


def _allowed_day(moment: datetime, timing: PhaseTiming, zone: ZoneInfo, wall=None):
    """Move forward to an allowed day: same wall time on the next day past a
    '-', noon on a lower-case day before noon.  `wall` keeps the clock time
    even where a DST gap shifted this day's."""
    for _ in range(14):  # 6 '-' days and one noon move at most
        local = moment.astimezone(zone)
        letter = timing.days[(local.weekday() + 1) % 7]
        if letter == "-":
            moment = _at(local.date() + timedelta(days=1), wall or local.time(), zone)
        elif letter.islower() and local.hour < 12:
            moment = _at(local.date(), time(12), zone)
        else:
            return moment
    raise AssertionError("unreachable: check_days allows at least one day")


def next_deadline(
    phase_type: str,
    settings: DeadlineSettings,
    now: datetime,
    previous_deadline: datetime | None = None,
) -> datetime:
    """The deadline of a phase that starts at `now` (UTC)."""
    timing = settings.timing(phase_type)
    zone = ZoneInfo(settings.tz)
    moment = _utc(now) + timedelta(hours=timing.next)
    if previous_deadline is not None:
        moment = max(moment, _utc(previous_deadline))
    wall = None
    if timing.clock >= 0:
        wall = time(timing.clock // 60, timing.clock % 60)
        day = moment.astimezone(zone).date()
        snapped = _at(day, wall, zone)
        if snapped < moment:
            snapped = _at(day + timedelta(days=1), wall, zone)
        moment = snapped
    return _allowed_day(moment, timing, zone, wall)


def grace_end(phase_type: str, settings: DeadlineSettings, deadline: datetime):
    """When a late power is abandoned (or goes into civil disorder)."""
    timing = settings.timing(phase_type)
    moment = _utc(deadline) + timedelta(hours=timing.grace)
    if settings.strict_grace:
        return moment
    return _allowed_day(moment, timing, ZoneInfo(settings.tz))


def earliest_processing(phase_type: str, settings: DeadlineSettings, start: datetime):
    """No processing before start + min, even with every order in."""
    return _utc(start) + timedelta(hours=settings.timing(phase_type).min)


def early_process_time(
    phase_type: str, settings: DeadlineSettings, now: datetime, earliest: datetime
) -> datetime:
    """When to process once every power's orders are complete (and no WAIT):
    now + delay, but not before `earliest`."""
    delay = timedelta(hours=settings.timing(phase_type).delay)
    return max(_utc(now) + delay, _utc(earliest))


def reminder_time(deadline: datetime) -> datetime:
    """Players without complete orders are reminded 8 h before the deadline."""
    return _utc(deadline) - timedelta(hours=8)


REPLACEMENT_HOURS = 24.0


def replacement_deadline(
    phase_type: str, settings: DeadlineSettings, now: datetime, deadline: datetime
) -> datetime | None:
    """A replacement who takes over a power owing orders gets at least a day
    (njudge Bug 437): a deadline less than REPLACEMENT_HOURS away (or past)
    moves to now + REPLACEMENT_HOURS, snapped to the clock and allowed days
    like any deadline.  None: the deadline stays."""
    if _utc(deadline) >= _utc(now) + timedelta(hours=REPLACEMENT_HOURS):
        return None
    name = PHASE_TYPES.get(phase_type, phase_type)
    timing = replace(settings.timing(phase_type), next=REPLACEMENT_HOURS)
    return next_deadline(phase_type, replace(settings, **{name: timing}), now)
