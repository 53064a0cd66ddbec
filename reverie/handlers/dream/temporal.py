"""Temporal normalization: relative date phrases become absolute ISO dates.

A note written on 2026-03-15 that says "yesterday we decided to use Redis" is
only true relative to its ``created_at``; once notes are merged that anchor is
lost. :func:`normalize_dates` rewrites relative references against the note's
own ``created_at`` (taken as UTC) -- "yesterday" becomes "on 2026-03-14",
"last week" "in the week of 2026-03-02" (ISO weeks start on Monday), "last
month" "in February 2026", "recently" "shortly before 2026-03-15" -- and
:func:`has_relative_date` tells whether any relative reference remains.

Rules: matching is case-insensitive and word-bounded ("Todayville", "Mondays",
"weekly" are untouched); when a phrase overlaps another the leftmost, then the
longest wins. A phrase after a preposition ("since yesterday") loses its own
"on"/"in" ("since 2026-03-14"); a possessive ("yesterday's call") becomes "the
2026-03-14 call"; a capitalized phrase gives a capitalized replacement. Vague
phrases stay vague but anchored ("a few days ago" -> "a few days before
2026-03-15"). "on Monday" is relative only in a past-tense sentence (the most
recent Monday strictly before the note) or a future one ("will", "going to",
"scheduled": the next Monday strictly after); "meets on Monday" is a schedule
and stays. "last Monday" is the most recent Monday before the note, "next
Friday" the next Friday after it, "this Friday" the Friday of the note's ISO
week. Only phrases that place an event in time are rewritten; a duration or a
standing rule is not: "in 3 days" counts from the note unless the sentence is in
the past tense ("resolved in 3 days") or states a rule (a word such as "every",
"always", "must", "should", "per", "SLA", "policy", "response", "reply",
"resolution": "tickets get a reply in 4 hours"); "within 2 weeks" counts from the
note only in a future sentence that states no rule ("they will send the contract
within 2 days" -> "by <date>"), so "first response within 4 hours", "reply within
2 days" and "returns are accepted within 30 days" stay. Any other "ago" or "from
now" is anchored to the note word for word: "years ago" -> "years before
2026-03-15", "a decade ago" -> "a decade before 2026-03-15", "from now on" ->
"from 2026-03-15 on". :func:`has_relative_date` reports exactly the phrases
:func:`normalize_dates` rewrites (durations and rules are not relative dates), and
the output contains none of them, so normalizing is idempotent.

Limits: tense is guessed from word forms (irregular past verbs, "-ed" words not
after "is"/"very"..., future auxiliaries), so "Customer wants a call on Friday"
(no tense marker) is left alone; bare weekdays ("we spoke Monday"), "now",
"currently", "the previous week" and times of day ("at 3pm") are not
rewritten; "next Friday" always means the first Friday after the note, not the
Friday of next week; "N weeks ago" is rendered "around <date>". A rule is told
from an event by cue words only: "the fix ships within 2 weeks" (no future
marker) is left as a duration, "we will migrate every service within 2 weeks" is
taken for a rule, and "refunds are processed in 5 days" (no cue) is rewritten as
an event.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Literal

Tense = Literal["past", "future"]

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
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

_NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}
_NUM = r"(?P<n>\d{1,3}|an|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_VAGUE = r"(?P<v>a\s+few|a\s+couple\s+of|a\s+couple|couple\s+of|few|several)"
_UNIT = r"(?P<u>minute|hour|day|week|month|year)s?"
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
_PAST_IRREGULAR = frozenset(
    re.findall(
        r"\S+",
        """was were had did didn't wasn't weren't hadn't said told met went came sent made
        took gave got saw heard left paid bought sold wrote spoke ran began chose found forgot
        broke held brought thought felt lost won knew became flew drove fell grew hung kept led
        meant rang rose sat slept stood stuck swore taught threw understood woke wore""",
    )
)
_ED_ADJECTIVES = frozenset(
    re.findall(
        r"\S+",
        """interested detailed advanced automated based related limited unlimited preferred
        dedicated experienced sophisticated complicated skilled organized tired bored excited
        worried concerned supposed red bed shed need speed embed seed feed indeed""",
    )
)
# a sentence with one of these states a standing rule or a duration ("tickets need a first
# response within 4 hours", "always reply within 2 days"), not an event of the note's time
_STANDING = re.compile(
    r"\b(?:every|each|always|usually|typically|normally|generally|whenever|per|sla|slas|"
    r"policy|must|should|response|responses|respond|responds|reply|replies|resolution|"
    r"resolve|resolves|turnaround|acknowledge|acknowledges|acknowledgement)\b",
    re.IGNORECASE,
)
_NOT_PAST_BEFORE = frozenset(
    re.findall(
        r"\S+",
        """is are am be been being get gets getting very more most so too the a an feel feels
        seem seems become becomes not remain remains stay stays""",
    )
)


def _utc(written_at: datetime) -> datetime:
    when = written_at if written_at.tzinfo else written_at.replace(tzinfo=UTC)
    return when.astimezone(UTC)


def sentence_tense(sentence: str) -> Tense | None:
    """Guess a sentence's tense: "future" if it has a future marker, else "past" or None."""
    if _FUTURE.search(sentence):
        return "future"
    words = _WORD.findall(sentence.lower().replace("\u2019", "'"))
    for i, word in enumerate(words):
        if word in _PAST_IRREGULAR:
            return "past"
        if (
            word.endswith("ed")
            and len(word) > 4
            and not word.endswith("eed")
            and word not in _ED_ADJECTIVES
            and (i == 0 or words[i - 1] not in _NOT_PAST_BEFORE)
        ):
            return "past"
    return None


