"""Ranges of figures a statement allows: "3.2 through 3.8", "Java 11 or later", "at least
version 2", "Python 3.8+", "4.x", "up to 500", "between 250 and 350".

:func:`ranges` reads each range from a statement's text as a :class:`Span`; :func:`figures`
reads every figure, and :meth:`Span.holds` says whether a figure lies inside a span.
Figures compare as versions, part by part ("3.10" comes after "3.8"), which is how the
ranges agent memory keeps are meant (versions, counts, ages, budgets). A change of value
("from 3 to 4", "moved from version 3 to 4") is no range: "from" before "to" or a dash is
read as a change, and left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reverie.text.vocabulary.number_words import NUMBER_WORDS

__all__ = ["Figure", "Span", "figures", "ranges"]

Figure = tuple[int, ...]
"""A figure as a version: "3.10" is (3, 10), "1,500" is (1500,)."""

_NUM = r"(?:v|[$£€¥₹]\s?)?(\d{1,3}(?:,\d{3})+|\d+)((?:\.\d+)*)(k(?!\w))?"
_FIGURE = re.compile(rf"(?<![\w.,:]){_NUM}(?![\d:]|[.,]\d)", re.IGNORECASE)
_DATES = re.compile(
    r"\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b|\b\d{1,2}/\d{1,2}\b")
_WORDS = r"(?:[a-z][\w-]*\s+){0,2}?"  # "at least version 2", "up to Python 3.12"
_WORD = r"(?:[a-z][\w-]*\s+)?"  # "2.5k credits or more"

_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern, re.IGNORECASE)) for kind, pattern in (
        ("prefix", rf"(?<![\w.,:]){_NUM}\.[x*](?!\w)"),
        ("from", rf"(?<![\w.,:]){_NUM}\s*\+"),
        ("from", rf"(?<![\w.,:]){_NUM}\s+{_WORD}(?:(?:or|and)\s+(?:later|newer|above|higher|"
                 rf"up|greater|more|over|after)|onwards?)\b"),
        ("from", rf"\b(?:at\s+least|no\s+(?:less|older|earlier|lower)\s+than|minimum(?:\s+of)?"
                 rf"|min\.?)\s+{_WORDS}{_NUM}|(?:>=|≥)\s*{_NUM}"),
        ("above", rf"\b(?:more|greater|newer|later|higher|older)\s+than\s+{_WORDS}{_NUM}"
                  rf"|\b(?:over|above)\s+{_NUM}"),
        ("to", rf"(?<![\w.,:]){_NUM}\s+{_WORD}or\s+(?:earlier|older|below|lower|less|fewer|"
               rf"under|before)\b"),
        ("to", rf"\b(?:up\s+to|at\s+most|no\s+(?:more|later|newer|higher)\s+than|"
               rf"maximum(?:\s+of)?|max\.?)\s+{_WORDS}{_NUM}|(?:<=|≤)\s*{_NUM}"),
        ("below", rf"\b(?:less|fewer|lower|earlier|younger)\s+than\s+{_WORDS}{_NUM}"
                  rf"|\b(?:under|below)\s+{_NUM}"),
        ("between", rf"\bbetween\s+{_WORDS}{_NUM}\s+and\s+{_WORDS}{_NUM}"),
        ("span", rf"(?<![\w.,:]){_NUM}\s*(?:through|thru|to|until|till|[-–—])\s*{_WORDS}"
                 rf"{_NUM}(?![\d:]|[.,]\d)"),
    )
)
_NUMBER_WORD = re.compile(
    rf"\b(?:{'|'.join(NUMBER_WORDS)})\b(?![\s-]+(?:hundred|thousand|million|billion|dozen))",
    re.IGNORECASE)
_CHANGE = re.compile(r"\bfrom\s+(?:[a-z][\w-]*\s+){0,2}$", re.IGNORECASE)
_THROUGH = re.compile(r"\b(?:through|thru)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Span:
    """The figures a statement allows: from ``low`` to ``high`` (None: no bound), each
    bound itself allowed unless ``open_low`` / ``open_high``; ``said`` as written."""

    low: Figure | None
    high: Figure | None
    said: str
    open_low: bool = False
    open_high: bool = False

    def holds(self, figure: Figure) -> bool:
        """``figure`` lies inside the span ("3.5" inside "3.2 through 3.8", "4.2" inside
        "4.x", "17" inside "11 or later")."""
        if self.low is not None and (figure < self.low or (self.open_low and figure == self.low)):
            return False
        return self.high is None or figure < self.high or (
            not self.open_high and figure == self.high)


def _figure(whole: str, parts: str, thousands: str | None = None) -> Figure:
    if thousands:  # "10k", "2.5k": a count, not a version
        return (int(float(whole.replace(",", "") + parts) * 1000),)
    return (int(whole.replace(",", "")), *(int(p) for p in parts.split(".")[1:]))


@lru_cache(maxsize=8192)  # asked once per pair: a statement meets many others
def figures(text: str) -> tuple[Figure, ...]:
    """Every figure of ``text`` as a version ("Python 3.10": (3, 10)), in order, number
    words too ("two": (2,)); clock times ("9:30"), dates ("2024-05-01", "5/1") and parts
    of words ("mp3") are left out."""
    return tuple(_figure(*m.groups()) for m in _FIGURE.finditer(_undated(text)))


def _undated(text: str) -> str:
    """``text`` with its dates blanked out ("2024-05-01", "05/01/2024", "5/1") and its
    number words as figures ("at least two kids": "at least 2 kids")."""
    text = _DATES.sub(lambda m: " " * len(m.group(0)), text)
    return _NUMBER_WORD.sub(lambda m: str(NUMBER_WORDS[m.group(0).lower()]), text)


@lru_cache(maxsize=8192)
def ranges(text: str) -> tuple[Span, ...]:
    """Every range ``text`` gives, in the order of :data:`_FORMS`."""
    found: list[Span] = []
    text = _undated(text)
    for kind, pattern in _FORMS:
        for m in pattern.finditer(text):
            span = _span(kind, m, text)
            if span is not None:
                found.append(span)
    return tuple(found)


def _span(kind: str, m: re.Match[str], text: str) -> Span | None:
    nums = list(m.groups())
    said = m.group(0).strip()
    if kind == "prefix":
        low = _figure(nums[0], nums[1])
        return Span(low, (*low[:-1], low[-1] + 1), said, open_high=True)
    first = next(i for i in range(0, len(nums), 3) if nums[i] is not None)
    one = _figure(*nums[first:first + 3])
    if kind == "from":
        return Span(one, None, said)
    if kind == "above":
        return Span(one, None, said, open_low=True)
    if kind == "to":
        return Span(None, one, said)
    if kind == "below":
        return Span(None, one, said, open_high=True)
    if kind == "span" and _CHANGE.search(text[:m.start()]) and not _THROUGH.search(said):
        return None  # "went from 3 to 4": a change, not a range
    other = _figure(*nums[first + 3:first + 6])
    if kind == "span" and other < one and not re.search(r"\b(?:to|until|till)\b", said):
        return None  # "won 3-2": a score, not a range
    low, high = sorted((one, other))
    return Span(low, high, said)
