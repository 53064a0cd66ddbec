"""Places lived in: the reader (``reverie.text.places``) and the ``other-residence`` rule
on pairs written for these tests, none drawn from a set the judge is measured on."""

from __future__ import annotations

import pytest

from reverie.text.places import places_apart, residence
from tests.dreamkit import explained


@pytest.mark.parametrize(("text", "said"), [
    ("Kofi lives in Lisbon.", "Lisbon"),
    ("home city: Porto", "Porto"),
    ("Kofi's home is in Jersey City.", "Jersey City"),
    ("i live in chicago with my sister", "chicago"),  # a note all in lower case
    ("i moved to sweden shortly before 2026-01-15", "sweden"),  # a date made absolute
    ("Kofi is based in Portland, Maine.", "Portland"),
    ("Kofi moved to Denver last year.", "Denver"),  # where he lives now
    ("Kofi now lives in the Netherlands.", "the Netherlands"),
    ("i live in upstate new york", "upstate new york"),  # a word before the name
    ("Kofi lives in North Carolina.", "North Carolina"),  # a name that starts with one
])
def test_the_place_a_holder_lives_is_read(text: str, said: str) -> None:
    found = residence(text)
    assert found is not None and found[0] == said


@pytest.mark.parametrize("text", [
    "Kofi used to live in Austin.",  # before
    "Kofi no longer lives in Oslo.",  # denied
    "Kofi was based in Leeds until 2020.",  # before
    "Kofi wants to live in Lisbon someday.",  # a wish
    "Kofi is moving to Denver next month.",  # not yet
    "Kofi's mom lives in Manila.",  # another's
    "Kofi also has a flat in London.",  # a second place, and no word of living
    "i live in the bay area",  # a word of a longer name
    "Kofi lives in the Bay Area.",  # "Bay" is a city besides
    "Kofi lives in reading glasses these days.",  # lower case in a note that is not
    "Kofi lives in Leeds and lives in York.",  # more than one
    "Kofi's hometown is Accra.",  # where he comes from (attributes.ORIGIN_NOUNS)
    "Home town: Kumasi",
])
def test_no_place_lived_in_now_is_read(text: str) -> None:
    assert residence(text) is None


@pytest.mark.parametrize(("a", "b"), [
    ("Kofi lives in Kyoto.", "Kofi is based in Japan."),  # a city in its country
    ("Kofi lives in Brooklyn.", "Kofi lives in New York."),  # one city as people say it
    ("Kofi moved to Seattle.", "Kofi lives in Washington."),  # a city in its state
    ("Kofi lives in Cork.", "Kofi lives in Ireland."),
])
def test_places_that_can_be_one(a: str, b: str) -> None:
    assert places_apart(a, b) is None


@pytest.mark.parametrize(("a", "b"), [
    ("Kofi lives in Portland, OR.", "Kofi's home is in Portland, Maine."),  # one name, two
    ("Home city: Cambridge, MA", "Kofi lives in Cambridge, England."),
    ("Kofi lives in Lisbon.", "home city: Porto"),
])
def test_places_that_cannot_be_one(a: str, b: str) -> None:
    assert places_apart(a, b) is not None


@pytest.mark.parametrize(("a", "b"), [
    ("Kofi lives in Lisbon.", "home city: Porto"),
    ("Kofi's home city is Lyon.", "Kofi lives in Marseille with his family."),
    ("i live in chicago with my sister", "home city: austin"),
])
def test_two_places_lived_in_contradict(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "other-residence")


@pytest.mark.parametrize(("a", "b"), [
    ("Kofi's mom lives in Manila.", "Kofi lives in Toronto."),  # two holders
    ("Kofi lives in Kyoto.", "Kofi is based in Japan."),  # one place
    ("Kofi no longer lives in Oslo.", "Kofi lives in Bergen."),  # denied
    ("Kofi used to live in Austin.", "Kofi lives in San Antonio."),  # before
    ("Kofi lives in Boston.", "Kofi also has a flat in London."),  # a second place
    ("Kofi lives in Lisbon.", "Kofi lives in Madrid during the week for work."),  # a part
])
def test_look_alikes_of_two_places_are_no_other_residence(a: str, b: str) -> None:
    assert explained(a, b)[1] != "other-residence"
