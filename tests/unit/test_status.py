"""A thing has one status of each kind at a time: ``one-value-attribute`` on statuses
(``STATUS_WORDS``) on pairs written for it (none drawn from the exclusive-value check
set, DNLI or the blind sets), and their look-alikes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("Lena's workspace is active.", "Lena's workspace has been deleted."),
    ("The Globex contract is active.", "The Globex contract is currently paused."),
    ("The data export is finished.", "The data export is still in progress."),
    ("Bug 412 is resolved.", "Bug 412 is still open."),
    ("The March invoice is overdue.", "The March invoice has been paid."),
])
def test_two_statuses_of_one_kind_are_a_contradiction(a: str, b: str) -> None:
    """Two states of one kind (a life, a progress, a ticket, a payment), the rule named."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "one-value-attribute"
    assert "status" in found.findings[0].detail
    assert found.certain


@pytest.mark.parametrize(("a", "b"), [
    ("Lena's workspace is active.", "Lena's old workspace has been deleted."),  # another one
    ("Lena's workspace is active.", "Lena's workspace was suspended last year."),  # before
    ("The data export is finished.", "The next data export is still in progress."),
    ("The March invoice is overdue.", "The April invoice has been paid."),  # another invoice
    ("The data export is finished.", "The data export is complete."),  # one status
])
def test_look_alikes_are_no_contradiction(a: str, b: str) -> None:
    """Another one of the kind, a former status, one status in two words."""
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction", found.reason


def test_two_values_of_one_attribute_are_never_one_note() -> None:
    """Where the holders are not surely one, two values of one attribute still stay apart,
    and the blocker names itself."""
    found = explain(judge, "The export job is finished.",
                    "The export job's retry is in progress.", NOW)
    assert found.outcome == "two facts", found.reason
    assert found.findings[0].rule == "other-attribute-values"
