"""Temporal normalization: relative date phrases become absolute ISO dates.

A note written on 2026-03-15 that says "yesterday we decided to use Redis" is
only true relative to its ``created_at``; once notes are merged that anchor is
lost. :func:`normalize_dates` rewrites relative references against the note's
own ``created_at`` (taken as UTC) -- "yesterday" becomes "on 2026-03-14",
"last week" "in the week of 2026-03-02" (ISO weeks start on Monday), "last
month" "in February 2026", "recently" "shortly before 2026-03-15" -- and
:func:`has_relative_date` tells whether any relative reference remains.
:func:`date_intervals` gives the days each reference can mean and
:func:`could_coincide` tells whether two notes' references can name one time.

How. A small span finder (one pattern per phrase shape below, word-bounded,
case-insensitive; leftmost, then longest wins) proposes spans; the date is
computed by ``dateparser`` (``RELATIVE_BASE`` = the note's time, UTC, English
only), which is also the arbiter: a proposed span it cannot parse is not a date
and stays. (dateparser's own ``search_dates`` is not used to find spans: its spans
run on -- "last week after the" -- it misreads "the day before yesterday" inside a
sentence as yesterday, and it takes "We" for Wednesday and "#12" for December.)
The shapes dateparser resolves: "yesterday", "today", "tonight",
"tomorrow", "the day before yesterday", "the day after tomorrow", each with a part
of the day ("yesterday morning", "last night", "this evening"); "last/this/next"
with "week", "month", "year" (and "weekend", "quarter", see below); "N units ago",
"N units from now", "in N units" (units from minute to year, N a number or a
number word up to ninety-nine); "last/next/this Friday" and "on Friday". What we decide,
not dateparser: how a resolved date is written (its granularity: a day, "the week
of <Monday>", a month, a year; "N weeks ago" is "around <date>"), and which
phrases place an event in time at all (below).

What dateparser gets wrong or cannot do, and what is done instead (each has a test):

* "last week" is a day seven days back to dateparser; it is written as the ISO
  week holding that day ("the week of 2026-03-02"); "last weekend" is the Saturday
  of that week; "last quarter" is the quarter holding "3 months ago".
* "this past Monday" and "this coming Wednesday" are read as "last Monday" and
  "next Wednesday"; "this Friday" is the next Friday from the note's day on (the
  note's day included) unless the sentence is in the past tense, where it is the
  last one; "on Monday" is the Monday before the note in a past-tense sentence and
  the one after it in a future sentence, and no date otherwise ("meets on Monday"
  is a schedule). A weekday followed by a date ("Monday, March 9") is already dated.
* Vague phrases are not parsed by dateparser; they stay vague but anchored: "a
  few days ago" -> "a few days before 2026-03-15", "recently"/"lately"/"not long
  ago" -> "shortly before", "a while ago" -> "some time before", "the other day"
  -> "a few days before", "these days"/"nowadays" -> "as of", "soon" -> "shortly
  after", "the past two weeks" -> "the two weeks before", "in a few days" -> "a few
  days after"; any other "ago" or "from now" is anchored word for word: "years
  ago" -> "years before 2026-03-15", "a decade ago" -> "a decade before
  2026-03-15", "a fortnight from now" -> "a fortnight from 2026-03-15", "from now
  on" -> "from 2026-03-15 on".
* A duration or a standing rule is not an event: "in 3 days" counts from the note
  unless the sentence is in the past tense ("resolved in 3 days") or states a rule
  (a word such as "every", "always", "must", "should", "per", "SLA", "policy",
  "response", "reply", "resolution": "tickets get a reply in 4 hours"); "within 2
  weeks" counts from the note only in a future sentence that states no rule ("they
  will send the contract within 2 days" -> "by <date>"), so "first response within
  4 hours" and "returns are accepted within 30 days" stay. dateparser would read
  "within 4 hours" as four hours *ago*.
* Not dates, left untouched although dateparser parses some of them: times of day
  ("at 3pm"), "now", "may" the verb, "second" the ordinal, month names and years
  ("since 2019"), bare weekdays ("we spoke Monday", "We" is not Wednesday),
  "Mondays", "weekly", "Todayville", "the last week of March", "the last Monday of
  each month", "next steps".

Writing: a phrase after a preposition ("since yesterday") loses its own
"on"/"in" ("since 2026-03-14"); a possessive ("yesterday's call") becomes "the
2026-03-14 call"; a capitalized phrase gives a capitalized replacement.
:func:`has_relative_date` reports exactly the phrases :func:`normalize_dates`
rewrites, the output contains none of them, so normalizing is idempotent, and
nothing depends on the machine's clock or time zone.

Coincidence: each resolved phrase also has the days it can mean -- a day, the ISO
week, the month, "around" a day give or take 3, and for vague phrases a stretch
("recently": the 30 days before the note, "a few days ago": 1 to 9 days before,
"years ago": any day before). Two notes' dates could coincide when an interval of
one is within a slack (7 days) of one of the other, so one event told as
"yesterday" and as "last week" is not two times.

Limits: tense is guessed from word forms (irregular past verbs, "-ed" words not
after "is"/"very"..., future auxiliaries), so "Customer wants a call on Friday"
(no tense marker) is left alone; "currently", "the previous week", "the week before
last" and dates in other languages are not rewritten; "next Friday" is the first
Friday after the note, not the Friday of next week. A rule is told from an event by
cue words only: "the fix ships within 2 weeks" (no future marker) is left as a
duration, "we will migrate every service within 2 weeks" is taken for a rule, and
"refunds are processed in 5 days" (no cue) is rewritten as an event.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Literal

from dateparser.date import DateDataParser

from reverie.text.utc import as_utc
from reverie.text.vocabulary.calendar_words import MONTH_NAMES, WEEKDAYS
from reverie.text.vocabulary.number_words import NUMBER_NAMES, TENS
from reverie.text.vocabulary.verbs import ED_NOT_PAST, IRREGULAR_PAST, NOT_PAST_AFTER

Tense = Literal["past", "future"]
Interval = tuple[date, date]


# a number, or an English number word up to ninety-nine (dateparser reads them all)
_ONES = "|".join(NUMBER_NAMES[1:10])
_NUM = (
    r"(?P<n>\d{1,3}|an|a|(?:" + "|".join(TENS) + r")"
    r"(?:[-\s](?:" + _ONES + r"))?|" + "|".join(NUMBER_NAMES[10:20]) + "|" + _ONES + r")"
)
_VAGUE = r"(?P<v>a\s+few|a\s+couple\s+of|a\s+couple|couple\s+of|few|several)"
_UNIT = r"(?P<u>minute|hour|day|week|month|year)s?"
_UNITS = r"(?P<uw>(?:minute|hour|day|week|month|year)s?)"
_PART = r"(?:\s+(?P<part>morning|afternoon|evening|night))?"
_POSS = r"(?P<poss>['\u2019]s)?"
_WD = r"(?P<wd>" + "|".join(WEEKDAYS) + r")"
_B = r"(?<![\w-])"  # word start
_E = r"(?![\w-])"  # word end
# a phrase followed by these is anchored to something else, not to the note
_NOT_ANCHORED = r"(?!\s+(?:ago|before|after|earlier|later|from|of)\b)"
_NOT_OF = r"(?!\s+of\b)"

_PREPOSITION = re.compile(
    r"(?:^|[\s(])(?:since|until|till|by|from|before|after|on|for|of|to|through|during|"
    r"starting|beginning|in|at|around|as\s+of|between)\s+$",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?;\n]")
_WORD = re.compile(r"[a-z']+")
_FUTURE = re.compile(
    r"\b(?:will|shall|won['\u2019]t|going\s+to|gonna|plans?\s+to|planning\s+to|scheduled|"
    r"upcoming|expects?\s+to|intends?\s+to)\b|\w['\u2019]ll\b",
    re.IGNORECASE,
)
# a sentence with one of these states a standing rule or a duration ("tickets need a first
# response within 4 hours", "always reply within 2 days"), not an event of the note's time
_STANDING = re.compile(
    r"\b(?:every|each|always|usually|typically|normally|generally|whenever|per|sla|slas|"
    r"policy|must|should|response|responses|respond|responds|reply|replies|resolution|"
    r"resolve|resolves|turnaround|acknowledge|acknowledges|acknowledgement)\b",
    re.IGNORECASE,
)


def sentence_tense(sentence: str) -> Tense | None:
    """Guess a sentence's tense: "future" if it has a future marker, else "past" or None."""
    if _FUTURE.search(sentence):
        return "future"
    words = _WORD.findall(sentence.lower().replace("\u2019", "'"))
    for i, word in enumerate(words):
        if word in IRREGULAR_PAST:
            return "past"
        if (
            word.endswith("ed")
            and len(word) > 4
            and not word.endswith("eed")
            and word not in ED_NOT_PAST
            and (i == 0 or words[i - 1] not in NOT_PAST_AFTER)
        ):
            return "past"
    return None


