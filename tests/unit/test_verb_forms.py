"""A verb and its -ing form are one word, not another value put in its place ("Mira lives
in Ghent" / "Mira is living in Ghent" were two facts, ``swapped-values``: lives / living).
The pairs are written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("Mira lives in Ghent.", "Mira is living in Ghent."),
    ("Mira works from home.", "Mira is working from home."),
])
def test_a_verb_and_its_ing_form_are_one_word(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "one fact", found.findings
