"""Lengths of time (:mod:`reverie.text.durations`) and the merge blocker built on them,
``other-duration``: two statements that each give a length of time the other does not are
never one note. The pairs are written for these tests (none drawn from the exclusive-value
check set, DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from reverie.text.durations import durations, durations_apart
from tests.dreamkit import assert_not_by, explained


@pytest.mark.parametrize(("text", "found"), [
    ("Backups are kept for 30 days.", [(30.0, "30 days")]),
    ("The warranty runs 2 years.", [(730.5, "2 years")]),
    ("A six-month contract.", [(182.64, "six-month")]),
    ("The call lasts 45 min.", [(0.031, "45 min")]),
    ("Tomas moved here 3 years ago.", []),  # a point in time
    ("Tomas is 41 years old.", []),  # an age
    ("The filter is changed every 3 months.", []),  # a frequency's period
    ("Tomas takes his pills twice a day.", []),  # "a" is no count: a rate
    ("The walk takes three quarters of an hour.", []),  # a part of an hour, not 3 quarters
    ("Sales grew for three quarters.", [(273.93, "three quarters")]),
])
def test_durations_are_read_in_days(text: str, found: list[tuple[float, str]]) -> None:
    assert [(round(d.days, 3), d.said) for d in durations(text)] == found


def test_two_lengths_are_apart_and_one_in_two_units_is_not() -> None:
    apart = durations_apart("Backups are kept for 30 days.", "Backups are kept for 1 year.")
    assert apart is not None and (apart[0].said, apart[1].said) == ("30 days", "1 year")
    assert durations_apart("The trial lasts 14 days.", "It is a two-week trial.") is None
    assert durations_apart("The warranty runs 2 years.", "The warranty runs 24 months.") is None
    assert durations_apart("The warranty runs 2 years.", "Tomas bought it in May.") is None


@pytest.mark.parametrize(("a", "b"), [
    ("Session logs are retained for 30 days.", "Session logs are retained for 1 year."),
    ("The probation period is 3 months.", "Probation lasts 6 weeks."),
])
def test_two_lengths_of_time_are_never_one_note(a: str, b: str) -> None:
    outcome, rule = explained(a, b)
    assert outcome != "one fact", rule


def test_one_length_in_two_units_is_not_two_lengths() -> None:
    assert_not_by("The free trial lasts 14 days.", "The free trial lasts two weeks.",
                  "other-duration")
