"""The degrees a statement says its holder earned, and the highest it says they have.

Degrees rank as schooling goes: a high-school diploma (1), an associate degree (2), a
bachelor's (3), a master's or an MBA (4), a doctorate, a PhD, an MD or a JD (5). Earned:
"has a PhD in chemistry", "holds an MBA from Wharton", "defended her PhD dissertation",
"completed a master's". At most: "highest degree is a bachelor's", "highest level of
education is a high school diploma" (that rank), "never went to college", "never attended
university", "dropped out of college" (below a bachelor's), "never did a postgrad
degree" (a bachelor's at most). A degree denied ("doesn't have a PhD") or wished ("wants
to do an MBA") is not earned.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["Schooling", "degrees_apart", "schooling"]

_DEGREES: tuple[tuple[str, int], ...] = (
    (r"high[\s-]school\s+(?:diploma|degree)|ged", 1),
    (r"associate['’]?s?\s+degree", 2),
    (r"bachelor['’]?s?(?:\s+degree)?|undergrad(?:uate)?\s+degree|b\.?sc?\b|b\.?a\b", 3),
    (r"master['’]?s?(?:\s+degree)?|mba|m\.?sc\b|m\.?eng\b|postgrad(?:uate)?\s+degree", 4),
    (r"ph\.?d|doctorate|doctoral\s+degree|m\.?d\b|j\.?d\b", 5),
)
_DEGREE = "|".join(f"(?P<d{rank}_{i}>{pattern})"
                   for i, (pattern, rank) in enumerate(_DEGREES))
_RANKS = {f"d{rank}_{i}": rank for i, (_, rank) in enumerate(_DEGREES)}
_EARNED = re.compile(
    r"\b(?:has|have|holds?|earned|completed|finished|got|received|defended|did)\s+"
    r"(?:a|an|her|his|my|their|the)?\s*(?:\w+\s+)?(?:" + _DEGREE + r")", re.IGNORECASE)
_HIGHEST = re.compile(
    r"\bhighest\s+(?:degree|qualification|level\s+of\s+(?:education|schooling)|"
    r"education)\s*(?:is|:|=)\s*(?:a|an)?\s*(?:" + _DEGREE + r")", re.IGNORECASE)
_NO_COLLEGE = re.compile(
    r"\b(?:never\s+(?:went\s+to|attended|finished|graduated\s+from)|didn['’]?t\s+(?:go\s+to|"
    r"attend|finish)|dropped\s+out\s+of)\s+(?:college|university|uni)\b", re.IGNORECASE)
_NO_POSTGRAD = re.compile(
    r"\b(?:never\s+(?:did|got|earned|started|went\s+to|attended)|no|didn['’]?t\s+(?:do|go\s+to))"
    r"\s+(?:a\s+)?(?:postgrad(?:uate)?|graduate|grad)\s+(?:degree|studies|school)",
    re.IGNORECASE)
_DENIED = re.compile(r"(?:\bnot|n['’]t|\bnever|\bno|\bwants?\s+to|\bplans?\s+to|\bhopes?\s+to|"
                     r"\bwould\s+like\s+to|\bwill|\bthinking\s+about)\s+(?:\w+\s+){0,2}$",
                     re.IGNORECASE)


@dataclass(frozen=True)
class Schooling:
    """The highest degree rank a statement says was earned (``earned``), and the highest
    it allows (``at_most``), each with the words that say it."""

    earned: int = 0
    earned_said: str = ""
    at_most: int | None = None
    at_most_said: str = ""


def _rank(m: re.Match[str]) -> int:
    return next(_RANKS[name] for name, value in m.groupdict().items()
                if value and name in _RANKS)


@lru_cache(maxsize=4096)
def schooling(text: str) -> Schooling:
    """What ``text`` says of its holder's degrees (nothing: rank 0, no bound)."""
    earned, earned_said = 0, ""
    for m in _EARNED.finditer(text):
        if _DENIED.search(text[:m.start()]):
            continue
        rank = _rank(m)
        if rank > earned:
            earned, earned_said = rank, m.group(0)
    bounds: list[tuple[int, str]] = [(_rank(m), m.group(0)) for m in _HIGHEST.finditer(text)]
    bounds += [(2, m.group(0)) for m in _NO_COLLEGE.finditer(text)]
    bounds += [(3, m.group(0)) for m in _NO_POSTGRAD.finditer(text)]
    if not bounds:
        return Schooling(earned, earned_said)
    at_most, said = min(bounds)
    return Schooling(earned, earned_said, at_most, said)


def degrees_apart(a: str, b: str) -> tuple[str, str] | None:
    """The words of a degree one statement says was earned and of the bound the other puts
    below it ("has a PhD" / "never went to college"), or None."""
    x, y = schooling(a), schooling(b)
    if y.at_most is not None and x.earned > y.at_most:
        return x.earned_said, y.at_most_said
    if x.at_most is not None and y.earned > x.at_most:
        return x.at_most_said, y.earned_said
    return None
