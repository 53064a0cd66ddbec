"""A former one ("a former smoker", "an ex-Google engineer") against one of one holder who
is one now ("smokes", "works at Google") is a contradiction (``former-then-held``); a
former relative is another holder ("Mira's ex-husband lives in Ghent" / "Mira lives in
Ghent": two facts, was a contradiction, "ex-husband" parsed as three subjects and
"Mira's" lost). The pairs are written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.nlp import normalize_chat
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("Mira is an ex-smoker.", "Mira smokes."),
    ("Mira works at Halvorsen.", "Mira is an ex-Halvorsen engineer."),
    ("Mira is a former math teacher.", "Mira teaches math."),
    ("Mira is a Halvorsen engineer.", "Mira is a former Halvorsen engineer."),
])
def test_a_former_one_against_one_now_is_a_contradiction(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.findings
    assert found.findings[0].rule == "former-then-held", found.findings


@pytest.mark.parametrize(("a", "b"), [
    ("Mira is a former teacher.", "Mira teaches yoga on weekends."),  # not the same teaching
    ("Mira is an ex-smoker.", "Mira no longer smokes."),
    ("Mira is an ex-smoker.", "Mira smoked for ten years."),
    ("Mira's ex-husband is a smoker.", "Mira smokes."),
    ("Mira is a former nurse.", "Mira's sister is a nurse."),  # two holders
    ("Mira is a former smoker.", "Mira's husband smokes."),
])
def test_a_former_one_against_no_one_now_is_no_contradiction(a: str, b: str) -> None:
    assert explain(judge, a, b, NOW).outcome != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Mira's ex-husband lives in Ghent.", "Mira lives in Ghent."),
    ("My ex-wife lives in Ghent.", "I live in Ghent."),
])
def test_a_former_relative_is_another_holder(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "two facts", found.findings
    assert any(f.rule == "other-holder" for f in found.findings), found.findings


@pytest.mark.parametrize(("text", "read"), [
    ("Mira's ex-husband", "Mira's former husband"),
    ("An ex-smoker", "A former smoker"),
    ("an ex-Halvorsen engineer", "an ex-Halvorsen engineer"),  # a name: left split
    ("a complex-valued field", "a complex-valued field"),
])
def test_ex_before_a_word_is_read_as_former(text: str, read: str) -> None:
    assert normalize_chat(text) == read


@pytest.mark.parametrize(("a", "b"), [
    ("Old time zone: PST.", "Time zone: CET."),  # an old key is a former one
    ("Previous plan: Basic.", "Plan: Pro."),
])
def test_an_old_or_previous_key_is_no_contradiction_of_the_key_now(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction" or not found.certain, found.findings
    assert not any(f.rule == "other-time-zone" for f in found.findings), found.findings


def test_what_one_says_of_a_holders_own_is_not_absorbed() -> None:
    """Linked, neither says the other ("holder-apart"): the merged note keeps both."""
    found = explain(judge, "Mira is a former smoker.", "Mira's husband smokes.", NOW)
    assert any(f.rule == "holder-apart" for f in found.findings), found.findings
    assert not any(f.rule.startswith("absorbs") for f in found.findings), found.findings


@pytest.mark.parametrize(("a", "b"), [
    ("Former employer: Halvorsen.", "Works at Halvorsen."),
    ("Previous plan: Basic.", "On the Basic plan."),
    ("Mira's former employer is Halvorsen.", "Mira works at Halvorsen."),
])
def test_a_former_keys_value_held_now_is_a_contradiction(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.findings
    assert found.findings[0].rule == "former-then-held", found.findings


@pytest.mark.parametrize(("a", "b"), [
    ("Former employer: Halvorsen.", "Works at Kestrel."),  # another value now: both true
    ("Former employer: Halvorsen.", "Mira's husband works at Halvorsen."),  # two holders
    ("Mira's former employer is Halvorsen.", "Omar works at Halvorsen."),
])
def test_a_former_keys_value_is_no_contradiction_of_another(a: str, b: str) -> None:
    assert explain(judge, a, b, NOW).outcome != "contradiction"
