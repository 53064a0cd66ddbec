"""A holder named with a place besides ("Globex Japan") is a part of the one named without
it, another holder, and so is a thing named before a noun both say ("the Android app's
default theme" / "the app's"); a subject with words besides the attribute's noun names a
holder, though the other statement says them too ("The office's manager" / "The Lyon
office's manager"). The pairs are written for these tests (none drawn from a set the
judge is measured on)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("a", "b"), [
    ("Globex is billed in USD.", "Globex Japan is billed in JPY."),
    ("The Lyon office's manager is Paul.", "The office's manager is Ines."),
    ("The Android app's default theme is dark.", "The app's default theme is light."),
])
def test_a_part_placed_somewhere_is_another_holder(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_one_named_in_full_and_in_part_is_one_holder() -> None:
    assert_contradiction("Globex Logistics is billed in USD.", "Globex is billed in EUR.",
                         "one-value-attribute")


def test_one_holders_opposite_properties_still_contradict() -> None:
    assert_contradiction("The app's theme is dark.", "The app's default theme is light.",
                         "opposite-property")
