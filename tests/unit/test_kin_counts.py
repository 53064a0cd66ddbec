"""How many of a kind the holder has (``reverie.text.kin_counts``) and ``other-kin-count``:
sentences written for these tests, none drawn from a measured set or the training pairs."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.offline import OfflineJudge
from reverie.text.kin_counts import kin_counts
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("text", "kind", "low", "high"), [
    ("Has three dogs.", "dog", 3, 3),
    ("we've got 2 kids", "child", 2, 2),
    ("my only daughter starts college in May", "daughter", 1, 1),
    ("only one rabbit left", "rabbit", 1, 1),
    ("Feeds both of her horses at dawn.", "horse", 2, 2),
    ("Water all four of my cats' bowls", "cat", 4, 4),
    ("Proud father of five.", "child", 5, 5),
    ("my fourth grandchild was born in May", "grandchild", 4, None),
    ("Mom to two young girls.", "daughter", 2, 2),  # the children named
    ("i'm the oldest of four kids", "sibling", 3, 3),  # the others of a group
    ("Is the middle child of 3 sisters.", "sister", 2, 2),
    ("We are a family of two boys and a cat.", "son", 2, 2),  # the children named
])
def test_a_count_the_holder_has_is_read(text: str, kind: str, low: int,
                                        high: int | None) -> None:
    assert [(k.kind, k.low, k.high) for k in kin_counts(text)] == [(kind, low, high)]


@pytest.mark.parametrize("text", [
    "my brother has two cats",  # another holder's
    "Lena's mom has three dogs",
    "my aunt is a mother of four",
    "i am the youngest of 1 brothers",  # no other in the group
    "i'm a mom to 25 kids every school day",  # more than a family has: a class
    "we are a family of four",  # the holder among them: no children named
])
def test_another_holders_count_is_not_read(text: str) -> None:
    assert kin_counts(text) == ()


@pytest.mark.parametrize(("a", "b"), [
    ("Has three dogs.", "My only dog is a greyhound."),
    ("The user has one kid.", "Her second kid just turned seven."),
    ("Has three dogs.", "Both of my dogs hate the rain."),  # "both": two in all
    ("Has two daughters.", "All three of my daughters play the violin."),
])
def test_two_counts_no_number_fits_contradict(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "other-kin-count"


@pytest.mark.parametrize(("a", "b"), [
    ("I have three monitors.", "My only monitor is a 4K screen."),  # not kin or pets
    ("Sam has two cats.", "Ana has three cats."),  # two holders
    ("Has two kids.", "My second kid is in kindergarten."),  # two may have a second
])
def test_counts_that_fit_or_are_not_of_kin_do_not_contradict_by_count(a: str,
                                                                       b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert not any(f.rule == "other-kin-count" for f in found.findings), found.findings


@pytest.mark.parametrize(("a", "b"), [
    ("i do not have any kids .", "i am a proud dad to three boys ."),
    ("The user has no siblings.", "The user is the eldest of five children."),
    ("Has no children.", "Has a family of three daughters."),
    # what "but" sets against the kind denied is no part of it
    ("i do not have kids but my sisters do .", "i am a proud dad to three boys ."),
    ("Has no pets.", "Has three dogs."),  # said with the same verb: the negated kind's rule
])
def test_kin_counted_against_none_is_a_contradiction(a: str, b: str) -> None:
    """"has no X" against a count of X's kind: ``denied-kin``, unless a plainer rule reads
    the pair first."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == ("denied-kind" if "three dogs" in b else "denied-kin")


@pytest.mark.parametrize(("a", "b"), [
    ("i have no kids .", "my sister is a mother of two ."),  # another's count
    ("User has no brothers.", "User is the youngest of three sisters."),  # sisters only
    ("Has no kids yet.", "Hopes to be a mother of two one day."),  # a wish
])
def test_kin_counted_for_another_or_of_another_kind_is_no_contradiction(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction", found.reason


@pytest.mark.parametrize(("text", "counts"), [
    ("User has two dogs and no cats.", [("dog", 2), ("cat", 0)]),
    ("i have 2 sons, 1 daughter", [("son", 2), ("daughter", 1)]),
    ("My sister has two cats and no dogs.", []),  # another holder's
])
def test_a_second_count_joined_to_the_first_is_read(text: str,
                                                    counts: list[tuple[str, int]]) -> None:
    """"has two dogs and no cats": none of the second kind."""
    assert [(k.kind, k.low) for k in kin_counts(text)] == counts


def test_none_of_a_kind_and_one_of_it_contradict() -> None:
    found = explain(judge, "User has two dogs and no cats.", "User has two dogs and one cat.",
                    NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "other-kin-count"
