"""Someone said to have died, said elsewhere to do something now: ``dead-then-alive``, on
sentences written for these tests (none drawn from a measured set or the training pairs)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("The user's mother passed away in 2021.", "Remind the user to call his mom on Sunday."),
    ("Kenji's father died when Kenji was ten.", "Kenji's dad is flying in for the wedding."),
    ("Her grandmother died last winter.", "Her grandma bakes bread every Saturday."),
    ("Their parrot Rico died in 2024.", "Rico talks all morning."),
])
def test_someone_who_died_does_not_do_things_now(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "dead-then-alive"
    assert not found.certain  # to a person: the note may go on to name a step-parent


@pytest.mark.parametrize(("a", "b"), [
    ("My mother passed away in 2021.", "I miss my mom every day."),  # of the dead
    ("My mother passed away in 2021.", "My mom was a nurse."),  # then
    ("Our old dog died last year.", "Our dog is a puppy."),  # another dog
    ("My brother died in 2010.", "My brother is visiting next week."),  # another brother
    ("My father passed away.", "Ana's dad is coming to dinner."),  # another's father
    ("My mom died in 2015.", "My stepmom is driving me to the airport."),  # another parent
])
def test_the_dead_remembered_then_or_another_of_a_kind_is_no_contradiction(
        a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert not any(f.rule == "dead-then-alive" for f in found.findings), found.findings