# --------------------------------------------------------------------------- dateparser


@lru_cache(maxsize=4096)
def _parsed(phrase: str, base: datetime, prefer: str) -> tuple[date, str] | None:
    """(day, granularity) of an English relative phrase from ``base`` (naive UTC), or None."""
    parser = DateDataParser(
        languages=["en"],
        settings={
            "RELATIVE_BASE": base,
            "PREFER_DATES_FROM": prefer,
            "TIMEZONE": "UTC",
            "TO_TIMEZONE": "UTC",
            "RETURN_AS_TIMEZONE_AWARE": False,
            "PARSERS": ["relative-time", "absolute-time"],
        },
    )
    try:
        data = parser.get_date_data(phrase)
    except (ValueError, OverflowError):  # a date outside what datetime can hold
        return None
    if data.date_obj is None:
        return None
    return data.date_obj.date(), data.period or "day"


# the base that has_relative_date asks dateparser with (the answer does not depend on it)
_REFERENCE = datetime(2026, 3, 15, 12, 0)


# --------------------------------------------------------------------------- anchors


@dataclass(frozen=True)
class _Anchor:
    """How a resolved phrase is written (alone, after a preposition, as a possessive) and
    the days it can mean."""

    default: str
    bare: str
    possessive: str
    first: date
    last: date


