"""A plan of an account said with the company's or the subscription's noun, an official
title, a message sent to someone on a channel ("send Dana updates on WhatsApp"), a
client's version named by its subject, and a value the other statement says that is no
scope of its holder ("Tom's title is Senior Product Manager" / "Tom's manager's title").
The pairs are written for these tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained, held_of


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Hooli's company account is on the Basic plan.", "Hooli pays for the Premium plan.",
     "one-value-attribute"),
    ("Tom's official title is Senior Product Manager.", "Tom's title is Staff Engineer.",
     "one-value-attribute"),
    ("Send Dana updates on WhatsApp.", "Dana prefers to be contacted by email.",
     "one-value-attribute"),
    ("The team's Slack client is version 4.33.", "The team uses Slack 4.35.",
     "one-value-attribute"),
])
def test_one_holders_two_values_contradict(a: str, b: str, rule: str) -> None:
    assert_contradiction(a, b, rule)


@pytest.mark.parametrize(("a", "b"), [
    ("Raj's plan for the team workspace is Business.", "Raj's plan is Pro."),
    ("Hooli's company account is on the Basic plan.",
     "Hooli's parent company is on the Premium plan."),
    ("Tom's official title is Senior Product Manager.",
     "Tom's manager's title is Staff Engineer."),
    ("Send Dana invoices by email.", "Dana prefers WhatsApp for quick questions."),
    ("The team's Slack client is version 4.33.", "The team's Zoom client is version 5.17."),
])
def test_another_holder_or_a_scope_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_a_message_sent_to_someone_on_a_channel_is_their_channel() -> None:
    assert held_of("Send Dana updates on WhatsApp.").get("contact channel") == {"whatsapp"}


def test_staff_employed_are_employees_had() -> None:
    # "employs 2,000 people" says how many employees Acme has: not one note with "50"
    assert_contradiction("Acme has about 50 employees.", "Acme employs over 2,000 people.",
                         "other-value")
    assert explained("Acme has 300 employees.", "Acme employs 300 staff.")[0] == "one fact"


@pytest.mark.parametrize(("a", "b"), [
    ("Acme employs 50 people in Berlin.", "Acme has 2,000 employees."),
    ("Acme has 50 employees in Berlin.", "Acme has 2,000 employees."),
    ("Acme has about 50 employees in Europe.", "Acme employs over 2,000 people."),
])
def test_a_count_in_a_place_is_a_part(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"
