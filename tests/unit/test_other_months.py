"""``other-months``: two statements that each name a month the other does not are never
one note (:func:`reverie.judges.frames.clash`). The pairs are written for these tests (none
drawn from the exclusive-value check set, DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from tests.builders import judged
from tests.dreamkit import assert_not_by, offline_judge


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("The audit wraps up on April 30.", "The audit runs until May 15.", "other-months"),
    # one thing's end in two months is a contradiction, and keeps them apart too
    ("Omar's lease ends in August.", "Omar's lease runs until November 2027.",
     "other-event-date"),
    ("The kickoff meeting is on 2027-01-12.", "The kickoff meeting moved to 9 February.",
     "other-months"),
])
def test_two_months_are_never_one_note(a: str, b: str, rule: str) -> None:
    """Whatever else is said of them (a doubt for a person, or nothing), the blocker keeps
    the two notes apart."""
    verdict = offline_judge().consolidate_now([judged("n1", a), judged("n2", b)])
    assert not verdict.consolidate
    assert rule in {f.rule for f in verdict.findings}, verdict.findings


@pytest.mark.parametrize(("a", "b"), [
    ("The audit wraps up on April 30.", "The audit ends on 30 April."),  # one month
    ("The audit runs from March to May.", "The audit ends in May."),  # one side names all
    ("The audit wraps up on April 30.", "The audit is led by Nadia."),  # one side only
])
def test_one_month_or_a_month_on_one_side_is_not_two_dates(a: str, b: str) -> None:
    assert_not_by(a, b, "other-months")
