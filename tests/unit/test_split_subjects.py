"""A noun the parser made a second subject just before the subject ("The P1 response SLA
is 1 hour": "response" and "SLA" both subjects) is a compound of it; pairs written for
these tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

from reverie.judges.nlp import analyze
from tests.dreamkit import explained


def test_a_noun_made_a_second_subject_is_kept_with_the_subject() -> None:
    (clause,) = analyze("The P1 response SLA is 1 hour.").clauses
    assert {"p1", "response", "sla"} <= clause.subject


def test_two_things_of_one_name_are_not_one_value() -> None:
    """Were a contradiction (other-value): the response SLA's subject had lost "response",
    so both statements spoke of "the SLA"."""
    assert explained("The P1 response SLA is 1 hour.",
                     "The P1 resolution SLA is 4 hours.")[0] != "contradiction"
