"""A condition said as an adjective ("is allergic to peanuts") is the condition a noun
names ("has a peanut allergy"), and a denied sort of a noun ("no food allergies") denies
each of its sorts. Pairs written for these tests, none drawn from a set the judge is
measured on."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import analyze
from tests.dreamkit import explained


def test_an_adjective_of_a_condition_reads_as_its_noun() -> None:
    (clause,) = analyze("Lena is allergic to shellfish.").clauses
    what = clause.arg("obj")
    assert (clause.predicate, what and what.head, what and what.words) == (
        "have", "allergy", frozenset({"allergy", "shellfish"}))


@pytest.mark.parametrize(("a", "b"), [
    ("Lena is allergic to shellfish.", "Lena has no food allergies."),
    ("Tom has no food allergies.", "Tom has a mild peanut allergy."),  # allergens: kinds.py
])
def test_a_denied_sort_contradicts_each_of_its_sorts(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "denied-kind")


@pytest.mark.parametrize(("a", "b"), [
    ("Tom has no food allergies.", "Tom is allergic to pollen."),  # pollen is no food
    ("Tom has no work phone.", "Tom has a personal phone."),  # two sorts, neither of the other
    # one may have several, told apart by a noun before them
    ("Lena is allergic to shellfish.", "Lena is allergic to peanuts."),
    ("Tom has a road bike.", "Tom has a mountain bike."),
    ("Lena is allergic to shellfish.", "Lena has a food allergy."),  # one said more broadly
])
def test_a_denied_sort_leaves_other_sorts(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_one_allergy_said_two_ways_is_one_fact() -> None:
    assert explained("Lena is allergic to shellfish.", "Lena has a shellfish allergy.")[0] \
        == "one fact"
