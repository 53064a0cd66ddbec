"""Counts in figures or words (:mod:`reverie.text.counts`)."""

from __future__ import annotations

import re

from reverie.text.counts import COUNT_WORDS, count_of


def test_a_count_is_read_in_figures_or_words_and_zero_is_none() -> None:
    assert [count_of(w) for w in ("3", "1.5", "three", "twenty", "0", "zero")] == [
        3.0, 1.5, 3.0, 20.0, None, None]


def test_the_longest_number_word_is_matched_first() -> None:
    assert re.fullmatch(f"(?:{COUNT_WORDS})", "seventeen") is not None
    assert re.match(f"(?:{COUNT_WORDS})", "seventeen").group(0) == "seventeen"  # type: ignore[union-attr]
