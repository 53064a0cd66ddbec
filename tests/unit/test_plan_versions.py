"""A plan said as a version of a product ("the free version of our product"), a
version of a product another statement does not name, and a value of a place away;
pairs written for these tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("a", "b"), [
    # were two facts
    ("Helio uses the free version of our product.", "Helio is a paying Enterprise customer."),
    ("Dana is on the free version.", "Dana pays for the Pro plan."),
    ("The customer runs the Enterprise version.", "The customer's plan is Starter."),
])
def test_a_plan_said_as_a_version_is_one_plan(a: str, b: str) -> None:
    assert_contradiction(a, b, "other-option")


@pytest.mark.parametrize(("a", "b"), [
    ("Dana uses the free version of Zoom.", "Dana is on our Pro plan."),  # Zoom's
    ("Dana's team uses the free version of Figma.", "Dana's team is on the Business plan."),
    ("Dana runs the Windows version of the app.", "Dana's plan is Pro."),  # no plan
    ("The free version of the app shows ads.", "Dana pays for the Pro plan."),  # the option
    ("Dana wants the Enterprise version.", "Dana is on the Pro plan."),  # a wish
    ("Dana used the free version until March.", "Dana is on the Pro plan."),  # before
])
def test_versions_of_other_products_or_times_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_a_value_said_of_a_place_away_is_a_scope_of_one() -> None:
    """Was likely-one-value: a carrier used when travelling is beside the phone's own."""
    assert explained("Dana's phone is on Verizon.",
                     "Dana uses a T-Mobile SIM when travelling in Europe.")[0] == "two facts"


def test_there_of_a_place_said_in_another_statement_is_a_scope_of_one() -> None:
    """Was likely-one-value: "there" is work, said in the statement before it."""
    assert explained("Raj is on macOS.",
                     "Raj isn't on macOS at work; he uses Ubuntu there.")[0] != "contradiction"


def test_there_of_a_place_said_before_it_in_its_own_statement_is_no_scope() -> None:
    assert explained("Raj lives in Lisbon.",
                     "Raj moved to Porto and lives there now.")[0] == "contradiction"
