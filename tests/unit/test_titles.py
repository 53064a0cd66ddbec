"""Job titles: the reader (``reverie.text.titles``) and the ``other-title`` rule on pairs
written for these tests, none drawn from a set the judge is measured on."""

from __future__ import annotations

import pytest

from reverie.text.titles import titles, titles_apart
from tests.dreamkit import assert_not_by, explained


@pytest.mark.parametrize(("text", "said"), [
    ("Ines Moreau — CTO", [("CTO", {"technology"}, None, "")]),
    ("Ines is CPO (Chief People Officer).", [("CPO / Chief People Officer", {"people"}, None,
                                              "")]),
    ("Ines Moreau, Head of Marketing", [("Head of Marketing", set(), 7, "marketing")]),
    ("Ines is a Sr. Analyst at Brightline.", [("Sr. Analyst", set(), 3, "analyst")]),
    ("Our senior engineers are in Lyon.", [("senior engineers", set(), 3, "engineer")]),
    ("She is the director of the company.", []),  # no function after "of"
])
def test_the_titles_a_text_gives(text: str, said: list[tuple[str, set[str], int | None, str]]
                                 ) -> None:
    assert [(t.said, set(t.chief), t.rank, t.job) for t in titles(text)] == said


def test_a_chief_officer_may_be_of_what_its_initialism_stands_for() -> None:
    assert titles_apart("Ines is the CPO.", "Ines is Chief Product Officer.") is None
    assert titles_apart("Ines is CPO, Chief Product Officer.",
                        "Ines is the Chief People Officer.") is not None
    assert titles_apart("Ines is a Senior Analyst.", "Ines is an analyst.") is None  # less


@pytest.mark.parametrize(("a", "b"), [
    ("Ines Moreau — CTO", "Ines Moreau is the company's CFO."),
    ("Rafael Ortiz, Director of Marketing", "Rafael became VP of Marketing in the spring."),
    ("Title: Junior Analyst", "Rafael Ortiz is a Principal Analyst."),
])
def test_two_titles_of_one_holder_contradict(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "other-title")


@pytest.mark.parametrize(("a", "b"), [
    ("Ines is CTO of Brightline.", "Ines is CFO of Halvorsen Group."),  # two employers
    ("Ines is the CTO.", "Ines is also the company's CFO for now."),  # both, said so
    ("Ines was the CFO until 2021.", "Ines is the CEO."),  # before and now
    ("Ines is not the CTO.", "Ines is the CFO."),  # a denial
    ("Staff meeting is on Mondays.", "Senior meeting is on Fridays."),  # no person's job
    ("Ines is the CTO.", "Rafael is the CFO."),  # two holders
])
def test_look_alikes_of_two_titles_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Head of Sales.", "VP of Marketing."),
    ("Rafael heads the sales team.", "Rafael is VP of Marketing."),
    ("Rafael runs the finance department.", "Rafael is the Director of People."),
])
def test_two_functions_headed_by_one_holder_are_for_a_person(a: str, b: str) -> None:
    """A person may head two functions: a contradiction, but not a certain one."""
    assert explained(a, b) == ("contradiction", "other-function")


@pytest.mark.parametrize(("a", "b"), [
    ("Rafael is Head of Sales and Marketing.", "Rafael is VP of Marketing."),  # one said
    ("Rafael is the Director of Engineering.", "Rafael heads the platform team."),  # a team
    ("Rafael is Director of Finance at Brightline.", "Rafael is Head of Product at Kestrel."),
    ("Rafael was Head of Sales.", "Rafael is VP of Marketing."),  # before and now
    ("Rafael is Head of Sales.", "His wife is VP of Marketing."),  # two holders
    ("Rafael heads the sales team.", "Rafael is VP of Sales."),  # one function
])
def test_look_alikes_of_two_functions_headed(a: str, b: str) -> None:
    assert_not_by(a, b, "other-function")
