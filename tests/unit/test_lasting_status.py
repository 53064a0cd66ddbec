"""A status that lasts once reached ("was cancelled", "was paid", "was approved") still
holds now, and "Status: X" is a copula: on pairs written for it (none drawn from the
exclusive-value check set, DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.attributes import held
from reverie.judges.explain import explain
from reverie.judges.nlp import analyze, normalize_chat
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("The Netflix plan is active.", "The Netflix plan was cancelled in May."),
    ("Workspace status: active", "The workspace was deleted last week."),
    ("The grant application was approved on Friday.",
     "The grant application was rejected on Friday."),
])
def test_a_lasting_status_reached_before_contradicts_another_now(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "one-value-attribute"


@pytest.mark.parametrize(("a", "b"), [
    ("The Netflix plan is active.", "The Netflix plan was suspended in May."),  # may be over
    ("The grant application is approved.", "The loan application was rejected."),  # another
])
def test_a_status_that_may_have_ended_or_another_things_is_no_contradiction(
        a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction", found.findings


@pytest.mark.parametrize(("text", "state", "lasting"), [
    ("The order was cancelled on 9 March.", "cancelled", True),
    ("The ticket was resolved yesterday.", "resolved", True),
    ("The account was suspended in May.", "suspended", False),
])
def test_which_status_lasts(text: str, state: str, lasting: bool) -> None:
    facts = analyze(text)
    status = [h for c in facts.clauses for h in held(c, facts.salient)
              if h.attribute.startswith("status")]
    assert [(set(h.value), h.permanent) for h in status] == [({state}, lasting)]


def test_a_status_key_reads_as_a_copula() -> None:
    assert normalize_chat("Subscription status: active") == "Subscription status is active"
