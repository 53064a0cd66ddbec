"""Look-alikes a dream meets once it judges pairs worded apart: being and having, another
person of a note without a subject, and when a change was made. The pairs are written for
these tests (none drawn from the check set, DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from tests.dreamkit import explained


@pytest.mark.parametrize(("a", "b"), [
    # what the holder is against what it has, of one word: no negated copy
    ("Ines is an only child.", "Ines has no children."),
    # a note without a subject is its holder's; another person's said with more words
    ("Loves spicy food.", "Ines's husband hates spicy food."),
    # a change made in July is no value the change replaced
    ("Switched to the Gold plan this month.", "The customer switched in March."),
])
def test_two_things_of_one_holder_are_no_contradiction(a: str, b: str) -> None:
    found = explained(a, b)
    assert found[0] != "contradiction" or found[1] == "memory-doubt", found


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Ines has a car.", "Ines doesn't have a car.", "negated-copy"),
    ("Hates cold weather.", "Loves cold weather.", "negated-frame"),
    ("The standup moved to Thursday.", "The standup is on Monday.", "changed-value"),
])
def test_one_thing_of_one_holder_still_contradicts(a: str, b: str, rule: str) -> None:
    assert explained(a, b) == ("contradiction", rule)
