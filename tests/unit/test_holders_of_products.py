"""What holds a product for its holder names no other holder ("Omar's cell carrier",
"Dana's plan renews", "for the app data"), and names the parser did not know are read.
The pairs are written for these tests (none drawn from the exclusive-value check set,
DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, assert_not_by, explained, held_of


@pytest.mark.parametrize(("a", "b"), [
    ("Omar uses Sprint.", "Omar's cell carrier is Verizon."),  # "cell" names the carrier
    ("Omar's wireless carrier is AT&T.", "Omar has Verizon."),
    ("Dana's phone is on Verizon.", "Dana's carrier is T-Mobile."),  # her phone's carrier
    # the words of the set are no being the holder owns (WordNet's "carrier" is one)
    ("Dana's phone carrier is Verizon.", "Dana switched to T-Mobile."),
    ("Dana's wireless carrier: Verizon", "Dana moved her number to Mint Mobile."),
])
def test_words_of_the_carrier_name_no_other_holder(a: str, b: str) -> None:
    assert_contradiction(a, b, "one-value-attribute")


def test_a_carrier_for_the_holders_cell_service_is_no_scope() -> None:
    """"for her cell service" says what T-Mobile is, not where it holds."""
    assert held_of("Dana is with T-Mobile for her cell service.")["mobile carrier"] == {
        "t-mobile"}
    assert_contradiction("Dana's phone carrier is Verizon.",
                         "Dana is with T-Mobile for her cell service.",
                         {"other-option", "one-value-attribute"})


@pytest.mark.parametrize(("a", "b"), [
    ("Raj has a work phone on Verizon.", "Raj's personal phone is on T-Mobile."),  # two lines
    ("Raj's work phone is on Verizon.", "Raj's carrier is T-Mobile."),  # one line of several
])
def test_two_phones_may_have_two_carriers(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("text", "value"), [
    ("Dana's team runs MongoDB.", "mongodb"),  # tagged a full stop by the parser
    ("Uses SQLite for the app data.", "sqlite"),  # the holder's data: no scope
    ("Raj's service persists to DynamoDB.", "dynamodb"),
    ("The app is backed by MySQL.", "mysql"),
    ("Primary DB: MongoDB", "mongodb"),  # "DB" names the database
])
def test_a_database_said_otherwise(text: str, value: str) -> None:
    assert held_of(text)["database"] == {value}


def test_a_database_named_by_a_key_against_one_in_use() -> None:
    """"Primary DB: MongoDB": the name the parser took for a stop is the key's value."""
    assert explained("Primary DB: MongoDB", "They run everything on Postgres.") == (
        "contradiction", "one-value-attribute")


def test_a_database_for_one_use_is_a_scope() -> None:
    assert "database" not in held_of("Uses Postgres for analytics.")


def test_a_note_that_begins_with_the_base_form_of_an_inflected_verb() -> None:
    """The parser tags "Uses" a base form at the root, its object then also its subject:
    the note is read as the holder's report ("She uses SQLite ...")."""
    from reverie.judges.nlp import analyze

    clause = analyze("Uses SQLite for the app data.").clauses[0]
    assert (clause.predicate, clause.subject) == ("use", frozenset())


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Dana's plan renews annually.", "Dana is billed every month.", "one-value-attribute"),
    ("Omar's clock is set to GMT.", "Omar's time zone: JST", "one-value-attribute"),
    ("Dana's first language is Portuguese.", "Dana's native tongue is Italian.",
     "other-native-language"),
])
def test_what_holds_the_attribute_is_its_holders(a: str, b: str, rule: str) -> None:
    assert explained(a, b) == ("contradiction", rule)


def test_once_a_year_is_yearly() -> None:
    assert held_of("The subscription renews once a year.")["billing cycle"] == {"annual"}


def test_a_second_language_is_no_native_one() -> None:
    assert_not_by("Dana's first language is Portuguese.", "Dana's second language is Italian.",
                  "other-native-language")


def test_a_channel_chosen_after_one_turned_down() -> None:
    """"hates phone calls and wants texts": the texts are chosen, not turned down."""
    from reverie.text.channels import channels

    said = channels("Omar hates phone calls and wants texts.")
    assert (said.chosen, said.refused) == ({"sms"}, {"phone"})
    assert channels("Never calls or texts.").refused == {"call", "sms"}


def test_the_main_database_and_a_primary_db_are_one_holders() -> None:
    """"Primary DB" / "the app's main database": which value is in use, not whose."""
    assert explained("Primary DB: Aurora MySQL.",
                     "The app's main database is Amazon Aurora with PostgreSQL compatibility."
                     ) == ("contradiction", "other-option")


@pytest.mark.parametrize(("a", "b"), [
    ("Acme is on version 4.2 of our SDK.", "Acme uses SDK 5.0."),
    ("Acme is on version 4.2 of the mobile app.", "The mobile app is at version 5.1."),
])
def test_a_version_of_a_thing_named_by_its_noun(a: str, b: str) -> None:
    """Two versions of one SDK were one note ("4.2" and "5.0" side by side)."""
    assert explained(a, b) == ("contradiction", "other-version")


def test_a_subject_that_names_the_occupation_names_no_holder() -> None:
    """"Job: barista" is the note's holder's job ("title" is left to the title readers:
    "Title: Vice President, Risk" / "works ... as a VP, Risk" is one)."""
    assert explained("Job: barista", "Dana is a full-time dentist.")[0] == "contradiction"


def test_a_name_wordnet_has_as_a_unit_is_an_employer() -> None:
    """"Siemens" is a unit of conductance to WordNet, and a company after "works for"."""
    assert held_of("Works for Siemens.")["employer"] == {"siemens"}
    assert "employer" not in held_of("Dana works for the sales unit.")
