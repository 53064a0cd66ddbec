"""A bare "it" in a note's later statement is the thing the statement before it is about
(:func:`reverie.judges.nlp.resolve_it`). The notes are written for these tests."""

from __future__ import annotations

from reverie.judges.nlp import analyze, resolve_it
from tests.dreamkit import assert_contradiction


def test_it_is_the_thing_the_statement_before_names() -> None:
    first, second = resolve_it([analyze("The CI system was Jenkins"),
                                analyze("it is GitLab CI now")])
    assert second.clauses[0].subject == first.clauses[0].subject


def test_a_holder_or_a_person_before_is_no_antecedent() -> None:
    """"The user bought a tablet; it runs Android": the tablet, which no subject says."""
    _, second = resolve_it([analyze("The user bought a tablet"), analyze("it runs Android")])
    assert second.clauses[0].subject == frozenset()


def test_a_value_said_of_it_contradicts_the_thing_before() -> None:
    assert_contradiction("The staging database was MySQL; it is PostgreSQL now.",
                         "The staging database is MySQL.",
                         {"other-option", "other-value", "nli-contradiction",
                          "one-value-attribute"})
