"""One thing by two names ("Postgres" / "PostgreSQL", "Pacific" / "PST") is one fact; a
people or its language ("is French") is no place one lives; "works from Sydney time" is
the zone one works on now; "used to" says what held before whatever its tag; a channel
the parse hung on the one contacted is the contact channel. The
pairs are written for these tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import analyze
from tests.dreamkit import assert_contradiction, explained, held_of


@pytest.mark.parametrize(("a", "b"), [
    ("The billing service stores its data in Postgres.",
     "The billing service's database is PostgreSQL."),
    ("Yara's laptop runs macOS.", "Yara uses a MacBook."),
    ("Remember that Hal is on Pacific time.", "Hal is in the PST time zone."),
    ("Send Quinn's invoices as PDFs.", "Quinn wants her invoices in PDF format."),
])
def test_one_thing_by_two_names_is_one_fact(a: str, b: str) -> None:
    assert explained(a, b)[0] == "one fact"


def test_a_name_said_again_beside_another_keeps_two_facts() -> None:
    """"PDF" / "PDFs" is one name, but "Google Docs" is another value beside it."""
    assert explained("Wants every invoice as PDF.",
                     "Stop sending PDFs; invoices should come as Google Docs.")[0] != "one fact"


@pytest.mark.parametrize(("a", "b"), [
    ("Lucie is French.", "Lucie lives in Belgium."),
    ("Lucie is French.", "Lucie moved to Portugal."),
    ("The reply language is Spanish.", "Lucie lives in Chile."),
])
def test_a_people_is_no_place_one_lives(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_a_people_said_is_no_residence() -> None:
    assert not any(k.startswith("residence") for k in held_of("Lucie is French."))
    assert not any(k.startswith("residence") for k in held_of("Their support language is Dutch."))


def test_the_zone_one_works_from_holds_now() -> None:
    assert_contradiction("Ezra works from Tokyo time.", "Ezra operates on London hours.",
                         "other-time-zone")


def test_used_to_is_before_whatever_its_tag() -> None:
    """The small parser tags this "used" a participle, as a passive's is."""
    assert analyze("Their warehouse used to be in Leeds.").clauses[0].past
    assert not analyze("Their warehouse is used to store tyres.").clauses[0].past


def test_a_channel_hung_on_the_one_reached_is_the_contact_channel() -> None:
    assert held_of("Ping the user on Telegram for news.").get("contact channel") == {"telegram"}


def test_a_plan_named_as_a_programming_language_is_still_a_plan() -> None:
    """WordNet files "BASIC" as a language, but no people's: the plan changed is one."""
    assert_contradiction("Downgraded to Basic in May.", "Has been on Premium since 2021.",
                         "changed-value")


def test_a_zone_named_twice_is_one_only_by_its_standard_hour() -> None:
    """"MST" is UTC-7, Pacific's summer hour, but another zone than Pacific."""
    assert explained("Hal is on Pacific time.",
                     "Hal's office is in the PST time zone and his home in MST.")[0] != "one fact"
