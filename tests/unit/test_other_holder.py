"""A statement about one holder's own (a kin, a pet, a team) and one about the holder
himself are two facts, never one note (``other-holder``): linked, the cosine let "The
user's husband lives in Oslo" absorb "The user lives in Oslo" and the merged note lost
it. The pairs are written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("Mira's husband lives in Ghent.", "Mira lives in Ghent."),
    ("My sister works at Halvorsen.", "I work at Halvorsen."),
    ("Mira's team uses Linear.", "Mira uses Linear."),
    ("Mira's dog sleeps in the kitchen.", "Mira sleeps in the kitchen."),
])
def test_a_holders_own_and_the_holder_are_two_facts(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "two facts", found.reason
    assert any(f.rule == "other-holder" for f in found.findings), found.findings


def test_one_holder_said_twice_is_still_one_fact() -> None:
    found = explain(judge, "Mira lives in Ghent.", "Mira currently lives in Ghent.", NOW)
    assert found.outcome == "one fact", found.findings
