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


@pytest.mark.parametrize(("a", "b"), [
    ("Kofi is the project's tech lead.", "Kofi is the project's product manager."),
    ("Kofi is the tech lead on the project.", "Kofi is the product manager on the project."),
    ("Kofi is the project's tech lead.", "Kofi is the project's main sponsor."),
    ("Ines is Tomas's aunt.", "Ines is Tomas's grandmother."),
])
def test_one_value_with_two_titles_is_two_facts(a: str, b: str) -> None:
    """"Kofi is the project's tech lead" / "... product manager", both read the other way
    round, give one value two titles: never one note that would say only one."""
    from reverie.judges.explain import explain

    found = explain(offline_judge(), a, b, JUDGED_AT)
    assert (found.outcome, found.findings[0].rule) == ("two facts", "differing-argument")


@pytest.mark.parametrize(("a", "b"), [
    ("Kofi is the project's lead.", "Kofi is the project's leader."),
    ("Jonas is the workspace's admin.", "Jonas is the workspace's administrator."),
])
def test_one_value_with_one_title_said_twice_is_one_fact(a: str, b: str) -> None:
    """"the project's lead" / "the project's leader": one title, clipped."""
    from reverie.judges.explain import explain

    found = explain(offline_judge(), a, b, JUDGED_AT)
    assert found.outcome == "one fact", found.reason


@pytest.mark.parametrize(("a", "b"), [
    ("Wren heads the design team.", "Wren is a contractor on the design team."),
    ("Wren leads the billing team.", "Wren is a senior analyst on the billing team."),
])
def test_leading_a_group_and_another_role_in_it_are_two_facts(a: str, b: str) -> None:
    """"heads the design team" / "is a contractor on the design team": never one note
    that keeps only one of them."""
    from reverie.judges.explain import explain

    found = explain(offline_judge(), a, b, JUDGED_AT)
    assert (found.outcome, found.findings[0].rule) == ("two facts", "another-role")


@pytest.mark.parametrize(("a", "b"), [
    ("Wren leads the billing team.", "Wren is an intern on the billing team."),
    ("Wren runs the support team.", "Wren is a junior agent on the support team."),
])
def test_leading_a_group_and_a_junior_role_in_it_contradict(a: str, b: str) -> None:
    """One who leads a team is no intern or junior in it: ``other-rank``."""
    assert_contradiction(a, b, "other-rank")


@pytest.mark.parametrize(("a", "b"), [
    ("Wren leads the billing team.", "Wren is the billing team's lead."),  # one title
    ("Wren leads the billing team.", "Wren is a member of the billing team."),
    ("Wren leads the billing team.", "Wren's sister is an intern on the billing team."),
])
def test_a_title_of_one_who_leads_or_another_holder_is_no_other_role(a: str, b: str) -> None:
    from reverie.judges.explain import explain

    found = explain(offline_judge(), a, b, JUDGED_AT)
    assert "another-role" not in {f.rule for f in found.findings}
