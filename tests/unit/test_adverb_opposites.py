"""An adverb in "-ly" is opposed as the adjective it is made of ("written to informally"
/ "in a formal tone": one note would say both), and a denial of the opposite is one fact, not a value swapped in
("not publicly traded" / "privately held"). The pairs are written for these tests (none
drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from tests.dreamkit import explained


@pytest.mark.parametrize(("a", "b"), [
    ("Write to Olga in a formal tone.", "Olga wants to be written to informally."),
    ("Olga's emails should be formal.", "Olga wants emails written informally."),
])
def test_an_adverbs_opposite_keeps_two_values_out_of_one_note(a: str, b: str) -> None:
    assert explained(a, b) == ("two facts", "swapped-values")


def test_a_denied_opposite_said_as_an_adverb_is_one_fact() -> None:
    assert explained("Acme is not publicly traded.",
                     "Acme is a privately held company.")[0] == "one fact"
