"""Two statements of one holder that read word for word alike but for a word or two, one
the other's opposite, contradict: ``swapped-opposite``, on pairs written here (none drawn
from the exclusive-value check set, DNLI or the blind sets). A denial in the swap, a thing
had, a scope of two, before and now are not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("The garage faces south.", "The garage faces north."),
    ("The staff party will be held indoors.", "The staff party will be held outdoors."),
    ("The pool is heated in winter.", "The pool is unheated in winter."),
    ("The patient's asthma is well controlled.", "The patient's asthma is poorly controlled."),
    ("Marta wants the font bigger.", "Marta wants the font smaller."),
    ("The build server is up.", "The build server is down."),
    ("my brother is younger than me", "my brother is older than me"),
    ("Dana's desk is on the top floor.", "Dana's desk is on the bottom floor."),
    ("The user is left-handed.", "The user is right-handed."),  # was two facts, kept apart
])
def test_one_word_put_in_place_of_its_opposite_contradicts(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "swapped-opposite"
    assert found.certain


@pytest.mark.parametrize(("a", "b"), [
    ("Ali has a younger sister.", "Ali has an older sister."),  # two sisters
    ("Priya owns a public repo.", "Priya owns a private repo."),  # two repos
    ("The door is not open.", "The door is closed."),  # a denial of the opposite: one fact
    ("The repo used to be public.", "The repo is private."),  # before and now
    ("Dana's desk faces north.", "Priya's desk faces south."),  # two holders
    ("The office is on floor 3.", "The office is on floor 7."),  # figures: their own rules
    ("Dana keeps a light jacket in the car.", "Dana keeps a heavy jacket in the car."),
    ("Dana sells new cars.", "Dana sells used cars."),  # things of any number
    ("User likes long walks.", "User likes short haircuts."),  # two things besides
])
def test_look_alikes_of_a_swapped_opposite_are_not_one(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert not any(f.rule == "swapped-opposite" for f in found.findings), found.findings


@pytest.mark.parametrize(("a", "b"), [
    # where, beside the value
    ("Dana is deaf in the left ear.", "Dana is deaf in the right ear."),
    # the holder's own word: two holders
    ("The front door is locked at night.", "The back door is locked at night."),
    ("Dana's left knee hurts.", "Dana's right knee hurts."),
])
def test_an_opposite_saying_which_of_two_is_not_a_swapped_opposite(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert not any(f.rule == "swapped-opposite" for f in found.findings), found.findings
