"""Attitudes said with an adjective ("keen on", "afraid of") or a gerund ("to go skiing")
are the attitudes said with a verb ("loves", "enjoys skiing")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.nlp import LIKE, analyze
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import embedder, explained

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("text", "negated", "obj"), [
    ("i am keen on hot weather .", False, "weather"),
    ("i am not keen on hot weather .", True, "weather"),
    ("The user is afraid of flying.", True, "fly"),
    ("Priya is fond of jazz.", False, "jazz"),
])
def test_an_adjective_of_attitude_is_a_liking(text: str, negated: bool, obj: str) -> None:
    clause = analyze(text).clauses[0]
    assert (clause.predicate, clause.negated) == (LIKE, negated)
    assert clause.args[0].head == obj


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("i am not keen on hot weather .", "i love hot weather .", "negated-frame"),
    ("The user is afraid of flying.", "The user enjoys flying.", "negated-frame"),
    ("i hate to go skiing .", "i enjoy skiing .", "opposite-attitudes"),
    # a gerund parsed as a noun ("hiking") is the activity parsed as a verb ("hike")
    ("Priya enjoys hiking.", "Priya can't stand hiking.", "negated-frame"),
    ("Tom enjoys cooking.", "Tom hates cooking and orders takeout every night.",
     "negated-frame"),
    # the thing named whole by a WordNet compound ("rock music"), not a part of it
    ("Kofi loves rock.", "Kofi hates rock music.", "opposite-attitudes"),
    # "things" name nothing of their own
    ("Kofi is a big fan of green.", "Kofi really dislikes things that are green.",
     "opposite-attitudes"),
])
def test_attitudes_said_otherwise_contradict(a: str, b: str, rule: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == rule


def test_a_different_thing_feared_is_no_contradiction() -> None:
    found = explain(judge, "The user is afraid of flying.", "The user loves traveling.", NOW)
    assert found.outcome != "contradiction", found.reason


@pytest.mark.parametrize(("text", "negated", "holder", "obj"), [
    ("Jazz annoys Dana.", True, "dana", "jazz"),
    ("Dana is annoyed by jazz.", True, "dana", "jazz"),
    ("Spiders scare the user.", True, "self", "spider"),
    ("Jazz relaxes me.", False, "self", "jazz"),
    ("Crowds stress the user out.", True, "self", "crowd"),
])
def test_a_feeling_stirred_in_a_person_is_their_attitude(
        text: str, negated: bool, holder: str, obj: str) -> None:
    clause = analyze(text).clauses[0]
    assert (clause.predicate, clause.negated, clause.subject) == (LIKE, negated,
                                                                  frozenset({holder}))
    assert clause.args[0].head == obj


@pytest.mark.parametrize("text", [
    "Alice annoys Bob.",  # a name may be a person's: no attitude to a thing
    "The dentist scares the user.",  # a person stirs it
    "The update confused the parser.",  # no person feels it
])
def test_a_feeling_stirred_by_a_person_or_in_a_thing_stays_as_said(text: str) -> None:
    assert analyze(text).clauses[0].predicate != LIKE


@pytest.mark.parametrize(("a", "b"), [
    # a feeling stirred
    ("Spiders scare the user.", "The user loves spiders."),
    ("Small talk bores the user.", "The user enjoys small talk."),
    ("Long meetings drain Dana.", "Dana enjoys long meetings."),
    ("Dana is annoyed by jazz.", "Dana loves jazz."),
    ("Jazz relaxes Dana.", "Dana can't stand jazz."),
    # an attitude to a thing's end
    ("i love it when summer ends .", "i love summer ."),
    ("i prefer summer .", "i am always happy when the summer ends ."),
    ("i hate it when summer ends .", "i do not like summer ."),
    # what one is into, what one is done with
    ("Dana is really into hiking.", "Dana can't stand hiking."),  # merged before
    ("Dana is done with Slack.", "Dana loves Slack."),
])
def test_an_attitude_said_otherwise_against_a_liking_contradicts(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "negated-frame"


@pytest.mark.parametrize(("a", "b"), [
    ("Spiders scare the user.", "The user hates spiders."),
    ("Jazz annoys Dana's husband.", "Dana loves jazz."),
    ("The dentist scares the user.", "The user likes her dentist."),
])
def test_a_feeling_agreeing_or_of_another_is_no_contradiction(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction", found.reason


@pytest.mark.parametrize(("text", "negated", "obj"), [
    ("i love it when summer ends .", True, "summer"),
    ("Dana is always glad when the holidays are over.", True, "holiday"),
    ("i hate it when summer ends .", False, "summer"),
])
def test_an_attitude_to_an_end_is_the_opposite_attitude_to_the_thing(
        text: str, negated: bool, obj: str) -> None:
    clause = analyze(text).clauses[0]
    assert (clause.predicate, clause.negated, clause.args[0].head) == (LIKE, negated, obj)


def test_an_attitude_to_a_time_that_ends_nothing_stays_as_said() -> None:
    kids = analyze("i love it when my kids visit .").clauses[0]  # no end: likes "it"
    assert (kids.predicate, kids.negated, kids.args[0].head) == (LIKE, False, "it")
    assert analyze("i am happy when it rains .").clauses[0].predicate == "be"


@pytest.mark.parametrize(("text", "obj"), [
    ("Dana is really into hiking.", "hike"),
    ("i am big into jazz .", "jazz"),
])
def test_what_a_person_is_into_they_like(text: str, obj: str) -> None:
    clause = analyze(text).clauses[0]
    assert (clause.predicate, clause.negated, clause.args[0].head) == (LIKE, False, obj)


def test_a_time_into_a_thing_is_no_liking() -> None:
    assert analyze("The team is two weeks into the sprint.").clauses[0].predicate != LIKE


def test_one_done_with_a_thing_no_longer_likes_it() -> None:
    clause = analyze("Dana is done with Slack.").clauses[0]
    assert (clause.predicate, clause.negated, clause.args[0].head) == (LIKE, True, "slack")
    assert analyze("The report is done.").clauses[0].predicate != LIKE  # a task finished
    tool = analyze("Rollbacks are done with the deploy script.").clauses[0]  # a tool
    assert tool.predicate != LIKE


def test_what_one_finds_a_thing_to_be_rates_it() -> None:
    """ "finds meetings exhausting" says meetings are exhausting (one clause more), and
    the rating meets the liking of "enjoys meetings" (read with the verb "meet"): never
    one note. Merged before."""
    clauses = analyze("Dana finds meetings exhausting.").clauses
    assert any(c.predicate == "be" and c.subject == frozenset({"meeting"}) for c in clauses)
    found = explain(judge, "Dana finds meetings exhausting.", "Dana enjoys meetings.", NOW)
    assert found.outcome == "two facts", found.reason
    assert found.findings[0].rule == "opposite-ratings"


def test_a_thing_named_in_full_and_clipped_is_one_holder() -> None:
    """"the project repo" / "the project repository": one holder, so "public" /
    "private" are never one note."""
    assert explained("The billing repo is public.",
                     "The billing repository is private.")[0] != "one fact"
