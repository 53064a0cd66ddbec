"""The days of the year a statement names (``reverie.text.days``), and one day written two
ways is no contradiction: texts written for these tests (none drawn from a measured set or
the training pairs)."""

from __future__ import annotations

import pytest

from reverie.text.days import days_said
from tests.dreamkit import explained


@pytest.mark.parametrize(("text", "days"), [
    ("Invoice due 15/09", {(9, 15)}),  # day first: 15 is no month
    ("Invoice due 9/15", {(9, 15)}),  # month first
    ("Invoice due September 15th", {(9, 15)}),
    ("due the 15th of Sept.", {(9, 15)}),
    ("renews 2027-09-15", {(9, 15)}),
    ("Due May 3", {(5, 3)}),
    ("i may 3 times a week go", set()),  # the verb, not the month
    ("Invoice due 04/09", set()),  # either order
    ("split 50/50", set()),
])
def test_the_days_a_text_names(text: str, days: set[tuple[int, int]]) -> None:
    assert days_said(text) == days


def test_one_day_written_two_ways_is_no_contradiction() -> None:
    assert explained("Renewal date: 15/09", "The renewal date is September 15.")[0] \
        != "contradiction"


def test_two_days_still_contradict() -> None:
    assert explained("Renewal date: 15/09", "The renewal date is October 15.")[0] \
        == "contradiction"
