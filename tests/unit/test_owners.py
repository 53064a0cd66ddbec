"""A thing's one owner said otherwise: registered to a name, in a name's name, or a team
by its own words ("the payments team owns the billing service"). The pairs are written
for these tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained, held_of


@pytest.mark.parametrize(("text", "attribute", "value"), [
    ("The account is registered to Tom.", "account owner", {"tom"}),
    ("The subscription is in Dana's name.", "owner of subscription", {"dana"}),
    ("The payments team owns the billing service.", "owner of billing service", {"payment"}),
    ("The repository's owner is the platform team.", "owner of repository", {"platform"}),
])
def test_the_owner_a_statement_names(text: str, attribute: str, value: set[str]) -> None:
    assert held_of(text)[attribute] == value


@pytest.mark.parametrize(("a", "b"), [
    ("Account owner: Priya", "The account is registered to Tom."),
    ("The subscription is in Dana's name.", "Raj owns the subscription."),
    ("The payments team owns the billing service.",
     "The billing service is owned by the platform team."),
    ("The repository's owner is the platform team.", "The data team owns the repository."),
])
def test_two_owners_of_one_thing_are_two_values(a: str, b: str) -> None:
    assert_contradiction(a, b, "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("The payments team owns the billing service.", "The payments team owns the checkout service."),
    ("The team owns the billing service.", "The payments team owns the billing service."),
    ("The account is registered to Tom.", "Priya owns the car."),
    ("The account is registered to Tom's work email.", "The account owner is Priya."),
    ("The car is in Dana's name.", "The house is in Raj's name."),
])
def test_one_owner_of_each_thing_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"
