"""One thing's start, end or renewal said in two months of one year is a contradiction
(``other-event-date``: "the fiscal year ends in December" / "... in June" were two
facts); two things, two years, a person and before-and-now are not. The pairs are
written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("Halvorsen's fiscal year begins in April.", "Halvorsen's fiscal year starts in January."),
    ("The gym membership renews in March.", "The gym membership renews in September."),
    ("The office lease ends in June.", "The office lease runs until December 2027."),
    ("The promotion ends on 3 Sep 2027.", "The promotion ends in November 2027."),  # September
])
def test_one_things_event_in_two_months_is_a_contradiction(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.findings
    assert found.findings[0].rule == "other-event-date", found.findings


@pytest.mark.parametrize(("a", "b"), [
    ("The car insurance renews in May.", "The home insurance renews in November."),
    ("The trial ended in March.", "The trial ends in June."),  # before and now
    ("The lease starts in May.", "The lease ends in October."),  # two events
    ("Mira's contract ends in June.", "Mira's husband's contract ends in March."),  # two holders
])
def test_two_things_or_two_events_are_no_event_date_contradiction(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert not any(f.rule == "other-event-date" for f in found.findings), found.findings



@pytest.mark.parametrize(("a", "b"), [
    ("Mira visits Ghent in April.", "Mira visits Ghent in January."),
    ("Mira flew to Lyon in April.", "Mira flew to Lyon in January."),
])
def test_a_thing_done_in_two_months_is_no_certain_contradiction(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction" or not found.certain, found.findings
    assert not any(f.rule == "other-value" for f in found.findings), found.findings
