"""Date and clock formats a statement names, as the order or the clock they mean.

"DD/MM/YYYY", "dd.mm.yy" and "day-month-year" put the day first; "MM/DD/YYYY" the month;
"YYYY-MM-DD" and "ISO 8601" the year; "US date format" the month, "European" or "UK dates" the
day. "24-hour time" and "military time" are one clock,
"12-hour time" and "AM/PM" the other ("a 24-hour turnaround" is a duration). Separators
are not compared: "DD.MM.YYYY" and "DD/MM/YYYY" are one order written two ways. An order
after "from" is a former one ("switched from MM/DD/YYYY") and is not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["FORMAT_WORDS", "Formats", "formats"]

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
    return Formats(frozenset(orders), frozenset(clocks))
