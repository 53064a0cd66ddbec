"""Names the tagger took for an adverb ("Raj works at Oracle"), one holder named with the
part it plays ("our contact Raj" / "Raj"), values
of a copula placed in a circumstance or a scope of their own, and attributes said in
more ways: a phone's provider, a main datastore, an account managed by someone, a job one
is employed as, a function's intern, more versioned software. The pairs are written for
these tests (none drawn from the exclusive-value check set, DNLI, the blind sets or the
training pairs)."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import analyze
from reverie.text.options import options
from reverie.text.titles import titles
from reverie.text.versions import versions
from tests.dreamkit import assert_contradiction, explained, held_of


def test_a_name_the_tagger_took_for_an_adverb_is_the_subject() -> None:
    clause = analyze("Raj is a Salesforce employee").clauses[0]
    assert clause.subject == {"raj"}
    assert held_of("Raj is a Salesforce employee.")["employer"] == {"salesforce"}


def test_a_day_said_as_an_adverb_is_no_name() -> None:
    # the tagger reads "Nowadays" as an adverb and WordNet knows it only as a noun, as
    # "Raj": a day's word all the same (DAY_ADVERBS), not the note's holder
    found = analyze("Nowadays prefers green tea")
    assert "nowadays" not in found.salient
    assert "nowadays" not in found.clauses[0].subject


@pytest.mark.parametrize(("a", "b"), [
    ("The customer's contact, Raj, works at Oracle.", "Raj is a Salesforce employee."),
    ("The customer's contact Raj works at Oracle.", "Raj is a Salesforce employee."),
])
def test_one_named_with_the_part_they_play_and_by_name_is_one_holder(a: str, b: str) -> None:
    assert_contradiction(a, b, "one-value-attribute")


def test_a_dog_named_in_apposition_and_without_commas_is_one_dog() -> None:
    assert_contradiction("User's dog, Rex, is a German Shepherd.",
                         "User's dog Rex is a small chihuahua mix.", "other-value")


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Ken uses Rogers for his mobile.", "Ken's cell provider is Bell.", "other-option"),
    ("The app's main datastore is MongoDB.", "Their main database is Oracle.",
     "one-value-attribute"),
    ("Acme's account is managed by Priya.", "Acme's account manager is Tom.",
     "one-value-attribute"),
    ("Li works as a pharmacist.", "Li is employed as a bus driver.", "one-value-attribute"),
    ("Omar is the Head of Sales at Lumen.", "Omar works at Lumen as a sales intern.",
     "other-rank"),
    ("Aisha works as a nurse for a living.", "Aisha is a teacher.", "one-value-attribute"),
])
def test_one_value_said_in_more_ways_contradicts(a: str, b: str, rule: str) -> None:
    assert_contradiction(a, b, rule)


def test_a_phones_provider_is_said_by_a_phrase_of_weak_words() -> None:
    named = options("Ken's cell provider is Bell.")["mobile carrier"]
    assert named.strong and named.named == {"bell"}
    assert not options("Ken uses Rogers for his mobile.")["mobile carrier"].strong


def test_a_device_and_its_system_named_together_are_one_system() -> None:
    assert held_of("Dana uses a MacBook with macOS.")["system"] == {"macos"}


def test_an_intern_of_a_function_is_its_lowest_rung() -> None:
    (title,) = titles("Omar works as a sales intern.")
    assert (title.rank, title.job) == (0, "sales intern")
    assert titles("Omar mentors the sales interns.") == ()


@pytest.mark.parametrize(("a", "b"), [
    ("Omar is the Head of Sales.", "Omar was a sales intern in 2015."),  # before and now
    ("The Head of Sales is Omar.", "Priya is a sales intern."),  # two holders
    ("Omar manages the sales interns.", "Omar is the Head of Sales."),
])
def test_an_intern_of_before_another_or_managed_is_no_other_rank(a: str, b: str) -> None:
    assert "other-rank" not in explained(a, b)[1]


def test_react_native_has_versions_of_its_own() -> None:
    (found,) = versions("Their mobile app runs React Native 0.74.")
    assert (found.product, found.number) == ("react native", "0.74")
    assert versions("In spring 2025 we moved offices.") == ()


@pytest.mark.parametrize(("a", "b"), [
    # a copula's value said where or when it holds, the other plain
    ("Raj is a night owl on weekends.", "Raj is an early riser."),
    # each value placed by its own preposition
    ("Raj is a senior engineer at Acme.", "Raj is a junior mentor in the volunteer program."),
    # one copula read the other way round ("the tech lead on Atlas is Dana"), one not
    ("Dana is the tech lead on Project Atlas.", "Dana is a backend engineer on Project Orion."),
])
def test_values_of_their_own_circumstance_or_scope_do_not_contradict(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    # a scope in a copula's subject, the other general
    ("Raj's manager for the Atlas project is Mia.", "Raj's manager is Leo."),
    ("Raj's working hours in summer are 8 to 4.", "Raj's working hours are 9 to 5."),
    ("Raj's address for deliveries is his office.", "Raj's address is 12 Elm Street."),
    # a manager of an engagement, the other general
    ("Raj reports to Mia on the Atlas project.", "Raj's manager is Leo."),
    # a thing available in one language of several
    ("The docs are available in English.", "The docs are available in Japanese."),
    # a scope of one before a currency or a zone
    ("Raj's currency for UK invoices is GBP.", "Raj's currency is EUR."),
    ("Raj's time zone while travelling is PST.", "Raj's time zone is CET."),
    ("When in London, Raj is on GMT.", "Raj is on IST."),
])
def test_a_value_of_a_scope_or_version_of_its_own_is_no_other_value(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Raj's manager is Mia.", "Raj's manager is Leo.", "other-value"),
    ("Raj reports to Mia.", "Raj's manager is Leo.", "one-value-attribute"),
    ("Ivo is a student at MIT.", "Ivo is a student at Harvard.", "other-value"),
    ("The Q3 report is due on Friday the 12th.", "The Q3 report is due on Monday the 15th.",
     "other-property"),
])
def test_one_scope_on_both_sides_or_none_still_holds_one_value(a: str, b: str, rule: str
                                                               ) -> None:
    assert explained(a, b) == ("contradiction", rule)


@pytest.mark.parametrize(("a", "b"), [
    ("Send updates to Raj over Teams.", "Raj wants updates by email only."),
    ("The best way to reach Ana is email.", "Ana only takes phone calls."),
])
def test_an_order_to_send_by_a_channel_chooses_it(a: str, b: str) -> None:
    assert_contradiction(a, b, "other-channel")


@pytest.mark.parametrize(("a", "b"), [
    ("Send invoices to Raj by email.", "Raj prefers Slack for quick questions."),
    ("Send updates to the team over Teams.", "Raj prefers email."),
])
def test_sending_by_a_channel_for_some_thing_or_someone_else_is_no_contradiction(
        a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"
