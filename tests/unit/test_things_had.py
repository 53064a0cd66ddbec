"""A thing had is a fact of its own: a statement absorbs one that says its holder has a
thing only when it says the thing had too ("Lena has a cat named Miso" says "Lena has a
cat"; "Lena is allergic to cats" does not, and was let absorb it by its words, the cat
lost from the merged note). The pairs are written for these tests."""

from __future__ import annotations

import pytest

from reverie.judges import frames
from reverie.judges.frames import Pair
from reverie.judges.nlp import analyze_many


def _absorbs(a: str, b: str, cosine: float) -> str:
    x, y = analyze_many([a, b])
    return frames.absorption(Pair(x, y, cosine)).rule


@pytest.mark.parametrize(("a", "b"), [
    ("Lena is allergic to cats.", "Lena has a cat."),
    ("Lena rides horses every weekend.", "Lena owns a horse."),
])
def test_a_thing_had_is_not_absorbed_by_a_statement_that_does_not_have_it(a: str,
                                                                          b: str) -> None:
    assert _absorbs(a, b, 0.8) == "words-missing"


@pytest.mark.parametrize(("a", "b"), [
    ("Lena has a cat named Miso.", "Lena has a cat."),
    ("The customer has 40 seats on the Pro plan.", "The customer has 40 seats."),
])
def test_a_thing_had_is_absorbed_by_a_statement_that_has_it_too(a: str, b: str) -> None:
    assert _absorbs(a, b, 0.8) == "absorbs-words"