def _day(day: date, part: str | None = None) -> _Anchor:
    iso = day.isoformat()
    if part:
        core = f"the {part} of {iso}"
        return _Anchor(f"on {core}", core, f"the {iso} {part}", day, day)
    return _Anchor(f"on {iso}", iso, f"the {iso}", day, day)


def _week(day: date) -> _Anchor:
    monday = day - timedelta(days=day.weekday())
    core = f"the week of {monday.isoformat()}"
    return _Anchor(f"in {core}", core, f"{core}'s", monday, monday + timedelta(days=6))


def _weekend(day: date) -> _Anchor:
    saturday = day - timedelta(days=day.weekday()) + timedelta(days=5)
    core = f"the weekend of {saturday.isoformat()}"
    return _Anchor(f"on {core}", core, f"{core}'s", saturday, saturday + timedelta(days=1))


def _month(day: date) -> _Anchor:
    core = f"{MONTH_NAMES[day.month - 1]} {day.year}"
    first = day.replace(day=1)
    last = (first + timedelta(days=32)).replace(day=1) - timedelta(days=1)
    return _Anchor(f"in {core}", core, f"the {core}", first, last)


def _quarter(day: date) -> _Anchor:
    quarter = (day.month - 1) // 3 + 1
    core = f"Q{quarter} {day.year}"
    first = date(day.year, 3 * quarter - 2, 1)
    last = _month(date(day.year, 3 * quarter, 1)).last
    return _Anchor(f"in {core}", core, f"the {core}", first, last)


