"""A job and a sort of person one is besides it ("a pilot" / "a Buddhist", "a nurse" / "a
mother of two") both hold, for the rules and for the agent-memory model alike; two of one
sort ("a Buddhist" / "a Christian") and two jobs do not. The pairs are written for these
tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import analyze
from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("a", "b"), [
    ("Tom is a pilot.", "Tom is a Buddhist."),
    ("Mei is a nurse.", "Mei is a Londoner."),
    ("Tom is a pilot.", "Tom is a keen golfer."),
    ("Ana is a lawyer.", "Ana is a single mom."),
    ("Dana is a nurse.", "Dana is a mother of two."),  # the memory model doubted it
])
def test_a_job_and_a_sort_besides_it_both_hold(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Dana is a Buddhist.", "Dana is a Christian."),
    ("Leo is a plumber.", "Leo is an electrician."),
])
def test_two_of_one_sort_are_other_values(a: str, b: str) -> None:
    assert_contradiction(a, b, "other-value")


@pytest.mark.parametrize(("text", "only"), [
    ("Ana is a single mom.", False),  # unmarried
    ("Ana uses a single monitor.", True),  # one
])
def test_single_of_a_grown_person_is_no_count(text: str, only: bool) -> None:
    assert analyze(text).clauses[0].only is only


@pytest.mark.parametrize(("a", "b"), [
    ("Ana is a graphic designer.", "Ana is a keen photographer."),
    ("Raj is an accountant.", "Raj is an amateur astronomer."),
])
def test_a_job_said_as_a_pastime_is_no_second_job(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_a_job_said_plainly_is_one_more_job() -> None:
    assert_contradiction("Ana is a photographer.", "Ana is a graphic designer.", "other-value")
