"""The only languages a holder speaks or reads ("speaks only Portuguese", "only reads
English") and a language it does not read, against another spoken or asked for; pairs
written for these tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from reverie.text.languages import languages
from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("text", "only", "only_read", "unread"), [
    ("Dana speaks only Portuguese.", {"portuguese"}, {"portuguese"}, set()),
    ("Dana only reads English.", set(), {"english"}, set()),
    ("Dana reads only English news.", set(), set(), set()),  # what is read
    ("Dana not only speaks English but also French.", set(), set(), set()),  # and more
    ("Dana doesn't read German.", set(), set(), {"german"}),
    ("Dana doesn't understand Italian legal jargon.", set(), set(), set()),  # the jargon
    ("Dana doesn't speak Italian very well.", set(), set(), set()),  # how well
])
def test_the_only_languages_and_the_ones_not_read(
        text: str, only: set[str], only_read: set[str], unread: set[str]) -> None:
    found = languages(text)
    assert (found.only, found.only_read, found.unread) == (only, only_read, unread)


@pytest.mark.parametrize(("a", "b", "rule"), [
    # were two facts
    ("Dana speaks only Portuguese.", "Dana is fluent in English.", "denied-language"),
    ("Write to Dana in Spanish.", "Dana only reads English.", "other-language"),
    ("Reply to Dana in Italian.", "Dana doesn't understand Italian.", "other-language"),
])
def test_a_language_beyond_the_only_ones_or_not_read_contradicts(
        a: str, b: str, rule: str) -> None:
    assert_contradiction(a, b, rule)


@pytest.mark.parametrize(("a", "b"), [
    ("Dana speaks only Portuguese at home.", "Dana is fluent in English."),  # a place of one
    ("Dana's mother speaks only Portuguese.", "Dana is fluent in English."),  # another holder
    ("Dana only reads English.", "Dana is fluent in Spanish."),  # may speak it
    ("Dana reads only English news.", "Write to Dana in Spanish."),  # the news
    ("Reply to Dana in Italian.", "Dana's boss doesn't understand Italian."),
    ("Reply to Dana in Italian.", "Dana doesn't understand Italian legal jargon."),
    # was denied-language: "not only" read as a denial
    ("Dana not only speaks English but also French.", "Dana speaks English."),
])
def test_look_alikes_of_the_only_languages_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"