# --------------------------------------------------------------------------- anchors


@dataclass(frozen=True)
class _Anchor:
    """How a resolved phrase is written: alone, after a preposition, and as a possessive."""

    default: str
    bare: str
    possessive: str


def _day(day: date, part: str | None = None) -> _Anchor:
    iso = day.isoformat()
    if part:
        core = f"the {part} of {iso}"
        return _Anchor(f"on {core}", core, f"the {iso} {part}")
    return _Anchor(f"on {iso}", iso, f"the {iso}")


def _week(day: date) -> _Anchor:
    core = f"the week of {(day - timedelta(days=day.weekday())).isoformat()}"
    return _Anchor(f"in {core}", core, f"{core}'s")


def _weekend(saturday: date) -> _Anchor:
    core = f"the weekend of {saturday.isoformat()}"
    return _Anchor(f"on {core}", core, f"{core}'s")


def _month(year: int, month: int) -> _Anchor:
    core = f"{MONTH_NAMES[month - 1]} {year}"
    return _Anchor(f"in {core}", core, f"the {core}")


def _quarter(year: int, quarter: int) -> _Anchor:
    core = f"Q{quarter} {year}"
    return _Anchor(f"in {core}", core, f"the {core}")


def _year(year: int) -> _Anchor:
    return _Anchor(f"in {year}", str(year), f"the {year}")


def _around(day: date) -> _Anchor:
    text = f"around {day.isoformat()}"
    return _Anchor(text, text, f"the {day.isoformat()}")


def _phrase(text: str) -> _Anchor:
    return _Anchor(text, text, f"{text}'s")


def _shift_month(year: int, month: int, by: int) -> tuple[int, int]:
    index = year * 12 + (month - 1) + by
    return index // 12, index % 12 + 1


def _add_months(day: date, by: int) -> date:
    year, month = _shift_month(day.year, day.month, by)
    next_year, next_month = _shift_month(year, month, 1)
    last = (date(next_year, next_month, 1) - timedelta(days=1)).day
    return date(year, month, min(day.day, last))


def _count(match: re.Match[str]) -> int:
    raw = match.group("n").lower()
    return int(raw) if raw.isdigit() else _NUMBER_WORDS[raw]


def _unit(match: re.Match[str]) -> str:
    return match.group("u").lower()


