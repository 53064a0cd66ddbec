"""Languages to address someone in: the reader (``reverie.text.languages``) and the
``other-language`` rule on pairs written for these tests, none drawn from a set the judge
is measured on."""

from __future__ import annotations

import pytest

from reverie.text.languages import languages
from tests.dreamkit import assert_not_by, explained


@pytest.mark.parametrize(("text", "one", "denied"), [
    ("Replies to Kofi should be in French.", {"french"}, set()),
    ("Kofi's preferred language: English or Spanish", None, set()),  # two: no one
    ("Kofi speaks Dutch and French.", None, set()),  # which he speaks: no address
    ("Send Kofi's reports in English; he doesn't read German.", {"english"}, {"german"}),
    ("Kofi wants docs in Chinese.", {"mandarin", "cantonese"}, set()),
])
def test_the_language_a_text_asks_for(text: str, one: set[str] | None, denied: set[str]
                                      ) -> None:
    found = languages(text)
    assert (set(found.one()) if found.one() else None, set(found.denied)) == (one, denied)


@pytest.mark.parametrize(("a", "b"), [
    ("Kofi's preferred language is Dutch.", "Kofi wants all replies in Italian."),
    ("Write Kofi's reports in Italian.", "Send Kofi's reports in English; he doesn't read "
                                         "Italian."),
    ("Kofi's preferred language is Dutch.", "Write to Kofi in Italian."),  # writing to him
    ("Kofi speaks Dutch with us.", "Kofi prefers to talk in Italian."),  # with us: address
])
def test_two_languages_to_address_one_holder_in_contradict(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "other-language")


@pytest.mark.parametrize(("a", "b"), [
    ("Kofi speaks Dutch.", "Kofi speaks Italian."),  # which he speaks
    ("Kofi's reports should be in Dutch.", "Calls with Kofi are in English."),  # two uses
    ("Kofi wants replies in Dutch.", "Ama wants replies in Italian."),  # two holders
    ("Kofi used to want replies in Dutch.", "Kofi wants replies in English now."),
    ("Kofi wants docs in Chinese.", "Kofi's docs must be in Mandarin."),  # may be one
    ("Kofi prefers a call back in Dutch.", "Kofi prefers written follow-ups in English."),
    ("UI language: English", "Kofi's native language is Twi or Dutch."),  # which he speaks
    ("UI language: English", "Kofi's native language is Dutch."),
    ("Kofi writes code comments in English.", "Kofi prefers chatting in Dutch."),  # two uses
    ("Kofi is writing a novel in Italian.", "Kofi's preferred language is Dutch."),
    ("Kofi is learning to write Italian.", "Reply to Kofi in Dutch."),
    ("Kofi speaks Dutch with us.", "Kofi speaks Italian at home."),  # which he speaks
])
def test_look_alikes_of_two_languages_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_code_comments_are_no_address() -> None:
    """Replies and code comments are two uses (the ``other-value`` frame rule, which reads
    two liked objects, still calls this pair a contradiction: a known miss)."""
    assert_not_by("Kofi prefers replies in Dutch.", "Kofi wants code comments written in "
                  "English.", "other-language")


def test_a_possessor_is_whose_it_is_not_what_is_addressed() -> None:
    """"The app's docs": documents, the app their holder (an app's words name its
    interface only where nothing else is addressed)."""
    assert languages("The app's manual is in Italian.").uses == set()
    assert languages("The app's docs are in Italian.").uses == {"documents"}
    assert explained("The app's interface language is German.",
                     "The app's docs are in Italian.")[0] != "contradiction"
