"""A place one moved away from or left: against living there now (``ended-then-held``), and
beside living elsewhere (no doubt for a person); adjectives with a complement held to
several ("fluent in French" / "fluent in German"); a value for a scope only one statement
says ("imperial units for cooking"). Pairs written for these tests, none drawn from a set
the judge is measured on."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("a", "b"), [
    ("Ines moved away from Porto.", "Ines lives in Porto."),
    ("Ines moved out of Porto last year.", "Ines is based in Porto."),
    ("Ines left Porto in 2020.", "Ines lives in Porto."),
])
def test_a_place_left_against_living_there_now_contradicts(a: str, b: str) -> None:
    assert_contradiction(a, b, "ended-then-held")


@pytest.mark.parametrize(("a", "b"), [
    ("Ines moved away from Porto.", "Ines lives in Braga."),  # where she lives now
    ("Ines moved out of Porto last year.", "Ines is based in Braga."),
    ("Ines moved away from Porto in 2015 but came back in 2022.", "Ines lives in Porto."),
    # one relation held to several things
    ("Ines is fluent in Greek.", "Ines is fluent in Dutch."),
    ("Ines is allergic to peanuts.", "Ines is allergic to shellfish."),
])
def test_a_place_left_beside_another_or_a_return_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_one_relation_held_to_one_at_a_time_still_differs() -> None:
    """"married to" holds to one: two spouses stay a contradiction (for a person)."""
    assert explained("Ines is married to Tomas.", "Ines is married to Rui.")[0] == "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Ines's preferred units are metric.", "For her US clients, Ines uses imperial units."),
    ("Ines prefers metric units.", "Ines prefers imperial units for cooking."),
    ("Ines's plan is Pro.", "For the sandbox, Ines is on the Free plan."),
])
def test_a_value_for_a_scope_only_one_says_is_no_contradiction(a: str, b: str) -> None:
    """A "for" only one statement says holds beside the other's general value."""
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Ines works for Stripe.", "Ines works for Adyen."),  # the value said with "for"
    ("Ines works at Stripe.", "Ines has worked at Adyen for two years."),  # a length
    # a reason, not a scope
    ("Ines's account is active.", "Ines's account is suspended for non-payment."),
    # every scope, this one too
    ("Ines prefers Fahrenheit for weather.", "Always give Ines temperatures in Celsius."),
])
def test_a_value_said_with_for_or_a_length_of_time_is_no_scope(a: str, b: str) -> None:
    assert explained(a, b)[0] == "contradiction"
