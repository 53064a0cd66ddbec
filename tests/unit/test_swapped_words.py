"""Two statements that read word for word alike but for a word or two put in place of
others say two values: ``swapped-values`` keeps them out of one note, on pairs written for
it (none drawn from the exclusive-value check set, DNLI or the blind sets). A synonym, a
contraction or another preposition is one fact."""

from __future__ import annotations

import pytest

from reverie.judges.frames import swapped_words
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import consolidate_pair, embedder, explained

judge = OfflineJudge(embedder())


async def consolidated(a: str, b: str) -> tuple[bool, list[str]]:
    verdict = await consolidate_pair(judge, a, b)
    return verdict.consolidate, [f.rule for f in verdict.findings]


@pytest.mark.parametrize(("a", "b"), [
    ("Meal preference on flights: vegetarian", "Meal preference on flights: kosher"),
    # a number word in place of a word (session 23): two values too
    ("The studio is on the second floor.", "The studio is on the top floor."),
])
async def test_one_word_put_in_place_of_another_is_another_value(a: str, b: str) -> None:
    merged, rules = await consolidated(a, b)
    assert not merged
    assert "swapped-values" in rules


@pytest.mark.parametrize(("a", "b"), [
    ("Ada works for the navy.", "Ada works in the navy."),
    ("I am a nurse.", "I'm a nurse."),
    ("User prefers concise answers.", "User prefers concise responses."),  # synonyms
    ("Leo is a senior engineer.", "Leo is a sr engineer."),  # a short form
    ("Manager: Dana Cole.", "Reports to Dana Cole."),  # no shared beginning
    ("Kim adores horror movies.", "Kim likes horror movies."),  # attitudes: their own rules
    ("The club meets once a week.", "The club meets one day a week."),  # numbers: theirs
])
def test_a_synonym_a_contraction_or_a_preposition_is_no_swap(a: str, b: str) -> None:
    assert swapped_words(a, b) is None


async def test_a_preposition_swapped_is_one_fact() -> None:
    merged, rules = await consolidated("Ada works for the navy.", "Ada works in the navy.")
    assert merged, rules


def test_two_verbs_of_one_attribute_are_no_two_values() -> None:
    """ "is based in" and "lives in" both say where one lives: the two notes are one fact
    (a swap of "based" for "lives" once kept them apart)."""
    assert explained("Lars is based in Montreal.", "Lars lives in Montreal.")[0] == "one fact"
