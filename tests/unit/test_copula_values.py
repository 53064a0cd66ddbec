"""Two copulas of one holder whose values are a property and a kind: both hold. The pairs
are written for these tests (none drawn from the check set, DNLI, the blind sets or the
training pairs)."""

from __future__ import annotations

import pytest

from tests.dreamkit import explained


@pytest.mark.parametrize(("a", "b"), [
    ("Ilse is shy.", "Ilse is a lawyer."),
    ("The van is red.", "The van is a rental."),
    ("The account is active.", "The account is a trial."),
])
def test_a_property_and_a_kind_are_no_contradiction(a: str, b: str) -> None:
    """An adjective against "a" noun with no adjective of its own: no rule and no model
    calls them a contradiction."""
    found = explained(a, b)
    assert found[0] != "contradiction" or found[1] == "memory-doubt", found


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("The trunk branch is main.", "The repo's trunk branch is master.", "other-value"),
    ("Noor's van is a manual.", "Noor's van is an automatic.", "other-value"),
])
def test_a_value_said_as_an_adjective_still_differs(a: str, b: str, rule: str) -> None:
    """A bare noun, or an adjective said with "an", is a value like the other side's."""
    assert explained(a, b) == ("contradiction", rule)
