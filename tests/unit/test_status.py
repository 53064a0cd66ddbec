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


@pytest.mark.parametrize(("a", "b"), [
    ("The kitchen renovation is finished.", "The kitchen renovation hasn't started yet."),
    ("The migration is complete.", "The migration has not started."),
    ("The audit hasn't started yet.", "The audit is underway."),
    ("The upgrade is done.", "The upgrade didn't start yet."),
])
def test_a_start_denied_is_a_progress_of_its_own(a: str, b: str) -> None:
    """"hasn't started yet" is a progress, not started, against done or under way."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "one-value-attribute"
    assert "started" in found.findings[0].detail


@pytest.mark.parametrize(("a", "b"), [
    ("Phase 2 hasn't started yet.", "Phase 1 is finished."),  # two phases
    ("The kitchen renovation hasn't started yet.", "The kitchen design is finished."),
    ("Tom hasn't started yet.", "Tom is done with the report."),  # a person
    ("The sprint didn't start on time.", "The sprint is finished."),  # a start denied in part
    ("The audit hasn't started yet.", "The audit has not started."),  # one status
])
def test_look_alikes_of_a_denied_start(a: str, b: str) -> None:
    """Another thing, a person, a start denied with more, one status twice: no
    ``one-value-attribute``."""
    found = explain(judge, a, b, NOW)
    assert "one-value-attribute" not in {f.rule for f in found.findings}, found.reason


@pytest.mark.parametrize(("a", "b"), [
    ("The printer on floor 3 is working.", "The printer on floor 3 is out of order."),
    ("The dishwasher is broken and hasn't been fixed.",
     "The dishwasher has been working fine since the repair."),
    ("The office router is working again.", "The office router is faulty."),
])
def test_a_machine_works_or_is_broken(a: str, b: str) -> None:
    """Working and broken are one status (function) of a machine, however said."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "one-value-attribute"
    assert "function" in found.findings[0].detail


@pytest.mark.parametrize(("a", "b"), [
    ("Tom is working.", "Tom is out of order."),  # a person
    ("The server is working on the backup.", "The server is broken."),  # work on something
    ("The printer on floor 3 is working.", "The printer on floor 2 is broken."),  # two
    ("The printer was broken last week.", "The printer is working now."),  # before
])
def test_look_alikes_of_a_machine_working(a: str, b: str) -> None:
    """A person, work on a thing, another machine, a former state: no status of function."""
    found = explain(judge, a, b, NOW)
    assert not any("function" in f.detail for f in found.findings), found.reason


def test_a_revoked_key_stays_revoked() -> None:
    """"was revoked" lasts (LASTING_STATES): against "is active" now, a contradiction."""
    found = explain(judge, "The API key was revoked.", "The API key is active.", NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "one-value-attribute"


def test_another_key_revoked_is_no_contradiction() -> None:
    found = explain(judge, "The old API key was revoked.", "The new API key is active.", NOW)
    assert found.outcome != "contradiction", found.reason
