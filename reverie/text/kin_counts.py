"""How many of a kind the holder of a statement has: "has two cats", "i've got four cats
now", "my only cat", "only one dog", "both of her dogs", "all three of the user's cats",
"a mother of three" (children), "a father to four sons", "a family of three daughters",
a second count joined to the first ("has two dogs and no cats": none),
"the youngest of three brothers" (two brothers), and at least "my third kid".

The caller decides which kinds one has a number of at a time (kin, pets). Another
holder's ("my sister has two cats") is not read: before the count, the clause names at
most the holder ("i", "user", a name or a pronoun) and small words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from reverie.text.clauses import words_before
from reverie.text.counts import COUNT_WORDS, count_of

__all__ = ["KinCount", "kin_counts", "kin_counts_apart"]

_N = r"(?P<n>\d{1,2}|" + COUNT_WORDS + r")"
_ADJ = r"(?:(?:young|little|small|grown|adult|older|younger|rescue|pet|baby)\s+)?"
_X = r"(?P<x>[a-z]+)"
_OWNER = r"(?:my|her|his|their|the\s+user['’]s|user['’]s)"
_EXACT = (
    re.compile(r"\b(?:has|have|['’]ve\s+got|has\s+got|owns?)\s+" + _N + r"\s+" + _ADJ + _X
               + r"\b"),
    re.compile(r"\ball\s+" + _N + r"\s+of\s+" + _OWNER + r"\s+" + _X + r"\b"),
)
# a second count joined to a first: "has two dogs and no cats", "has 2 sons, 1 daughter"
_AND_THEN = re.compile(r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?P<n>no|" + COUNT_WORDS + r"|\d{1,2})\s+"
                       + _ADJ + _X + r"\b")
_ONE = (
    re.compile(r"\b" + _OWNER + r"\s+only\s+" + _ADJ + _X + r"\b"),
    re.compile(r"\bonly\s+(?:one|1|a\s+single)\s+" + _ADJ + _X + r"\b"),
)
_TWO = re.compile(r"\bboth\s+(?:of\s+)?" + _OWNER + r"\s+" + _X + r"\b")
_PARENT_OF = re.compile(r"\b(?:mother|father|mom|mum|dad|parent)\s+(?:of|to)\s+" + _N
                        + r"(?:\s+" + _ADJ + r"(?P<x>sons|daughters|boys|girls|kids|children))?\b")
_FAMILY_OF = re.compile(r"\b(?:family|household)\s+of\s+" + _N + r"\s+" + _ADJ
                        + r"(?P<x>sons|daughters|boys|girls|kids|children)\b")
_ONE_OF = re.compile(r"\b(?:youngest|oldest|eldest|middle)\s+(?:child\s+)?of\s+" + _N + r"\s+"
                     + r"(?P<x>brothers|sisters|siblings|kids|children|boys|girls)\b")
_MOST_CHILDREN = 12
_CHILDREN = {"sons": "son", "boys": "son", "daughters": "daughter", "girls": "daughter"}
_OTHERS = {"brothers": "brother", "sisters": "sister"}
"""The rest of a group the holder is one of ("the youngest of three brothers": two
brothers); of children, boys or girls, siblings."""
_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "2nd": 2, "3rd": 3,
             "4th": 4, "5th": 5, "6th": 6}
_NTH = re.compile(r"\b" + _OWNER + r"\s+(?P<o>" + "|".join(_ORDINALS) + r")\s+" + _X + r"\b")
_FILLER = frozenset({"i", "user", "the", "she", "he", "they", "we", "and", "but", "so", "now",
                     "also", "still", "just", "currently", "lol", "yeah", "well", "ok", "oh",
                     "a", "is", "am", "are", "i'm", "i’m", "she's", "she’s", "he's", "he’s",
                     "they're", "they’re"})
_BOUNDARY = re.compile(r"[.!?;:,()]")
_SINGULAR = {"children": "child", "kids": "child", "kid": "child", "people": "person",
             "puppies": "puppy", "kitties": "kitty", "geese": "goose", "mice": "mouse"}


@dataclass(frozen=True)
class KinCount:
    """``low`` to ``high`` of ``kind`` the holder has (``high`` None: at least ``low``)."""

    kind: str
    low: int
    high: int | None
    said: str


def _kind(word: str) -> str:
    """The singular of a counted noun ("kids": "child")."""
    return _SINGULAR.get(word) or (word[:-1] if word.endswith("s") and len(word) > 3 else word)


def _family(said: str) -> int | None:
    """A count of a family's children, or None where it is none or more than a family has
    (:data:`_MOST_CHILDREN`: "a mom to 30 kids every day" is a teacher's class)."""
    n = _whole(said)
    return n if n is not None and n <= _MOST_CHILDREN else None


def _whole(said: str) -> int | None:
    """A count's value as a whole number; None for zero."""
    n = count_of(said)
    return int(n) if n else None


def _own(text: str, start: int) -> bool:
    """At most one word besides small words ("ines", "sam") stands between the clause's
    start and ``start``: the holder's count, not a relative's ("my sister has two")."""
    rest = [w for w in words_before(text, start, _BOUNDARY) if w not in _FILLER]
    return len(rest) <= 1 and not any(w.endswith(("'s", "’s")) for w in rest)


@lru_cache(maxsize=4096)
def kin_counts(text: str) -> tuple[KinCount, ...]:
    """Each count of a kind of person or animal ``text`` says its holder has."""
    low = text.lower()
    found: list[KinCount] = []

    def add(m: re.Match[str], kind: str, n: int | None, high: int | None,
            own: bool = True) -> None:
        if n is not None and (not own or _own(low, m.start())):
            found.append(KinCount(kind, n, high, m.group(0)))

    for own, pattern in zip((True, False), _EXACT, strict=True):  # "all three of my cats"
        for m in pattern.finditer(low):
            n = _whole(m.group("n"))
            add(m, _kind(m.group("x")), n, n, own)
            then = _AND_THEN.match(low, m.end())  # "... and no cats": none of those
            if own and n is not None and then is not None and _own(low, m.start()):
                k = 0 if then.group("n") == "no" else _whole(then.group("n"))
                if k is not None:
                    found.append(KinCount(_kind(then.group("x")), k, k, then.group(0).strip()))
    for pattern in _ONE:
        for m in pattern.finditer(low):
            add(m, _kind(m.group("x")), 1, 1, own=False)
    for m in _TWO.finditer(low):
        add(m, _kind(m.group("x")), 2, 2, own=False)
    for pattern in (_PARENT_OF, _FAMILY_OF):  # "a father to four sons": four sons
        for m in pattern.finditer(low):
            n = _family(m.group("n"))
            add(m, _CHILDREN.get(m.group("x") or "", "child"), n, n)
    for m in _ONE_OF.finditer(low):  # "the youngest of three brothers": two brothers
        n = _family(m.group("n"))
        others = n - 1 if n and n > 1 else None
        add(m, _OTHERS.get(m.group("x"), "sibling"), others, others)
    for m in _NTH.finditer(low):
        n = _ORDINALS[m.group("o")]
        add(m, _kind(m.group("x")), n, None, own=False)
    return tuple(found)


def kin_counts_apart(a: str, b: str, counted: Callable[[str], bool] = lambda kind: True
                     ) -> tuple[KinCount, KinCount] | None:
    """Two counts of one kind, one per statement, of a kind ``counted`` takes, that no one
    number fits."""
    for x in kin_counts(a):
        for y in kin_counts(b):
            if x.kind != y.kind or not counted(x.kind):
                continue
            if (x.high is not None and y.low > x.high) or (y.high is not None
                                                           and x.low > y.high):
                return x, y
    return None
