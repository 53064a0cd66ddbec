"""A possessive says its owner has one: ``denied-possession`` on pairs written for it (none
drawn from the exclusive-value check set or DNLI), and its look-alikes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.nlp import SELF, analyze
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("i do not have a car .", "my car is red ."),
    ("User has no pets.", "User's dog is called Rex."),  # a dog is a pet
    ("The customer doesn't own a phone.", "The customer's phone has a cracked screen."),
    ("i have no children .", "my daughter starts college in the fall ."),
    ("Priya doesn't have a bike.", "Priya's bike is in the shop for repairs."),
    ("User does not have a credit card.", "User's credit card expires next month."),
    ("The user has no siblings.", "The user's brother lives in Toronto."),
    ("Nadia has no children.", "Nadia's son turned five last week."),  # still her son
    ("Tomas is single.", "Tomas's wife teaches piano."),  # a state without kin
    ("Lea is an only child.", "Lea's younger sister lives in Porto."),
    ("Has no children.", "Dropping my son at school at 8."),  # a bare denial: the user's
])
def test_a_denied_kind_against_the_holder_s_own_one_is_a_contradiction(a: str, b: str) -> None:
    """"has no X" against "my X" (or one of X's kind), both now: the rule names itself."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "denied-possession"
    assert found.certain


@pytest.mark.parametrize(("a", "b"), [
    ("I don't have a car.", "My sister's car is red."),  # another owner
    ("I don't have my phone with me.", "My phone is old."),  # a thing owned, not with me
    ("User no longer has a dog.", "User's dog died last year."),  # owned before
    ("The customer doesn't have a car yet.", "The customer wants a car."),  # a wish
    ("User has no pets.", "User's neighbor's dog barks all night."),
    ("User has no credit card.", "User's debit card was declined yesterday."),  # another card
    ("The user doesn't have a car anymore.", "The user's car was sold in March."),
    ("User has no grandparents.", "User's grandfather passed away in 2019."),  # lost
    ("Omar has no wife.", "Omar's ex-wife moved to Ohio."),  # a former one
    ("Tomas is single.", "Tomas's girlfriend teaches piano."),  # no spouse
    ("Lea is an only child.", "Lea's cousin lives in Porto."),  # no sibling
    ("Has no siblings living nearby.", "Her brother lives in Sydney."),  # none nearby
    ("i have no sisters .", "my sister-in-law is visiting this weekend ."),  # by marriage
    ("User no longer has tonsils.", "User had her tonsils removed in 2015."),  # taken away
])
def test_look_alikes_are_no_contradiction(a: str, b: str) -> None:
    """Another owner, a thing owned but not at hand, a former one, a wish: no contradiction."""
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction", found.reason


def test_possessions_name_their_owner_and_whether_they_hold_now() -> None:
    """"my" and "the user's" are the holder's, a name is its own owner, a past verb is then."""
    assert analyze("my car is pink .").possessions == {(SELF, "car", True)}
    assert analyze("Priya's car is red.").possessions == {("priya", "car", True)}
    assert analyze("her dog died last year").possessions == {(SELF, "dog", False)}
    assert analyze("My sister's car is red.").possessions == {(SELF, "sister", True)}
    # a relative is still had whatever the verb's tense, unless lost or former
    assert analyze("my son turned five .").possessions == {(SELF, "son", True)}
    assert analyze("my late husband loved jazz .").possessions == {(SELF, "husband", False)}
    # a thing had taken away is not had; one mended still is
    assert analyze("I had my tonsils removed .").possessions == {(SELF, "tonsil", False)}
    assert analyze("my sister-in-law is here .").possessions == {(SELF, "sister-in-law", True)}