def _year(day: date) -> _Anchor:
    return _Anchor(
        f"in {day.year}",
        str(day.year),
        f"the {day.year}",
        date(day.year, 1, 1),
        date(day.year, 12, 31),
    )


def _around(day: date) -> _Anchor:
    text = f"around {day.isoformat()}"
    return _Anchor(text, text, f"the {day.isoformat()}", _plus(day, -3), _plus(day, 3))


def _phrase(text: str, first: date, last: date) -> _Anchor:
    return _Anchor(text, text, f"{text}'s", first, last)


def _plus(day: date, days: int) -> date:
    """``day`` moved by ``days``, held within what :class:`date` can represent."""
    try:
        return day + timedelta(days=days)
    except OverflowError:
        return date.max if days > 0 else date.min


_UNIT_DAYS = dict(minute=1, hour=1, day=1, week=7, weekend=7, month=31, quarter=92, year=366)
_VAGUE_MOST = 9  # "a few", "a couple of", "several": taken for at most nine units


def _unit_days(word: str) -> int:
    return _UNIT_DAYS[word.lower().rstrip("s")]


def _by_granularity(day: date, period: str, counted: bool) -> _Anchor:
    """Write a dateparser date at its granularity; a counted week ("two weeks ago") is a
    day give or take a few, a named one ("last week") the ISO week."""
    if period == "week":
        return _around(day) if counted else _week(day)
    if period == "month":
        return _month(day)
    if period == "year":
        return _year(day)
    return _day(day)


# --------------------------------------------------------------------------- rules


@dataclass(frozen=True)
class _Context:
    """What a resolver knows: the match, the note's time (naive UTC) and the sentence's tense."""

    match: re.Match[str]
    written: datetime
    tense: Tense | None

    @property
    def today(self) -> date:
        return self.written.date()

    def group(self, name: str) -> str:
        return " ".join((self.match.group(name) or "").lower().split())

    def parse(self, phrase: str, prefer: str = "past") -> tuple[date, str] | None:
        return _parsed(phrase, self.written, prefer)


Resolver = Callable[[_Context], "_Anchor | None"]
When = Literal["always", "tensed", "not_past", "future"]


@dataclass(frozen=True)
class _Rule:
    """A relative phrase: its pattern, when it counts as relative, and how it resolves
    (None: not a date after all).

    ``when``: "always"; "tensed" (a past or future sentence); "not_past"; "future" (a
    future marker in the sentence). ``event_only``: not in a sentence stating a standing
    rule or a duration (:data:`_STANDING`). ``adverb``: a lone adverb ("recently"), whose
    phrase cannot stand where it stood between a subject and its verb
    (:func:`_clause_end`)."""

    pattern: re.Pattern[str]
    resolve: Resolver
    when: When = "always"
    not_after_the: bool = False
    event_only: bool = False
    adverb: bool = False


def _rule(
    pattern: str,
    resolve: Resolver,
    when: When = "always",
    not_after_the: bool = False,
    event_only: bool = False,
    adverb: bool = False,
) -> _Rule:
    return _Rule(
        re.compile(_B + pattern + _E, re.IGNORECASE), resolve, when, not_after_the, event_only,
        adverb,
    )


def _phrase_text(c: _Context) -> str:
    """The matched phrase for dateparser: lower case, one space, no "'s" or "'s time"."""
    text = c.match.group(0)
    for tail in ("poss", "time"):
        if tail in c.match.re.groupindex and c.match.group(tail):
            text = text[: -len(c.match.group(tail))]
    return " ".join(text.lower().split())


