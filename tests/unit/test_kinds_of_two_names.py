"""Two values that share their kind and differ by name ("St. Mary's Hospital" / "Mercy
General Hospital"): two values, where a name shared ("Acme Corp" / "Acme Inc.") or one
written twice ("St." / "St") is not. The pairs are written for these tests (none drawn
from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("a", "b"), [
    ("Ana is a nurse at St. Mary's Hospital.", "Ana works at Mercy General Hospital."),
    ("Nadia works at Lincoln High School.", "Nadia is a teacher at Roosevelt High School."),
    ("Li works at Northside Dental Clinic.", "Li is a hygienist at Riverside Dental Clinic."),
])
def test_two_employers_of_one_kind_by_name_are_two(a: str, b: str) -> None:
    assert_contradiction(a, b, "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("Tom works at Acme Corp.", "Tom works at Acme Inc."),  # a name shared, not a kind
    ("Ana works at St. Mary's Hospital.", "Ana is a nurse at St Mary's Hospital."),
    ("Ana works at St. Mary's Hospital.", "Ana volunteers at Mercy General Hospital."),
    ("Ana is a nurse at St. Mary's Hospital.", "Ana's mother works at Mercy General Hospital."),
    ("Ana works at St. Mary's Hospital.", "Ana worked at Mercy General Hospital until 2020."),
])
def test_one_name_or_another_holding_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_two_jobs_of_one_kind_told_apart_by_a_kind_are_two() -> None:
    assert_contradiction("Tom is employed as a truck driver.", "Tom's job is bus driver.",
                         "one-value-attribute")
