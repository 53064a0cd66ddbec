"""Negations read where the parse hides them: one the tagger hung on a verb it made an
auxiliary still negates the clause ("i do not like well done beef": "like" tagged an
auxiliary of "done"), not where the predicate is a noun tagged a verb ("User can't eat
gluten" read with the verb "gluten"); a negated clause denies its verb as well as its
arguments."""

from __future__ import annotations

from reverie.judges.nlp import analyze
from tests.dreamkit import explained


def test_a_negation_on_a_mistagged_auxiliary_negates_the_clause() -> None:
    assert analyze("i do not like well done beef").clauses[0].negated


def test_a_denial_of_a_kind_keeps_apart_what_the_other_says_of_it() -> None:
    assert explained("i eat a lot of beef", "i do not like well done beef") == (
        "two facts", "denied-mention")


def test_a_noun_tagged_a_verb_takes_no_negation_from_an_auxiliary() -> None:
    assert explained("User can't eat gluten.", "User is on a gluten-free diet.")[0] == (
        "one fact")


def test_a_stop_and_a_denial_of_the_same_act_are_one_fact() -> None:
    """A negated clause denies its verb too: "stopped biting her nails" denies nothing
    that "doesn't bite her nails anymore" says."""
    assert explained("Noor stopped biting her nails", "Noor doesn't bite her nails anymore")[
        0] == "one fact"


def test_a_stop_contradicts_what_the_other_still_does() -> None:
    """"stopped biting her nails": does not bite them now (was two facts, denied-mention,
    before a doing stopped was read as denied now)."""
    assert explained("Noor stopped biting her nails", "Noor bites her nails")[0] == (
        "contradiction")
