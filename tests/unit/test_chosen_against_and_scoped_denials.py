"""What a value is chosen against ("uses Linux rather than Windows", "Postgres instead of
MySQL") read as denied, a denied aside keeping its clause's circumstances ("English, not
Hindi, at work": not Hindi at work), and a denial said of a circumstance or a time the
other statement does not say. The pairs are written for these tests (none drawn from the
exclusive-value check set, DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import analyze
from tests.dreamkit import assert_contradiction, assert_not_by, explained


def test_what_a_value_is_chosen_against_is_denied_in_its_role() -> None:
    main, aside = analyze("We pay in euros rather than dollars").clauses[:2]
    assert not main.negated and main.arg("prep:in").words == {"euro"}  # type: ignore[union-attr]
    assert aside.negated and aside.arg("prep:in").words == {"dollar"}  # type: ignore[union-attr]


def test_a_denied_aside_keeps_its_clauses_circumstance() -> None:
    aside = analyze("Raj uses Linux rather than Windows at work").clauses[1]
    assert aside.negated
    assert [(x.role, x.words) for x in aside.args] == [("obj", {"windows"})]
    assert [(x.role, x.words) for x in aside.scope] == [("prep:at", {"work"})]


@pytest.mark.parametrize(("a", "b"), [
    # merged into one note before: "rather than" was read as one more object
    ("Raj uses Linux rather than Windows.", "Raj uses Windows rather than Linux."),
    ("The team uses Postgres instead of MySQL.", "The team uses MySQL instead of Postgres."),
    ("The client pays in dollars instead of euros.", "The client pays in euros."),
])
def test_a_value_chosen_against_contradicts_the_value(a: str, b: str) -> None:
    assert_contradiction(a, b, "denied-value")


@pytest.mark.parametrize("a", ["We pay in euros rather than dollars.",
                               "We pay in euros, not dollars."])
def test_the_value_chosen_is_one_fact_with_the_value(a: str) -> None:
    # before, the denied aside was another value than the other's: no merge
    assert explained(a, "We pay in euros.")[0] == "one fact"


@pytest.mark.parametrize(("a", "b"), [
    ("Dana drinks tea, not coffee, in the morning.", "Dana drinks coffee after lunch."),
    ("Raj uses Linux rather than Windows at work.", "Raj uses Windows at home."),
    ("Dana doesn't work on weekends in summer.", "Dana works on weekends."),
    ("Emails go to Raj instead of Dana while she is on leave.", "Emails go to Dana."),
])
def test_a_denial_of_some_circumstance_or_time_is_no_contradiction(a: str, b: str) -> None:
    assert_not_by(a, b, "negated-frame")


@pytest.mark.parametrize(("a", "b"), [
    ("Raj doesn't drink coffee.", "Raj drinks coffee in the morning."),
    ("Omar does not eat meat.", "Omar eats meat at restaurants."),
])
def test_a_denial_of_every_circumstance_still_contradicts(a: str, b: str) -> None:
    assert_contradiction(a, b, "negated-frame")


def test_a_denial_at_the_moment_is_a_denial_now() -> None:
    # "at the moment" is no circumstance of its own: the denial holds now
    assert_contradiction("I do not have a job at the moment.", "I have a hard job.",
                         "negated-frame")


def test_whenever_says_every_time_not_a_time_of_its_own() -> None:
    assert_contradiction("I hate jazz, never play it for me.",
                         "Jazz is my favourite music, put it on whenever you can.",
                         "negated-frame")


@pytest.mark.parametrize(("a", "b"), [
    # each turns Zoom down, one by "over", one by "rather than": no denial of what the
    # other says, so they merge
    ("Prefers Teams over Zoom.", "Use Microsoft Teams rather than Zoom for video calls."),
    ("Team switched from Jira to Linear.", "They track issues in Linear now instead of Jira."),
])
def test_a_value_turned_down_by_both_is_one_fact(a: str, b: str) -> None:
    assert explained(a, b)[0] == "one fact"


def test_what_the_one_for_turns_down_is_no_opposite_attitude() -> None:
    # both are against PDFs: one says no, one wants links instead
    assert_not_by("No PDFs.", "Wants Google Doc links instead of PDF attachments.",
                  "opposite-attitudes")


@pytest.mark.parametrize("a", ["Priya does not speak Hindi at work.",
                               "At work, Priya does not speak Hindi."])
def test_a_language_denied_somewhere_is_no_language_unspoken(a: str) -> None:
    assert_not_by(a, "Priya speaks Hindi.", "denied-language")


def test_a_language_denied_everywhere_contradicts_one_spoken_somewhere() -> None:
    assert_contradiction("Priya does not speak Hindi.", "Priya speaks Hindi at home.",
                         {"negated-frame", "denied-language"})
