"""How often a statement says something happens ("twice a day", "every two weeks",
"monthly", "every other Friday"), as times per day, and whether two statements say two
frequencies.

:func:`frequencies` reads three forms from a statement's text:

* an adverb of a period (:data:`~reverie.text.vocabulary.calendar_words.RECURRING`:
  "daily", "weekly", "monthly", "quarterly", "yearly"; "annually", "fortnightly",
  "hourly", "nightly"); "biweekly" and "bimonthly" are left out (twice a week, or every
  two weeks);
* "every", "each" or "per" before a period, a count of periods, "other" or a weekday
  ("every month", "every 3 months", "every other week", "each Friday": weekly);
* a count of times in a period ("once a month", "twice a day", "3 times per week", "2x
  weekly", "three times daily");
* the cycle of a term that renews ("month-to-month", "an annual plan", "an annual
  Enterprise subscription"; not "annual leave").

"Weekdays" and "weekends" are not read: "every weekday" and "daily" are said of one habit.
:func:`frequencies_apart` says whether each statement gives a frequency that none of the
other's matches ("ships every two weeks" / "ships monthly"): two values of how often,
never one fact said twice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reverie.text.apart import close, matched_both_ways, unmatched_both_ways
from reverie.text.counts import COUNT_WORDS, count_of
from reverie.text.vocabulary.calendar_words import DAYS_IN, WEEKDAY_KEYS

__all__ = ["Frequency", "frequencies", "frequencies_alike", "frequencies_apart"]

# relative difference under which two frequencies are one ("monthly" / "every 30 days")
SAME_RATIO = 0.1

# a frequency's periods, in days: units of time and parts of a day ("every morning")
_DAYS = {**{unit: DAYS_IN[unit] for unit in (
    "minute", "hour", "day", "week", "fortnight", "month", "quarter", "year")},
    **dict.fromkeys(("night", "morning", "evening", "afternoon"), 1.0)}
_ADVERBS = {"hourly": DAYS_IN["hour"], "daily": 1.0, "nightly": 1.0,
            "weekly": DAYS_IN["week"], "fortnightly": DAYS_IN["fortnight"],
            "monthly": DAYS_IN["month"], "quarterly": DAYS_IN["quarter"],
            "yearly": DAYS_IN["year"], "annually": DAYS_IN["year"]}
# a cycle said of a term that renews ("an annual plan", "month-to-month"): how often it is
# billed, not a habit ("annual leave" is none)
_CYCLES = {"month to month": DAYS_IN["month"], "annual": DAYS_IN["year"]}
_CYCLE = re.compile(r"\b(month[\s-]to[\s-]month)\b|\b(annual)\s+(?:[\w-]+\s+)?"
                    r"(?:plan|subscription|contract|billing|term|renewal)s?\b"
                    # "the billing frequency is annual", "Renewal cycle: annual"
                    r"|\b(?:billing|payment|renewal|invoicing)\s+(?:frequency|cycle|period|"
                    r"schedule)\s*(?:is\s+|:\s*)(annual)\b")
_TIMES = {"once": 1, "twice": 2, "thrice": 3}
_COUNT = r"\d{1,3}|" + COUNT_WORDS
_PERIOD = "|".join(sorted([*_DAYS, *WEEKDAY_KEYS], key=len, reverse=True))

_ADVERB = re.compile(r"\b(" + "|".join(_ADVERBS) + r")\b")
_EVERY = re.compile(
    r"\b(?:every|each|per)\s+(?:(?P<other>other)\s+|(?P<count>" + _COUNT + r")\s+)?"
    r"(?P<period>" + _PERIOD + r")s?\b")
_HOW_MANY = r"(?:(?P<word>once|twice|thrice)|(?P<count>" + _COUNT + r")\s?(?:times|x))\s+"
_TIMES_IN = re.compile(
    r"\b" + _HOW_MANY + r"(?:(?:a|an|per|every|each)\s+(?P<period>" + _PERIOD + r")|"
    r"(?P<adverb>" + "|".join(_ADVERBS) + r"))\b")


@dataclass(frozen=True)
class Frequency:
    """How often: times per day, and the words that say it."""

    per_day: float
    said: str


@lru_cache(maxsize=1 << 15)
def frequencies(text: str) -> tuple[Frequency, ...]:
    """The frequencies ``text`` says, in order of the words that say them (remembered per
    text)."""
    lower = text.lower()
    found: list[tuple[int, Frequency]] = []
    taken: list[range] = []
    for m in _TIMES_IN.finditer(lower):
        times = _TIMES[m["word"]] if m["word"] else count_of(m["count"])
        days = _ADVERBS[m["adverb"]] if m["adverb"] else _period_days(m["period"])
        if times and days:
            found.append((m.start(), Frequency(times / days, m.group(0))))
            taken.append(range(m.start(), m.end()))
    for m in (*_EVERY.finditer(lower), *_ADVERB.finditer(lower)):
        if any(m.start() in r for r in taken):
            continue  # "twice every day", "2x weekly": read as a count already
        if m.re is _ADVERB:
            found.append((m.start(), Frequency(1 / _ADVERBS[m[1]], m.group(0))))
            continue
        count = 2 if m["other"] else count_of(m["count"]) if m["count"] else 1
        days = _period_days(m["period"])
        if count and days:
            found.append((m.start(), Frequency(1 / (count * days), m.group(0))))
    for m in _CYCLE.finditer(lower):
        said = m[1] or m[2] or m[3]
        found.append((m.start(), Frequency(1 / _CYCLES[said.replace("-", " ")], said)))
    return tuple(f for _, f in sorted(found, key=lambda p: p[0]))


def frequencies_apart(a: str, b: str) -> tuple[Frequency, Frequency] | None:
    """A frequency of each text that none of the other's matches (the first of each), or
    None: "every two weeks" / "monthly" are two, "every month" / "monthly" one."""
    return unmatched_both_ways(frequencies(a), frequencies(b), _same)


def frequencies_alike(a: str, b: str) -> bool:
    """Both texts give frequencies, each matched on the other side: "every 15 minutes" /
    "four times an hour"."""
    return matched_both_ways(frequencies(a), frequencies(b), _same)


def _period_days(period: str) -> float | None:
    if period in WEEKDAY_KEYS:
        return 7.0
    return _DAYS.get(period)


def _same(f: Frequency, o: Frequency) -> bool:
    return close(f.per_day, o.per_day, SAME_RATIO)
