"""Degrees earned and the schooling a statement allows (``reverie.text.degrees``) and
``above-schooling``: sentences written for these tests, none drawn from a measured set or
the training pairs."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.offline import OfflineJudge
from reverie.text.degrees import schooling
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("text", "earned", "at_most"), [
    ("Noor holds a master's in economics.", 4, None),
    ("Earned an MBA at night school in 2020.", 4, None),
    ("She completed her PhD at Leiden.", 5, None),
    ("Noor never went to college.", 0, 2),
    ("My highest degree is an associate degree.", 0, 2),
    ("Highest level of education: high school diploma", 0, 1),
    ("He didn't go to grad school.", 0, 3),
    ("Noor doesn't have a PhD.", 0, None),  # denied
    ("Wants to do an MBA next year.", 0, None),  # wished
])
def test_degrees_earned_and_the_bound_a_statement_sets(text: str, earned: int,
                                                       at_most: int | None) -> None:
    found = schooling(text)
    assert (found.earned, found.at_most) == (earned, at_most), found


@pytest.mark.parametrize(("a", "b"), [
    ("Noor holds a master's in economics.", "Noor never went to college."),
    ("She completed her PhD at Leiden.", "Her highest degree is a bachelor's."),
    ("Has an MBA.", "Never went to grad school."),
])
def test_a_degree_above_the_schooling_said_contradicts(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "above-schooling"


@pytest.mark.parametrize(("a", "b"), [
    ("Noor holds a bachelor's in economics.", "Noor never went to grad school."),
    ("Noor doesn't have a PhD.", "Noor never went to college."),
    ("Noor's brother has a PhD.", "Noor never went to college."),  # another holder
])
def test_degrees_within_the_schooling_or_of_another_do_not_contradict(a: str,
                                                                      b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert not any(f.rule == "above-schooling" for f in found.findings), found.findings
