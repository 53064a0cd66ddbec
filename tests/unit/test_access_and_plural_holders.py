"""A level of access said with "the" ("Dana is the admin of the workspace": Dana's access,
not the workspace's one admin) and "they" standing for a group or a thing one noun names
("The team is on Python 3.9" / "They run Python 3.12"). The pairs are written for these
tests (none drawn from the exclusive-value check set, DNLI, the blind sets or the
training pairs)."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import analyze
from tests.dreamkit import assert_contradiction, assert_not_by, explained


def test_the_admin_of_a_thing_is_the_holders_access() -> None:
    clause = analyze("Dana is the admin of the workspace").clauses[0]
    assert clause.subject == {"dana"}
    assert clause.arg("attr").head == "admin"  # type: ignore[union-attr]


def test_the_owner_of_a_thing_is_still_its_attribute() -> None:
    # "owner" is the account's: "the owner of the Acme account is Maria"
    assert analyze("Maria is the owner of the Acme account").clauses[0].subject_head == "owner"


@pytest.mark.parametrize(("a", "b"), [
    # merged into one note before: "the admin of the workspace" was read as its subject
    ("Dana is the admin of the workspace.", "Dana has member access to the workspace."),
    ("Li is the admin of the Sales workspace.", "Li is a viewer on the Sales workspace."),
])
def test_two_levels_of_access_to_one_thing_contradict(a: str, b: str) -> None:
    assert_contradiction(a, b, "likely-one-value", certain=False)


def test_levels_of_access_to_two_things_are_two_facts() -> None:
    assert explained("Li is the admin of the Sales workspace.",
                     "Li is a viewer on the Marketing workspace.")[0] == "two facts"


@pytest.mark.parametrize(("a", "b"), [
    ("The team is on Python 3.9.", "They run Python 3.12."),
    ("The company is headquartered in Oslo.", "They are headquartered in Madrid."),
    ("The startup uses Postgres as its main database.", "Their main database is MySQL."),
    ("The school is on the Basic plan.", "They pay for the Premium plan."),
])
def test_they_stand_for_the_group_or_thing_one_noun_names(a: str, b: str) -> None:
    assert explained(a, b)[0] == "contradiction"


def test_they_do_not_stand_for_a_person_noun() -> None:
    assert_not_by("The intern prefers email.", "They prefer Slack.", "other-channel")