def _day_phrase(c: _Context) -> _Anchor | None:
    """Resolve a day word ("yesterday", "tonight", "last night", "this morning") to its day
    and, when it names one, the part of the day."""
    found = c.parse(_phrase_text(c))
    if found is None:
        return None
    tonight = "night" if c.group("w") == "tonight" else ""
    part = c.group("part") or c.group("night") or c.group("now") or tonight
    return _day(found[0], part or None)


def _period(c: _Context) -> _Anchor | None:
    """Resolve "last/this/next week|month|year" to that ISO week, month or year; a weekend is
    that week's Saturday and Sunday, a quarter the one holding "3 months ago", today or "in 3
    months"."""
    mod, unit = c.group("mod"), c.group("p")
    if unit == "quarter":
        found = c.parse({"last": "3 months ago", "this": "today", "next": "in 3 months"}[mod])
        return None if found is None else _quarter(found[0])
    found = c.parse(f"{mod} {'week' if unit == 'weekend' else unit}")
    if found is None:
        return None
    return _weekend(found[0]) if unit == "weekend" else _by_granularity(found[0], unit, False)


def _counted(c: _Context) -> _Anchor | None:
    """Resolve "3 days ago", "in two weeks", "5 days from now" to a day, "around" a day (weeks),
    a month or a year, as precise as the unit."""
    found = c.parse(_phrase_text(c))
    return None if found is None else _by_granularity(found[0], found[1], True)


def _within(c: _Context) -> _Anchor | None:
    """Resolve "within 2 days" (a future event) to "by" the day "in 2 days" is."""
    found = c.parse("in " + _phrase_text(c).removeprefix("within "))
    if found is None:
        return None
    return _phrase(f"by {found[0].isoformat()}", c.today, found[0])


_WEEKDAY_MODIFIER = {"this past": "last", "this coming": "next"}


def _weekday(c: _Context) -> _Anchor | None:
    """Resolve "last Monday", "next Friday night", "this past Monday", "this coming Monday",
    "this Friday" (the last one in a past sentence) and "on Monday" (by the sentence's tense)."""
    mod = _WEEKDAY_MODIFIER.get(c.group("mod"), c.group("mod"))
    if mod == "on":
        found = c.parse(c.group("wd"), "past" if c.tense == "past" else "future")
    else:
        found = c.parse(f"{'last' if mod == 'this' and c.tense == 'past' else mod} {c.group('wd')}")
    return None if found is None else _day(found[0], c.group("part") or None)


def _count(c: _Context) -> int:
    """How many units a phrase names: its number (dateparser reads "two"), 1 when it has none,
    :data:`_VAGUE_MOST` for "a few"."""
    if c.group("v"):
        return _VAGUE_MOST
    if not c.group("n"):
        return 1
    found = c.parse(f"{c.group('n')} days ago")
    return 1 if found is None else (c.today - found[0]).days


def _vague_count(c: _Context) -> str:
    return f"{c.group('v')} {c.group('uw')}"


def _span(c: _Context) -> _Anchor:
    """Anchor "the past two weeks", "the next few days" to the stretch before or after the
    note's day."""
    ahead = c.group("dir") in ("next", "coming")
    words = " ".join(filter(None, [c.group("n") or c.group("v"), c.group("pu")]))
    width = _count(c) * _unit_days(c.group("pu"))
    text = f"the {words} {'after' if ahead else 'before'} {c.today.isoformat()}"
    if ahead:
        return _phrase(text, c.today, _plus(c.today, width))
    return _phrase(text, _plus(c.today, -width), c.today)


def _vague(words: str, low: int, high: int) -> Resolver:
    """Anchor "a few days ago", "in a few weeks", "within a couple of days" to the note's day:
    ``words`` with the amount and the day filled in, meaning ``low`` to ``high`` units away."""

    def resolve(c: _Context) -> _Anchor:
        unit = _unit_days(c.group("uw"))
        text = words.format(_vague_count(c), c.today.isoformat())
        return _phrase(text, _plus(c.today, low * unit), _plus(c.today, high * unit))

    return resolve


