"""A change meant, not made ("plans to upgrade the SDK to 3.0"): the value before it still
holds, so neither a setting's rule nor the agent-memory model's doubt reads a
contradiction; pairs written for these tests (none drawn from a set the judge is measured
on)."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import analyze
from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("text", "meant"), [
    ("The team plans to upgrade the SDK to 3.0 next quarter.", True),
    ("Ravi intends to move to Lisbon.", True),
    ("The team plans an offsite in May.", False),  # no change
    ("Ravi moved to Lisbon.", False),  # made
])
def test_a_change_meant_is_what_may_hold(text: str, meant: bool) -> None:
    assert analyze(text).clauses[0].hypothetical is meant


@pytest.mark.parametrize(("a", "b"), [
    # were contradictions (memory-doubt, other-option, other-currency)
    ("The team is on version 2.3 of the SDK.",
     "The team plans to upgrade the SDK to 3.0 next quarter."),
    ("The account is on the Team plan.", "The account intends to upgrade to Enterprise in Q3."),
    ("Acme is billed in USD.", "Acme is preparing to change its billing currency to EUR."),
])
def test_a_change_meant_leaves_the_value_before_it(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_an_intent_against_an_intent_may_still_be_doubted() -> None:
    """ "has no plans to leave York" speaks of plans too: the model is still asked."""
    assert_contradiction("Ravi plans to move to Bristol.", "Ravi has no plans to leave York.",
                         "memory-doubt", certain=False)
