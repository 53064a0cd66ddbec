"""A value said to be the only one against the same value with another beside it:
``only-and-another``, on pairs written for it (none drawn from the exclusive-value check
set, DNLI or the blind sets), and its look-alikes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("The bug only happens on Safari.", "The bug happens on Safari and Chrome."),
    ("User only speaks English.", "User speaks English and Spanish."),
    ("She only reads fiction.", "She reads fiction and poetry."),
    ("User only drinks black coffee.", "User drinks black coffee and green tea."),
])
def test_the_only_value_and_another_beside_it_contradict(a: str, b: str) -> None:
    """One frame, one holder, both now: "only X" / "X and Y" is a contradiction."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "only-and-another"
    assert found.certain


@pytest.mark.parametrize(("a", "b"), [
    ("User only speaks English at work.", "User speaks English and Spanish."),  # a scope
    ("The bug only happens on mobile Safari.", "The bug happens on Safari and Chrome."),
    ("The app only runs on iOS.", "The app runs on iOS 17 and later."),  # a version
    ("User only speaks English.", "User's parents speak English and Spanish."),  # others
    ("User only used Windows until 2020.", "User uses Windows and Linux."),  # before
    ("The user only uses Slack for work chats.", "The user uses Slack and Teams."),
])
def test_look_alikes_of_the_only_value(a: str, b: str) -> None:
    """A scope, a narrower value, a version, another holder, a former value: no
    ``only-and-another``."""
    found = explain(judge, a, b, NOW)
    assert "only-and-another" not in {f.rule for f in found.findings}, found.reason


@pytest.mark.parametrize(("a", "b"), [
    ("Raj is the only admin on the billing account.",
     "Raj is one of two admins on the billing account."),
    ("User is the only maintainer of the library.",
     "User is one of five maintainers of the library."),
    ("Daniel is the sole owner of the bakery.", "Daniel co-owns the bakery with his sister."),
    ("Sofia is the team's only frontend engineer.",
     "Sofia and Liam are the two frontend engineers on the team."),
])
def test_the_only_one_and_one_of_several_contradict(a: str, b: str) -> None:
    """"the only admin" / "one of two admins", "the sole owner" / "co-owns"."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "only-one-of-several"


@pytest.mark.parametrize(("a", "b"), [
    ("Raj is the only admin on the billing account.",
     "Raj is one of two admins on the analytics account."),  # another account
    ("Tom is the only engineer on call tonight.", "Tom is one of two engineers on the team."),
    ("Raj is the only admin on the billing account.",
     "Raj and Mia were admins on the billing account last year."),  # before
    ("Raj is not the only admin on the billing account.",
     "Raj is one of two admins on the billing account."),  # denied
])
def test_look_alikes_of_the_only_one(a: str, b: str) -> None:
    """Another scope, before and now, a denial: no ``only-one-of-several``."""
    found = explain(judge, a, b, NOW)
    assert "only-one-of-several" not in {f.rule for f in found.findings}, found.reason
