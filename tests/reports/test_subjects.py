"""Subjects of the judge's mails (the results-format contract)."""

import pytest

from judge.reports.header import game_reply_subject, results_subject


@pytest.mark.parametrize(
    "original, expected",
    [
        ("orders", "Re: PYJ:alpha - S1902M orders"),
        ("", "Re: PYJ:alpha - S1902M"),
        # A reply to our reply keeps one prefix, however many round trips.
        ("Re: PYJ:alpha - S1901M orders", "Re: PYJ:alpha - S1902M orders"),
        ("RE: Re: PYJ:alpha - F1901M PYJ:alpha - S1901M my orders",
         "Re: PYJ:alpha - S1902M my orders"),
        ("AW: Fwd: hello", "Re: PYJ:alpha - S1902M hello"),
        # Another judge's prefix is the player's text, kept.
        ("Re: XYZ:beta - S1901M", "Re: PYJ:alpha - S1902M XYZ:beta - S1901M"),
    ],
)  # fmt: skip
def test_reply_subject(original, expected):
    assert game_reply_subject("PYJ", "alpha", "S1902M", original) == expected


def test_results_subject():
    assert results_subject("PYJ", "alpha", "F1901M") == "PYJ:alpha - F1901M Results"
