"""Two adjectives of one holder: ``opposite-property`` for WordNet's antonyms (the dream may
settle it), ``other-property`` for the rest (left to a person); and the look-alikes found on
a pair set written blind to the code (none drawn from the check set or DNLI)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.nlp import load_pipeline
from reverie.judges.offline import OfflineJudge
from tests.builders import judged
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("User is tall.", "User is very short."),
    ("The API is fast.", "The API is slow."),
    ("my apartment is huge .", "my apartment is tiny ."),
    ("The account is active.", "The account is inactive."),
    ("the office is quiet .", "the office is noisy all day ."),
    ("Priya is divorced.", "Priya is happily married."),  # a state participle, a satellite
    ("User is married.", "User is single."),
    ("The store is open.", "The store is closed."),  # a participle after a copula
    # one subject in more words (blind set 2)
    ("User's home internet connection is fast.", "User's home internet is painfully slow."),
    # how long a state has held is no scope
    ("Tomas is married.", "Tomas has been divorced for a decade."),
    ("Tomas is single.", "Tomas has been married for 12 years."),
    # a hyphenated adjective is one word (split, "is left-handed" parsed as "leave")
    ("Ana is left-handed.", "Ana is right-handed."),
    ("The role is full-time.", "The role is part-time."),
    # what describes the man, woman or person the holder is called is a property of it
    ("Theo is a tall guy.", "Theo is short."),
    ("Nadia is a married woman.", "Nadia is single."),
    # a measure of the adjective is how much, no scope; two adjectives are two properties
    ("Theo is six feet tall.", "Theo is a short man."),
    ("Theo is big, six feet tall.", "Theo is short."),
])
def test_opposites_said_of_one_holder_contradict(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "opposite-property"
    assert found.certain


def test_two_adjectives_wordnet_does_not_oppose_go_to_a_person() -> None:
    """"fast" / "reliable" may both hold: found, but never settled by the dream."""
    found = explain(judge, "The API is fast.", "The API is reliable.", NOW)
    assert found.findings[0].rule == "other-property"
    assert not found.certain


def test_a_state_said_in_two_tenses_of_the_passive_is_one_fact() -> None:
    """"is closed" and "has been closed" read one adjective: no other value."""
    found = explain(judge, "Ticket #4521 is closed.", "Ticket #4521 has been closed.", NOW)
    assert found.outcome == "one fact", found.reason


@pytest.mark.parametrize(("a", "b"), [
    ("my apartment is small .", "my apartment is bigger than my last one ."),  # compared
    ("The customer is rich.", "The customer's parents were poor."),  # another holder, then
    ("User enjoys hiking.", "User's husband hates hiking."),  # another holder
    ("User used to dislike running.", "User enjoys running now."),  # then and now
    ("User likes tea.", "User does not like green tea."),  # a narrower denial
    ("User is married.", "User was divorced in 2015."),  # then and now
    # "my sister", "the customer's husband": another holder (blind set 2)
    ("i have two cats .", "my sister has four cats ."),
    ("i don't have pets .", "my roommate has two cats ."),
    ("The customer is a teacher.", "The customer's husband is a firefighter."),
])
def test_look_alikes_are_no_contradiction(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction", found.reason


@pytest.mark.parametrize(("a", "b"), [
    ("Ana is left-handed.", "Ana is right-handed."),
    ("Dana works full-time.", "Dana works part-time."),
    ("The office is pet-friendly.", "The office is not pet-friendly."),
])
def test_two_values_of_a_hyphenated_adjective_are_never_one_note(a: str, b: str) -> None:
    """The tokenizer keeps an adjective WordNet knows whole ("full-time"), so its two values
    are two words, never one note (split at the hyphen, they merged)."""
    verdict = judge.consolidate_now([judged("n1", a), judged("n2", b)])
    assert not verdict.consolidate, verdict.reason


def test_hyphenated_nouns_and_numbers_stay_split() -> None:
    """Only adjectives are kept whole: "ex-wife" keeps its "wife", "60-hour" its number."""
    nlp = load_pipeline()
    assert [t.text for t in nlp("a left-handed pitcher")] == ["a", "left-handed", "pitcher"]
    assert "wife" in [t.text for t in nlp("Marco's ex-wife lives in Turin.")]
    assert "60" in [t.text for t in nlp("User used to work 60-hour weeks.")]
    assert "2026-03-19" in [t.text for t in nlp("It shipped on 2026-03-19.")]


@pytest.mark.parametrize(("a", "b"), [
    ("Theo is a big fan of jazz.", "Theo is small."),  # a fan: a sort of its own
    ("Theo is a tall guy.", "Theo's son is short."),  # another holder
])
def test_an_adjective_of_another_sort_or_holder_is_no_opposite(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert not any(f.rule == "opposite-property" for f in found.findings), found.findings
