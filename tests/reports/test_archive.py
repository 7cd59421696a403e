"""The archive HISTORY mails: body lines a reader would take for a mail's
Date: line are defused, everything else is kept as written."""

from datetime import UTC, datetime

import pytest

from judge.reports.archive import Archived, defused, entry_text


@pytest.mark.parametrize(
    ("line", "archived"),
    [
        ("Date: tomorrow?", "Date : tomorrow?"),
        ("date:", "date :"),
        ("  Update: we hold.", "  Update : we hold."),
        ("DATE:DATE: twice", "DATE :DATE : twice"),
        ("Our next meeting date: Friday.", "Our next meeting date: Friday."),
        ("Subject: peace", "Subject: peace"),
        ("Dated 1901", "Dated 1901"),
        ("", ""),
    ],
)
def test_a_line_is_defused_only_where_a_reader_would_split(line, archived):
    assert defused(line) == archived
    at = defused(line).lower().find("date:")
    assert not 0 <= at < 10


def test_an_entry_keeps_its_own_date_line_and_defuses_the_body():
    entry = Archived(
        datetime(2026, 1, 8, 23, 30, tzinfo=UTC),
        "Diplomacy notice: 'alpha'",
        ":: Judge: PYJ\nBroadcast message from France:\n\nDate: now\nSubject: x",
        results=False,
    )
    text = entry_text(entry, "UTC")
    lines = text.splitlines()
    assert lines[0].startswith("Date:    Thu Jan  8 23:30:00 2026 (")
    assert lines[1] == "Subject: Diplomacy notice: 'alpha'"
    assert "Date : now\nSubject: x" in text and ":: Judge" not in text
