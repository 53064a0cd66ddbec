"""Measurement systems and temperature scales: the reader (``reverie.text.systems``) and
the ``other-system`` rule on pairs written for these tests, none drawn from a set the judge
is measured on."""

from __future__ import annotations

import pytest

from reverie.text.systems import systems
from tests.dreamkit import explained


@pytest.mark.parametrize(("text", "said", "denied"), [
    ("Show temperatures in Fahrenheit.", {"temperature scale": {"fahrenheit"}}, set()),
    ("Wants distances in kilometers.", {"measurement system": {"metric"}}, set()),
    ("Preferred units: imperial (miles)", {"measurement system": {"imperial"}}, set()),
    ("Weather in °C please.", {"temperature scale": {"celsius"}}, set()),
    # a figure before a unit makes an amount, which says no system asked for
    ("Runs 5 miles and weighs 70 kg.", {}, set()),
    ("The flat is 68 square meters.", {}, set()),
    ("Imperial units only, never metric.", {"measurement system": {"imperial"}}, {"metric"}),
    ("Both metric and imperial, side by side.",
     {"measurement system": {"metric", "imperial"}}, set()),
])
def test_the_systems_a_text_names(text: str, said: dict[str, set[str]], denied: set[str]) -> None:
    found = systems(text)
    assert ({k: set(v) for k, v in found.said.items()}, set(found.denied)) == (said, denied)


@pytest.mark.parametrize(("a", "b"), [
    ("User prefers temperatures in Celsius.", "User wants temperatures shown in Fahrenheit."),
    ("Give Tom all measurements in metric units.",
     "Tom wants measurements in imperial units only, never metric."),
    ("Preferred units: imperial (miles)", "User wants distances shown in kilometers."),
    ("User never wants Fahrenheit.", "Show the user temperatures in Fahrenheit."),
])
def test_two_systems_asked_for_contradict(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "other-system")


@pytest.mark.parametrize(("a", "b"), [
    ("User uses metric units at work.", "User uses imperial units at home."),  # two places
    ("User runs 5 miles a day.", "User weighs 70 kg."),  # amounts, not systems
    ("Give recipes in grams for Ana.", "Give temperatures in Fahrenheit for Ana."),  # two kinds
    ("User prefers metric units.", "User's husband prefers imperial units."),  # two holders
    ("User used to want Fahrenheit.", "User wants Celsius now."),  # before and now
    ("User reads both metric and imperial.", "User prefers metric units."),
])
def test_look_alikes_of_two_systems_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_two_things_measured_take_their_own_systems() -> None:
    assert explained("User's height is shown in cm on the profile.",
                     "User prefers recipes in cups and ounces.")[0] != "contradiction"


def test_a_unit_in_a_phrase_is_the_system_not_a_place() -> None:
    """ "in kilograms" / "in pounds" say the systems, not two scopes, though the parse
    gives them as singular lemmas the text reader does not know."""
    from reverie.judges import frames
    from reverie.judges.nlp import analyze
    assert not frames._placed_apart(analyze("Show weights in kilograms."),
                                    analyze("Show weights in pounds."))
    assert frames._placed_apart(analyze("User uses metric units at work."),
                                analyze("User uses imperial units at home."))
