"""njudge's dates and timing commands, sent by mail as its help files write
them (data/deadlines, data/absence): the date understood is restated in
words, and a date that makes no sense is refused with nothing stored."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from harness import MASTER, form_game, password, signon

MASTER_ON = f"SIGNON Malpha {password(MASTER)}"
# The game starts at START, Monday 5 January 2026 12:00 UTC; its first
# deadline is Thursday 8 January 23:30, its grace ends a week later.


def master(judge, lines: str) -> str:
    return judge.send(MASTER, f"{MASTER_ON}\n{lines}")[0].body


def test_set_deadline_reads_njudges_forms_and_says_the_date_in_words(judge):
    form_game(judge)
    body = master(judge, "SET DEADLINE Jan 9 18:00")
    assert judge.deadline() == datetime(2026, 1, 9, 18, 0, tzinfo=UTC)
    assert "The deadline is now Friday 9 January 2026, 18:00 (UTC)." in body
    master(judge, "SET DEADLINE Mon 23:30")
    assert judge.deadline() == datetime(2026, 1, 12, 23, 30, tzinfo=UTC)
    master(judge, "SET DEADLINE 20 Jan 2026")  # no time: the phase's clock
    assert judge.deadline() == datetime(2026, 1, 20, 23, 30, tzinfo=UTC)
    master(judge, "SET DEADLINE 2026-01-21 08:15")
    assert judge.deadline() == datetime(2026, 1, 21, 8, 15, tzinfo=UTC)


def test_dates_are_read_in_the_senders_time_zone(judge):
    form_game(judge)
    body = master(judge, "SET TIMEZONE America/New_York\nSET DEADLINE Jan 9 18:00")
    assert judge.deadline() == datetime(2026, 1, 9, 23, 0, tzinfo=UTC)
    assert "Friday 9 January 2026, 18:00 (America/New_York)" in body


def test_a_deadline_in_the_past_is_refused_and_nothing_changes(judge):
    form_game(judge)
    before = judge.game()
    body = master(judge, "SET DEADLINE Jan 5 08:00")
    assert "Deadline not set: Monday 5 January 2026, 08:00 (UTC) has already" in body
    assert judge.game() == before


def test_a_date_that_is_no_date_is_refused_naming_the_word(judge):
    form_game(judge)
    before = judge.game()
    body = master(judge, "SET DEADLINE Blursday 23:30")
    assert "Deadline not set: 'blursday' is not part of a date." in body
    assert "'Dec 20 23:30'" in body  # how to write one
    body = master(judge, "SET DEADLINE Jun 20")  # more than 120 days away
    assert "write the year too" in body
    assert judge.game() == before


def test_a_later_deadline_carries_the_grace_end_with_it(judge):
    form_game(judge)
    body = master(judge, "SET DEADLINE 2026-01-20 23:30")
    grace = judge.grace_end()
    assert grace > judge.deadline()  # no stale grace end before the deadline
    assert grace == datetime(2026, 1, 27, 22, 30, tzinfo=UTC)  # + 167 hours
    assert "The grace period now ends Tuesday 27 January 2026, 22:30" in body
    master(judge, "SET DEADLINE 2026-01-10 12:00")  # earlier: grace stays
    assert judge.grace_end() == grace


def test_a_grace_end_before_the_deadline_is_refused(judge):
    form_game(judge)
    before = judge.game()
    body = master(judge, "SET GRACE Jan 7 12:00")
    assert "Grace not set: Wednesday 7 January 2026, 12:00 (UTC) is before the" in body
    assert judge.game() == before
    body = master(judge, "SET GRACE Jan 10 12:00")
    assert judge.grace_end() == datetime(2026, 1, 10, 12, 0, tzinfo=UTC)
    assert "The grace period now ends Saturday 10 January 2026, 12:00" in body


def test_set_start_holds_processing_and_moves_a_sooner_deadline(judge):
    form_game(judge)
    body = master(judge, "SET START Jan 12 10:00")
    assert "No processing before Monday 12 January 2026, 10:00 (UTC)." in body
    assert judge.deadline() == datetime(2026, 1, 12, 10, 0, tzinfo=UTC)
    for power in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA",
                  "TURKEY"):  # fmt: skip
        judge.send(judge.seat(power), f"{signon(judge, power)}\nSET NOWAIT")
    from harness import hold_all_but

    hold_all_but(judge)
    process_at = datetime.fromisoformat(judge.game()["process_at"])
    assert process_at >= datetime(2026, 1, 12, 10, 0, tzinfo=UTC)
    body = master(judge, "SET DEADLINE Jan 10 12:00")  # before the start
    assert "is before the start set with SET START" in body
    master(judge, "SET START Jan 13")  # no time: the phase's clock, 23:30
    assert judge.game()["start_at"].startswith("2026-01-13T23:30")


def test_several_timing_settings_in_one_line(judge):
    form_game(judge)
    body = master(judge, "SET RETREAT GRACE 24 NEXT 12")
    timing = json.loads(judge.game()["timing"])
    assert timing["retreat"] == {"grace": 24.0, "next": 12.0}
    assert "Retreat phases: grace 24 hours, next 12 hours" in body
    master(judge, "SET MOVES NEXT 48.0 DELAY 1.0")  # data/deadlines' example
    assert json.loads(judge.game()["timing"])["movement"] == {
        "next": 48.0, "delay": 1.0,
    }  # fmt: skip
    master(judge, "SET BUILDS DELAY 2 DAYS SmTWTF-")  # DAYS is case-sensitive
    assert json.loads(judge.game()["timing"])["adjust"] == {
        "delay": 2.0, "days": "SmTWTF-",
    }  # fmt: skip


def test_one_bad_timing_value_changes_nothing(judge):
    form_game(judge)
    body = master(judge, "SET MOVE NEXT 48 CLOCK 2500")
    assert "Not set: CLOCK is minutes after midnight" in body
    assert "Nothing was changed." in body
    assert json.loads(judge.game()["timing"]) == {}
    body = master(judge, "SET MOVE NEXT 48 DELAY")
    assert "Not set: 'delay' has no value." in body
    body = master(judge, "SET MOVE NEXT")  # the nearest form's usage
    assert "Use: SET MOVE|RETREAT|ADJUST CLOCK|MIN|NEXT" in body
    assert "SET PASSWORD" not in body


def test_clock_is_minutes_after_midnight(judge):
    form_game(judge)
    body = master(judge, "SET RETREAT CLOCK 1410")
    assert "clock 1410 (23:30)" in body
    assert json.loads(judge.game()["timing"])["retreat"] == {"clock": 1410}


def test_absence_holiday_and_vacation_and_noabsence(judge):
    form_game(judge)
    on = signon(judge, "FRANCE")
    address = judge.seat("FRANCE")
    body = judge.send(address, f"{on}\nSET HOLIDAY Jan 20 TO Jan 22")[0].body
    assert (
        "Absence noted from Tuesday 20 January 2026, 00:00 (UTC) to Thursday"
        " 22 January 2026, 23:59 (UTC)"
    ) in body
    judge.send(address, f"{on}\nSET VACATION 2026-02-02")
    assert judge.row("SELECT count(*) FROM svc_absences")[0] == 2
    body = judge.send(address, f"{on}\nSET NOABSENCE Jan 21")[0].body
    assert "1 absence(s) cancelled." in body
    body = judge.send(address, f"{on}\nSET NO VACATION")[0].body
    assert "1 absence(s) cancelled." in body
    assert judge.row("SELECT count(*) FROM svc_absences")[0] == 0


def test_an_absence_ending_before_it_starts_is_refused(judge):
    form_game(judge)
    on = signon(judge, "FRANCE")
    body = judge.send(judge.seat("FRANCE"), f"{on}\nSET ABSENCE Jan 22 TO Jan 20")
    assert "Absence not set: it would end (Tuesday 20 January 2026, 23:59" in (
        body[0].body
    )
    body = judge.send(
        judge.seat("FRANCE"), f"{on}\nSET ABSENCE 1 Jan 2026 TO 2 Jan 2026"
    )
    assert "has already passed" in body[0].body
    assert judge.row("SELECT count(*) FROM svc_absences")[0] == 0


def test_max_absence_caps_what_a_player_takes_alone(judge):
    form_game(judge)
    body = master(judge, "SET MAX ABSENCE 3")
    assert "up to 3 days of absence" in body
    on = signon(judge, "FRANCE")
    body = judge.send(judge.seat("FRANCE"), f"{on}\nSET ABSENCE Jan 20 TO Jan 24")
    assert "total at most 3 days" in body[0].body
    assert "at most 3" in body[0].body
    assert "0 to 31" in master(judge, "SET MAX ABSENCE 40")
    body = master(judge, "BECOME France\nSET ABSENCE Jan 20 TO Jan 24")
    assert "Absence noted" in body  # the master grants more


def test_players_set_timing_only_in_an_unmoderated_game(judge):
    form_game(judge)
    on = signon(judge, "FRANCE")
    body = judge.send(judge.seat("FRANCE"), f"{on}\nSET DEADLINE Jan 9 18:00")
    assert "Only the game's master may do that" in body[0].body
    assert "unmoderated" in master(judge, "SET UNMODERATED")
    body = judge.send(judge.seat("FRANCE"), f"{on}\nSET DEADLINE Jan 9 18:00")
    assert judge.deadline() == datetime(2026, 1, 9, 18, 0, tzinfo=UTC)
    body = judge.send(judge.seat("FRANCE"), f"{on}\nSET MODERATED")[0].body
    assert "is moderated" in body
    body = judge.send(judge.seat("FRANCE"), f"{on}\nSET UNMODERATED")[0].body
    assert "Only the game's master may do that" in body
    assert judge.game()["moderated"] == 1


def test_history_from_and_to_restate_the_dates(judge):
    form_game(judge)
    master(judge, "PROCESS")
    body = judge.send("someone@example.org", "HISTORY alpha FROM Jan 5 TO Jan 6")
    text = body[0].body
    assert "from Monday 5 January 2026, 00:00 (UTC)" in text
    assert "to Tuesday 6 January 2026, 00:00 (UTC)" in text
    assert "Spring of 1901" in text or "S1901M" in text
    text = judge.send("someone@example.org", "HISTORY alpha FROM Blursday")[0].body
    assert "FROM Blursday: 'blursday' is not part of a date." in text


def test_a_registered_senders_zone_reads_history_dates(judge):
    form_game(judge)
    judge.send(
        "reader@example.org",
        "REGISTER\nName: Rea Der\nEmail: reader@example.org\nLevel: Novice\n"
        "Address: Kyoto\nCountry: Japan\nTimezone: Asia/Tokyo\nEND",
    )
    text = judge.send("reader@example.org", "HISTORY alpha FROM Jan 5 09:00")[0].body
    assert "from Monday 5 January 2026, 09:00 (Asia/Tokyo)" in text
