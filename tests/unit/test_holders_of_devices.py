"""A thing that holds its own attribute, said as its owner in one statement and as the
subject in the other ("the kiosk's operating system is Android" / "the kiosk runs
ChromeOS"), and a name whose last letter is a capital, which is no plural ("ChromeOS").
The pairs are written for these tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import analyze
from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("a", "b"), [
    ("The kiosk's operating system is Android.", "The kiosk runs ChromeOS."),
    ("The kiosk's operating system is Android.", "The kiosk runs Windows."),
])
def test_a_things_attribute_said_both_ways_is_one_holders(a: str, b: str) -> None:
    assert_contradiction(a, b, "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("The kiosk's operating system is Android.", "The kiosk's printer runs Windows."),
    ("The kiosk's operating system is Android.", "Dana's laptop runs ChromeOS."),
])
def test_another_things_attribute_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("text", "word"), [
    ("The kiosk runs ChromeOS", "chromeos"),  # tagged a noun without the full stop
    ("Our kiosks run ChromeOS", "chromeos"),
])
def test_a_name_ending_in_a_capital_keeps_its_s(text: str, word: str) -> None:
    assert word in analyze(text).content
