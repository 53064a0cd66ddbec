"""Employers said by a job one has, by where one teaches and with the hours one works
("has a job at Capgemini", "teaches at Westfield Academy", "is employed full-time at
Ericsson"), and a name after "of" that is what the head is of ("the University of
Bristol": a university). The pairs are written for these tests (none drawn from a set the
judge is measured on)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("a", "b"), [
    ("Mara has a job at Capgemini.", "Mara works for Atos."),
    ("Mara has a job at Capgemini.", "Mara's employer is Atos."),
    ("Ben teaches at Westfield Academy.", "Ben works at Siemens."),
    ("Ben teaches at the University of Bristol.", "Ben is a lecturer at the University of Exeter."),
    ("Ola is employed full-time at Ericsson.", "Ola works at Nokia."),
])
def test_an_employer_said_otherwise_is_one_of_two(a: str, b: str) -> None:
    assert_contradiction(a, b, "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("Ben teaches pilates at the gym.", "Ben works at Hillcrest Primary School."),
    ("Ben teaches at the local gym.", "Ben works at Nokia."),
    ("Ben teaches at Westfield Academy.", "Ben volunteers at Hillcrest Primary School."),
    ("Ben teaches at the University of Bristol.", "Ben studied at the University of Exeter."),
    ("Mara has a job interview at Capgemini.", "Mara works for Atos."),
    ("Mara has a weekend job at Capgemini.", "Mara works for Atos."),
    ("Mara has a part-time job at Capgemini.", "Mara works for Atos."),
    ("Mara doesn't have a job at Capgemini.", "Mara works for Atos."),
])
def test_a_class_taught_a_side_job_or_a_school_attended_is_no_contradiction(
        a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"
