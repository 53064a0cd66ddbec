"""Times of day a statement gives ("at 9 a.m.", "9:30", "11am", "noon"), as minutes after
midnight, and what each is: a point ("at 9", "starts at 9"), a start ("from 9") or an end
("until 6pm"); a bound ("before 3pm", "after 5", "by noon") is no one time.

A figure without a colon or a half of the day ("at 9") is not read: it may count anything.
A time without a half of the day ("9:30") is one of two ("9:30 a.m." or "9:30 p.m."), and
a time with a zone after it ("3pm ET") is read only with its zone, which the caller must
compare as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["ClockTime", "clock_times", "same_time"]

_HALF = r"(?P<half>[ap])\.?\s?m\b\.?"
_TIME = re.compile(
    r"\b(?P<hour>\d{1,2})(?::(?P<minute>[0-5]\d))?\s?" + _HALF
    + r"|\b(?P<h24>\d{1,2}):(?P<m24>[0-5]\d)\b(?!\s?[ap]\.?\s?m\b)"
    + r"|\b(?P<word>noon|midday|midnight)\b",
    re.IGNORECASE)
# the word before a time that makes it a start, an end or a bound
_BEFORE = re.compile(r"\b(?P<word>from|until|till|til|to|through|before|after|by|between|"
                     r"and|since|past)\s+$|[-–]\s*$", re.IGNORECASE)
_KINDS = {"from": "start", "since": "start", "until": "end", "till": "end", "til": "end",
          "to": "end", "through": "end", "-": "end", "–": "end"}
_BOUNDS = frozenset({"before", "after", "by", "between", "and", "past"})
_ZONE = re.compile(r"\s*\(?(?:[A-Z]{2,5}\b|UTC|GMT)")


@dataclass(frozen=True)
class ClockTime:
    """One time of day a statement gives: minutes after midnight, whether its half of the
    day is said, what it is ("point", "start", "end" or "bound"), any zone written after
    it, and the words that say it."""

    minutes: int
    half_known: bool
    kind: str
    zone: str
    said: str


@lru_cache(maxsize=8192)  # asked once per pair: a statement meets many others
def clock_times(text: str) -> tuple[ClockTime, ...]:
    """Return the times of day ``text`` gives ("standup starts at 9:30 a.m.": 570 minutes,
    a point), in the order written."""
    found = []
    for m in _TIME.finditer(text):
        if m.group("word"):
            minutes, half = (0, True) if m.group("word").lower() == "midnight" else (720, True)
        elif m.group("hour"):
            hour, minute = int(m.group("hour")), int(m.group("minute") or 0)
            if not 1 <= hour <= 12:
                continue
            minutes = (hour % 12 + (12 if m.group("half").lower() == "p" else 0)) * 60 + minute
            half = True
        else:
            hour, minute = int(m.group("h24")), int(m.group("m24"))
            if hour > 23:
                continue
            minutes, half = hour * 60 + minute, hour == 0 or hour > 12
        before = _BEFORE.search(text, max(0, m.start() - 12), m.start())
        word = (before.group("word") or before.group(0).strip()).lower() if before else ""
        kind = "bound" if word in _BOUNDS else _KINDS.get(word, "point")
        zone = _ZONE.match(text, m.end())
        found.append(ClockTime(minutes, half, kind, zone.group(0).strip(" (") if zone else "",
                               m.group(0).strip()))
    return tuple(found)


def same_time(a: ClockTime, b: ClockTime) -> bool:
    """The two may be one time of day: equal, or equal in twelve hours where either leaves
    its half of the day unsaid ("9:30" / "9:30 p.m.")."""
    if a.minutes == b.minutes:
        return True
    return not (a.half_known and b.half_known) and a.minutes % 720 == b.minutes % 720
