"""A copula whose subject is a holder's attribute noun says that attribute's value, even
where the value is "the ..." ("Globex's subscription is the Business tier"; not read the
other way round as "the account owner is Maria" is), and "one" standing for a value ("the
one we quoted") names none. The pairs are written for these tests (none drawn from a set
the judge is measured on)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Globex's subscription is the Business tier.", "Globex is on the Starter plan.",
     "one-value-attribute"),
    ("Globex's plan is the Business plan.", "Globex is on Starter.", "other-option"),
])
def test_a_holders_attribute_then_its_value_is_one_of_two(a: str, b: str, rule: str) -> None:
    assert_contradiction(a, b, rule)


@pytest.mark.parametrize(("a", "b"), [
    ("Globex's subscription is the one we quoted.", "Globex is on the Starter plan."),
    ("Globex's plan is the cheapest one.", "Globex is on the Starter plan."),
    ("Globex's subscription is the Business tier.", "Globex's sandbox is on the Starter plan."),
])
def test_one_standing_for_a_value_or_another_holder_is_no_contradiction(
        a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"
