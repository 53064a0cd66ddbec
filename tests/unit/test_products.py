"""A product's sort gives the attribute it is a value of ("MySQL": a database, "T-Mobile":
a carrier, "Ubuntu": a computer's system; reverie.text.vocabulary.products). The pairs are
written for these tests (none drawn from the exclusive-value check set, DNLI, the blind
sets or the training pairs)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, assert_not_by, explained, held_of


@pytest.mark.parametrize(("text", "attribute", "value"), [
    ("Lena's team is on Vodafone.", "mobile carrier", "vodafone"),
    ("Lena's desktop runs Fedora", "system", {"fedora", "linux"}),  # a kind of its family
    ("Lena's desktop runs macOS Sequoia", "system", "macos"),  # the head a release
    ("The shop stores its orders in MariaDB.", "database", "mariadb"),
    ("Lena browses with Safari.", "browser", "safari"),
    ("Lena is a Telstra customer.", "mobile carrier", "telstra"),  # the noun's name
    ("Lena uses an iPhone.", "phone system", "ios"),  # the phone, and so its system
    ("Lena works on a MacBook.", "system", "macos"),
    ("MacBook Air user.", "system", "macos"),  # a name of two words before the noun
])
def test_a_product_used_is_a_value_of_its_sort(
        text: str, attribute: str, value: str | set[str]) -> None:
    assert held_of(text)[attribute] == ({value} if isinstance(value, str) else value)


@pytest.mark.parametrize("text", [
    "Lena loves opera.",  # not a browser, whatever a list says
    "Lena uses MariaDB at work.",  # a scope: at work, perhaps not elsewhere
    "Lena compared Firefox with Safari.",  # no use said
])
def test_a_name_not_said_in_use_gives_no_value(text: str) -> None:
    assert not {"browser", "database"} & set(held_of(text))


@pytest.mark.parametrize(("a", "b"), [
    ("Lena's mobile carrier is Telstra.", "Lena is on Optus."),
    ("Lena's browser is Safari.", "Lena browses with Firefox."),
    ("Lena's database is SQLite.", "Lena runs everything on PostgreSQL."),
    ("Lena is a Firefox user.", "Lena's browser is Safari."),
    ("Lena's operating system is Windows.", "Lena's PC runs Fedora."),  # her computer's
    # the device in the subject with the attribute's noun, and as the holder
    ("Lena's desktop OS is Windows 11.", "Lena's desktop runs macOS Ventura."),
])
def test_a_named_attribute_and_a_product_of_its_sort_contradict(a: str, b: str) -> None:
    assert_contradiction(a, b, "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("Lena's desktop runs Windows 10.", "Lena's desktop runs macOS Sequoia."),
    ("Lena is on a Mac.", "Lena's computer runs Windows."),  # a Mac: macOS
    ("The shop runs on MySQL.", "The shop runs on Cassandra."),
    ("The user uses an iPhone.", "The user's phone runs Android."),
])
def test_two_products_of_one_sort_in_use_are_likely_one_value(a: str, b: str) -> None:
    """Both only used: most likely one, but a holder may have two (for a person)."""
    assert_contradiction(a, b, "likely-one-value", certain=False)


def test_a_last_name_the_parser_takes_for_a_stop() -> None:
    """spaCy gives a statement's last word, an unknown name after a preposition and no
    full stop, the punct arc ('runs on MongoDB'): it is read as the stranded object."""
    assert_contradiction("The shop runs on MySQL.", "The shop runs on MongoDB.",
                         "likely-one-value", certain=False)


@pytest.mark.parametrize(("a", "b"), [
    ("Lena's desktop runs Ubuntu.", "Lena's desktop runs Linux."),  # a kind and its family
    ("The shop's database is Postgres.", "The shop runs on PostgreSQL."),  # two names
    ("Lena's desktop runs Windows.", "Lena's phone runs Android."),  # two machines
    ("Lena's work laptop runs macOS.", "Lena's gaming PC runs Windows."),  # two computers
    ("Lena's laptop OS is macOS.", "Lena's desktop runs Windows."),  # two devices named
    ("Lena's carrier is Telstra.", "Lena's brother is on Optus."),  # another holder
    ("Lena uses MariaDB at work.", "Lena uses SQLite for her side projects."),  # two scopes
    ("Lena used to be on Optus.", "Lena's carrier is Telstra."),  # then and now
    ("Lena is a Telstra customer.", "Lena's carrier is Telstra."),  # one value twice
    ("Lena's browser is Safari.", "Lena is a Safari power user."),
])
def test_one_product_two_machines_holders_scopes_or_times_do_not_conflict(a: str, b: str) -> None:
    assert_not_by(a, b, "one-value-attribute")
    assert_not_by(a, b, "likely-one-value")


def test_a_mobile_provider_is_the_carrier() -> None:
    assert held_of("Dana's mobile provider is Vodafone.")["mobile carrier"] == {"vodafone"}
    assert "mobile carrier" not in held_of("Dana's email provider is Gmail.")
    assert_contradiction("Dana's mobile provider is Vodafone.", "Dana is on T-Mobile.",
                         "one-value-attribute")


def test_excel_is_a_file_format() -> None:
    assert_contradiction("Send invoices as PDF.", "Send invoices as Excel spreadsheets.",
                         "other-value")


def test_a_device_said_to_be_a_product_runs_its_system() -> None:
    """"the user's laptop is a MacBook Pro": macOS ("Pro" is no professional)."""
    assert_contradiction("Ines doesn't use a Mac.", "Ines's laptop is a MacBook Pro.",
                         "denied-value")


def test_a_branch_pull_requests_go_to() -> None:
    assert_contradiction("Pull requests go to the develop branch.", "Pull requests go to main.",
                         "one-value-attribute")


@pytest.mark.parametrize(("text", "parsed"), [
    ("PRs target develop.", "PRs target Develop."),  # "develop" had become the verb
    ("Merge into main after review.", "Merge into Main after review."),
    ("The main goal is speed.", "The main goal is speed."),  # no git verb before it
    ("Push to master-v2.", "Push to master-v2."),  # another branch's name
])
def test_a_branch_a_git_verb_takes_is_parsed_as_a_name(text: str, parsed: str) -> None:
    from reverie.judges.nlp import normalize_chat

    assert normalize_chat(text) == parsed


def test_a_bare_branch_after_a_git_verb_keeps_two_notes_apart() -> None:
    """"PRs target develop" / "PRs should target main" were merged: "develop" was the
    verb, and the first statement had no branch."""
    assert explained("PRs target develop.", "PRs should target main.")[0] != "one fact"


def test_a_products_name_is_one_lemma_whatever_its_tag() -> None:
    """"Windows" tagged a plural noun is not "window": the denial is of the same name."""
    from reverie.judges.nlp import analyze

    assert "windows" in analyze("Dana's OS is not Windows.").lemmas
    assert explained("Dana's OS is not Windows.", "Dana's OS is Windows.")[0] == "contradiction"
