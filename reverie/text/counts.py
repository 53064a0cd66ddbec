"""A count written in figures or as a number word up to twenty ("3", "1.5", "three"), as
the readers of :mod:`reverie.text.frequency` and :mod:`reverie.text.durations` take it."""

from __future__ import annotations

from reverie.text.vocabulary.number_words import NUMBER_WORDS

__all__ = ["COUNT_WORDS", "count_of"]

COUNT_WORDS = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
"""A regular-expression alternation of the number words, longest first ("seventeen" before
"seven")."""


def count_of(said: str) -> float | None:
    """The value of a count in figures or words ("3", "1.5", "three"); None for zero."""
    value = float(said) if said[0].isdigit() else float(NUMBER_WORDS[said])
    return value or None
