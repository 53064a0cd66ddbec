""""Nobody except X" names the only one, and a "like" before a quantity is a filler: the
pairs are written for these tests (none drawn from the check set, DNLI, the blind sets or
the training pairs)."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import analyze
from reverie.judges.valence import valence
from tests.dreamkit import explained


@pytest.mark.parametrize(("text", "negations"), [
    ("Nobody except Lars may sign the contracts.", 0),
    ("No one but Lars has the vault code.", 0),
    ("Drinks nothing other than tea.", 0),
    ("Nobody has the vault code.", 1),
])
def test_a_negator_with_except_names_the_only_one(text: str, negations: int) -> None:
    assert analyze(text).negations == negations


def test_only_x_and_nobody_except_x_are_no_contradiction() -> None:
    assert explained("Only Lars may sign the contracts.",
                     "Nobody except Lars may sign the contracts.")[0] != "contradiction"


@pytest.mark.parametrize(("text", "rated"), [
    ("gets headaches like twice a week", False),  # a filler before a quantity
    ("it took like 3 hours to fix", False),
    ("i like two sugars in my tea", True),  # the verb
    ("User would like one more coffee", True),
])
def test_like_before_a_quantity_is_a_filler_unless_the_verb(text: str, rated: bool) -> None:
    assert (valence(text) > 0) == rated
