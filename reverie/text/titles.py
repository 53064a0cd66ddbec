"""The job title a statement gives: a chief officer ("CFO", "Chief People Officer") or a
rank of one job ("Senior Designer", "Director of Sales", "VP of Sales").

A chief officer keeps what its C may stand before ("CPO": product or people), so "CPO —
Chief Product Officer" is one title and "Chief People Officer" another. A rank is read
only where it is written: "Senior Designer" and "Designer" are no two titles (one says
less), "Senior Designer" and "Junior Designer" are. Which holder a title is of, and
whether the job after a rank is a person's, is for the caller.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reverie.text.vocabulary.titles import (
    BUSINESS_FUNCTIONS,
    CHIEF_OFFICERS,
    CHIEF_RANK,
    LEADER_NOUNS,
    RANK_AFTER,
    RANK_BEFORE,
)

__all__ = ["Title", "functions_apart", "ranks_apart", "singular", "titles", "titles_apart"]

RANKS_APART = 4
"""How many rungs of :data:`~reverie.text.vocabulary.titles.RANK_BEFORE` and
:data:`~reverie.text.vocabulary.titles.RANK_AFTER` lie between a title that heads a
function and a rank of a job for one person not to hold both: "Head of Marketing" (7) /
"Senior Marketing Manager" (3) do not, "Head of Design" (7) / "Lead Designer" (4) may
(a small company's one designer is both)."""


@dataclass(frozen=True)
class Title:
    """A job title: ``chief`` (what a chief officer may be of) or a ``rank`` of a ``job``
    (lower case), as written."""

    said: str
    chief: frozenset[str] = frozenset()
    rank: int | None = None
    job: str = ""
    function: bool = False
    """The job is a function the rank heads ("Director of Sales"), not a person's job
    ("Senior Designer")."""

    def one_with(self, other: Title) -> bool | None:
        """Whether the two can be one title; None when they do not compare (a chief and
        a rank, two jobs)."""
        if self.chief and other.chief:
            return bool(self.chief & other.chief)
        if self.rank is not None and other.rank is not None and self.job == other.job:
            return self.rank == other.rank
        return None

    @property
    def level(self) -> int | None:
        """The rung the title stands on: a chief officer's above every rank, a function
        headed without a rank ("heads the sales team") a head's, else its rank."""
        if self.chief:
            return CHIEF_RANK
        if self.function and self.rank is None:
            return RANK_AFTER["head"]
        return self.rank


_INITIALISM = re.compile(r"\b(" + "|".join(c.upper() for c in CHIEF_OFFICERS) + r")s?\b")
_CHIEF = re.compile(r"\bchief\s+((?:[a-z]+\s+){1,2}?)officer\b", re.I)
_BEFORE = re.compile(
    r"\b(" + "|".join(re.escape(r) for r in sorted(RANK_BEFORE, key=len, reverse=True))
    + r")\.?\s+([A-Za-z]+(?:\s+[A-Za-z]+)?)", re.I)
_AFTER = re.compile(
    r"\b(" + "|".join(re.escape(r) for r in sorted(RANK_AFTER, key=len, reverse=True))
    + r")(?:\s+of|,)?\s+([A-Za-z]+(?:\s+[A-Za-z]+)?)", re.I)
# "heads the sales team", "runs our marketing department": a function headed, of no rank
_HEADS = re.compile(r"\b(?:heads|runs)\s+(?:up\s+)?(?:the\s+|our\s+|their\s+|its\s+)?"
                    r"([A-Za-z]+)\s+(?:team|department|function|division|org|organization)\b",
                    re.I)
# "a sales intern", "a marketing trainee": the lowest rung of a function
_LEARNER = re.compile(r"\b(" + "|".join(sorted(BUSINESS_FUNCTIONS)) + r")\s+(intern|trainee)\b",
                      re.I)
_NOT_A_JOB = frozenset({
    "at", "in", "for", "on", "with", "and", "or", "but", "since", "from", "of", "to", "by",
    "who", "the", "a", "an", "this", "that", "our", "their", "his", "her", "my", "its",
    "is", "are", "was", "were", "be", "has", "have", "had", "will", "can", "as", "now",
    "role", "title", "position",
})


def _job(words: str) -> list[str]:
    """The job's words of a match: up to the first that names none ("designer at Acme"
    is a designer), as written; empty when the first names none."""
    kept: list[str] = []
    for word in words.split():
        if word.lower() in _NOT_A_JOB:
            break
        kept.append(word)
    return kept


def singular(word: str) -> str:
    """A job's noun singular ("engineers": engineer; not "boss", "campus", "ops")."""
    if word.endswith("s") and not word.endswith(("ss", "us")) and len(word) > 3:
        return word[:-1]
    return word


def _singular(words: list[str]) -> str:
    """The job in lower case, its last word singular ("Senior Engineers")."""
    kept = [w.lower() for w in words]
    if kept:
        kept[-1] = singular(kept[-1])  # "Senior Engineers"
    return " ".join(kept)


@lru_cache(maxsize=1 << 14)
def titles(text: str) -> tuple[Title, ...]:
    """Every title ``text`` gives, in order, each span read once; a chief officer's
    initialism and name written together ("CPO — Chief Product Officer") are one."""
    found: list[tuple[int, Title]] = []
    taken: list[tuple[int, int]] = []

    def add(m: re.Match[str], title: Title) -> None:
        if not any(s < m.end() and m.start() < e for s, e in taken):
            taken.append((m.start(), m.end()))
            found.append((m.start(), title))

    for m in _CHIEF.finditer(text):
        add(m, Title(m.group(0), chief=frozenset({m.group(1).strip().lower()})))
    for m in _INITIALISM.finditer(text):
        add(m, Title(m.group(0), chief=CHIEF_OFFICERS[m.group(1).lower()]))
    for pattern, ranks in ((_AFTER, RANK_AFTER), (_BEFORE, RANK_BEFORE)):
        for m in pattern.finditer(text):
            job = _job(m.group(2))
            if job:
                said = text[m.start():m.start(2)] + " ".join(job)
                add(m, Title(said, rank=ranks[m.group(1).lower()], job=_singular(job),
                             function=ranks is RANK_AFTER))
    for m in _LEARNER.finditer(text):
        add(m, Title(m.group(0), rank=RANK_BEFORE[m.group(2).lower()],
                     job=_singular([m.group(1), m.group(2)])))
    for m in _HEADS.finditer(text):
        if m.group(1).lower() not in _NOT_A_JOB:
            add(m, Title(m.group(0), job=_singular([m.group(1)]), function=True))
    ordered = [t for _, t in sorted(found, key=lambda f: f[0])]
    chiefs = [t for t in ordered if t.chief]
    if len(chiefs) > 1 and chiefs == ordered:
        meant = frozenset.intersection(*(t.chief for t in chiefs))
        if meant:
            return (Title(" / ".join(t.said for t in chiefs), chief=meant),)
    return tuple(ordered)


def titles_apart(a: str, b: str) -> tuple[Title, Title] | None:
    """The one title each text gives, when they cannot be one title ("CFO" / "COO",
    "Director of Sales" / "VP of Sales"), else None (none, two, or one title)."""
    x, y = titles(a), titles(b)
    if len(x) != 1 or len(y) != 1:
        return None
    return (x[0], y[0]) if x[0].one_with(y[0]) is False else None


def functions_apart(a: str, b: str) -> tuple[Title, Title] | None:
    """The one title each text gives, each heading a company's function
    (:data:`~reverie.text.vocabulary.titles.BUSINESS_FUNCTIONS`), and not the same one
    ("Head of Sales" / "VP of Marketing", "heads the sales team" / "Director of Finance"),
    else None: a job of one that the other text names anywhere ("Head of Sales and
    Marketing") may be one function."""
    x, y = titles(a), titles(b)
    if len(x) != 1 or len(y) != 1 or not (x[0].function and y[0].function):
        return None
    mine, theirs = set(x[0].job.split()), set(y[0].job.split())
    if not (mine <= BUSINESS_FUNCTIONS and theirs <= BUSINESS_FUNCTIONS):
        return None  # "Head of Platform": a team, perhaps inside the other's function
    said_a, said_b = (set(re.findall(r"[a-z]+", t.lower())) for t in (a, b))
    # "sale" is "sales" singular: a job's word said by the other text, in either number
    if any(w in said_b or w + "s" in said_b for w in mine) or any(
            w in said_a or w + "s" in said_a for w in theirs):
        return None
    return x[0], y[0]


def ranks_apart(a: str, b: str) -> tuple[Title, Title] | None:
    """The one title each text gives, when one heads a company or a function ("CFO",
    "Head of Marketing", "VP of Engineering", "heads the sales team") and the other is a
    rank of a job at least :data:`RANKS_APART` rungs below it ("Junior Marketing
    Assistant", "Staff Engineer"): one person is not both. None otherwise (none, two or
    one title, two heads, two ranks of jobs, ranks close: "Head of Design" / "Lead
    Designer"; a senior one of those who lead: "CFO" / "a senior finance executive")."""
    x, y = titles(a), titles(b)
    if len(x) != 1 or len(y) != 1:
        return None
    high, low = sorted((x[0], y[0]), key=lambda t: t.level or 0, reverse=True)
    if not (high.chief or high.function) or low.chief or low.function or low.rank is None:
        return None
    if low.rank >= RANK_BEFORE["senior"] and low.job.split()[-1] in LEADER_NOUNS:
        return None  # "a senior finance executive": what a head is too
    return (x[0], y[0]) if (high.level or 0) - low.rank >= RANKS_APART else None
