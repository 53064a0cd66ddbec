"""Channels to reach someone by: the reader (``reverie.text.channels``) and the
``other-channel`` rule on pairs written for these tests, none drawn from a set the judge is
measured on."""

from __future__ import annotations

import pytest

from reverie.text.channels import channels
from tests.dreamkit import assert_not_by, explained


@pytest.mark.parametrize(("text", "chosen", "refused"), [
    ("Preferred contact: phone.", {"phone"}, set()),
    ("Best way to reach Ama is WhatsApp.", {"whatsapp"}, set()),
    ("Ama prefers email over calls.", {"email"}, {"call"}),
    ("Ama prefers a phone call to a text.", {"phone"}, {"sms"}),
    ("Never text Ama; she only answers her mobile.", {"phone"}, {"sms"}),
    ("Ama's company blocks Teams.", set(), {"teams"}),
    ("Ama doesn't want calls or chat.", set(), {"call", "chat"}),  # a list denied
    ("Don't share Ama's email.", set(), set()),  # an address, not a channel
    ("Never call Ama's cell; call the office line.", set(), set()),  # two addresses
    ("Don't text Ama.", set(), {"sms"}),  # a channel's verb told of a name
    ("The API call Stripe makes is slow.", set(), set()),  # a name after, no order
    ("Ama switched from email to Slack.", {"slack"}, set()),
    ("Reach Ama on Slack or by email.", {"slack", "email"}, set()),
    ("Only reach Ama Ltd. by email.", {"email"}, set()),  # "Ltd." ends no clause
    # a word that names something else too
    ("Ama prefers plain text answers.", set(), set()),
    ("Ama prefers fewer API calls.", set(), set()),
    ("The teams meet on Mondays.", set(), set()),
    ("Ama wrote a blog post about Slack.", set(), set()),
    # of some times only, or of before
    ("Don't call Ama after 6pm.", set(), set()),
    ("Ama used to prefer phone calls.", set(), set()),
    # an order of where to deliver; texts answered, plural, are messages
    ("Send Ama's updates to her email.", {"email"}, set()),
    ("Ama only answers texts.", {"sms"}, set()),
    ("Alerts are sent to Slack.", set(), set()),  # named, not chosen
    # the holder's name or a wish between the denial and the channel
    ("Do not message Ama on WhatsApp.", set(), {"whatsapp"}),
    ("Ama does not want to be contacted by email.", set(), {"email"}),
])
def test_the_channels_a_text_chooses_and_turns_down(text: str, chosen: set[str],
                                                    refused: set[str]) -> None:
    found = channels(text)
    assert (set(found.chosen), set(found.refused)) == (chosen, refused)


@pytest.mark.parametrize(("a", "b"), [
    ("Ama's preferred contact channel: Slack.", "Ama prefers to be contacted by email."),
    ("Best way to reach Ama is WhatsApp.", "Only contact Ama on Telegram."),
    ("Ama prefers email over calls.", "Ama only wants phone calls."),
    ("Contact Ama via LinkedIn only.", "Ama never checks LinkedIn messages."),
    ("Ama prefers Slack for quick questions.", "Ama wants quick questions sent by email."),
    ("Ama: best reached by phone.", "Never call Ama."),  # a phone and a call
    ("Ama wants the weekly report by email.", "Ama wants the weekly report on Slack."),
    ("Ama's preferred contact method is SMS.", "Don't text Ama."),
    ("Ama wants updates by SMS.", "Send Ama's updates to her email."),
    ("Reach Ama by email.", "Ama only answers texts."),
])
def test_two_channels_chosen_or_one_turned_down_contradict(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "other-channel")


@pytest.mark.parametrize(("a", "b"), [
    ("Ama prefers email.", "Use Slack for Ama's urgent issues."),  # a scope of one
    ("Ama prefers email for invoices.", "Ama prefers phone calls for quick questions."),
    ("Ama prefers async updates on Slack.", "Ama prefers a weekly summary email."),
    ("Reach Ama by email.", "Reach Kofi on Slack."),  # two holders
    ("Ama prefers email.", "Ama is also reachable on WhatsApp."),  # adding
    ("Primary contact channel: Slack.", "Secondary contact channel: email."),  # a second
    ("Ama used to prefer phone calls.", "Ama prefers email now."),  # before and now
    ("Ama's previous contact channel: Slack.", "Ama's contact channel: email."),
    ("Ama is best reached by email or Slack.", "Ama prefers Slack."),  # two chosen
    ("Don't call Ama after 6pm.", "Ama prefers phone calls."),  # some times only
    ("Ama prefers plain text answers.", "Ama prefers email."),  # a format, no channel
    ("Ama prefers dates as DD/MM/YYYY in emails.",  # a format, the channels its scopes
     "Ama prefers dates as DD/MM/YYYY in Slack messages."),
    ("Ama prefers short emails.", "Ama prefers short Slack messages."),  # how to write
    ("Ama prefers calls.", "Ama's preferred channel is Zoom."),  # a call may be on Zoom
    ("Never call Ama's cell; call the office line.", "Ama prefers phone calls."),
    ("Ama's company prefers phone support.", "Ama's manager prefers email."),
    ("Send Ama's updates to her email.", "Send Kofi's updates to his phone."),  # two names
    ("Ama answers texts quickly.", "Reach Ama by email."),  # not chosen
])
def test_look_alikes_of_two_channels_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_one_channel_chosen_twice_is_no_other_channel() -> None:
    """Both choose a phone call; the other-value frame rule, which reads "over a long email
    thread" into what is liked, still calls this pair a contradiction: a known miss."""
    assert_not_by("Ama prefers phone calls.", "Ama prefers a quick call over a long email "
                  "thread.", "other-channel")


