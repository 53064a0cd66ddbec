"""A verb denied with nothing after it denies every way of doing it (``negated-frame``:
"does not run" / "runs 5 km every morning"), but only of one subject: two things of one
kind ("the orders table" / "the invoices table") are two subjects. The pairs are written
for these tests (none drawn from the check set, DNLI, the blind sets or the training
pairs)."""

from __future__ import annotations

from tests.dreamkit import explained


def test_a_bare_denial_contradicts_a_measured_doing_of_one_subject() -> None:
    assert explained("Mia does not run.", "Mia runs 5 km every morning.") == (
        "contradiction", "negated-frame")


def test_a_bare_denial_of_another_thing_of_one_kind_is_no_contradiction() -> None:
    outcome, rule = explained("The orders table is partitioned by day.",
                              "The invoices table is not partitioned.")
    assert outcome != "contradiction", rule


def test_a_plural_compound_of_a_self_word_names_a_kind_not_the_user() -> None:
    """"the users table" is a kind of table (its lemma stays "users"), not the user's."""
    from reverie.judges.nlp import analyze

    (clause,) = analyze("The users table is not partitioned.").clauses
    assert "users" in clause.subject
