"""One holder named once with the note's holder as its owner and once by name alone ("our
dog Biscuit" / "Biscuit", "our neighbour Ines" / "Ines", "our client Brightline" /
"Brightline"). The pairs are written for these tests (none drawn from the check set,
DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, assert_not_by, explained


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Our cat Pixel is a Siamese.", "Pixel is a Maine Coon.", "other-value"),
    ("Our neighbour Ines lives in Ghent.", "Ines lives in Bruges.", "one-value-attribute"),
    ("Our vendor Kestrel invoices us in GBP.", "Kestrel invoices in EUR.",
     "one-value-attribute"),
    ("Our client Brightline is billed in SEK.", "Brightline is billed in NOK.",
     "one-value-attribute"),
])
def test_one_holder_named_with_its_owner_and_alone(a: str, b: str, rule: str) -> None:
    assert_contradiction(a, b, rule)


@pytest.mark.parametrize(("a", "b"), [
    ("Pixel's owner is a dentist.", "Pixel is a pilot."),  # whose, not who
    ("My cousin Ines plays the cello.", "Ines plays the harp."),  # two instruments
])
def test_another_holder_or_two_values_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_a_value_the_other_names_by_its_stem_is_no_other_value() -> None:
    """"a dual citizen of Portugal and Canada" / "is Canadian": both hold."""
    assert explained("Teo is a dual citizen of Portugal and Canada.",
                     "Teo is Canadian.")[0] != "contradiction"


def test_another_value_of_one_head_still_contradicts() -> None:
    """Only a word the other's value lacks is looked for: "Nirvana" / "Pearl Jam"."""
    assert_contradiction("Teo's favourite band is Nirvana.", "Teo's favourite band is Pearl Jam.",
                         {"other-value"})


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Tomasz Wrona lives in Gdansk.", "Tomasz lives in Krakow.", "one-value-attribute"),
    ("Mrs. Adeyemi works for Halvorsen Freight.", "Funmi Adeyemi is employed by Kestrel Air.",
     "one-value-attribute"),
    ("Ines Duarte invoices in Swiss francs.", "Ines's invoices are in euros.", "other-currency"),
])
def test_one_holder_named_in_full_and_in_part(a: str, b: str, rule: str) -> None:
    """A full name and a part of it, honorifics aside, are one holder."""
    assert_contradiction(a, b, rule)


@pytest.mark.parametrize(("a", "b"), [
    ("Tomasz Wrona lives in Gdansk.", "Tomasz Zielinski lives in Krakow."),  # two people
    ("Tomasz Wrona works for Halvorsen.", "Tomasz's wife works for Kestrel Air."),
    ("Brightline's time zone is UTC.", "Brightline's CFO lives in the Eastern time zone."),
])
def test_a_name_beside_another_or_beside_a_being_is_another_holder(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_a_word_after_the_possessive_is_no_part_of_the_name() -> None:
    """"Kestrel's UK invoices": "UK" says which invoices, not a longer name of Kestrel."""
    assert_not_by("Kestrel's invoices are in USD.", "Kestrel's UK invoices are in pounds.",
                  "other-currency")


@pytest.mark.parametrize(("a", "b", "contradicts"), [
    ("Employer: Halvorsen", "Noor works at Kestrel Air.", True),  # the note's holder, named
    ("Manager: Ruth Lang", "Noor reports to Paul Amato.", True),
    ("Employer: Halvorsen", "Noor's husband works at Kestrel Air.", False),  # a being of hers
])
def test_a_key_that_names_no_holder_is_the_holder_the_other_names(a: str, b: str,
                                                                  contradicts: bool) -> None:
    assert (explained(a, b)[0] == "contradiction") is contradicts


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Ahmed is on the Pro plan.", "They are on the Basic plan.", "one-value-attribute"),
    ("Maria is on Eastern time.", "Her timezone is CET.", "other-time-zone"),
    ("Ahmed works at Google.", "He works at Microsoft.", "one-value-attribute"),
])
def test_a_notes_pronoun_is_the_holder_the_other_names(a: str, b: str, rule: str) -> None:
    """"He", "she" or "they" opening a note stands for whom the notes are about."""
    assert explained(a, b) == ("contradiction", rule)


@pytest.mark.parametrize(("a", "b"), [
    ("Ahmed is on the Pro plan.", "I am on the Basic plan."),  # the writer, not Ahmed
    ("Ahmed is on the Pro plan.", "Her manager is on the Basic plan."),  # another holder
    ("Ahmed works at Google.", "His wife works at Microsoft."),
])
def test_a_first_person_or_another_holder_is_not_the_one_named(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"
