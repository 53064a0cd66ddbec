"""The tools a team keeps its work in, one of each at a time: an issue tracker, a CRM, a
cloud provider ("uses Jira for tickets" / "tracks tickets in Linear"). The pairs are
written for these tests (none drawn from the exclusive-value check set, DNLI, the blind
sets or the training pairs)."""

from __future__ import annotations

import pytest

from reverie.text.options import options
from tests.dreamkit import assert_contradiction, assert_not_by


@pytest.mark.parametrize(("text", "name", "option"), [
    ("Omar's team tracks tickets in Linear.", "issue tracker", "linear"),
    ("The customer's CRM is Salesforce.", "crm", "salesforce"),
    ("They host everything on Azure.", "cloud provider", "azure"),
])
def test_a_tool_is_read_as_its_set(text: str, name: str, option: str) -> None:
    assert options(text)[name].one() == option


def test_a_tool_named_by_an_english_word_counts_capitalised_only() -> None:
    assert "issue tracker" not in options("The model uses a linear fit for the tickets.")


@pytest.mark.parametrize(("a", "b"), [
    ("Omar's team uses Jira for tickets.", "Omar's team tracks tickets in Linear."),
    ("The customer's CRM is Salesforce.", "They track deals in HubSpot."),
    ("The company's cloud provider is AWS.", "They host everything on Azure."),
    ("Our CRM is Pipedrive.", "We manage leads in Salesforce."),
])
def test_two_tools_of_one_kind_contradict(a: str, b: str) -> None:
    assert_contradiction(a, b, "other-option")


@pytest.mark.parametrize(("a", "b"), [
    # two holders: a thing of another set's (a backup is a document's) is a holder here
    ("Backups are stored on AWS.", "The app is hosted on Azure."),
    ("The company uses AWS for machine learning.", "The company hosts its website on Azure."),
    ("The team evaluated Linear.", "The team uses Jira for tickets."),
    ("The company used AWS until 2022.", "They host everything on Azure now."),
    ("The client wants to move to Azure.", "The client is hosted on AWS."),
])
def test_tools_of_two_holders_uses_or_times_are_no_contradiction(a: str, b: str) -> None:
    assert_not_by(a, b, "other-option")