def _anchored(words: str, low: int, high: int) -> Resolver:
    """Anchor a vague phrase ("recently") to the note's day: ``words`` and the day, meaning
    ``low`` to ``high`` days from it."""

    def resolve(c: _Context) -> _Anchor:
        text = f"{words} {c.today.isoformat()}"
        return _phrase(text, _plus(c.today, low), _plus(c.today, high))

    return resolve


_OPEN = 10**6  # days: more than date's range, so an open end


def _before_written(c: _Context) -> _Anchor:
    """Any other "... ago" ("years ago", "a decade ago"): "ago" is "before <the note>"."""
    return _phrase(f"before {c.today.isoformat()}", date.min, c.today)


def _from_written(c: _Context) -> _Anchor:
    """Any other "from now" ("a fortnight from now", "from now on"): from the note's day."""
    return _phrase(f"{c.match.group(0)[:4]} {c.today.isoformat()}", c.today, date.max)


_MONTH_START = "|".join(name[:3] for name in MONTH_NAMES)
# "Monday, March 9", "Monday 9th", "Monday the 9th", "Monday 2026-03-09" are already dated
_DAY_OF_MONTH = (
    r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?(?![\w-])"
    r"(?![ \t]+(?:minute|hour|day|week|month|year)s?\b)"
)
_WEEKDAY_NOT_DATED = (
    r"(?!,?[ \t]+(?:\d{4}-\d{2}-\d{2}|" + _DAY_OF_MONTH + r"|the[ \t]+\d{1,2}(?:st|nd|rd|th)\b|"
    r"(?:" + _MONTH_START + r")[a-z]*\b)|\s+of\b)"
)
_DAY_WORD = (
    r"(?:the\s+day\s+before\s+yesterday|the\s+day\s+after\s+tomorrow|"
    r"(?P<w>yesterday|today|tonight|tomorrow)" + _PART + r"|"
    r"(?:last\s+(?P<night>night)|this\s+(?P<now>morning|afternoon|evening)))"
)

