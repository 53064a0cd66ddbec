"""A holder placed somewhere is a part of the holder said without the place ("the US
support team" / "the support team"), and "new" before an attribute's noun says the one in
use ("Dana's new manager is Leo" / "Dana's manager is Mia"). The pairs are written for
these tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("a", "b"), [
    ("The support team works CET.", "The US support team works Central time."),
    ("The team's standup is at 9:30.", "The Berlin team's standup is at 11:00."),
])
def test_a_part_placed_somewhere_is_another_holder(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_one_placed_holder_said_twice_is_one() -> None:
    assert_contradiction("The Berlin team's standup is at 9:30.",
                         "The Berlin team's standup is at 11:00.", "other-value")


def test_a_new_value_of_an_attribute_is_the_one_in_use() -> None:
    assert_contradiction("Dana's new manager is Leo.", "Dana's manager is Mia.",
                         "one-value-attribute")


def test_a_new_thing_beside_a_legacy_one_is_another_holder() -> None:
    assert explained("Node 18 runs the legacy service.",
                     "The new service runs Node 20.")[0] != "contradiction"
