"""Calendar words: month and weekday names, their abbreviations and the periods a date names."""

from __future__ import annotations

__all__ = [
    "AMBIGUOUS_ABBREVIATIONS",
    "DAYS_IN",
    "MONTHS",
    "MONTH_NAMES",
    "MONTH_NUMBERS",
    "PERIODS",
    "RECURRENCE_WORDS",
    "RECURRING",
    "SEASONS",
    "WEEKDAYS",
    "WEEKDAY_KEYS",
]

MONTH_NAMES = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
"""The month names, capitalised, in calendar order."""

MONTHS = tuple(name.lower() for name in MONTH_NAMES)
"""The month names in lower case, in calendar order (``MONTHS.index(m) + 1`` is the month)."""

MONTH_NUMBERS: dict[str, int] = {
    **{name: number for number, name in enumerate(MONTHS, start=1)},
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "sept": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}
"""A month's number by its lower-case name or abbreviation ("march", "mar" -> 3)."""

SEASONS = frozenset({"spring", "summer", "autumn", "fall", "winter"})
"""The seasons of the year in lower case."""

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
"""The weekday names in lower case, Monday first (``date.weekday()`` order)."""

WEEKDAY_KEYS: dict[str, str] = {
    **{name: name[:3] for name in WEEKDAYS},
    "mon": "mon",
    "tue": "tue",
    "tues": "tue",
    "wed": "wed",
    "thu": "thu",
    "thur": "thu",
    "thurs": "thu",
    "fri": "fri",
    "sat": "sat",
    "sun": "sun",
}
"""A weekday's three-letter key by its lower-case name or abbreviation ("tues" -> "tue")."""

AMBIGUOUS_ABBREVIATIONS = frozenset(
    {
        "may",
        "mar",
        "jan",
        "jun",
        "jul",
        "aug",
        "sep",
        "oct",
        "nov",
        "dec",
        "mon",
        "tue",
        "wed",
        "thu",
        "fri",
        "sat",
        "sun",
        "sept",
        "tues",
        "thur",
        "thurs",
    }
)
"""Month and weekday names that are ordinary words too ("may", "sun"): names only when
capitalised."""

DAY_ADVERBS = frozenset({"today", "tonight", "tomorrow", "yesterday", "nowadays", "overnight",
                         "weekdays", "weekends"})
"""Nouns of a day said as adverbs ("Tomorrow works"): no one's name."""

PRESENT_NOUNS = frozenset({"moment", "present"})
"""Nouns of the present said as a time ("at the moment", "at present"): now, no
circumstance of its own."""

PERIODS = ("week", "month", "quarter", "year")
"""The periods a date can name besides a day."""

RECURRING = {"day": "daily", "week": "weekly", "month": "monthly", "quarter": "quarterly",
             "year": "yearly"}
"""A period said as recurring ("every month", "once a year", "per quarter") and the adverb
that says the same ("monthly")."""

DAYS_IN = {"minute": 1 / 1440, "min": 1 / 1440, "hour": 1 / 24, "hr": 1 / 24, "day": 1.0,
           "week": 7.0, "wk": 7.0, "fortnight": 14.0, "month": 30.44, "mo": 30.44,
           "quarter": 91.31, "year": 365.25, "yr": 365.25, "decade": 3652.5}
"""Days in each unit of time and its short forms (a month and a year on average)."""

RECURRENCE_WORDS = frozenset({"every", "each", "per"})
"""Determiners that make a period recurring ("every quarter", "each year")."""
