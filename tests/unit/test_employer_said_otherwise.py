"""Employers said by a job one has, by where one teaches and with the hours one works
("has a job at Capgemini", "teaches at Westfield Academy", "is employed full-time at
Ericsson", "is on staff at Bosch"), the government of a place ("the town council", a
whole employer where "the roads department" is a part of one), a participle on one's job
("a mechanic employed by Renault"), and a name after "of" that is what the head is of
("the University of Bristol": a university). The pairs are written for these tests (none
drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("a", "b"), [
    ("Mara has a job at Capgemini.", "Mara works for Atos."),
    ("Mara has a job at Capgemini.", "Mara's employer is Atos."),
    ("Ben teaches at Westfield Academy.", "Ben works at Siemens."),
    ("Ben teaches at the University of Bristol.", "Ben is a lecturer at the University of Exeter."),
    ("Ola is employed full-time at Ericsson.", "Ola works at Nokia."),
    ("Ivo works for the town council.", "Ivo is employed by a regional bank."),
    ("Pia is a mechanic employed by Renault.", "Pia works for Peugeot as a mechanic."),
    ("Pia is a nurse working at Mercy Hospital.", "Pia is employed by Aster Clinic."),
    ("Noel is on staff at Bosch.", "Noel works as a designer at Braun."),
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
    ("Ivo works for the town council.", "Ivo works for the roads department."),
    ("Pia is a mechanic employed by Renault.", "Pia used to work at Peugeot."),
    ("Noel is on staff at Bosch.", "Noel is on the board at Braun."),
])
def test_a_class_taught_a_side_job_or_a_school_attended_is_no_contradiction(
        a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_one_employer_said_twice_is_one_fact_whatever_the_model_doubts() -> None:
    """The agent-memory model doubts these; the attribute readers find one employer."""
    assert explained("Lars is employed full-time at Volvo.", "Lars works at Volvo.")[0] \
        == "one fact"
