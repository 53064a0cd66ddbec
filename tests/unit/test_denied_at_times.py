"""A denial that holds at some times only does not deny a habit said without a time
(``_denied_at_some_times``). The pairs are written for these tests (none drawn from the
check set, DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from tests.dreamkit import explained


@pytest.mark.parametrize(("a", "b"), [
    ("Rosa drinks two espressos a day.", "Rosa doesn't drink espresso after 3 pm."),
    ("Rosa checks her email.", "Rosa does not check email in the evening."),
    ("Rosa plays chess.", "Rosa does not play chess on weekdays."),
    ("Rosa takes fish oil in winter.", "Rosa doesn't take fish oil during summer."),  # seasons
])
def test_a_denial_at_some_times_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Rosa never drinks espresso.", "Rosa drinks espresso after lunch.", "negated-frame"),
    ("Rosa checks her email.", "Rosa does not check email.", "negated-copy"),
])
def test_a_denial_at_every_time_still_contradicts(a: str, b: str, rule: str) -> None:
    assert explained(a, b) == ("contradiction", rule)
