"""The default branch a statement says a repository has now: "the default branch is main",
"Default branch: develop", "uses trunk as its default branch", "switched its default
branch to develop", "renamed the default branch from master to main" (main), "defaults to
the master branch", "main is our default branch".

The small parser reads "develop" as a verb and "main" as an adjective, and a change ("from
master to main") as two values; this reader takes the one branch each form names now, by
its words alone. A branch after "from" is the one before and is not read; a statement
naming two branches now names no one default branch.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["default_branch", "default_branches_apart"]

# a branch's name: a word of letters, digits, "-", "_", "/" or ".", maybe quoted
_NAME = r"[`'\"]?(?P<name>[A-Za-z][\w./-]*)[`'\"]?"
_OWNER = r"(?:its|the|our|their|his|her|my|your|a)\s+"
_NOW = (
    # "the default branch is main", "Default branch: develop", "default branch = trunk",
    # "the default branch was renamed to main", "the default branch is called trunk"
    r"\bdefault\s+(?:git\s+)?branch\b(?:\s+(?:of|for|in)\s+[\w' -]+?)?"
    r"\s*(?::|=|\bis\s+(?:now\s+)?(?:called\s+|named\s+|set\s+to\s+)?"
    r"|\bwas\s+(?:renamed|changed|switched|moved|set)\s+to\s+"
    r"|\bhas\s+been\s+(?:renamed|changed|switched|moved|set)\s+to\s+)\s*" + _NAME,
    # "switched its default branch to develop", "renamed the default branch from master to
    # main", "set our default branch to trunk"
    r"\b(?:switch|change|move|rename|set)(?:e?[ds])?\s+" + _OWNER
    + r"(?:repo(?:sitory)?'s\s+)?default\s+(?:git\s+)?branch\s+(?:from\s+\S+\s+)?to\s+"
    + _NAME,
    # "uses trunk as its default branch", "main is our default branch"
    r"\buses?\s+" + _NAME + r"\s+as\s+" + _OWNER + r"default\s+(?:git\s+)?branch\b",
    r"(?:^|[,;]\s*)" + _NAME + r"\s+is\s+" + _OWNER + r"default\s+(?:git\s+)?branch\b",
    # "the repo defaults to the master branch", "defaults to develop"
    r"\bdefaults?\s+to\s+(?:the\s+)?" + _NAME + r"(?:\s+branch)?\b",
)
_PATTERNS = tuple(re.compile(p, re.IGNORECASE) for p in _NOW)
_NOT_NAMES = frozenset({"the", "a", "an", "branch", "now", "called", "named", "set", "to",
                        "its", "our", "their", "whatever", "whichever"})


@lru_cache(maxsize=1 << 14)
def default_branch(text: str) -> str | None:
    """The one default branch ``text`` says a repository has now, in lower case, or None
    (none said, or two); remembered per text."""
    found = {m.group("name").lower().rstrip(".") for p in _PATTERNS for m in p.finditer(text)}
    found -= _NOT_NAMES
    return next(iter(found)) if len(found) == 1 else None


def default_branches_apart(a: str, b: str) -> tuple[str, str] | None:
    """The default branch each text says, when they are two ("main" / "develop"), else
    None."""
    x, y = default_branch(a), default_branch(b)
    return (x, y) if x is not None and y is not None and x != y else None
