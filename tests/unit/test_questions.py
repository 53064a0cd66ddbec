"""A question says nothing of anyone, so it contradicts nothing (``frames._asks``), on
pairs written here; a statement that begins with a question word is no question."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges import frames
from reverie.judges.explain import explain
from reverie.judges.nlp import analyze
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("what is your favorite song ? mine is yellow submarine .", "my favorite song is hey jude ."),
    ("do you like cats?", "i can't stand cats"),
    ("are you still in college?", "i finished college years ago"),
])
def test_a_question_contradicts_nothing(a: str, b: str) -> None:
    assert explain(judge, a, b, NOW).outcome != "contradiction"


@pytest.mark.parametrize(("text", "asks"), [
    ("what is your favorite color", True),
    ("do you like dogs", True),
    ("What Dana drives is a Volvo", False),  # a question word, no question
    ("How Dana pays: by card", False),
    ("Dana asked whether we ship to Oslo", False),
])
def test_what_reads_as_a_question(text: str, asks: bool) -> None:
    assert frames._asks(analyze(text)) is asks