def _offset(written: datetime, unit: str, n: int) -> _Anchor:
    """Anchor ``n`` units from ``written`` (negative: in the past)."""
    day = written.date()
    if unit in ("minute", "hour"):
        delta = timedelta(minutes=n) if unit == "minute" else timedelta(hours=n)
        return _day((written + delta).date())
    if unit == "day":
        return _day(day + timedelta(days=n))
    if unit == "week":
        return _around(day + timedelta(days=7 * n))
    if unit == "month":
        return _month(*_shift_month(day.year, day.month, n))
    return _year(day.year + n)


def _deadline(written: datetime, unit: str, n: int) -> date:
    day = written.date()
    if unit in ("minute", "hour"):
        delta = timedelta(minutes=n) if unit == "minute" else timedelta(hours=n)
        return (written + delta).date()
    if unit == "day":
        return day + timedelta(days=n)
    if unit == "week":
        return day + timedelta(days=7 * n)
    if unit == "month":
        return _add_months(day, n)
    return _add_months(day, 12 * n)


def _vague_words(match: re.Match[str]) -> str:
    return " ".join(match.group("v").lower().split())


# --------------------------------------------------------------------------- rules

Resolver = Callable[[re.Match[str], datetime, "Tense | None"], _Anchor]


When = Literal["always", "tensed", "not_past", "future"]


@dataclass(frozen=True)
class _Rule:
    """A relative phrase: its pattern, when it counts as relative, and how it resolves.

    ``when``: "always"; "tensed" (a past or future sentence); "not_past"; "future" (a
    future marker in the sentence). ``event_only``: not in a sentence stating a standing
    rule or a duration (:data:`_STANDING`)."""

    pattern: re.Pattern[str]
    resolve: Resolver
    when: When = "always"
    not_after_the: bool = False
    event_only: bool = False


def _rule(
    pattern: str,
    resolve: Resolver,
    when: When = "always",
    not_after_the: bool = False,
    event_only: bool = False,
) -> _Rule:
    return _Rule(
        re.compile(_B + pattern + _E, re.IGNORECASE), resolve, when, not_after_the, event_only
    )


_DAY_OFFSETS = {"yesterday": -1, "today": 0, "tonight": 0, "tomorrow": 1}


def _simple_day(m: re.Match[str], w: datetime, _t: Tense | None) -> _Anchor:
    word = m.group("w").lower()
    part = m.group("part")
    if word == "tonight":
        part = part or "night"
    return _day(w.date() + timedelta(days=_DAY_OFFSETS[word]), part.lower() if part else None)


