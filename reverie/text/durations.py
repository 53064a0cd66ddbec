"""Lengths of time a statement gives ("90 days", "1 year", "two weeks", "18 months"), in
days, and whether two statements give two lengths no rounding explains.

:func:`durations` reads a count (figures, or a number word up to twenty) before a unit of
time (minute, hour, day, week, fortnight, month, quarter, year, decade); "a" is no count
("twice a day", "$49 a month" are rates).
Left out: a point in time ("2 years ago"), an age ("34 years old", "a 5-year-old"), and a
period of a frequency ("every 3 months": :mod:`reverie.text.frequency` reads it).
:func:`durations_apart` says whether each statement gives a length of time that none of the
other's matches ("Retention: 90 days" / "extended retention to 1 year"): two values, never
one fact said twice ("14 days" / "two weeks" is one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reverie.text.apart import close, matched_both_ways, unmatched_both_ways
from reverie.text.counts import COUNT_WORDS, count_of
from reverie.text.vocabulary.calendar_words import DAYS_IN

__all__ = ["Duration", "durations", "durations_alike", "durations_apart"]

# relative difference under which two lengths are one ("1 month" / "30 days", "1 year" /
# "12 months", "1 decade" / "ten years")
SAME_RATIO = 0.05

_COUNT = r"\d+(?:\.\d+)?|" + COUNT_WORDS
_DURATION = re.compile(
    r"(?<![\w.])(?P<before>every\s+|each\s+|per\s+)?(?P<count>" + _COUNT + r")[\s-]?"
    r"(?P<unit>" + "|".join(sorted(DAYS_IN, key=len, reverse=True)) + r")s?\b"
    r"(?P<after>(?:[\s-]+(?:ago|old)\b)?)")


_A_PART_OF = re.compile(r"\s+of\s+(?:an?|the)\s")


@dataclass(frozen=True)
class Duration:
    """A length of time: its days, and the words that give it."""

    days: float
    said: str


@lru_cache(maxsize=1 << 15)
def durations(text: str) -> tuple[Duration, ...]:
    """The lengths of time ``text`` gives, in order (remembered per text)."""
    found = []
    low = text.lower()
    for m in _DURATION.finditer(low):
        if m["before"] or m["after"]:
            continue  # "every 3 months", "2 years ago", "34 years old"
        if m["unit"] == "quarter" and _A_PART_OF.match(low, m.end()):
            continue  # "three quarters of an hour": a part of another unit
        count = count_of(m["count"])
        if count:
            found.append(Duration(count * DAYS_IN[m["unit"]], m.group(0).strip()))
    return tuple(found)


def durations_apart(a: str, b: str) -> tuple[Duration, Duration] | None:
    """A length of each text that none of the other's matches (the first of each), or
    None."""
    return unmatched_both_ways(durations(a), durations(b), _same)


def durations_alike(a: str, b: str) -> bool:
    """Both texts give lengths of time, each matched on the other side: "14 days" / "two
    weeks"."""
    return matched_both_ways(durations(a), durations(b), _same)


def _same(d: Duration, o: Duration) -> bool:
    return close(d.days, o.days, SAME_RATIO)
