"""A wish or a way to reach someone said of some times, places, senders or things stands
beside a general one ("prefers WhatsApp at work" / "prefers phone"); the same two said
plainly still contradict. The pairs are written for these tests (none drawn from the
exclusive-value check set, DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from tests.dreamkit import explained


@pytest.mark.parametrize(("a", "b"), [
    ("Dana prefers WhatsApp at work.", "Dana prefers phone."),  # a place
    ("On weekends, Dana prefers Teams.", "Dana prefers SMS."),  # a time
    ("Dana wants to be contacted via email at work.",
     "Dana wants to be contacted via Slack after hours."),  # two circumstances
    ("Dana likes to be reached on WhatsApp on weekends.", "Dana likes to be reached on phone."),
    ("When traveling, Dana prefers WhatsApp.", "Dana prefers email."),  # a condition
    ("Dana prefers email unless it's urgent.", "Dana prefers phone calls."),
    ("Dana prefers a call in the evening.", "Dana prefers a text."),  # the value's own scope
    ("Dana prefers email from vendors.", "Dana prefers Slack."),  # a sender
    ("Dana prefers Slack internally.", "Dana prefers email."),  # a sphere
    ("Dana prefers phone calls personally.", "Dana prefers email professionally."),
    ("Contact Raj on Teams at work.", "Contact Raj on SMS."),  # an order, not a wish
    ("Raj is on email with clients.", "Raj is on Slack."),  # "clients": no holder here
    ("Raj replies fastest on Teams when traveling.", "Raj replies fastest on SMS."),
    ("Dana communicates by email at work.", "Dana communicates by Slack."),
])
def test_a_wish_or_a_way_of_some_circumstance_stands_beside_a_general_one(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Dana prefers email now.", "Dana prefers phone calls."),  # "now": no circumstance
    ("Dana strongly prefers Slack.", "Dana prefers email."),
    ("Dana only wants texts.", "Dana wants email."),
    ("Dana likes to be contacted by SMS.", "Dana prefers to be contacted by email."),
    ("Dana wants updates by email.", "Dana wants updates on Slack."),  # one thing, both sides
    ("Dana's preferred channel: Teams", "Dana's preferred channel: Slack"),
    ("Raj replies fastest on email.", "Raj replies fastest on Slack."),
])
def test_two_wishes_said_plainly_still_contradict(a: str, b: str) -> None:
    assert explained(a, b)[0] == "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Dana prefers Spanish at home.", "Dana prefers English at work."),  # a language each
    ("Dana switched to English at work.", "Dana speaks Spanish."),  # a change there only
])
def test_a_language_of_some_circumstance_stands_beside_another(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Dana is German.", "Dana became a Swiss citizen last year."),  # a second citizenship
    ("Dana has Japanese citizenship.", "Dana is a naturalized American."),
    ("Dana studies Latin.", "Dana studies Greek."),  # two at once
    ("Dana knows Spanish.", "Dana knows Portuguese."),
])
def test_values_one_may_hold_several_of(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_one_nationality_key_still_holds_one_value() -> None:
    assert explained("Dana's nationality is Irish.", "Dana's nationality is British.") == (
        "contradiction", "one-value-attribute")