def _period(m: re.Match[str], w: datetime, _t: Tense | None) -> _Anchor:
    shift = {"last": -1, "this": 0, "next": 1}[m.group("mod").lower()]
    unit = m.group("p").lower()
    day = w.date()
    if unit == "week":
        return _week(day + timedelta(days=7 * shift))
    if unit == "weekend":
        saturday = day - timedelta(days=day.weekday()) + timedelta(days=5 + 7 * shift)
        return _weekend(saturday)
    if unit == "month":
        return _month(*_shift_month(day.year, day.month, shift))
    if unit == "quarter":
        year, month = _shift_month(day.year, day.month, 3 * shift)
        return _quarter(year, (month - 1) // 3 + 1)
    return _year(day.year + shift)


def _span(m: re.Match[str], w: datetime, _t: Tense | None) -> _Anchor:
    direction = "after" if m.group("dir").lower() in ("next", "coming") else "before"
    amount = m.group("n") or m.group("v")
    words = " ".join(filter(None, [amount and " ".join(amount.split()), m.group("pu")]))
    return _phrase(f"the {words.lower()} {direction} {w.date().isoformat()}")


def _ago(m: re.Match[str], w: datetime, _t: Tense | None) -> _Anchor:
    return _offset(w, _unit(m), -_count(m))


def _vague_ago(m: re.Match[str], w: datetime, _t: Tense | None) -> _Anchor:
    return _phrase(f"{_vague_words(m)} {m.group('uw').lower()} before {w.date().isoformat()}")


def _shortly_before(_m: re.Match[str], w: datetime, _t: Tense | None) -> _Anchor:
    return _phrase(f"shortly before {w.date().isoformat()}")


def _some_time_before(_m: re.Match[str], w: datetime, _t: Tense | None) -> _Anchor:
    return _phrase(f"some time before {w.date().isoformat()}")


def _few_days_before(_m: re.Match[str], w: datetime, _t: Tense | None) -> _Anchor:
    return _phrase(f"a few days before {w.date().isoformat()}")


def _as_of(_m: re.Match[str], w: datetime, _t: Tense | None) -> _Anchor:
    return _phrase(f"as of {w.date().isoformat()}")


def _soon(_m: re.Match[str], w: datetime, _t: Tense | None) -> _Anchor:
    return _phrase(f"shortly after {w.date().isoformat()}")


def _in_n(m: re.Match[str], w: datetime, _t: Tense | None) -> _Anchor:
    return _offset(w, _unit(m), _count(m))


def _in_vague(m: re.Match[str], w: datetime, _t: Tense | None) -> _Anchor:
    return _phrase(f"{_vague_words(m)} {m.group('uw').lower()} after {w.date().isoformat()}")


def _within_n(m: re.Match[str], w: datetime, _t: Tense | None) -> _Anchor:
    return _phrase(f"by {_deadline(w, _unit(m), _count(m)).isoformat()}")


def _within_vague(m: re.Match[str], w: datetime, _t: Tense | None) -> _Anchor:
    words = f"{_vague_words(m)} {m.group('uw').lower()}"
    return _phrase(f"within {words} of {w.date().isoformat()}")


def _before_written(m: re.Match[str], w: datetime, _t: Tense | None) -> _Anchor:
    """Any other "... ago" ("years ago", "a decade ago"): "ago" is "before <the note>"."""
    return _phrase(f"before {w.date().isoformat()}")


def _from_written(m: re.Match[str], w: datetime, _t: Tense | None) -> _Anchor:
    """Any other "from now" ("a fortnight from now", "from now on"): from the note's day."""
    return _phrase(f"{m.group(0)[:4]} {w.date().isoformat()}")


def _weekday(m: re.Match[str], w: datetime, tense: Tense | None) -> _Anchor:
    day = w.date()
    target = WEEKDAYS.index(m.group("wd").lower())
    mod = " ".join(m.group("mod").lower().split())
    if mod == "this":
        found = day - timedelta(days=day.weekday()) + timedelta(days=target)
    elif mod in ("last", "this past") or (mod == "on" and tense == "past"):
        found = day - timedelta(days=(day.weekday() - target) % 7 or 7)
    else:
        found = day + timedelta(days=(target - day.weekday()) % 7 or 7)
    part = m.group("part")
    return _day(found, part.lower() if part else None)


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

_RULES: tuple[_Rule, ...] = (
    _rule(r"the\s+day\s+before\s+yesterday" + _POSS, lambda m, w, t: _day(w.date() - timedelta(2))),
    _rule(r"the\s+day\s+after\s+tomorrow" + _POSS, lambda m, w, t: _day(w.date() + timedelta(2))),
    _rule(r"(?P<w>yesterday|today|tonight|tomorrow)" + _PART + _POSS, _simple_day),
    _rule(r"last\s+night" + _POSS, lambda m, w, t: _day(w.date() - timedelta(1), "night")),
    _rule(
        r"this\s+(?P<part>morning|afternoon|evening)" + _POSS,
        lambda m, w, t: _day(w.date(), m.group("part").lower()),
    ),
    _rule(
        r"(?P<mod>last|this|next)\s+(?P<p>week|weekend|month|quarter|year)" + _POSS + _NOT_OF,
        _period,
        not_after_the=True,
    ),
    _rule(
        r"(?:the|this)\s+(?P<dir>last|past|next|coming)\s+(?:" + _NUM + r"\s+|" + _VAGUE + r"\s+)?"
        r"(?P<pu>(?:minute|hour|day|week|weekend|month|quarter|year)s?)"
        + _POSS
        + _NOT_OF
        + _NOT_ANCHORED,
        _span,
    ),
    _rule(_NUM + r"\s+" + _UNIT + r"\s+ago", _ago),
    _rule(_VAGUE + r"\s+(?P<uw>(?:minute|hour|day|week|month|year)s?)\s+ago", _vague_ago),
    _rule(r"(?:not\s+long|a\s+little\s+while)\s+ago", _shortly_before),
    _rule(r"(?:a\s+while|some\s+time|a\s+long\s+time|long)\s+ago", _some_time_before),
    _rule(r"(?:recently|lately)", _shortly_before),
    _rule(r"the\s+other\s+day", _few_days_before),
    _rule(r"(?:these\s+days|nowadays)", _as_of),
    _rule(r"(?<!as\s)(?<!how\s)soon(?!\s+as\b)", _soon),
    _rule(_NUM + r"\s+" + _UNIT + r"\s+from\s+now", _in_n),
    _rule(
        r"in\s+" + _NUM + r"\s+" + _UNIT + _NOT_ANCHORED, _in_n, when="not_past", event_only=True
    ),
    _rule(
        r"in\s+" + _VAGUE + r"\s+(?P<uw>(?:minute|hour|day|week|month|year)s?)" + _NOT_ANCHORED,
        _in_vague,
        when="not_past",
        event_only=True,
    ),
    # "within N days" is a duration ("reply within 2 days", "first response within 4 hours")
    # unless a future event is announced ("the vendor will ship the fix within 2 weeks")
    _rule(
        r"within\s+" + _NUM + r"\s+" + _UNIT + _NOT_ANCHORED,
        _within_n,
        when="future",
        event_only=True,
    ),
    _rule(
        r"within\s+" + _VAGUE + r"\s+(?P<uw>(?:minute|hour|day|week|month|year)s?)" + _NOT_ANCHORED,
        _within_vague,
        when="future",
        event_only=True,
    ),
    _rule(
        r"(?P<mod>last|next|this\s+past|this\s+coming|this)\s+"
        + _WD
        + _PART
        + _POSS
        + _WEEKDAY_NOT_DATED,
        _weekday,
        not_after_the=True,
    ),
    _rule(r"(?P<mod>on)\s+" + _WD + _PART + _POSS + _WEEKDAY_NOT_DATED, _weekday, when="tensed"),
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
    """Find the non-overlapping relative phrases of ``text`` (leftmost, then longest)."""
    candidates: list[_Hit] = []
    for order, rule in enumerate(_RULES):
        for m in rule.pattern.finditer(text):
            if rule.not_after_the and _AFTER_THE.search(text, 0, m.start()):
                continue
            tense: Tense | None = None
            if rule.when != "always" or rule.event_only:
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
            candidates.append(_Hit(m.start(), m.end(), order, m, rule, tense))
    candidates.sort(key=lambda h: (h.start, -(h.end - h.start), h.order))
    chosen: list[_Hit] = []
    position = 0
    for hit in candidates:
        if hit.start >= position:
            chosen.append(hit)
            position = hit.end
    return chosen


def _render(text: str, hit: _Hit, written: datetime) -> str:
    anchor = hit.rule.resolve(hit.match, written, hit.tense)
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
    """Rewrite relative date phrases as absolute ISO dates computed from ``written_at`` (UTC)."""
    written = _utc(written_at)
    hits = _hits(text)
    if not hits:
        return text
    parts: list[str] = []
    position = 0
    for hit in hits:
        parts.append(text[position : hit.start])
        parts.append(_render(text, hit, written))
        position = hit.end
    parts.append(text[position:])
    return "".join(parts)


def has_relative_date(text: str) -> bool:
    """Tell whether ``text`` holds a relative date reference that :func:`normalize_dates`
    would rewrite (durations and standing rules such as "within 4 hours" are none)."""
    return bool(_hits(text))


__all__ = ["has_relative_date", "normalize_dates", "sentence_tense"]