_RULES: tuple[_Rule, ...] = (
    # resolved by dateparser
    _rule(_DAY_WORD + _POSS, _day_phrase),
    _rule(
        r"(?P<mod>last|this|next)\s+(?P<p>week|weekend|month|quarter|year)" + _POSS + _NOT_OF,
        _period,
        not_after_the=True,
    ),
    _rule(_NUM + r"\s+" + _UNIT + r"\s+(?:ago|from\s+now)", _counted),
    _rule(
        r"in\s+" + _NUM + r"\s+" + _UNIT + r"(?P<time>['\u2019]s?\s+time)?" + _NOT_ANCHORED,
        _counted,
        "not_past",
        event_only=True,
    ),
    # "within N days" is a duration ("reply within 2 days", "first response within 4 hours")
    # unless a future event is announced ("the vendor will ship the fix within 2 weeks")
    _rule(r"within\s+" + _NUM + r"\s+" + _UNIT + _NOT_ANCHORED, _within, "future", event_only=True),
    _rule(
        r"(?P<mod>last|next|this\s+past|this\s+coming|this)\s+"
        + _WD
        + _PART
        + _POSS
        + _WEEKDAY_NOT_DATED,
        _weekday,
        not_after_the=True,
    ),
    _rule(r"(?P<mod>on)\s+" + _WD + _PART + _POSS + _WEEKDAY_NOT_DATED, _weekday, "tensed"),
    # vague: anchored to the note's day, not resolved
    _rule(
        r"(?:the|this)\s+(?P<dir>last|past|next|coming)\s+(?:" + _NUM + r"\s+|" + _VAGUE + r"\s+)?"
        r"(?P<pu>(?:minute|hour|day|week|weekend|month|quarter|year)s?)"
        + _POSS
        + _NOT_OF
        + _NOT_ANCHORED,
        _span,
    ),
    _rule(_VAGUE + r"\s+" + _UNITS + r"\s+ago", _vague("{} before {}", -_VAGUE_MOST, -1)),
    _rule(r"(?:not\s+long|a\s+little\s+while)\s+ago", _anchored("shortly before", -30, 0)),
    _rule(
        r"(?:a\s+while|some\s+time|a\s+long\s+time|long)\s+ago",
        _anchored("some time before", -_OPEN, 0),
    ),
    _rule(r"(?:recently|lately)", _anchored("shortly before", -30, 0), adverb=True),
    _rule(r"the\s+other\s+day", _anchored("a few days before", -_VAGUE_MOST, -1)),
    _rule(r"(?:these\s+days|nowadays)", _anchored("as of", -30, 0)),
    _rule(r"(?<!as\s)(?<!how\s)soon(?!\s+as\b)", _anchored("shortly after", 0, 30), adverb=True),
    _rule(
        r"in\s+" + _VAGUE + r"\s+" + _UNITS + _NOT_ANCHORED,
        _vague("{} after {}", 1, _VAGUE_MOST),
        "not_past",
        event_only=True,
    ),
    _rule(
        r"within\s+" + _VAGUE + r"\s+" + _UNITS + _NOT_ANCHORED,
        _vague("within {} of {}", 0, _VAGUE_MOST),
        "future",
        event_only=True,
    ),
    # last resorts, so that no "ago" or "from now" is left: "years ago", "a decade ago"
    _rule(r"ago", _before_written),
    _rule(r"from\s+now", _from_written),
)
_AFTER_THE = re.compile(r"(?:^|\W)the\s+$", re.IGNORECASE)


@dataclass(frozen=True)
class _Hit:
    start: int
    end: int
    order: int
    match: re.Match[str]
    rule: _Rule
    tense: Tense | None


def _sentence_around(text: str, start: int, end: int) -> str:
    left = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    right_match = _SENTENCE_END.search(text, end)
    return text[left : right_match.start() if right_match else len(text)]


def _hits(text: str) -> list[_Hit]:
    """Find the non-overlapping relative phrases of ``text`` (leftmost, then longest) that
    resolve to a date."""
    candidates: list[_Hit] = []
    for order, rule in enumerate(_RULES):
        for m in rule.pattern.finditer(text):
            if rule.not_after_the and _AFTER_THE.search(text, 0, m.start()):
                continue
            sentence = _sentence_around(text, m.start(), m.end())
            if rule.event_only and _STANDING.search(sentence):
                continue
            tense = sentence_tense(sentence)
            if rule.when == "tensed" and tense is None:
                continue
            if rule.when == "not_past" and tense == "past":
                continue
            if rule.when == "future" and tense != "future":
                continue
            if rule.resolve(_Context(m, _REFERENCE, tense)) is None:
                continue  # dateparser does not read it as a date
            candidates.append(_Hit(m.start(), m.end(), order, m, rule, tense))
    candidates.sort(key=lambda h: (h.start, -(h.end - h.start), h.order))
    chosen: list[_Hit] = []
    position = 0
    for hit in candidates:
        if hit.start >= position:
            chosen.append(hit)
            position = hit.end
    return chosen


def _resolved(text: str, written_at: datetime) -> list[tuple[_Hit, _Anchor]]:
    written = as_utc(written_at).replace(tzinfo=None)
    found = []
    for hit in _hits(text):
        anchor = hit.rule.resolve(_Context(hit.match, written, hit.tense))
        if anchor is not None:
            found.append((hit, anchor))
    return found


def _render(text: str, hit: _Hit, anchor: _Anchor) -> str:
    if "poss" in hit.match.re.groupindex and hit.match.group("poss"):
        out = anchor.possessive
    elif _PREPOSITION.search(text, 0, hit.start):
        out = anchor.bare
    else:
        out = anchor.default
    if hit.match.group(0)[0].isupper() and out[0].isalpha():
        out = out[0].upper() + out[1:]
    return out


