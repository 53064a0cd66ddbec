"""How old the writer of a statement says they are, as the ages it allows now.

A first-person statement, or one that leaves out its subject, says its holder's age in many
ways a parse reads poorly: "i'm 24 so still figuring stuff out", "I'm 19, second year of
uni", "just turned 45", "i'll be 30 next week", "turning 50 in February 2026" (relative
dates are made absolute before the judge reads them), "my 40th birthday party was last
month". Each is read as the ages it allows today, counting a birthday that may fall
between the two statements: "turned 30" allows 30 or 31, "will be 30" 29 or 30, "i'm
27" 27 only.

Only the holder's own age is read: "i"/"my", "the user", or no subject at all ("turning
50 next month"); "my mom is 62" and "my son just turned 5" say someone else's. A number
with a unit after it ("i'm 5 minutes away", "turned 30 degrees") is no age.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reverie.text.clauses import words_before

__all__ = ["Age", "ages_apart", "stated_age"]

_HOLDER = r"(?:(?<![\w'’])i|\buser|\bthe\s+user)"
_N = r"(?P<n>\d{1,3})"
# what may follow an age: the end of the clause, "years old", a conjunction, a date
_AFTER = (r"(?=\s*(?:$|[.,!?;:)\-–—]|y/?o\b|years?[\s-]+old\b|and\b|but\b|so\b|now\b|lol\b|"
          r"haha\b|already\b|next\b|this\b|in\b|on\b|today\b|tomorrow\b|soon\b|shortly\b))")
_FUTURE_AFTER = re.compile(r"\s*(?:in|next|this|on|shortly|tomorrow|soon)\b", re.IGNORECASE)

_NOW = re.compile(  # "i'm 27", "I am 34 years old", "the user is 41"
    _HOLDER + r"\s*(?:['’]\s*m|\s+am|\s+is)\s+(?:only\s+|just\s+|almost\s+|nearly\s+)?" + _N
    + _AFTER, re.IGNORECASE)
_TURNED = re.compile(  # "just turned 45", "i turned 30 in march" (whose: _own)
    r"\bturned\s+" + _N + _AFTER, re.IGNORECASE)
_WILL_BE = re.compile(  # "i'll be 30 next week", "turning 50 in February", "i turn 40 soon"
    r"(?:" + _HOLDER + r"\s*(?:['’]\s*ll|\s+will)\s+be|\bturning|\bturns?)\s+" + _N
    + _AFTER, re.IGNORECASE)
# what may come between a clause's start and a verb of age without naming another holder
_FILLER = frozenset({"i", "i'm", "i’m", "im", "am", "user", "the", "is", "just", "recently",
                     "finally", "and", "but", "so", "lol", "yeah", "yes", "well", "ok", "oh",
                     "haha", "also", "only", "will", "i'll", "i’ll", "be", "hey", "hi"})
_BOUNDARY = re.compile(r"[.!?;:,()\-–—]")
_BIRTHDAY = re.compile(  # "my 40th birthday party was so fun", "my 30th birthday is saturday"
    r"\bmy\s+" + _N + r"(?:st|nd|rd|th)\s+(?:birthday|bday)\b(?P<rest>[^.!?;]*)",
    re.IGNORECASE)
_PAST = re.compile(r"\b(?:was|were|did|had|went|got)\b|\b\w{3,}ed\b", re.IGNORECASE)
_FUTURE = re.compile(r"\b(?:is|will|['’]ll|coming|next|upcoming|soon)\b", re.IGNORECASE)
_DECADE = re.compile(  # "i'm in my early twenties", "the user is in their 40s"
    _HOLDER + r"\s*(?:['’]\s*m|\s+am|\s+is)\s+in\s+(?:my|their|his|her)\s+"
    r"(?:(?P<part>early|mid|late)[\s-]*)?(?:(?P<d>[2-9])0['’]?s|(?P<w>twenties|thirties|"
    r"forties|fifties|sixties|seventies|eighties|nineties))\b", re.IGNORECASE)
_DECADE_WORDS = {"twenties": 2, "thirties": 3, "forties": 4, "fifties": 5, "sixties": 6,
                 "seventies": 7, "eighties": 8, "nineties": 9}
_PARTS = {"early": (0, 3), "mid": (3, 6), "late": (6, 9)}


@dataclass(frozen=True)
class Age:
    """The ages a statement allows its holder now, ``low`` to ``high`` years, and the words
    that say it."""

    low: int
    high: int
    said: str


def _plausible(n: int) -> bool:
    return 0 < n < 120


def _own(text: str, start: int) -> bool:
    """Nothing but the holder and small words stand between the clause's start and
    ``start``: "just turned 45", "i turned 30"; not "my son just turned 5"."""
    return all(w.lower() in _FILLER for w in words_before(text, start, _BOUNDARY))


@lru_cache(maxsize=4096)
def stated_age(text: str) -> Age | None:
    """The holder's age ``text`` states, or None (none, or two that disagree)."""
    found: list[Age] = []
    for m in _NOW.finditer(text):
        n = int(m.group("n"))
        if _plausible(n):  # "i'm 70 in February 2026": 69 until then
            future = _FUTURE_AFTER.match(text, m.end())
            found.append(Age(n - 1 if future else n, n, m.group(0).strip()))
    for m in _TURNED.finditer(text):
        n = int(m.group("n"))
        if _plausible(n) and _own(text, m.start()):
            found.append(Age(n, n + 1, m.group(0).strip(" ,.;")))
    for m in _WILL_BE.finditer(text):
        n = int(m.group("n"))
        if _plausible(n) and _own(text, m.start()):
            found.append(Age(n - 1, n, m.group(0).strip(" ,.;")))
    for m in _BIRTHDAY.finditer(text):
        n, rest = int(m.group("n")), m.group("rest")
        said = m.group(0)[: len(m.group(0)) - len(rest)].strip()
        if not _plausible(n):
            continue
        if _PAST.search(rest):  # "my 40th birthday party was so fun"
            found.append(Age(n, n + 1, said))
        elif _FUTURE.search(rest):  # "my 30th birthday is saturday"
            found.append(Age(n - 1, n, said))
    for m in _DECADE.finditer(text):
        tens = 10 * (int(m.group("d")) if m.group("d") else _DECADE_WORDS[m.group("w").lower()])
        low, high = _PARTS.get((m.group("part") or "").lower(), (0, 9))
        found.append(Age(tens + low, tens + high, m.group(0).strip()))
    if not found:
        return None
    low, high = max(a.low for a in found), min(a.high for a in found)
    if low > high:
        return None  # the statement says two ages itself: read neither
    return Age(low, high, found[0].said)


def ages_apart(a: str, b: str) -> tuple[Age, Age] | None:
    """The two ages, when each statement states its holder's and no age fits both."""
    x, y = stated_age(a), stated_age(b)
    if x is None or y is None or (x.low <= y.high and y.low <= x.high):
        return None
    return x, y
