"""Denying a whole kind denies each of its kind: ``denied-consumption`` and the compound
kinds of ``denied-kind`` on pairs written for them (none drawn from the exclusive-value
check set, DNLI or the blind sets), and their look-alikes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.lexicon import is_kind_of
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("Ravi doesn't drink coffee.", "Ravi has a latte every afternoon."),
    ("The user does not drink alcohol.", "The user enjoys a pint of beer on Fridays."),
    ("i don't eat meat", "i have chicken for lunch most days"),
    ("Mia doesn't eat fish.", "Mia loves salmon."),
    # a diet denies its kinds (reverie/text/vocabulary/diets.py)
    ("Lina is vegetarian.", "Lina eats bacon on Sundays."),
    ("The user is vegan.", "The user loves cheese."),
    ("Omar is teetotal.", "Omar has a beer after work."),
    # the very kind a diet rules out, and a noun before the head that names one
    ("Sofia is vegan.", "Sofia eats fish twice a week."),
    ("Tom is a vegetarian.", "Tom has a beef burger every Friday."),
    ("The user is vegan.", "The user eats a cheese sandwich for lunch."),
    # a condition rules out what it names, or what that is found in (FOUND_IN)
    ("Priya is allergic to shellfish.", "Priya eats shrimp every week."),
    ("The user is lactose intolerant.", "The user drinks a glass of milk every night."),
    ("Noor has a penicillin allergy.", "Noor takes amoxicillin twice a day."),
    ("The user has a peanut allergy.", "The user eats peanut butter every morning."),
    ("The user is lactose intolerant.", "The user eats ice cream every night."),
    # liking to take it in is taking it in
    ("Priya is allergic to shellfish.", "Priya loves eating shrimp with garlic."),
    ("i am lactose intolerant .", "i really enjoy drinking milk ."),
    # a note of no subject is its holder's, and the cosine is low: the frames align them
    ("Vegan.", "Dana eats cheese every day."),
    ("Allergic to peanuts.", "Dana eats peanut butter daily."),
])
def test_a_denied_kind_against_taking_one_of_its_kind_is_a_contradiction(a: str, b: str) -> None:
    """"does not drink X" against having, taking or liking one of X's kind, both now."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "denied-consumption"
    assert found.certain


@pytest.mark.parametrize(("a", "b"), [
    ("Ravi doesn't drink coffee.", "Ravi's wife has a latte every afternoon."),  # another holder
    ("Ravi doesn't drink coffee.", "Ravi used to have a latte every afternoon."),  # before
    ("The user does not drink alcohol.", "The user has a glass of water with dinner."),
    ("Mia doesn't eat meat.", "Mia eats fish."),  # fish is no meat here
    ("Ravi doesn't drink coffee.", "Ravi likes the smell of coffee."),  # the smell
    ("The user does not take any medication.", "The user takes the bus to work."),
    ("The user is vegan.", "The user drinks oat milk."),  # a noun before it: another thing
    ("Lina is vegetarian.", "Lina's husband eats bacon on Sundays."),
    ("Lina is vegetarian.", "Lina eats tofu every week."),
    ("The user is vegan.", "The user eats vegan cheese."),  # a diet's own kind
    ("The user is lactose intolerant.", "The user drinks almond milk."),
    ("Sofia has a cat allergy.", "Sofia loves cats."),  # liking is no taking in
    ("Sofia has a cat allergy.", "Sofia loves petting cats."),  # nor liking to touch it
    ("Priya is allergic to shellfish.", "Priya's son eats shrimp every week."),
    ("The kids are allergic to nuts.", "Eats almonds as a snack."),  # the kids' condition
    ("Omar is allergic to cats.", "Omar has two cats at home."),  # having is no taking in
    ("The user is lactose intolerant.", "The user eats aged cheddar."),  # little lactose
    ("The user is allergic to shellfish.", "The user has a shellfish allergy."),  # one fact
    ("User is vegetarian on weekdays.", "User eats meat on weekends."),  # a diet of some days
    ("The user has a food allergy.", "The user eats fast food twice a week."),  # a sort
])
def test_look_alikes_are_no_contradiction(a: str, b: str) -> None:
    """Another holder, a former habit, another thing, a thing about it: no contradiction."""
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction", found.reason


def test_a_kind_of_two_words_is_denied_whole() -> None:
    """"never played a musical instrument" denies the cello: WordNet's compound noun."""
    found = explain(judge, "Lea has never played a musical instrument.",
                    "Lea plays the violin in a quartet.", NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "denied-kind"


def test_the_kinds_wordnet_does_not_file_take_its_narrower_nouns() -> None:
    """A beagle is a dog, so a pet; a lion is no pet."""
    assert is_kind_of("beagle", "pet")
    assert not is_kind_of("lion", "pet")
