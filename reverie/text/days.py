"""The days of the year a statement names, each as (month, day): "June 30", "30 June",
"the 30th of June", "30/06", "6/30" and "2026-06-30" ("May" only capitalised: "i may 2
go"). A numeric day and month both 12 or less ("05/06") may be either order and is not
read; nor is a bare "the 30th".
"""

from __future__ import annotations

import re
from functools import lru_cache

from reverie.text.vocabulary.calendar_words import MONTH_NUMBERS

__all__ = ["days_said"]

_MONTH = r"(?P<month>" + "|".join(sorted(MONTH_NUMBERS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_NAMED = (
    re.compile(r"\b" + _MONTH + r"\s+" + _DAY + r"\b", re.IGNORECASE),
    re.compile(r"\b" + _DAY + r"\s+(?:of\s+)?" + _MONTH + r"\b", re.IGNORECASE),
)
_NUMERIC = re.compile(r"(?<![\d/.-])(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)(?:/(?:\d{4}|\d{2}))?(?![\d/])")
_ISO = re.compile(r"\b\d{4}-(?P<month>[01]\d)-(?P<day>[0-3]\d)\b")


def _valid(month: int, day: int) -> bool:
    return 1 <= month <= 12 and 1 <= day <= 31


@lru_cache(maxsize=4096)
def days_said(text: str) -> frozenset[tuple[int, int]]:
    """Each (month, day) ``text`` names."""
    found: set[tuple[int, int]] = set()
    for pattern in _NAMED:
        for m in pattern.finditer(text):
            if m.group("month") == "may":
                continue  # "i may 2 go": the verb; the month is capitalised
            month, day = MONTH_NUMBERS[m.group("month").lower()], int(m.group("day"))
            if _valid(month, day):
                found.add((month, day))
    for m in _ISO.finditer(text):
        month, day = int(m.group("month")), int(m.group("day"))
        if _valid(month, day):
            found.add((month, day))
    for m in _NUMERIC.finditer(text):
        a, b = int(m.group("a")), int(m.group("b"))
        if a > 12 and _valid(b, a):  # "30/06": day first
            found.add((b, a))
        elif b > 12 and _valid(a, b):  # "6/30": month first
            found.add((a, b))
    return frozenset(found)
