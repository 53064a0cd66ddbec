"""Two values, each held at its own times or on its own thing, are two facts: pairs
written for these tests (none drawn from the check set, DNLI, the blind sets or the
training pairs)."""

from __future__ import annotations

import pytest

from tests.dreamkit import explained


@pytest.mark.parametrize(("a", "b"), [
    # times of the week on both sides, and the values differ in more than those
    ("Office hours are 9:00 to 17:00 Monday to Friday.",
     "Office hours are 10:00 to 14:00 on Saturdays."),
    ("The gym class is at 7:00 on Mondays.", "The gym class is at 18:00 on Thursdays."),
    ("Yoga is at 6:30 Monday to Thursday.", "Yoga is at 8:00 on Saturdays."),
    ("Swim practice is at 6:00 Tuesday and Thursday.", "Swim practice is at 7:30 on Saturdays."),
    # a level of access is held per thing
    ("Lina is an editor on the marketing site.", "Lina is an editor on the docs site."),
])
def test_values_held_at_their_own_times_or_on_their_own_things_are_two_facts(
        a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("The weekly sync is on Tuesdays.", "The weekly sync is on Thursdays.", "other-value"),
    ("The gym class is at 7:00 on Mondays.", "The gym class is at 8:00 on Mondays.",
     "other-value"),  # the same day
    ("Sleeps 6 hours a night.", "Sleeps 8 hours.", "other-value"),  # a rate, no scope
])
def test_the_day_itself_or_one_time_on_the_same_days_is_still_one_value(
        a: str, b: str, rule: str) -> None:
    assert explained(a, b) == ("contradiction", rule)


@pytest.mark.parametrize(("a", "b"), [
    ("Ola is the interim CTO.", "Ola's permanent title is Head of Platform."),
    ("Ola is acting head of sales.", "Ola's permanent role is Account Director."),
])
def test_an_interim_role_stands_beside_the_permanent_one(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_two_interim_roles_still_contradict() -> None:
    assert explained("Ola is the interim CFO.", "Ola is the interim COO.")[0] == "contradiction"
