"""One holder named once with the note's holder as its owner and once by name alone ("our
dog Biscuit" / "Biscuit", "our neighbour Ines" / "Ines", "our client Brightline" /
"Brightline"). The pairs are written for these tests (none drawn from the check set,
DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Our cat Pixel is a Siamese.", "Pixel is a Maine Coon.", "other-value"),
    ("Our neighbour Ines lives in Ghent.", "Ines lives in Bruges.", "one-value-attribute"),
    ("Our vendor Kestrel invoices us in GBP.", "Kestrel invoices in EUR.",
     "one-value-attribute"),
    ("Our client Brightline is billed in SEK.", "Brightline is billed in NOK.",
     "one-value-attribute"),
])
def test_one_holder_named_with_its_owner_and_alone(a: str, b: str, rule: str) -> None:
    assert_contradiction(a, b, rule)


@pytest.mark.parametrize(("a", "b"), [
    ("Pixel's owner is a dentist.", "Pixel is a pilot."),  # whose, not who
    ("My cousin Ines plays the cello.", "Ines plays the harp."),  # two instruments
])
def test_another_holder_or_two_values_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"