def normalize_dates(text: str, written_at: datetime) -> str:
    """Rewrite relative date phrases as absolute ISO dates computed from ``written_at`` (UTC);
    a lone adverb's phrase between a subject and its verb goes to the end of its clause
    ("User recently moved to Paris." -> "User moved to Paris shortly before 2026-03-15.")."""
    parts: list[str] = []
    position = 0
    resolved = _resolved(text, written_at)
    for k, (hit, anchor) in enumerate(resolved):
        rendered = _render(text, hit, anchor)
        end = _clause_end(text, hit) if hit.rule.adverb else None
        if end is not None and (k + 1 == len(resolved) or end <= resolved[k + 1][0].start):
            after = len(text) - len(text[hit.end:].lstrip())  # the word after the adverb
            parts += [text[position : hit.start], text[after:end], " ", rendered.lower()]
            position = end
            continue
        parts.append(text[position : hit.start])
        parts.append(rendered)
        position = hit.end
    parts.append(text[position:])
    return "".join(parts)


_BETWEEN_WORDS = re.compile(r"\w[ \t]+$")
_WORD_AFTER = re.compile(r"[ \t]+\w")
_CLAUSE_END = re.compile(r"[,;:!?)]|\.(?=\s|$)|[ \t]+(?:and|but)[ \t]")


def _clause_end(text: str, hit: _Hit) -> int | None:
    """Where a lone adverb's phrase goes when the adverb stands between two words, as between
    a subject and its verb ("Dana recently joined", "has lately preferred"), where a phrase
    of a preposition breaks the sentence's parse: the end of its clause (the next
    punctuation, "and" or "but"); None where it stands at a clause's start or end."""
    if not _BETWEEN_WORDS.search(text, 0, hit.start) or not _WORD_AFTER.match(text, hit.end):
        return None
    found = _CLAUSE_END.search(text, hit.end)
    end = found.start() if found else len(text)
    return len(text[:end].rstrip())


def has_relative_date(text: str) -> bool:
    """Tell whether ``text`` holds a relative date reference that :func:`normalize_dates`
    would rewrite (durations and standing rules such as "within 4 hours" are none)."""
    return bool(_hits(text))


def date_intervals(text: str, written_at: datetime) -> list[Interval]:
    """The days (first, last) each relative date of ``text`` can mean, in text order:
    "yesterday" on 2026-03-20 is (03-19, 03-19), "last week" on 2026-03-21 (03-09, 03-15),
    "recently" the 30 days before the note, "years ago" (date.min, the note's day)."""
    return [(anchor.first, anchor.last) for _hit, anchor in _resolved(text, written_at)]


def could_coincide(
    text_a: str,
    written_a: datetime,
    text_b: str,
    written_b: datetime,
    slack: timedelta = timedelta(days=7),
) -> bool:
    """Tell whether the relative dates of two notes can name one time: some interval of one
    is within ``slack`` of some interval of the other, or a note has no relative date.

    Pass each note's own words and ``created_at`` (not normalized text: a written-out date
    is not read back). "switched plans yesterday" (2026-03-20) and "switched plans last
    week" (2026-03-21) can (4 days apart, one event told twice); "yesterday" and "last
    month" on the same day cannot."""
    first = date_intervals(text_a, written_a)
    second = date_intervals(text_b, written_b)
    if not first or not second:
        return True
    return any(
        a_first <= _plus(b_last, slack.days) and b_first <= _plus(a_last, slack.days)
        for a_first, a_last in first
        for b_first, b_last in second
    )


__all__ = [
    "Interval",
    "could_coincide",
    "date_intervals",
    "has_relative_date",
    "normalize_dates",
    "sentence_tense",
]
