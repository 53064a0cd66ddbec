"""Word data: calendar words agree with the calendar, number words with their values."""

from __future__ import annotations

import calendar

from reverie.text.vocabulary.calendar_words import (
    AMBIGUOUS_ABBREVIATIONS,
    MONTH_NAMES,
    MONTH_NUMBERS,
    MONTHS,
    WEEKDAY_KEYS,
    WEEKDAYS,
)
from reverie.text.vocabulary.function_words import NEGATION_CUES, NEGATORS
from reverie.text.vocabulary.number_words import NUMBER_NAMES, NUMBER_WORDS, TENS


def test_month_and_weekday_names_are_the_calendars() -> None:
    assert list(MONTH_NAMES) == list(calendar.month_name)[1:]
    assert list(MONTHS) == [name.lower() for name in MONTH_NAMES]
    assert list(WEEKDAYS) == [name.lower() for name in calendar.day_name]


def test_every_month_and_weekday_abbreviation_names_its_own() -> None:
    for word, number in MONTH_NUMBERS.items():
        assert MONTHS[number - 1].startswith(word)
    for word, key in WEEKDAY_KEYS.items():
        assert any(day.startswith(word) and day.startswith(key) for day in WEEKDAYS)
    assert MONTH_NUMBERS.keys() | WEEKDAY_KEYS.keys() >= AMBIGUOUS_ABBREVIATIONS


def test_number_words_count_up() -> None:
    assert {word: NUMBER_NAMES.index(word) for word in NUMBER_NAMES} == NUMBER_WORDS
    assert NUMBER_WORDS["twenty"] == TENS["twenty"] == 20


def test_negation_cues_hold_every_negator() -> None:
    assert set(NEGATORS) < set(NEGATION_CUES)
    assert "not" in NEGATION_CUES
