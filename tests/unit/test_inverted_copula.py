"""A copula said both ways round is one statement: "Jonas is an admin on the workspace" /
"Jonas is the workspace's admin" (parsed as "the workspace's admin is Jonas"). The pairs
are written for these tests (none drawn from the check set, DNLI, the blind sets or the
training pairs)."""

from __future__ import annotations

import pytest

from tests.dreamkit import JUDGED_AT, assert_contradiction, offline_judge


@pytest.mark.parametrize(("a", "b"), [
    ("Jonas is an admin on the workspace.", "Jonas is the workspace's admin."),
    ("Mira is a maintainer of the repo.", "Mira is the repo's maintainer."),
])
def test_one_copula_both_ways_round_is_one_fact(a: str, b: str) -> None:
    from reverie.judges.explain import explain

    found = explain(offline_judge(), a, b, JUDGED_AT)
    assert found.outcome == "one fact", found.reason


def test_another_value_of_the_subject_still_contradicts() -> None:
    """ "Jonas is the workspace's admin" / "the workspace's admin is Mira": each value is
    not in the other's subject."""
    assert_contradiction("The workspace's admin is Jonas.", "The workspace's admin is Mira.",
                         {"other-value", "one-value-attribute"})
