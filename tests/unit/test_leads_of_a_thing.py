"""The one who leads a thing, said by a verb or a noun ("Priya leads the payments team" /
"The payments team leader is Tom"): two leads of one thing are likely one too many, for a
person to settle. The pairs are written for these tests (none drawn from the
exclusive-value check set, DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, assert_not_by, held_of


@pytest.mark.parametrize(("text", "attribute", "value"), [
    ("Priya leads the payments team.", "lead of payment team", {"priya"}),
    ("The payments team leader is Tom.", "lead of payment team", {"tom"}),
    ("Tom chairs the hiring committee.", "chair of committee hire", {"tom"}),  # lemmas
])
def test_the_lead_of_a_thing_is_read(text: str, attribute: str, value: set[str]) -> None:
    assert held_of(text)[attribute] == value


@pytest.mark.parametrize(("a", "b"), [
    ("Priya leads the payments team.", "The payments team leader is Tom."),
    ("Priya leads the payments team.", "Tom leads the payments team."),
    ("Priya heads the payments team.", "Tom is the head of the payments team."),
    ("Tom chairs the hiring committee.", "The chair of the hiring committee is Ana."),
])
def test_two_leads_of_one_thing_are_likely_one_too_many(a: str, b: str) -> None:
    assert_contradiction(a, b, "likely-one-value", certain=False)


@pytest.mark.parametrize(("a", "b"), [
    ("Priya leads the payments team.", "Tom leads the search team."),
    ("Priya leads the payments team.", "Tom manages the payments team."),  # two roles
    ("Priya leads the payments team.", "Tom leads the payments team's mobile squad."),
    ("Priya led the payments team until 2023.", "Tom leads the payments team."),
    ("Priya leads a team of five.", "Tom leads a team of ten."),
])
def test_leads_of_two_things_two_roles_or_two_times_are_no_contradiction(a: str,
                                                                         b: str) -> None:
    assert_not_by(a, b, "likely-one-value")
