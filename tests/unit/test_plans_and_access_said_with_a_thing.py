"""A plan said with the thing it is of ("Ines's pool membership is the basic tier", "pays
for the premium pool membership", "the basic one") and access said with the resource in a
role's subject ("Omar's role on the wiki is read-only"). The pairs are written for these
tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from reverie.text.options import options
from tests.dreamkit import assert_contradiction, explained, held_of


@pytest.mark.parametrize(("a", "b"), [
    ("Ines's pool membership is the basic tier.", "Ines pays for the premium pool membership."),
    ("Ines's pool membership is the basic one.", "Ines has a premium pool membership."),
])
def test_a_plan_of_one_thing_said_twice_is_one_of_two(a: str, b: str) -> None:
    assert_contradiction(a, b, "other-option")


@pytest.mark.parametrize(("a", "b"), [
    ("Ines's pool membership is the basic tier.",
     "Ines's brother has the premium pool membership."),
    ("Ines's pool membership is the basic tier.", "Ines used to pay for the premium membership."),
])
def test_another_holder_or_a_former_plan_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("text", "plan"), [
    ("Ines pays for the premium pool membership.", {"premium"}),
    ("Ines's pool membership is the basic one.", {"basic"}),
])
def test_a_lower_case_plan_is_read_before_its_thing_or_one(text: str, plan: set[str]) -> None:
    assert options(text)["plan"].named == plan


def test_a_lower_case_word_before_another_noun_names_no_plan() -> None:
    assert "plan" not in options("Ines bought premium dog food for the membership drive one day.")


def test_a_possessed_thing_is_not_read_the_other_way_round() -> None:
    """"X's membership is the basic tier" says the tier, not "the basic tier is X's"."""
    assert held_of("Ines's pool membership is the basic tier.").get("plan") == {"basic"}


def test_access_said_in_a_roles_subject_is_to_its_resource() -> None:
    assert held_of("Omar's role on the wiki is read-only.").get("access to wiki") == {"viewer"}
    assert_contradiction("Omar has editor permissions on the wiki.",
                         "Omar's role on the wiki is read-only.", "likely-one-value",
                         certain=False)


def test_access_to_another_resource_is_no_contradiction() -> None:
    assert explained("Omar's role on the wiki is read-only.",
                     "Omar has editor permissions on the tracker.")[0] != "contradiction"
