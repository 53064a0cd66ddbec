"""One's company named by a copula ("Omar's company is Accenture"): an employer, of which
a person has one, though it may be one's own (a weak value). The pairs are written for
these tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("a", "b"), [
    ("Omar's company is Accenture.", "Omar is employed at IBM."),
    ("My company is Deloitte.", "I work for KPMG."),
])
def test_ones_company_and_another_employer_are_two(a: str, b: str) -> None:
    assert_contradiction(a, b, "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("Acme's parent company is Globex.", "Acme is owned by Initech."),
    ("Omar's company is a small bakery.", "Omar works at IBM on weekends."),
    ("Omar's company used to be Accenture.", "Omar works at IBM."),
])
def test_another_company_or_a_former_one_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_ones_company_and_ones_employer_named_alike_are_one_fact() -> None:
    assert explained("Omar's company is Accenture.", "Omar works at Accenture.")[0] == "one fact"
