"""Statements as the judge splits them, and as it hands them to the agent-memory model."""

from __future__ import annotations

import pytest

from reverie.text.statements import as_written, split_statements


def test_split_statements_drop_their_end_marks() -> None:
    """Sentences and ";"-clauses, trimmed, without the marks that ended them."""
    assert split_statements("Uses Postgres. Prefers Python; hates YAML!") == [
        "Uses Postgres", "Prefers Python", "hates YAML"]


@pytest.mark.parametrize(("statement", "written"), [
    ("Initech has 52 engineers", "Initech has 52 engineers."),
    ("Is it annual?", "Is it annual?"),
    ("Ships on Friday!", "Ships on Friday!"),
    ("Uses Postgres.", "Uses Postgres."),
])
def test_as_written_ends_a_statement_with_a_full_stop_once(statement: str, written: str) -> None:
    """A full stop is added unless one of ".!?" ends it (the form the model was taught on)."""
    assert as_written(statement) == written
