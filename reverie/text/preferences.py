"""Preferences said as an order of two things: "prefers texts to calls", "prefers tea over
coffee", "would rather text than call", "likes cats more than dogs". Each is read as the
words of the thing preferred and of the thing it is preferred to, small words and plural
endings aside, so that two statements giving one pair in reverse order can be compared.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["Preference", "preferences", "reversed_preferences"]

_THING = r"(?P<{0}>[a-z][\w' -]*?)"
_END = r"(?=\s*(?:[.,;:!?)]|$|\s(?:and|but|because|since|when|for|at|in|on)\b))"
_ORDERS = (
    re.compile(r"\bprefer(?:s|red|ring)?\s+" + _THING.format("x") + r"\s+(?:to|over|rather than"
               r"|instead of)\s+" + _THING.format("y") + _END),
    re.compile(r"\b(?:would|'d|’d)\s+rather\s+" + _THING.format("x") + r"\s+than\s+"
               + _THING.format("y") + _END),
    re.compile(r"\b(?:likes?|loves?|enjoys?)\s+" + _THING.format("x")
               + r"\s+(?:more|better)\s+than\s+" + _THING.format("y") + _END),
)
_SMALL = frozenset({"a", "an", "the", "to", "being", "getting", "having", "doing", "over",
                    "much", "far", "way", "by", "it", "them", "her", "his", "their", "my"})


@dataclass(frozen=True)
class Preference:
    """One thing preferred to another: the words of each, and the words that say it."""

    better: frozenset[str]
    worse: frozenset[str]
    said: str


def _words(phrase: str) -> frozenset[str]:
    """The words of a thing, small words and a plural's "s" aside ("texts": "text")."""
    return frozenset(w[:-1] if w.endswith("s") and len(w) > 3 else w
                     for w in re.findall(r"[a-z][\w'-]*", phrase) if w not in _SMALL)


@lru_cache(maxsize=4096)
def preferences(text: str) -> tuple[Preference, ...]:
    """Each order of two things ``text`` says its holder prefers ("prefers texts to calls":
    text over call)."""
    low = text.lower()
    found = []
    for pattern in _ORDERS:
        for m in pattern.finditer(low):
            better, worse = _words(m.group("x")), _words(m.group("y"))
            if better and worse and better != worse:
                found.append(Preference(better, worse, m.group(0).strip()))
    return tuple(found)


def reversed_preferences(a: str, b: str) -> tuple[Preference, Preference] | None:
    """One order of two things in ``a`` and its reverse in ``b`` ("prefers texts to calls"
    / "prefers calls to texts"), or None."""
    for x in preferences(a):
        for y in preferences(b):
            if x.better == y.worse and x.worse == y.better:
                return x, y
    return None
