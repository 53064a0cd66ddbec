"""Trades WordNet files under a doer rather than a worker ("a reporter", "a cashier"),
work for a living, "full-time as", files' own formats ("prefers Word documents"),
carriers by their nouns, contact said as a noun ("wants all contact via Slack"), the
languages of invoices and support, and machines named with their system ("Dev machine:
Arch Linux", "Windows boxes"). The pairs are written for these tests (none drawn from a
set the judge is measured on)."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import normalize_chat
from tests.dreamkit import assert_contradiction, explained, held_of


@pytest.mark.parametrize(("text", "trade"), [
    ("Ben is a reporter.", {"reporter"}),
    ("Ana is a barista.", {"barista"}),
    ("Leo is a cashier.", {"cashier"}),
    ("Rosa is a firefighter.", {"firefighter"}),
    ("The user works full-time as a pharmacist", {"pharmacist"}),
    ("Maria teaches for a living.", {"teacher"}),
    ("Kwame makes a living as a carpenter.", {"carpenter"}),
])
def test_a_trade_is_an_occupation(text: str, trade: set[str]) -> None:
    assert held_of(text).get("occupation") == trade


@pytest.mark.parametrize(("a", "b"), [
    ("Ben is a reporter at the Tribune.", "Ben works as an accountant."),
    ("Leo is a cashier.", "Leo works as a teacher."),
    ("Marta works full-time as a pharmacist.", "Marta works as a photographer."),
    ("Maria teaches for a living.", "Maria works as a nurse."),
    ("Kwame makes a living as a carpenter.", "Kwame works as an electrician."),
])
def test_two_trades_of_one_person_contradict(a: str, b: str) -> None:
    assert_contradiction(a, b, "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("Ben's wife is a reporter.", "Ben works as an accountant."),
    ("Ana was a barista in college.", "Ana works as a nurse."),
    ("Leo talked to the cashier.", "Leo works as a teacher."),
    # what is done for a living names no trade's noun: "a bike fixer", "a code writer"
    ("Sven fixes bikes for a living.", "Sven is a mechanic."),
    ("Sven writes code for a living.", "Sven is a software engineer."),
    ("Maria's brother teaches for a living.", "Maria works as a nurse."),
    ("Maria taught for a living before retiring.", "Maria works as a nurse."),
])
def test_a_trade_of_another_or_of_before_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_an_employer_of_a_role_is_headed_by_its_employer_word() -> None:
    # "a little cafe near campus" is a cafe, one with a coffee shop: no two employers
    assert explained("Jo is a barista at a little cafe near campus.",
                     "Jo works in a coffee shop.")[0] != "contradiction"


@pytest.mark.parametrize(("text", "value"), [
    ("Kim prefers Word documents.", {"docx"}),
    ("Kim prefers documents in Word.", {"docx"}),
    ("Lisa wants reports in Word format.", {"docx"}),
])
def test_a_format_said_of_files_is_read(text: str, value: set[str]) -> None:
    assert value in held_of(text).values()


def test_one_file_liked_is_no_format_wanted() -> None:
    assert not held_of("Kim likes the Word document Tom sent.")
    assert explained("Kim edited the Word document Tom sent.",
                     "Kim prefers PDF documents.")[0] != "contradiction"


def test_two_formats_of_files_wanted_are_likely_one_of_two() -> None:
    assert_contradiction("Kim prefers Word documents.", "Kim wants documents as PDFs.",
                         "likely-one-value", certain=False)


@pytest.mark.parametrize(("text", "carrier"), [
    ("All shipments go through UPS.", {"ups"}),
    ("Our courier is FedEx.", {"fedex"}),
    ("Our logistics partner is DHL.", {"dhl"}),
])
def test_a_carrier_by_its_noun_or_through_is_read(text: str, carrier: set[str]) -> None:
    assert held_of(text).get("shipping carrier") == carrier


def test_two_carriers_said_by_their_nouns_contradict() -> None:
    assert_contradiction("Our courier is FedEx.", "Orders are delivered by DHL.",
                         "one-value-attribute")
    assert explained("Our phone provider is Verizon.",
                     "Our courier is FedEx.")[0] != "contradiction"


@pytest.mark.parametrize(("a", "b", "verdict"), [
    ("Leo wants all contact via Slack.", "Leo prefers to be reached by email.",
     "contradiction"),
    ("All contact with Priya goes via Slack.", "Priya prefers phone calls.", "contradiction"),
    ("All contact with Priya goes via Slack.", "Tom prefers phone calls.", "two facts"),
    ("Leo's contact on Slack is Maya.", "Leo prefers email.", "two facts"),
])
def test_contact_said_as_a_noun_names_its_channel(a: str, b: str, verdict: str) -> None:
    assert (explained(a, b)[0] == "contradiction") == (verdict == "contradiction")
    if verdict == "contradiction":
        assert_contradiction(a, b, "one-value-attribute")


@pytest.mark.parametrize(("a", "b", "contradicts"), [
    ("Send Omar's invoices in French.", "Omar wants invoices in Spanish.", True),
    ("Ana wants her support tickets in Spanish.", "Ana wants her support chats in Portuguese.",
     True),
    ("Brightwave's support team speaks Spanish.", "Brightwave's support team speaks English.",
     False),
    ("Send Omar's invoices in French.", "Omar wants replies in Spanish.", False),
    ("The newsletter is published in Spanish.", "The newsletter is published in English.",
     False),
])
def test_invoices_and_support_are_addressed_in_one_language(a: str, b: str,
                                                            contradicts: bool) -> None:
    assert (explained(a, b)[0] == "contradiction") == contradicts
    if contradicts:
        assert_contradiction(a, b, "other-language")


def test_a_computer_keyed_is_its_system_but_not_a_phone_number() -> None:
    assert normalize_chat("Dev machine: Arch Linux") == "Dev machine is Arch Linux"
    assert normalize_chat("Phone: 555 0142") == "Phone: 555 0142"
    assert held_of("Laptop: MacBook Pro.").get("system") == {"macos"}


@pytest.mark.parametrize(("a", "b", "contradicts"), [
    ("Dev machine: Arch Linux.", "The dev machine runs macOS.", True),
    # "our build agents" and "the build agents": the note's holder's, said or not
    ("Our build agents are Windows boxes.", "The build agents run Debian.", True),
    ("The server is a Linux machine.", "The server runs Windows Server 2019.", True),
    ("Our build agents are Windows boxes.", "Our web servers run Debian.", False),
])
def test_a_machine_named_with_its_system(a: str, b: str, contradicts: bool) -> None:
    assert (explained(a, b)[0] == "contradiction") == contradicts
    if contradicts:
        assert_contradiction(a, b, "likely-one-value", certain=False)


def test_a_thing_sent_by_a_channel_is_a_scope_not_another_channel() -> None:
    # what is sent is a scope of its own against the channel wanted in general
    assert explained("Dana wants contracts by post.", "Dana prefers email.")[0] != "contradiction"
    assert_contradiction("Dana wants contracts by post.", "Dana wants contracts by email.",
                         "other-value")
