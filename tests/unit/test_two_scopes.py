"""One value in two scopes is no contradiction (``frames._two_scopes``): besides the value
that differs, each statement says a word of scope the other lacks. The pairs are written
for these tests (none drawn from the exclusive-value check set, DNLI, the blind sets or
the training pairs)."""

from __future__ import annotations

import pytest

from tests.dreamkit import explained


@pytest.mark.parametrize(("a", "b"), [
    ("The retry limit is 5 for the mobile app.", "The web retry limit is 3."),
    ("Lunch is at 12:30 on weekdays.", "Lunch is at 14:00 on Sundays."),
    ("The session timeout is 30 minutes for admins.", "The guest session timeout is 10 minutes."),
])
def test_two_scopes_each_with_its_value_are_not_a_contradiction(a: str, b: str) -> None:
    outcome, rule = explained(a, b)
    assert outcome != "contradiction", rule


@pytest.mark.parametrize(("a", "b"), [
    ("The retry limit is 5.", "The retry limit is 3."),
    ("Lunch is at 12:30.", "Lunch is at 14:00."),
    ("Priya prefers Slack for team chat.", "Priya prefers Discord for team chat."),
    # the holder named in full on one side is one holder, not a scope
    ("Dr. Lena Park is a pediatrician.", "Lena is a radiologist at Mercy Hospital."),
    # the value in a modifier of another head ("answers in Spanish") is no scope
    ("Omar wants replies in Spanish.", "Omar prefers German for every answer."),
    # a date in the value's modifier is the value, not a scope
    ("Deadline for the Falcon contract: April 2.", "The Falcon contract is due by October 20."),
])
def test_one_scope_with_two_values_still_contradicts(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "other-value")


@pytest.mark.parametrize(("a", "b"), [
    # one may have several, told apart by an adjective (frames._one_of_several)
    ("Sam has a younger sister.", "Sam has an older sister."),
    # a frequency differs besides the value (frames._how_often_too)
    ("The plumber visits every Monday.", "The electrician visits every other Monday."),
])
def test_two_differences_are_not_one_value_changed(a: str, b: str) -> None:
    outcome, rule = explained(a, b)
    assert outcome != "contradiction", rule
