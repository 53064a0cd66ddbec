"""What was done once was done: ``never-done`` on pairs written for it (none drawn from the
exclusive-value check set, DNLI or the blind sets), and its look-alikes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.nlp import analyze
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import DOUBTED, embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("Nora has never smoked.", "Nora quit smoking last spring."),
    ("Nora has never smoked.", "Nora smoked in college."),
    ("The user has never used Docker.", "The user used Docker at his last job."),
    ("Mara has never lived in Asia.", "Mara lived in Japan for two years."),  # one place
])
def test_never_against_done_is_a_contradiction(a: str, b: str) -> None:
    """"has never X" against X done, done before or quit: the rule names itself."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "never-done"


@pytest.mark.parametrize(("a", "b"), [
    ("Nora has never smoked.", "Nora's father smoked for 30 years."),  # another holder
    ("Nora has never smoked.", "Nora might start smoking."),  # what may be
    pytest.param("The user has never used Docker.", "The user has used Podman for years.",
                 marks=DOUBTED),  # another thing
    ("The user has never used Docker.", "The user's team uses Docker."),  # the team's
    ("Mara has never lived outside Chile.", "Mara has lived in Chile all her life."),  # where
])
def test_look_alikes_are_no_contradiction(a: str, b: str) -> None:
    """Another holder (a person or a team), a possibility, another thing: no contradiction."""
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction", found.reason


def test_a_perfect_denied_by_never_is_read_as_never() -> None:
    """"has never" is never; "does not" and "never drinks" are not this reading."""
    assert analyze("Nora has never smoked.").clauses[0].never
    assert not analyze("Nora does not smoke.").clauses[0].never
    assert not analyze("Nora never drinks coffee.").clauses[0].never
