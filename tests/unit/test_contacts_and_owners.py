"""Whom a thing belongs to, whom a holder reports to, and how a holder wants to be reached.
The pairs are written for these tests (none drawn from the check set, DNLI, the blind sets
or the training pairs)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained, held_of


@pytest.mark.parametrize(("a", "b"), [
    ("The account owner is Dana.", "The account belongs to Lee."),
    ("Ivo's boss is Lee.", "Ivo's manager is Sam."),
    ("Ivo's supervisor is Lee.", "Ivo reports to Sam."),
    # a name owning the thing, the thing owned by a name, a name said to be its owner
    ("The account owner is Dana.", "Lee owns the account."),
    ("The wiki is owned by Dana.", "Lee is the wiki owner."),
    ("Dana is the owner of the Zeta project.", "The Zeta project belongs to Lee."),
    # a key and its value: "Account owner: Dana Reyes" reads "the account owner is ..."
    ("Account owner: Dana Reyes", "The account is owned by Lee Park."),
])
def test_one_owner_or_one_manager_named_two_ways_contradicts(a: str, b: str) -> None:
    assert_contradiction(a, b, "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("The project owner is Dana.", "The account belongs to Lee."),  # two things owned
    ("The laptop belongs to Dana.", "The phone belongs to Lee."),
    ("Dana owns a car.", "Lee owns a car."),  # a thing of a kind: many may own one
    ("Dana owns the Zeta repo.", "Lee owns the Kappa repo."),
])
def test_owners_of_two_things_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_a_name_the_tagger_made_an_adverb_is_the_copulas_value() -> None:
    # without a full stop, spaCy tags "Raj" an adverb of "is"
    assert held_of("The primary contact for Acme is Raj") == {"contact": frozenset({"raj"})}
    assert_contradiction("The primary contact for Acme is Raj.", "Acme's main contact is Wen.",
                         "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("Ivo wants to be reached on Slack.", "Ivo wants to be reached by email."),
    ("Ivo's preferred channel is SMS.", "Ivo likes to be contacted via WhatsApp."),
    ("Ivo prefers to be contacted by email.", "Ivo prefers phone calls."),
    # a message noun's compound names the channel
    ("The user prefers text messages.", "The user prefers phone calls."),
    ("The user prefers Slack notifications.", "The user prefers email."),
])
def test_two_channels_a_holder_wants_to_be_reached_by_contradict(a: str, b: str) -> None:
    assert_contradiction(a, b, "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("Ivo can be reached by email or phone.", "Ivo can be reached by phone."),
    ("Ivo prefers email for invoices.", "Ivo prefers Slack for quick questions."),
    ("Ivo used to prefer phone calls.", "Ivo prefers email."),
    ("Ivo wants to be reached by email.", "Ivo's manager wants to be reached on Slack."),
])
def test_two_channels_of_two_scopes_times_or_holders_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_an_order_about_how_to_reach_someone_names_their_channel() -> None:
    assert held_of("Never email Dana.") == {"contact channel": frozenset({"email"})}
    assert_contradiction("Never email Dana.", "Dana wants to be contacted by email.",
                         "denied-value")


def test_emailing_a_thing_to_someone_is_no_channel_of_the_thing() -> None:
    assert "contact channel" not in held_of("Email the report to Dana.")


def test_a_job_placed_at_a_name_names_the_employer() -> None:
    assert held_of("Dana's job is at Pfizer.")["employer"] == {"pfizer"}
    assert_contradiction("Dana's job is at Pfizer.", "Dana works for Moderna.",
                         "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    # a message delivered by a channel is how the holder is reached
    ("Ivo receives billing alerts via SMS.", "Ivo wants to be reached by email."),
    ("Reminders are sent to the user by email.", "The user gets reminders on WhatsApp."),
])
def test_messages_delivered_by_two_channels_contradict(a: str, b: str) -> None:
    assert_contradiction(a, b, "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("Send the weekly report by email.", "Ivo wants to be reached on Slack."),  # no message
    ("Ivo gets invoices by post.", "Ivo gets alerts by SMS."),  # an invoice is no message
])
def test_things_sent_that_are_no_messages_name_no_channel(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_an_acronym_is_no_plural() -> None:
    assert held_of("Ivo gets alerts via SMS.") == {"contact channel": frozenset({"sms"})}
