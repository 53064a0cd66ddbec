"""One holder wanting messages of opposite kinds: ``opposite-preference`` on pairs written
for it (none drawn from the exclusive-value check set, DNLI or the blind sets), and its
look-alikes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("Omar likes a formal tone.", "Omar prefers a casual tone."),
    ("Priya wants brief answers.", "Priya prefers long answers with examples."),
    ("The customer wants short replies.", "The customer prefers long explanations."),
])
def test_opposite_messages_wanted_by_one_holder_are_a_contradiction(a: str, b: str) -> None:
    """Antonyms on two messages one holder wants now: the rule names itself."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "opposite-preference"


@pytest.mark.parametrize(("a", "b"), [
    ("User likes long walks.", "User likes short haircuts."),  # no messages
    ("User likes long novels.", "User wants short replies."),  # a novel is no message here
    ("User wants short answers for quick questions.",
     "User wants long explanations for design reviews."),  # two purposes
    ("User prefers short replies.", "User's manager prefers long reports."),  # two holders
    ("User used to prefer long answers.", "User prefers short answers."),  # before
])
def test_look_alikes_are_no_contradiction(a: str, b: str) -> None:
    """No messages, two purposes, two holders, a former wish: no contradiction."""
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction", found.reason
