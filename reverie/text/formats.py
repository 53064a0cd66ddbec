"""Date and clock formats a statement names, as the order or the clock they mean.

"DD/MM/YYYY", "dd.mm.yy" and "day-month-year" put the day first; "MM/DD/YYYY" the month;
"YYYY-MM-DD" and "ISO 8601" the year; "US date format" the month, "European" or "UK dates" the
day. "24-hour time" and "military time" are one clock,
"12-hour time" and "AM/PM" the other ("a 24-hour turnaround" is a duration). Separators
are not compared: "DD.MM.YYYY" and "DD/MM/YYYY" are one order written two ways. An order
after "from" is a former one ("switched from MM/DD/YYYY") and is not read.

Where a statement of how dates or times are written names no format, one shown by example
("Write dates like 2026-03-12", "times like 2pm", "e.g. 14:00") is read: "2026-03-12" puts
the year first, "12 March 2026" the day, "March 12, 2026" the month; "03/12/2026" puts the
year last, the day or the month first ("dmy/mdy": apart from "ymd" only); "14:00" is the
24-hour clock, "2pm" the 12-hour one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reverie.text.vocabulary.calendar_words import MONTHS

__all__ = ["FORMAT_WORDS", "Formats", "formats", "orders_apart"]

FORMAT_WORDS = frozenset({"date", "time", "timestamp", "format", "clock"})
"""Subjects of a format statement that name what is written, not whose it is ("Dates
should be written DD/MM/YYYY")."""

_PART = {"d": "d", "dd": "d", "m": "m", "mm": "m", "mmm": "m", "mmmm": "m", "y": "y",
         "yy": "y", "yyyy": "y"}
_NUMERIC = re.compile(r"\b([dmy]{1,4})([/.\-])([dmy]{1,4})\2([dmy]{1,4})\b", re.IGNORECASE)
_WORDED = re.compile(r"\b(day|month|year)[\s-]+(day|month|year)[\s-]+(day|month|year)\b",
                     re.IGNORECASE)
_FORMER = re.compile(r"\bfrom\s+(?:the\s+)?$", re.IGNORECASE)
_ISO = re.compile(r"\biso[\s-]?8601\b|\biso (?:date )?format\b", re.IGNORECASE)
_CLOCK = r"[\s-]?(?:hour|hr|h)\s+(?:clock|time|times|format|notation)\b"
# "US date format", "American-style dates": month first; "European" or "UK dates": day first
_REGIONAL = re.compile(r"\b(US|U\.S\.|American|European|EU|UK|British)[\s-]+(?:style\s+)?"
                       r"dates?\b", re.IGNORECASE)
_MONTH_FIRST = frozenset({"us", "u.s.", "american"})
_H24 = re.compile(r"\b24" + _CLOCK + r"|\bmilitary time\b", re.IGNORECASE)
_H12 = re.compile(r"\b12" + _CLOCK + r"|\bam\s?/\s?pm\b", re.IGNORECASE)


@dataclass(frozen=True)
class Formats:
    """The date orders ("dmy", "mdy", "ymd") and clocks ("24h", "12h") a text names."""

    orders: frozenset[str]
    clocks: frozenset[str]


@lru_cache(maxsize=8192)  # asked once per pair: a statement meets many others
def formats(text: str) -> Formats:
    """Return the date orders and clocks ``text`` names ("DD/MM/YYYY": dmy; "ISO 8601": ymd;
    "24-hour": 24h)."""
    orders = set()
    for m in _NUMERIC.finditer(text):
        if _FORMER.search(text, 0, m.start()):
            continue  # "switched from MM/DD/YYYY": what it was
        parts = [_PART.get(p.lower(), "") for p in (m.group(1), m.group(3), m.group(4))]
        if all(parts) and len(set(parts)) == 3:
            orders.add("".join(parts))
    for m in _WORDED.finditer(text):
        parts = [g.lower()[0] for g in m.groups()]
        if len(set(parts)) == 3:
            orders.add("".join(parts))
    for m in _REGIONAL.finditer(text):
        if not _FORMER.search(text, 0, m.start()):
            orders.add("mdy" if m.group(1).lower() in _MONTH_FIRST else "dmy")
    if _ISO.search(text):
        orders.add("ymd")
    clocks = {c for c, pattern in (("24h", _H24), ("12h", _H12)) if pattern.search(text)}
    if _WRITING.search(text):
        orders = orders or _example_orders(text)
        clocks = clocks or _example_clocks(text)
    return Formats(frozenset(orders), frozenset(clocks))


def orders_apart(x: str, y: str) -> bool:
    """Two date orders that cannot be one ("ymd" / "dmy/mdy", "dmy" / "mdy"; not "dmy" /
    "dmy/mdy", an example that may be either)."""
    return not set(x.split("/")) & set(y.split("/"))


# a statement of how things are written, and an example after a word that gives one
_WRITING = re.compile(r"\b(?:dates?|times?|timestamps?|formats?|formatted|writ\w*|display\w*"
                      r"|show\w*)\b", re.IGNORECASE)
_EXAMPLE = r"(?:\blike|\be\.g\.?,?|\bsuch\s+as|\bas\s+in|\bas|\bfor\s+example,?)\s+\(?"
# a month's name or its abbreviation: its first three letters and any after
_MONTH_NAME = r"(?:" + "|".join(month[:3] for month in MONTHS) + r")[a-z]*\.?"
_YEAR_FIRST = re.compile(_EXAMPLE + r"\d{4}-\d{1,2}-\d{1,2}\b", re.IGNORECASE)
_YEAR_LAST = re.compile(_EXAMPLE + r"(\d{1,2})[/.-](\d{1,2})[/.-]\d{2,4}\b", re.IGNORECASE)
_DAY_MONTH = re.compile(_EXAMPLE + r"\d{1,2}(?:st|nd|rd|th)?\s+" + _MONTH_NAME + r"\s+\d{4}\b",
                        re.IGNORECASE)
_MONTH_DAY = re.compile(_EXAMPLE + _MONTH_NAME + r"\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b",
                        re.IGNORECASE)
_CLOCK_24 = re.compile(_EXAMPLE + r"(?:1[3-9]|2[0-3]|00):[0-5]\d\b(?!\s*[ap]\.?m)",
                       re.IGNORECASE)
_CLOCK_12 = re.compile(_EXAMPLE + r"(?:1[0-2]|0?[1-9])(?::[0-5]\d)?\s*[ap]\.?m\b\.?",
                       re.IGNORECASE)


def _example_orders(text: str) -> set[str]:
    """The date orders the dates shown by example put first."""
    found = {"ymd"} if _YEAR_FIRST.search(text) else set()
    if _DAY_MONTH.search(text):
        found.add("dmy")
    if _MONTH_DAY.search(text):
        found.add("mdy")
    for m in _YEAR_LAST.finditer(text):
        first, second = int(m.group(1)), int(m.group(2))
        found.add("dmy" if first > 12 else "mdy" if second > 12 else "dmy/mdy")
    return found


def _example_clocks(text: str) -> set[str]:
    """The clocks the times shown by example are on."""
    return {c for c, pattern in (("24h", _CLOCK_24), ("12h", _CLOCK_12))
            if pattern.search(text)}
