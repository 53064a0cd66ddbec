"""The holder's age a statement states (``reverie.text.ages``) and ``other-age``: sentences
written for these tests, none drawn from a measured set or the training pairs."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.offline import OfflineJudge
from reverie.text.ages import Age, ages_apart, stated_age
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("text", "low", "high"), [
    ("I'm 33, new to the city", 33, 33),
    ("i am 58 years old", 58, 58),
    ("The user is 41.", 41, 41),
    ("Turned 36 in January.", 36, 37),  # a birthday since then allowed for
    ("so i just turned 21 lol", 21, 22),
    ("I'll be 40 in the week of 2026-03-23", 39, 40),
    ("Turning 65 in May 2026, retirement plans pending", 64, 65),
    ("I'm 18 on 2026-04-02", 17, 18),  # not yet
    ("my 50th birthday dinner was lovely", 50, 51),
    ("My 25th birthday is on Friday.", 24, 25),
    ("I'm in my mid-thirties", 33, 36),
    ("The user is in their 60s.", 60, 69),
])
def test_the_holders_age_is_read_as_the_ages_it_allows_now(text: str, low: int,
                                                            high: int) -> None:
    age = stated_age(text)
    assert age is not None and (age.low, age.high) == (low, high), age


@pytest.mark.parametrize("text", [
    "My dad is 71 and still skis.",  # someone else's age
    "our daughter just turned 4",
    "I'm 10 minutes from the office",  # a number with a unit
    "I am 6 feet tall",
    "I'm 100% sure about the date",
    "The cluster turned 3 this week",
    "I'm 30 and I'm 31",  # two ages: neither is read
])
def test_no_age_of_the_holder_is_read(text: str) -> None:
    assert stated_age(text) is None


def test_two_ages_apart_and_two_that_may_both_hold() -> None:
    assert ages_apart("I'm 29", "Turning 30 in April 2026") is None  # 29 until then
    assert ages_apart("Turned 44 in June", "I'm 45") is None  # a birthday since
    assert ages_apart("I'm 29", "I'm in my late twenties") is None
    found = ages_apart("I'm 26", "My 60th birthday party was great")
    assert found == (Age(26, 26, "I'm 26"), Age(60, 61, "My 60th birthday"))


@pytest.mark.parametrize(("a", "b"), [
    ("I'm 26, just finished my master's", "My 60th birthday party was great"),
    ("I'll be 40 in the week of 2026-03-23", "i'm 33 and loving it"),
])
def test_two_ages_of_one_holder_contradict_by_other_age(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "other-age"
    assert found.certain


def test_an_age_the_parse_reads_too_is_one_age_attribute_first() -> None:
    found = explain(judge, "i'm 23, still living with roommates",
                    "just turned 52, feeling it in my knees", NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "one-value-attribute"
    assert "one age" in found.findings[0].detail


@pytest.mark.parametrize(("a", "b"), [
    ("I'm 26", "My mom is 60 this year"),  # another holder
    ("I'm 29", "I'll be 30 in the week of 2026-03-23"),
    ("I'm 26", "I've been running for 20 years"),  # no age
])
def test_ages_that_may_both_hold_or_are_not_the_holders_do_not_contradict(a: str,
                                                                          b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction", found.reason
