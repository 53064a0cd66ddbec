"""What others take to be so, a change under way, a season spent somewhere, a man or a
woman beside a job, and a relative's habit are no fact against the holder's: pairs written
for these tests (none drawn from the check set, DNLI, the blind sets or the training
pairs)."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import analyze
from tests.dreamkit import explained


@pytest.mark.parametrize(("a", "b"), [
    ("i'm a paramedic", "i'm a woman, and people always assume i'm the nurse"),
    ("Lena is relocating to Oslo in June.", "Lena currently lives in Bergen."),  # under way
    ("The user spends summers in Maine.", "The user's home is in Atlanta."),  # a season
])
def test_what_does_not_hold_of_the_holder_now_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Lena relocated to Oslo in June.", "Lena currently lives in Bergen."),  # done
    ("Sam is a man.", "Sam is a woman."),  # two sexes, not a sort beside a job
])
def test_a_change_done_or_two_sexes_still_contradict(a: str, b: str) -> None:
    assert explained(a, b)[0] == "contradiction"


@pytest.mark.parametrize(("text", "hypothetical"), [
    ("everyone thinks i'm the intern", True),
    ("Lena is relocating to Oslo.", True),
    ("Lena relocated to Oslo.", False),
])
def test_a_belief_or_a_change_under_way_is_hypothetical(text: str, hypothetical: bool) -> None:
    clauses = analyze(text).clauses
    assert any(c.hypothetical for c in clauses) == hypothetical


@pytest.mark.parametrize(("text", "value"), [
    ("She is no longer a contractor.", "contractor"),
    ("Dana no longer lives in Oslo.", "oslo"),
])
def test_no_longer_denies_the_predicate(text: str, value: str) -> None:
    """ "no longer" negates what held: one clause, denied, its value read ("longer" is no
    value and the rest no aside)."""
    (clause,) = analyze(text).clauses
    assert clause.negated and clause.args[0].head == value
