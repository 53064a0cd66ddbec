"""A holder's level of access to one resource ("viewer access to the workspace", "admin
rights on the repo", "is an owner of the workspace"; reverie.text.vocabulary.products
ACCESS_LEVELS): two levels to one resource are likely one too many, for a person to
settle. The pairs are written for these tests (none drawn from the check set, DNLI, the
blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, assert_not_by, held_of


@pytest.mark.parametrize(("text", "attribute", "level"), [
    ("Noor has viewer access to the dashboard.", "access to dashboard", "viewer"),
    ("Noor has admin rights on the repo.", "access to repo", "admin"),
    ("Noor is an owner of the workspace.", "access to workspace", "owner"),
])
def test_a_level_of_access_is_a_value_of_the_resources_access(
        text: str, attribute: str, level: str) -> None:
    assert held_of(text)[attribute] == {level}


@pytest.mark.parametrize(("a", "b"), [
    ("Noor is an admin on the dashboard.", "Noor has viewer access to the dashboard."),
    ("Noor is an owner of the workspace.", "Noor is a guest in the workspace."),
    # "read-only" one word, as the table has it (split, "read" was parsed as the verb)
    ("Priya is an admin on the Acme workspace.", "Priya has read-only access to the Acme "
     "workspace."),
])
def test_two_levels_to_one_resource_are_likely_one_too_many(a: str, b: str) -> None:
    assert_contradiction(a, b, "likely-one-value", certain=False)


@pytest.mark.parametrize(("a", "b"), [
    ("Noor is an admin on the dashboard.", "Noor has viewer access to the billing repo."),
    ("Noor is an admin on the Sales workspace.",
     "Noor has viewer access to the Marketing workspace."),
    ("Noor is an admin of the Berlin team's workspace.",
     "Noor is a member of the Paris team's workspace."),
    ("Noor has admin rights on the repo.", "Noor's manager has viewer access to the repo."),
])
def test_two_resources_or_two_holders_are_no_conflict_of_levels(a: str, b: str) -> None:
    assert_not_by(a, b, "likely-one-value")
    assert_not_by(a, b, "one-value-attribute")
