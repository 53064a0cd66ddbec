"""The offline judge: deterministic, rule-based judgments on note text, no network, no model.

It implements the :class:`~reverie.handlers.dream.judging.Judge` port with the
statement rules of :mod:`reverie.judges.statements`. Every note is split into
statements and each statement's relative dates are made absolute from its own
note's ``created_at`` (:func:`~reverie.handlers.dream.temporal.normalize_dates`)
before anything is compared.

* ``consolidate``: statements are grouped greedily, most-used first (highest
  ``access_count``, then newest ``created_at``, then lowest ``note_id``): a
  statement joins the first kept statement that :func:`restates` it, otherwise it
  is kept. So each group keeps the most-used phrasing and every distinct
  statement survives once. If at least one statement of one note restates a
  statement of another note, the verdict is one merged note whose sources are
  the notes sharing a statement with another given note (:func:`near_duplicates`:
  one statement restates the other, or their main claims agree -- same polarity,
  compatible owners, no value conflict -- and share at least ``SHARED_THRESHOLD``
  (0.4) of their words, weighted Jaccard). A note sharing nothing (a neighbour by
  embedding only: "Lucia is the IT manager ..." next to notes about Lucia's
  mailbox) is no source: it stays Active and untouched, and the reason names it.
  The merged note holds the kept statements of the sources (grouped again among
  the sources only), sentence-cased and ending with a period, in order of first
  appearance (note ``created_at``, ``note_id``, position in the note); its type
  is the sources' most common type (ties: the type of the most-used source). With
  no restated statement, or fewer than two sources, ``consolidate=False``: "no
  redundant statements". Clusters where any two given notes contradict each
  other (sources or not), or whose merged text would exceed 8000 characters, are
  left alone with a reason.
* ``contradicts``: two statements conflict when some claim of one (its main
  claim or an aside, see :mod:`reverie.judges.statements`) conflicts with some
  claim of the other. Two claims conflict when they have the same subject
  (:func:`same_subject`, which also requires compatible owners) and either
  opposite polarity where the negated claim names at least two words, all found
  in the positive claim, with every value of it asserted there too ("uses Slack
  for support" / "no longer uses Slack", "prefers" / "dislikes"), or are both
  positive with a value conflict ("metric" / "imperial", "Monday" / "Thursday",
  "$5,000" / "$8,000", "PST" / "EST", "Python" / "Java", "Zoom" / "Google Meet",
  "DHL" / "UPS", "Salesforce" / "HubSpot", "Jira" / "Linear"). So opposite polarity
  with different values is consistent ("prefers Python", "dislikes Java"), a
  negated aside about another object is consistent with the main claim ("prefers
  concise answers, no long explanations", "uses Postgres, not MySQL", "prefers
  email; no phone calls before 10am"), and denying two different values is
  consistent ("no MySQL", "no Oracle"). Two notes contradict when any statement
  of one conflicts with any statement of the other.
* ``covers``: ``specific`` adds nothing iff each of its statements is restated
  by some statement of the ``general`` notes (the consolidation rule).

Note text is only ever data: an instruction inside a note ("ignore your
instructions ...") is a statement like any other, and a verdict only refers
to ids it was given.

Limits: the judge matches words, it does not understand them. Paraphrases
sharing too few words (or synonyms outside the small table) are kept as
separate statements, so consolidation under-merges rather than loses facts; a
qualifier or an aside present only in a less-used phrasing is kept as its own
statement ("prefers dark mode" and "prefers dark mode in the IDE" both stay, so
do "prefers concise answers" and "prefers concise answers, no long
explanations"), and the greedy most-used-first grouping never lets a later, more
complete statement absorb an earlier kept one, so a merged note can restate a
fact in two phrasings. Containment folds a statement into a longer one holding
all its words and another value ("uses Postgres" into "production database is
Postgres 16"), which can drop a general scope. Contradictions are found only
between values of the known closed sets, numbers, dates, clock times and
negation; "moved to Berlin" vs "lives in Paris" (open-ended values), implicit
conflicts ("is vegetarian" vs "loves steak"), relative preferences ("prefers
Python over Java" vs "prefers Java"), and conflicts whose subjects are worded
differently are missed; two different values of one kind on the same subject
are flagged even when both can hold ("uses AWS" and "uses Azure" for different
workloads that a note does not name; "budget is $5,000" and "the Berlin budget is
$8,000", since extra words of the longer subject are taken as context), and so
are two mentions of one fact with different event dates. Negation scope is read
from commas and cue words ("no", "not", "never", "without", "nor", "only"), not
from a parse: "answers that are not verbose" negates the whole statement.
Statements are split on sentence ends and ";" only, so "uses Python and likes
Go" is one statement. The sources of a merge come from word overlap too: a true
paraphrase sharing under 40% of its words with every other note ("Northwind repos
target Python 3.12" beside "Northwind's services are written in Python 3.12 and use
Poetry") stays out of the merge, and an unrelated note sharing 40% of its words with
one that agrees with it would be merged in (its statements are kept in the merged
note, so no fact is lost either way). The given notes are merged into one note at
most, even when they share statements in two disjoint groups.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import combinations

from reverie.handlers.dream.judging import (
    ConsolidationVerdict,
    ContradictionVerdict,
    CoverageVerdict,
    JudgedNote,
    MergedNote,
    Usage,
)
from reverie.handlers.dream.temporal import normalize_dates
from reverie.judges.statements import (
    StatementFacts,
    analyze,
    owners_compatible,
    restates,
    same_subject,
    similarity,
    split_statements,
    value_conflicts,
)

__all__ = [
    "MAX_MERGED_CHARS",
    "SHARED_THRESHOLD",
    "OfflineJudge",
    "near_duplicates",
    "statement_conflict",
]

MAX_MERGED_CHARS = 8000
# two agreeing statements sharing this much of their words (weighted Jaccard) say a common
# thing: their notes may be merged. Below the 0.6 of a restatement, so "Dmitri uses a screen
# reader, so send plain-text emails" joins "Dmitri uses a screen reader" (0.48); above what
# a different fact about the same person or company shares ("Lucia is the IT manager ..."
# and "Lucia wants every ticket update CC'd to ...": 0.14; at most 0.24 on the corpus)
SHARED_THRESHOLD = 0.4
_QUOTE_MAX = 160


@dataclass(frozen=True)
class _Statement:
    """One statement of one note, dates made absolute."""

    note: JudgedNote
    index: int
    facts: StatementFacts

    @property
    def text(self) -> str:
        return self.facts.text


def _utc(when: datetime) -> datetime:
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def _usage_rank(note: JudgedNote) -> tuple[int, float, str]:
    """Sort key: most-used first, then newest, then lowest id."""
    return (-note.access_count, -_utc(note.created_at).timestamp(), note.note_id)


def _appearance(note: JudgedNote) -> tuple[datetime, str]:
    """Sort key: oldest first, then lowest id."""
    return (_utc(note.created_at), note.note_id)


def _statements(note: JudgedNote) -> list[_Statement]:
    return [
        _Statement(note, i, analyze(normalize_dates(text, note.created_at)))
        for i, text in enumerate(split_statements(note.text))
    ]


def _quote(text: str) -> str:
    return text if len(text) <= _QUOTE_MAX else text[: _QUOTE_MAX - 1] + "…"


def _values(values: frozenset[str], unit: str = "") -> str:
    return ", ".join(f"{v} {unit}".strip() for v in sorted(values))


def statement_conflict(a: StatementFacts, b: StatementFacts) -> str | None:
    """Explain why two statements contradict each other, or return None if they do not.

    Each claim of one (its main claim and its asides) is compared with each claim of the
    other; the first conflict found is explained.
    """
    for x in a.claims:
        for y in b.claims:
            reason = _claim_conflict(x, y)
            if reason is not None:
                return reason
    return None


def _claim_conflict(a: StatementFacts, b: StatementFacts) -> str | None:
    if not a.words or not b.words or not same_subject(a, b):
        return None
    if a.negated != b.negated:
        # a negation contradicts only a claim asserting what it negates: same subject, and
        # every word and value of the negated claim in the positive one ("prefers Python" /
        # "dislikes Java", "prefers email" / "no calls before 10am" are consistent)
        positive, negative = (a, b) if b.negated else (b, a)
        if not _asserts(positive, negative):
            return None
        return f"'{_quote(positive.text)}' vs its negation '{_quote(negative.text)}'"
    if a.negated:  # denying two different values is consistent ("no MySQL", "no Oracle")
        return None
    conflicts = value_conflicts(a, b)
    if not conflicts:
        return None
    kind, x, y = conflicts[0]
    unit = kind.removeprefix("number of ") if kind.startswith("number of ") else ""
    return f"'{_values(x, unit)}' vs '{_values(y, unit)}' for the same subject ({kind})"


def _asserts(positive: StatementFacts, negative: StatementFacts) -> bool:
    """True iff the positive claim states what the negated one denies: every content word
    of the negated claim (possessors aside) and every value it names, kind by kind."""
    denied = negative.word_set - negative.owners - positive.owners
    if len(denied) < 2 or not denied <= positive.word_set:  # "never in production" names
        return False  # no predicate of its own
    return all(
        kind in positive.values and values <= positive.values[kind]
        for kind, values in negative.values.items()
    )


def _first_conflict(
    left: Sequence[_Statement], right: Sequence[_Statement]
) -> tuple[_Statement, _Statement, str] | None:
    for x in left:
        for y in right:
            reason = statement_conflict(x.facts, y.facts)
            if reason is not None:
                return x, y, reason
    return None


def _sentence(text: str) -> str:
    text = text.strip().rstrip(".;:,!? ").strip()
    if text and text[0].islower():
        text = text[0].upper() + text[1:]
    return text + "."


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _merged_type(notes: Sequence[JudgedNote]) -> str:
    counts = Counter(n.note_type for n in notes)
    top = max(counts.values())
    tied = {t for t, c in counts.items() if c == top}
    return next(n.note_type for n in sorted(notes, key=_usage_rank) if n.note_type in tied)


class OfflineJudge:
    """Judges clusters and pairs by rules on their text; deterministic and free."""

    name: str = "offline"

    @classmethod
    def for_embedder(cls, embedder: object = None) -> OfflineJudge:
        """The judge for a worker whose embedder is ``embedder`` (unused by the word rules)."""
        return cls()

    async def consolidate(
        self, notes: Sequence[JudgedNote], now: datetime
    ) -> tuple[ConsolidationVerdict, Usage]:
        """Merge redundant statements of the cluster into one note, or say why not."""
        return self.consolidate_now(notes), Usage()

    async def contradicts(self, a: JudgedNote, b: JudgedNote) -> tuple[ContradictionVerdict, Usage]:
        """Say whether some statement of ``a`` conflicts with some statement of ``b``."""
        return self.contradicts_now(a, b), Usage()

    async def covers(
        self, general: Sequence[JudgedNote], specific: JudgedNote
    ) -> tuple[CoverageVerdict, Usage]:
        """Say whether every statement of ``specific`` is restated by the ``general`` notes."""
        return self.covers_now(general, specific), Usage()

    # the synchronous cores, for callers (and tests) without an event loop

    def consolidate_now(self, notes: Sequence[JudgedNote]) -> ConsolidationVerdict:
        """The verdict of :meth:`consolidate`, computed synchronously."""
        ordered = sorted(notes, key=_appearance)
        if len(ordered) < 2:
            return ConsolidationVerdict(consolidate=False, reason="fewer than two notes")
        per_note = {n.note_id: _statements(n) for n in ordered}
        for x, y in combinations(ordered, 2):
            found = _first_conflict(per_note[x.note_id], per_note[y.note_id])
            if found is not None:
                return ConsolidationVerdict(
                    consolidate=False,
                    reason=(
                        f"notes {x.note_id} and {y.note_id} contradict each other "
                        f"({found[2]}); left for contradiction resolution"
                    )[:2000],
                )
        groups = _group([s for n in sorted(ordered, key=_usage_rank) for s in per_note[n.note_id]])
        if not groups:
            return ConsolidationVerdict(consolidate=False, reason="the notes state nothing")
        if not any(len({s.note.note_id for s in group}) > 1 for group in groups):
            return ConsolidationVerdict(consolidate=False, reason="no redundant statements")
        # only notes sharing a statement with another note are merged; a note that shares
        # nothing (a neighbour by embedding only) stays out of the merge, untouched
        shared = _sharing(ordered, per_note)
        sources = [n for n in ordered if n.note_id in shared]
        left_out = [n.note_id for n in ordered if n.note_id not in shared]
        if len(sources) < 2:
            return ConsolidationVerdict(consolidate=False, reason="no redundant statements")
        groups = _group([s for n in sorted(sources, key=_usage_rank) for s in per_note[n.note_id]])
        rank = {n.note_id: i for i, n in enumerate(sources)}
        groups.sort(key=lambda g: min((rank[s.note.note_id], s.index) for s in g))
        text = " ".join(_sentence(group[0].text) for group in groups)
        if len(text) > MAX_MERGED_CHARS:
            return ConsolidationVerdict(
                consolidate=False,
                reason=f"merged text would be {len(text)} characters (max {MAX_MERGED_CHARS})",
            )
        merged = MergedNote(
            text=text,
            source_ids=[n.note_id for n in sources],
            note_type=_merged_type(sources),
        )
        reason = (
            f"{_plural(len(sources), 'note')} state {_plural(len(groups), 'distinct fact')}; "
            "kept the most-used phrasing of each"
        )
        if left_out:
            one = len(left_out) == 1
            reason += (
                f"; {', '.join(left_out)} {'shares' if one else 'share'} no statement with "
                f"the others and {'stays as it is' if one else 'stay as they are'}"
            )
        return ConsolidationVerdict(consolidate=True, merged=[merged], reason=reason[:2000])

    def contradicts_now(self, a: JudgedNote, b: JudgedNote) -> ContradictionVerdict:
        """The verdict of :meth:`contradicts`, computed synchronously."""
        found = _first_conflict(_statements(a), _statements(b))
        if found is None:
            return ContradictionVerdict(
                contradicts=False, reason="no conflicting statements about the same subject"
            )
        return ContradictionVerdict(contradicts=True, reason=found[2][:2000])

    def covers_now(self, general: Sequence[JudgedNote], specific: JudgedNote) -> CoverageVerdict:
        """The verdict of :meth:`covers`, computed synchronously."""
        pool = [s for n in sorted(general, key=_appearance) for s in _statements(n)]
        for statement in _statements(specific):
            if not any(restates(statement.facts, g.facts) for g in pool):
                return CoverageVerdict(
                    adds_nothing=False,
                    reason=f"'{_quote(statement.text)}' is not stated by the general notes",
                )
        ids = ", ".join(n.note_id for n in sorted(general, key=_appearance))
        return CoverageVerdict(
            adds_nothing=True,
            reason=f"every statement of {specific.note_id} is already stated by {ids}"[:2000],
        )


def near_duplicates(a: StatementFacts, b: StatementFacts) -> bool:
    """True iff one statement restates the other, or their main claims agree (same
    polarity, compatible owners, no value conflict) and share at least
    ``SHARED_THRESHOLD`` of their content words (weighted Jaccard): a statement the two
    notes have in common, however differently worded around it."""
    if restates(a, b) or restates(b, a):
        return True
    if a.negated != b.negated or not owners_compatible(a, b) or value_conflicts(a, b):
        return False
    return bool(a.words and b.words) and similarity(a, b) >= SHARED_THRESHOLD


def _sharing(notes: Sequence[JudgedNote], per_note: dict[str, list[_Statement]]) -> set[str]:
    """The ids of the notes with a statement that is a near-duplicate of a statement of
    another of ``notes``."""
    shared: set[str] = set()
    for x, y in combinations(notes, 2):
        if x.note_id in shared and y.note_id in shared:
            continue
        if any(
            near_duplicates(s.facts, t.facts)
            for s in per_note[x.note_id]
            for t in per_note[y.note_id]
        ):
            shared.update((x.note_id, y.note_id))
    return shared


def _group(statements: Sequence[_Statement]) -> list[list[_Statement]]:
    """Group statements (given most-used first): each joins the first kept one restating it."""
    groups: list[list[_Statement]] = []
    for statement in statements:
        for group in groups:
            if restates(statement.facts, group[0].facts):
                group.append(statement)
                break
        else:
            groups.append([statement])
    return groups
