"""A change under way in the passive ("is being migrated to CockroachDB") or a version
tried ("is testing Node 22") is not in use, yet two versions stay out of one note; a
title of another person ("meets with the head of legal") is not the holder's, yet keeps
two functions out of one note; a support tier and a partner tier are two tiers. The pairs
are written for these tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("a", "b"), [
    ("The billing DB runs on MySQL.", "The billing DB is being migrated to CockroachDB."),
    ("Wayne is on the Gold plan.", "Wayne is being moved to the Silver plan next month."),
])
def test_a_change_under_way_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_a_change_made_still_contradicts() -> None:
    assert explained("Wayne is on the Gold plan.", "Wayne was moved to the Silver plan.")[0] \
        == "contradiction"


def test_anothers_title_is_no_contradiction_nor_one_fact() -> None:
    assert explained("Omar is head of finance.",
                     "Omar works closely with the head of legal.") == ("two facts", "other-setting")


def test_two_functions_headed_by_one_holder_still_go_to_a_person() -> None:
    assert explained("Omar is head of finance.", "Omar is the head of legal.") == (
        "contradiction", "other-function")


def test_a_support_tier_and_a_partner_tier_are_two() -> None:
    assert explained("Wayne's support tier is Platinum.",
                     "Wayne's partner tier is Bronze.")[0] != "contradiction"


def test_one_tier_of_support_said_twice_contradicts() -> None:
    assert_contradiction("Wayne's support tier is Platinum.", "Wayne is on Bronze support.",
                         "other-option")


@pytest.mark.parametrize(("a", "b"), [
    ("Globex uses version 2.1 of the CLI.", "Globex is evaluating CLI 3.0."),
    ("Initech uses version 5.2 of the SDK.", "Initech is testing SDK 6.0."),
])
def test_a_version_tried_beside_the_one_in_use_is_two_facts(a: str, b: str) -> None:
    assert explained(a, b) == ("two facts", "other-setting")