def test_two_channels_one_is_reachable_on_are_no_other_channel() -> None:
    """"Reachable on" may be one of several. The other-property frame rule still leaves
    this pair to a person as a doubt (two places of "reachable" WordNet does not oppose):
    a known miss, never a revocation."""
    assert_not_by("Ama is reachable on WhatsApp.", "Ama is reachable on Signal.",
                  "other-channel")


def test_a_channel_added_as_well_is_no_other_channel() -> None:
    """"As well" adds a second channel. The agent-memory model still doubts this pair (a
    contradiction for a person, never a revocation): vetoing its doubt on "too", "both" or
    "in addition" lost five training contradictions ("only speaks English" / "... in
    addition to English"), so it is not vetoed."""
    assert_not_by("Ama wants invoices sent by email.", "Ama wants invoices sent by post as "
                  "well.", "other-channel")


def test_a_channel_named_in_the_plural_is_no_purpose_of_its_own() -> None:
    """"on Teams" (lemma "team") is the channel, not what it is chosen for."""
    assert explained("Noor prefers to be reached on Teams.",
                     "Noor prefers to be reached by email.") == ("contradiction", "other-channel")


def test_one_channel_named_each_keeps_two_notes_apart() -> None:
    """"go to her email" / "gets them by SMS": neither chosen, but never one note."""
    assert explained("Invoices go to Ravi's email.",
                     "Ravi gets invoices by SMS.") == ("two facts", "other-setting")


def test_a_common_word_named_otherwise_is_no_channel_apart() -> None:
    """"describe it in text" names no channel for sure."""
    from reverie.text.channels import channels_named_apart

    assert channels_named_apart("Send Ravi plain emails.", "Describe the steps in text.") is None


@pytest.mark.parametrize(("a", "b"), [
    ("Minutes aren't emailed.", "Minutes are sent by email."),  # named in use, turned down
    ("Ravi isn't reachable on WhatsApp.", "The best way to reach Ravi is WhatsApp."),
    ("Don't use Slack for Ravi.", "Ravi prefers Slack."),  # "use": no purpose of its own
])
def test_a_channel_turned_down_and_said_in_use(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "other-channel")


@pytest.mark.parametrize(("a", "b"), [
    ("Ravi doesn't use Slack.", "Ravi prefers Slack for status updates."),
    ("Not on WhatsApp.", "Reach Ravi on WhatsApp for quick questions."),
])
def test_a_channel_turned_down_whole_stands_against_it_chosen_for_one_thing(a: str,
                                                                          b: str) -> None:
    """Not using it at all leaves no purpose to use it for."""
    assert explained(a, b) == ("contradiction", "other-channel")


@pytest.mark.parametrize(("a", "b"), [
    ("Ravi doesn't use Slack at work.", "Ravi runs a chess club on Slack."),  # a place
    ("Ravi doesn't post on LinkedIn.", "Ravi reads LinkedIn every morning."),  # one use
    ("Never use Slack for urgent issues.", "Ravi prefers Slack."),  # the refusal's scope
])
def test_a_channel_turned_down_in_part_may_still_be_chosen(a: str, b: str) -> None:
    assert_not_by(a, b, "other-channel")


@pytest.mark.parametrize(("a", "b"), [
    ("The Monday standup is held in person.", "The Monday standup is held on Zoom."),
    ("Weekly reports go out by email.", "Weekly reports go out on Slack."),
    ("The weekly sync happens on Zoom.", "The weekly sync happens in person."),
])
def test_one_thing_by_two_channels_is_for_a_person(a: str, b: str) -> None:
    """Nothing else apart: a changed channel, or both meant; not certain either way."""
    assert explained(a, b) == ("contradiction", "one-thing-two-channels")


@pytest.mark.parametrize(("a", "b"), [
    ("Ravi is reachable on WhatsApp.", "Ravi is reachable on Signal."),  # several at once
    ("Send release notes via Slack.", "Also send release notes via email."),  # adding
    ("Ravi sends release notes via Slack.", "His manager sends release notes via email."),
    ("Send invoices by email.", "Send contracts by post."),  # two things
])
def test_look_alikes_of_one_thing_by_two_channels(a: str, b: str) -> None:
    assert_not_by(a, b, "one-thing-two-channels")


def test_a_channel_rarely_answered_is_turned_down() -> None:
    """"rarely answers phone calls" says the phone is no way to reach her."""
    from reverie.text.channels import channels

    assert channels("Ana rarely answers phone calls.").refused == {"phone"}
    assert explained("Ana prefers email; she rarely answers phone calls.",
                     "Reach Ana by email, not by phone.")[0] != "contradiction"


def test_two_channels_chosen_for_two_things_are_no_models_contradiction() -> None:
    """The NLI model scored "prefers async updates on Slack" / "prefers a weekly summary
    email" a contradiction of one frame; what each is chosen for differs."""
    assert_not_by("Dana prefers async updates on Slack.", "Dana prefers a weekly summary "
                  "email.", "nli-contradiction")
