"""Languages a holder speaks: the reader's spoken, unspoken and native languages
(``reverie.text.languages``) and the ``denied-language`` and ``other-native-language``
rules, on pairs written for these tests, none drawn from a set the judge is measured on."""

from __future__ import annotations

import pytest

from reverie.text.languages import languages
from tests.dreamkit import assert_not_by, explained


@pytest.mark.parametrize(("text", "spoken", "unspoken", "native"), [
    ("Ines speaks Dutch.", {"dutch"}, set(), []),
    ("Ines is fluent in Dutch.", {"dutch"}, set(), []),
    ("Ines doesn't speak Dutch.", set(), {"dutch"}, []),
    ("Ines doesn't understand Dutch.", set(), {"dutch"}, []),
    ("Ines doesn't speak Dutch very well.", set(), set(), []),  # how well, not whether
    ("Ines isn't fluent in Dutch yet.", set(), set(), []),
    ("Ines doesn't read Dutch.", set(), set(), []),  # she may still speak it
    ("Ines is learning Dutch.", set(), set(), []),
    ("Ines speaks Dutch natively.", {"dutch"}, set(), [{"dutch"}]),
    ("Mother tongue: Dutch.", {"dutch"}, set(), [{"dutch"}]),
    ("Ines's first language is Dutch, and she speaks some Greek.", {"dutch", "greek"},
     set(), [{"dutch"}]),
    ("Spanish and Catalan are both her native languages.", {"spanish", "catalan"}, set(),
     [{"spanish"}, {"catalan"}]),
])
def test_the_languages_a_text_says_its_holder_speaks(
        text: str, spoken: set[str], unspoken: set[str], native: list[set[str]]) -> None:
    found = languages(text)
    assert (set(found.spoken), set(found.unspoken), [set(n) for n in found.native]) == (
        spoken, unspoken, native)


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Ines doesn't speak Greek.", "Ines is fluent in Greek.", "denied-language"),
    ("Doesn't understand Greek.", "Native Greek speaker.", "denied-language"),
    ("Ines speaks Greek natively.", "Ines's native language is Turkish.",
     "other-native-language"),
    ("Mother tongue: Greek.", "First language is Turkish.", "other-native-language"),
])
def test_a_language_spoken_and_not_or_two_native_ones_contradict(a: str, b: str,
                                                                 rule: str) -> None:
    assert explained(a, b) == ("contradiction", rule)


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Ines doesn't read Greek.", "Ines speaks Greek.", "denied-language"),
    ("Ines isn't fluent in Greek yet.", "Ines speaks Greek.", "denied-language"),
    ("Ines speaks Greek.", "Ines speaks Turkish.", "other-native-language"),
    ("Bilingual: native Greek and Turkish speaker.", "Ines's native language is Turkish.",
     "other-native-language"),
    ("Ines's native language is Greek.", "Ines's husband's native language is Turkish.",
     "other-native-language"),  # two holders
    ("Ines used to be a native-level Greek speaker.", "Ines's native language is Turkish.",
     "other-native-language"),  # before and now
])
def test_languages_both_spoken_or_of_two_holders_do_not(a: str, b: str, rule: str) -> None:
    assert_not_by(a, b, rule)
