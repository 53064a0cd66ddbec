"""The offline judge on cases the evaluation corpus caught: notes that share nothing stay out
of a merge, contradictions between tools and carriers, "never ... anymore" negations."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

import pytest

from reverie.handlers.dream.judging import JudgedNote
from reverie.handlers.dream.temporal import has_relative_date
from reverie.judges.offline import SHARED_THRESHOLD, OfflineJudge, near_duplicates
from reverie.judges.statements import analyze, normalize_statement, similar_statements

BASE = datetime(2026, 4, 1, 9, 0, tzinfo=UTC)
judge = OfflineJudge()


def note(note_id: str, text: str, *, access_count: int = 0, day: int = 0) -> JudgedNote:
    return JudgedNote(note_id, text, "Context", BASE + timedelta(days=day), access_count)


def contradicts(a: str, b: str) -> bool:
    one = judge.contradicts_now(note("a", a), note("b", b, day=1)).contradicts
    other = judge.contradicts_now(note("b", b), note("a", a, day=1)).contradicts
    assert one == other, (a, b)
    return one


# ------------------------------------------------------------------ who is a source


def test_near_duplicates_agree_and_share_enough_words() -> None:
    assert SHARED_THRESHOLD < 0.6
    assert near_duplicates(
        analyze("Dmitri uses a screen reader, so send plain-text emails without images"),
        analyze("Dmitri uses a screen reader"),
    )
    assert near_duplicates(analyze("Prefers brief answers"), analyze("The user likes short replies"))
    # another fact about the same person
    assert not near_duplicates(
        analyze("Lucia is the IT manager at Umbrella's headquarters"),
        analyze("Lucia wants every ticket update CC'd to it-support@umbrella-health.example"),
    )
    # a value conflict or the opposite polarity is no shared statement
    assert not near_duplicates(
        analyze("Nina prefers Zoom for customer calls"),
        analyze("Nina prefers Google Meet for customer calls"),
    )
    assert not near_duplicates(
        analyze("Priya's team deploys on Fridays"), analyze("Priya's team never deploys on Fridays")
    )


def test_the_cluster_of_the_screen_reader_merges_every_note_saying_it() -> None:
    notes = [
        note("sd-070", "Dmitri uses a screen reader, so send plain-text emails without images."),
        note("sd-071", "Dmitri relies on a screen reader; avoid screenshots in replies.", day=1),
        note("sd-072", "For Dmitri, describe the steps in text instead of sending screenshots, "
             "since he uses a screen reader.", day=2),
        note("sd-073", "Dmitri uses a screen reader.", access_count=2, day=3),
        note("sd-074", "Dmitri's office is in Rotterdam.", day=4),
    ]
    verdict = judge.consolidate_now(notes)
    assert verdict.consolidate
    [merged] = verdict.merged
    assert merged.source_ids == ["sd-070", "sd-071", "sd-072", "sd-073"]
    assert "Rotterdam" not in merged.text
    assert "plain-text emails" in merged.text and "describe the steps" in merged.text
    assert verdict.reason.endswith("sd-074 shares no statement with the others and stays as it is")


def test_the_verdict_does_not_depend_on_the_order_of_the_notes() -> None:
    notes = [
        note("n1", "The user prefers concise answers.", access_count=2),
        note("n2", "Prefers brief answers.", day=1),
        note("n3", "The user is the IT manager at the headquarters.", access_count=9, day=2),
        note("n4", "Works in the EST time zone.", day=3),
    ]
    first = judge.consolidate_now(notes)
    assert first.merged[0].source_ids == ["n1", "n2"]
    for order in itertools.permutations(notes):
        assert judge.consolidate_now(order) == first


def test_a_contradiction_with_a_note_left_out_still_holds_the_cluster_back() -> None:
    # the cluster goes to contradiction resolution first, as before
    notes = [
        note("n1", "Customer uses metric units."),
        note("n2", "The customer uses metric units.", day=1),
        note("n3", "Customer wants invoices in imperial units for the US office.", day=2),
        note("n4", "Customer uses imperial units.", day=3),
    ]
    verdict = judge.consolidate_now(notes)
    assert not verdict.consolidate
    assert "contradict" in verdict.reason


# ------------------------------------------------------------------ contradictions


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Nina prefers Zoom for customer calls.", "Nina prefers Google Meet for customer calls."),
        ("Team meetings happen on Webex.", "Team meetings happen on Zoom."),
        ("Soylent's preferred carrier is DHL.", "Soylent's preferred carrier is UPS now."),
        ("Initech ships with FedEx.", "Initech ships with UPS."),
        ("Acme's carrier is DHL Express.", "Acme's carrier is FedEx."),
        ("Vandelay's CRM of record is Salesforce.", "Vandelay's CRM of record is HubSpot."),
        ("Hooli tracks bugs in Jira.", "Hooli tracks bugs in Linear."),
        ("Acme's support tickets live in Zendesk.", "Acme's support tickets live in Freshdesk."),
        ("The team chats on Slack.", "The team chats on Microsoft Teams."),
        ("Priya's team deploys on Fridays.",
         "Priya's team never deploys on Fridays anymore, not since the March outage."),
        ("Priya's team deploys on Fridays.", "Priya's team no longer deploys on Fridays."),
        ("The team deploys on Fridays.", "The team never deploys on Fridays."),
        ("Marco uses Salesforce.", "Marco doesn't use Salesforce anymore."),
    ],
)
def test_tools_carriers_and_lasting_negations_contradict(a: str, b: str) -> None:
    assert contradicts(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # tools of different kinds coexist
        ("Acme uses Slack.", "Acme uses Zoom."),
        ("Acme uses Jira.", "Acme uses Zendesk."),
        ("Vandelay uses Salesforce.", "Vandelay uses Slack."),
        ("Initech ships with FedEx.", "Initech uses Salesforce."),
        # same kind, different subjects
        ("Team chat is on Slack.", "Customer calls are on Zoom."),
        ("Hiro prefers Zoom for customer calls.", "Nina prefers Google Meet for customer calls."),
        ("Returns go back via UPS.", "Outbound orders ship with DHL."),
        ("Engineering tracks bugs in Jira.", "Support handles tickets in Zendesk."),
        # negations about something else, and the carrier switch told two ways
        ("Initech switched their carrier account from UPS to FedEx.",
         "Initech now ships with FedEx; they dropped UPS."),
        ("The team never deploys on Fridays.", "The team deploys on Mondays."),
        ("Visitor asked whether we support DHL Express labels.", "Soylent's carrier is UPS."),
        # "ups" in "follow-ups" is no carrier, "linear" in lower case no tracker
        ("Send follow-ups by email.", "Ships with DHL."),
        ("Pricing is linear in seats.", "Hooli tracks bugs in Jira."),
    ],
)
def test_coexisting_tools_and_other_subjects_do_not_contradict(a: str, b: str) -> None:
    assert not contradicts(a, b)


def test_tool_names_are_values_only_where_they_name_the_tool() -> None:
    assert analyze("Ships with UPS").values == {"shipping carrier": frozenset({"ups"})}
    assert "shipping carrier" not in analyze("Send follow-ups by email").values
    assert analyze("Tracks bugs in Linear").values == {"issue tracker": frozenset({"linear"})}
    assert analyze("Pricing is linear").values == {}
    assert analyze("Prefers Google Meet").values == {"video tool": frozenset({"google meet"})}
    assert analyze("Uses MS Teams").values == {"chat tool": frozenset({"teams"})}


def test_never_and_no_longer_negate_the_predicate_not_an_aside() -> None:
    assert normalize_statement("Priya's team never deploys on Fridays anymore") == (
        "not priya team deploy friday"
    )
    assert normalize_statement("The team no longer deploys on Fridays") == (
        "not team deploy friday"
    )
    # "not" between a noun and a non-verb still reads as a contrast
    assert normalize_statement("Prefers tea not coffee") == "prefer tea | not prefer coffe"
    assert similar_statements(
        "Priya's team never deploys on Fridays anymore", "Priya's team no longer deploys on Fridays"
    )


# ------------------------------------------------------------------ dates


def test_an_sla_duration_is_no_date_and_two_notes_of_it_merge() -> None:
    notes = [
        note("n1", "Initech's tickets need a first response within 4 hours.", access_count=2),
        note("n2", "Initech tickets need a first response within 4 hours.", day=40),
    ]
    assert not judge.contradicts_now(*notes).contradicts
    verdict = judge.consolidate_now(notes)
    assert verdict.consolidate
    assert verdict.merged[0].text == "Initech's tickets need a first response within 4 hours."
    assert not has_relative_date(verdict.merged[0].text)


def test_years_ago_is_anchored_so_the_merged_note_has_no_relative_date() -> None:
    notes = [
        note("n1", "Massive Dynamic builds with Gradle, not Maven.", access_count=1),
        note("n2", "Use Gradle for Massive Dynamic projects; they moved off Maven years ago.",
             day=17),
        note("n3", "Massive Dynamic builds with Gradle, not Maven.", day=36),
    ]
    verdict = judge.consolidate_now(notes)
    [merged] = verdict.merged
    assert merged.source_ids == ["n1", "n2", "n3"]
    assert "They moved off Maven years before 2026-04-18." in merged.text
    assert not has_relative_date(merged.text)


@pytest.mark.parametrize(
    "text",
    [
        "Massive Dynamic moved off Maven years ago.",
        "Acme recently switched to Okta.",
        "Acme switched to Okta a few days ago.",
        "Acme will switch to Okta in a couple of weeks.",
        "They dropped UPS a decade ago.",
    ],
)
def test_one_vague_phrase_in_notes_written_apart_is_no_contradiction(text: str) -> None:
    notes = [note("n1", text, access_count=1), note("n2", text, day=20)]
    assert not judge.contradicts_now(*notes).contradicts
    verdict = judge.consolidate_now(notes)
    assert verdict.consolidate
    assert not has_relative_date(verdict.merged[0].text)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Acme switched to Okta on 2026-03-01.", "Acme switched to Okta on 2026-03-05."),
        ("Renewal is due before 2026-03-01.", "Renewal is due before 2026-04-01."),
        ("Acme switched to Okta 3 days ago.", "Acme switched to Okta 3 days ago."),
    ],
)
def test_event_dates_still_conflict(a: str, b: str) -> None:
    assert judge.contradicts_now(note("a", a), note("b", b, day=20)).contradicts
