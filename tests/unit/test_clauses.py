"""The clause a word is in (reverie.text.clauses)."""

from __future__ import annotations

import pytest

from reverie.text.clauses import clause_around


@pytest.mark.parametrize(("text", "word", "clause"), [
    ("Don't email him; he only wants phone calls.", "phone", " he only wants phone calls"),
    ("Don't email him; he only wants phone calls.", "email", "Don't email him"),
    ("Only reach Calloway Inc. by email.", "email", "Only reach Calloway Inc. by email"),
    ("Prefers email, but a call is fine.", "call", " a call is fine"),
    ("Reach Ama on Slack. Never by email.", "email", " Never by email"),
])
def test_the_clause_a_word_is_in(text: str, word: str, clause: str) -> None:
    at = text.index(word)
    start, end = clause_around(text, at, at + len(word))
    assert text[start:end] == clause
